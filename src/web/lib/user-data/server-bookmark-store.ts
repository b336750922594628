import type { Paper } from "@/shared/paper";
import type { ServerBookmark } from "@/shared/user-data";
import { api } from "@/web/lib/api";
import type { BookmarkMap, BookmarkStore, LocalBookmark } from "@/web/lib/bookmark-store";
import { createRemoteValue, type LoadStatus } from "@/web/lib/user-data/remote-value";
import { toastFailure, USER_DATA_MESSAGES } from "@/web/lib/user-data/user-data-errors";

/**
 * Bookmarks of a signed-in user, in `/api/me/bookmarks`, behind the same BookmarkStore
 * interface as the device's. The snapshot is in the local form (a map by paperId) so lists
 * and toggles work the same for everyone. Changes show at once and are put back, with the
 * spec's message, when the server refuses them.
 */
export type ServerBookmarkStore = BookmarkStore & {
  getStatus(): LoadStatus;
  clear(): Promise<void>;
  load(): Promise<unknown>;
  dispose(): void;
};

/** The local form of a server bookmark: its tags are the collections. */
export function toLocalBookmark(bookmark: ServerBookmark): LocalBookmark {
  return {
    paperId: bookmark.paperId,
    dateAdded: bookmark.bookmarkedAt,
    title: bookmark.paperData.title,
    category: bookmark.paperData.category,
    collections: bookmark.tags,
    paperData: bookmark.paperData as Paper,
  };
}

export function bookmarkPath(paperId: string): string {
  return `/api/me/bookmarks/${encodeURIComponent(paperId)}`;
}

export function createServerBookmarkStore(options: { ready?: () => Promise<unknown>; now?: () => Date } = {}): ServerBookmarkStore {
  const now = options.now ?? (() => new Date());
  const value = createRemoteValue<BookmarkMap>({
    initial: {},
    fetch: async () => {
      await options.ready?.().catch(() => undefined);
      const { bookmarks } = await api.get<{ bookmarks: ServerBookmark[] }>("/api/me/bookmarks");
      return Object.fromEntries(bookmarks.map((bookmark) => [bookmark.paperId, toLocalBookmark(bookmark)]));
    },
    onLoadError: () => toastFailure(USER_DATA_MESSAGES.loadBookmarks),
  });

  const without = (map: BookmarkMap, paperId: string): BookmarkMap => {
    const { [paperId]: _removed, ...rest } = map;
    return rest;
  };

  return {
    getSnapshot: value.get,
    getStatus: value.getStatus,
    subscribe: value.subscribe,
    load: value.load,
    dispose: value.dispose,
    async add(paper: Paper) {
      if (value.getStatus() !== "ready") await value.load().catch(() => undefined);
      if (value.get()[paper.id]) return;
      const optimistic: LocalBookmark = {
        paperId: paper.id,
        dateAdded: now().toISOString(),
        title: paper.title,
        category: paper.category,
        collections: [],
        paperData: paper,
      };
      value.set({ [paper.id]: optimistic, ...value.get() });
      try {
        const { bookmark } = await api.put<{ bookmark: ServerBookmark }>(bookmarkPath(paper.id), { paper });
        if (value.get()[paper.id] === optimistic) value.set({ ...value.get(), [paper.id]: toLocalBookmark(bookmark) });
      } catch (error) {
        if (value.get()[paper.id] === optimistic) value.set(without(value.get(), paper.id));
        toastFailure(USER_DATA_MESSAGES.saveBookmark);
        throw error;
      }
    },
    async remove(paperId: string) {
      if (value.getStatus() !== "ready") await value.load().catch(() => undefined);
      const removed = value.get()[paperId];
      if (removed) value.set(without(value.get(), paperId));
      try {
        await api.delete(bookmarkPath(paperId));
      } catch (error) {
        if (removed && !value.get()[paperId]) value.set({ ...value.get(), [paperId]: removed });
        toastFailure(USER_DATA_MESSAGES.deleteBookmark);
        throw error;
      }
    },
    async clear() {
      const before = value.get();
      value.set({});
      try {
        await api.delete("/api/me/bookmarks");
      } catch (error) {
        value.set({ ...before, ...value.get() });
        throw error;
      }
    },
  };
}
