import type { SessionUser } from "@/server/auth/session";
import type { Highlight } from "@/shared/highlights";
import type { PaperNote } from "@/shared/paper-notes";
import type { ApiReadingHistoryEntry, CacheEntry, Profile, SearchHistoryResponse, ServerBookmark, Settings } from "@/shared/user-data";
import type { BookmarksService } from "@/server/features/bookmarks/bookmarks.service";
import type { HighlightsService } from "@/server/features/highlights/highlights.service";
import type { ReadingHistoryService } from "@/server/features/history/reading-history.service";
import type { SearchHistoryService } from "@/server/features/history/search-history.service";
import type { NotesService } from "@/server/features/notes/notes.service";
import type { PreferencesService } from "@/server/features/settings/preferences.service";
import type { ProfileService } from "@/server/features/settings/profile.service";
import type { SettingsService } from "@/server/features/settings/settings.service";
import type { CacheService } from "./cache.service";
import type { UserTableKey, UserTablesRepository } from "./user-tables.repository";

export type UserDataExport = {
  exported_at: string;
  user_id: string;
  /**
   * Every table the user owns: the contract's shapes for the core data, and the other tables
   * (USER_TABLE_EXPORTS: authored papers, integrations without credentials, API keys without
   * the keys, events...) as stored.
   */
  data: Record<UserTableKey, Record<string, unknown>[]> & {
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
  };
};

/** The Your Data page's export: everything the user has stored, in the contract's shapes. */
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
  tables: UserTablesRepository;
}) {
  return {
    async export(user: SessionUser): Promise<UserDataExport> {
      const [profile, bookmarks, cache, settings, preferences, searchHistory, readingHistory, notes, highlights, tables] = await Promise.all([
        services.profile.get(user),
        services.bookmarks.list(user.id),
        services.cache.exportAll(user.id),
        services.settings.get(user.id),
        services.preferences.list(user.id),
        services.searchHistory.list(user.id),
        services.readingHistory.exportAll(user.id),
        services.notes.list(user.id),
        services.highlights.exportAll(user.id),
        services.tables.exportAll(user.id),
      ]);
      return {
        exported_at: new Date().toISOString(),
        user_id: user.id,
        data: { profile, bookmarks, cache, settings, preferences, searchHistory, readingHistory, notes, highlights, ...tables },
      };
    },
  };
}
export type ExportService = ReturnType<typeof exportService>;
