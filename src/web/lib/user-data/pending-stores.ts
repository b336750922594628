import type { Highlight } from "@/shared/highlights";
import { DEFAULT_SETTINGS } from "@/shared/user-data-values";
import type { BookmarkIndex } from "@/web/lib/user-data/bookmark-store";
import type { ReadingHistoryEntry } from "@/web/lib/user-data/reading-history-store";
import { ANONYMOUS_SEARCH_HISTORY_LIMITS, type SearchHistoryEntry } from "@/web/lib/user-data/search-history-store";
import { EMPTY_PROFILE } from "@/web/lib/user-data/profile-store";
import type { PreferenceMap } from "@/web/lib/user-data/preferences-store";
import type { UserStores } from "@/web/lib/user-data/user-stores-types";

const NO_BOOKMARKS: BookmarkIndex = {};
const NO_SEARCHES: readonly SearchHistoryEntry[] = [];
const NO_READS: readonly ReadingHistoryEntry[] = [];
const NO_PREFERENCES: PreferenceMap = {};
const NO_HIGHLIGHTS: readonly Highlight[] = [];
const unsubscribe = () => undefined;
const subscribe = () => unsubscribe;
const loading = () => "loading" as const;

/**
 * The stores while the session is still being asked for: empty snapshots (no device data is
 * shown to someone who may turn out to be signed in) with status "loading", and any change
 * waits for the session, then goes to the right store.
 */
export function createPendingStores(resolve: () => Promise<UserStores>): UserStores {
  return {
    bookmarks: {
      getSnapshot: () => NO_BOOKMARKS,
      getStatus: loading,
      subscribe,
      add: async (paper) => (await resolve()).bookmarks.add(paper),
      remove: async (paperId) => (await resolve()).bookmarks.remove(paperId),
      clear: async () => (await resolve()).bookmarks.clear(),
      putMany: async (bookmarks) => (await resolve()).bookmarks.putMany(bookmarks),
      setCollections: async (paperId, collections) => (await resolve()).bookmarks.setCollections(paperId, collections),
      reload: async () => (await resolve()).bookmarks.reload(),
      trash: async (paperId) => (await resolve()).bookmarks.trash(paperId),
      restore: async (paperId) => (await resolve()).bookmarks.restore(paperId),
      purge: async (paperId) => (await resolve()).bookmarks.purge(paperId),
      listTrash: async () => (await resolve()).bookmarks.listTrash(),
      getRevision: () => 0,
      page: async (filter, page, size, signal) => (await resolve()).bookmarks.page(filter, page, size, signal),
      all: async (collection) => (await resolve()).bookmarks.all(collection),
      findDuplicate: async (paper) => (await resolve()).bookmarks.findDuplicate(paper),
    },
    searchHistory: {
      limits: ANONYMOUS_SEARCH_HISTORY_LIMITS,
      getSnapshot: () => NO_SEARCHES,
      getStatus: loading,
      subscribe,
      save: async (params, results) => (await resolve()).searchHistory.save(params, results),
      remove: async (timestamp) => (await resolve()).searchHistory.remove(timestamp),
      clear: async () => (await resolve()).searchHistory.clear(),
    },
    readingHistory: {
      getSnapshot: () => NO_READS,
      getStatus: loading,
      subscribe,
      record: async (paper, viewType) => (await resolve()).readingHistory.record(paper, viewType),
      clear: async () => (await resolve()).readingHistory.clear(),
      reload: async () => (await resolve()).readingHistory.reload(),
    },
    settings: {
      getSnapshot: () => DEFAULT_SETTINGS,
      getStatus: loading,
      subscribe,
      load: async () => (await resolve()).settings.load(),
      update: async (patch) => (await resolve()).settings.update(patch),
    },
    profile: {
      getSnapshot: () => EMPTY_PROFILE,
      getStatus: loading,
      subscribe,
      update: async (patch) => (await resolve()).profile.update(patch),
    },
    preferences: {
      getSnapshot: () => NO_PREFERENCES,
      getStatus: loading,
      subscribe,
      get: () => undefined,
      set: async (key, value) => (await resolve()).preferences.set(key, value),
      remove: async (key) => (await resolve()).preferences.remove(key),
      clear: async () => (await resolve()).preferences.clear(),
      flush: async () => (await resolve()).preferences.flush(),
    },
    cache: {
      get: async <T,>(key: string) => (await resolve()).cache.get<T>(key),
      set: async (key, data, ttlSeconds) => (await resolve()).cache.set(key, data, ttlSeconds),
      remove: async (key) => (await resolve()).cache.remove(key),
      clearExpired: async () => (await resolve()).cache.clearExpired(),
      clearAll: async () => (await resolve()).cache.clearAll(),
      listKeys: async () => (await resolve()).cache.listKeys(),
    },
    notes: {
      get: async (paperId) => (await resolve()).notes.get(paperId),
      save: async (paperId, content) => (await resolve()).notes.save(paperId, content),
    },
    highlights: {
      subscribe,
      getSnapshot: () => NO_HIGHLIGHTS,
      load: (paperId) => void resolve().then((stores) => stores.highlights.load(paperId)),
      add: async (input) => (await resolve()).highlights.add(input),
      recolor: async (paperId, id, color) => (await resolve()).highlights.recolor(paperId, id, color),
      remove: async (paperId, id) => (await resolve()).highlights.remove(paperId, id),
      pendingCount: () => 0,
    },
  };
}
