import type { SessionUser } from "@/server/auth/session";
import type { LlmKeysService } from "@/server/features/llm/llm-keys.service";
import type { ProviderStatus } from "@/shared/llm/llm-api";
import type { Highlight } from "@/shared/highlights";
import type { PaperNote } from "@/shared/paper-notes";
import type { ApiReadingHistoryEntry, CacheEntry, Profile, SearchHistoryResponse, ServerBookmark, Settings } from "@/shared/user-data";
import type { BookmarksService } from "./bookmarks.service";
import type { CacheService } from "./cache.service";
import type { HighlightsService } from "./highlights.service";
import type { NotesService } from "./notes.service";
import type { PreferencesService } from "./preferences.service";
import type { ProfileService } from "./profile.service";
import type { ReadingHistoryService } from "./reading-history.service";
import type { SearchHistoryService } from "./search-history.service";
import type { SettingsService } from "./settings.service";

export type UserDataExport = {
  exported_at: string;
  user_id: string;
  data: {
    profile: Profile;
    bookmarks: ServerBookmark[];
    cache: CacheEntry[];
    settings: Settings;
    preferences: Record<string, unknown>;
    searchHistory: SearchHistoryResponse;
    readingHistory: ApiReadingHistoryEntry[];
    /** Paper notes (markdown), one per paper. */
    notes: PaperNote[];
    /** PDF highlights, with page number and coordinates as fractions of the page. */
    highlights: Highlight[];
    /** Language-model providers with a stored key, and custom providers (never the keys themselves). */
    llmProviders: ProviderStatus[];
  };
};

/** The Your Data page's export (core-app.md section 2): everything the user has stored, in the contract's shapes. */
export function exportService(services: {
  profile: ProfileService;
  bookmarks: BookmarksService;
  cache: CacheService;
  settings: SettingsService;
  preferences: PreferencesService;
  searchHistory: SearchHistoryService;
  readingHistory: ReadingHistoryService;
  notes: NotesService;
  highlights: HighlightsService;
  llmProviders?: Pick<LlmKeysService, "list">;
}) {
  return {
    async export(user: SessionUser): Promise<UserDataExport> {
      const [profile, bookmarks, cache, settings, preferences, searchHistory, readingHistory, notes, highlights, llmProviders] = await Promise.all([
        services.profile.get(user),
        services.bookmarks.list(user.id),
        services.cache.exportAll(user.id),
        services.settings.get(user.id),
        services.preferences.list(user.id),
        services.searchHistory.list(user.id),
        services.readingHistory.exportAll(user.id),
        services.notes.list(user.id),
        services.highlights.exportAll(user.id),
        services.llmProviders ? services.llmProviders.list(user.id).then((list) => list.filter((provider) => provider.hasKey || provider.isCustom)) : Promise.resolve([]),
      ]);
      return {
        exported_at: new Date().toISOString(),
        user_id: user.id,
        data: { profile, bookmarks, cache, settings, preferences, searchHistory, readingHistory, notes, highlights, llmProviders },
      };
    },
  };
}
export type ExportService = ReturnType<typeof exportService>;
