import { useSyncExternalStore } from "react";
import { createLocalBookmarkStore, type BookmarkMap, type BookmarkStore } from "@/web/lib/bookmark-store";
import { createLocalReadingHistoryStore, type ReadingHistoryStore } from "@/web/lib/reading-history-store";
import { createLocalSearchHistoryStore, type SearchHistoryEntry, type SearchHistoryStore } from "@/web/lib/search-history";

/**
 * The user's data stores. Features get them here and never ask whether anyone is signed in
 * (DESIGN.md, "User data"): today every visitor gets the device stores; the accounts issue
 * makes this hook hand signed-in users the server-backed implementations instead.
 */
export type UserStores = {
  bookmarks: BookmarkStore;
  searchHistory: SearchHistoryStore;
  readingHistory: ReadingHistoryStore;
};

let deviceStores: UserStores | undefined;

/** The device (localStorage) implementations, created once. */
export function getDeviceStores(): UserStores {
  deviceStores ??= {
    bookmarks: createLocalBookmarkStore(),
    searchHistory: createLocalSearchHistoryStore(),
    readingHistory: createLocalReadingHistoryStore(),
  };
  return deviceStores;
}

export function useUserStores(): UserStores {
  return getDeviceStores();
}

/** The bookmark map, live. */
export function useBookmarks(): BookmarkMap {
  const { bookmarks } = useUserStores();
  return useSyncExternalStore(bookmarks.subscribe, bookmarks.getSnapshot, bookmarks.getSnapshot);
}

/** Recent searches, newest first, live. */
export function useSearchHistory(): readonly SearchHistoryEntry[] {
  const { searchHistory } = useUserStores();
  return useSyncExternalStore(searchHistory.subscribe, searchHistory.getSnapshot, searchHistory.getSnapshot);
}
