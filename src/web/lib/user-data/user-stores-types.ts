import type { BookmarkLibraryStore } from "@/web/lib/user-data/bookmark-store";
import type { CacheStore } from "@/web/lib/user-data/cache-store";
import type { HighlightStore } from "@/web/lib/user-data/highlight-store";
import type { NotesStore } from "@/web/lib/user-data/notes-store";
import type { PreferencesStore } from "@/web/lib/user-data/preferences-store";
import type { ProfileStore } from "@/web/lib/user-data/profile-store";
import type { ReadingHistoryStore } from "@/web/lib/user-data/reading-history-store";
import type { LoadStatus } from "@/web/lib/user-data/remote-value";
import type { SearchHistoryStore } from "@/web/lib/user-data/search-history-store";
import type { SettingsStore } from "@/web/lib/user-data/settings-store";

/**
 * The set of the user's data stores every feature is handed (user-stores.ts chooses the
 * device, server or pending implementations), apart from that choice so the implementations
 * can name it without importing the module that picks them.
 */
export type Loadable = { getStatus(): LoadStatus };

export type UserStores = {
  bookmarks: BookmarkLibraryStore & Loadable & { clear(): Promise<void> };
  searchHistory: SearchHistoryStore & Loadable;
  readingHistory: ReadingHistoryStore & Loadable;
  settings: SettingsStore;
  preferences: PreferencesStore;
  profile: ProfileStore;
  cache: CacheStore;
  notes: NotesStore;
  highlights: HighlightStore;
};
