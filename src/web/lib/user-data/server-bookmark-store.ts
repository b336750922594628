import type { Paper } from "@/shared/paper";
import { BOOKMARK_BATCH_MAX } from "@/shared/library/library-constants";
import type { ServerBookmark } from "@/shared/user-data";
import { api } from "@/web/lib/api";
import type { BookmarkLibraryStore, BookmarkMap, LocalBookmark, TrashedBookmark } from "@/web/lib/bookmark-store";
import { createRemoteValue, type LoadStatus } from "@/web/lib/user-data/remote-value";
import { toastFailure, USER_DATA_MESSAGES } from "@/web/lib/user-data/user-data-errors";

/**
 * Bookmarks of a signed-in user, in `/api/me/bookmarks`, behind the same BookmarkStore
 * interface as the device's. The snapshot is in the local form (a map by paperId) so lists
 * and toggles work the same for everyone. Changes show at once and are put back, with the
 * spec's message, when the server refuses them.
 */
export type ServerBookmarkStore = BookmarkLibraryStore & {
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
    async putMany(bookmarks: readonly LocalBookmark[]) {
      await putBookmarkBatches(bookmarks);
      value.set({ ...value.get(), ...Object.fromEntries(bookmarks.map((b) => [b.paperId, b])) });
    },
    async setCollections(paperId: string, collections: readonly string[]) {
      const bookmark = value.get()[paperId];
      if (!bookmark) return;
      const tags = [...new Set(collections)];
      value.set({ ...value.get(), [paperId]: { ...bookmark, collections: tags } });
      try {
        await api.put(bookmarkPath(paperId), { paper: bookmark.paperData, tags });
      } catch (error) {
        value.set({ ...value.get(), [paperId]: bookmark });
        toastFailure(USER_DATA_MESSAGES.saveBookmark);
        throw error;
      }
    },
    async reload() {
      await value.reload();
    },
    async trash(paperId: string) {
      const removed = value.get()[paperId];
      if (removed) value.set(without(value.get(), paperId));
      try {
        await api.post(`${bookmarkPath(paperId)}/trash`, {});
      } catch (error) {
        if (removed && !value.get()[paperId]) value.set({ ...value.get(), [paperId]: removed });
        toastFailure(USER_DATA_MESSAGES.deleteBookmark);
        throw error;
      }
    },
    async restore(paperId: string) {
      const { bookmark } = await api.post<{ bookmark: ServerBookmark }>(`${bookmarkPath(paperId)}/restore`, {});
      value.set({ ...value.get(), [paperId]: toLocalBookmark(bookmark) });
    },
    async purge(paperId: string) {
      await api.delete(bookmarkPath(paperId));
    },
    async listTrash(): Promise<TrashedBookmark[]> {
      const { bookmarks } = await api.get<{ bookmarks: ServerBookmark[] }>("/api/me/bookmarks", { query: { trash: "true" } });
      return bookmarks.map((bookmark) => ({ bookmark: toLocalBookmark(bookmark), deletedAt: null }));
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

/** Bodies stay well under the server's 1 MB limit; a batch never has more than the API's maximum. */
const BATCH_BYTES = 600_000;

/**
 * Writes bookmarks to `/api/me/bookmarks/batch` in as few requests as the body limit allows.
 * Each batch is an idempotent upsert by paper id, so a sync cut off halfway and run again
 * leaves every bookmark exactly once.
 */
export async function putBookmarkBatches(bookmarks: readonly LocalBookmark[], onProgress?: (done: number) => void): Promise<void> {
  let batch: unknown[] = [];
  let bytes = 0;
  let done = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await api.post("/api/me/bookmarks/batch", { bookmarks: batch });
    done += batch.length;
    onProgress?.(done);
    batch = [];
    bytes = 0;
  };
  for (const bookmark of bookmarks) {
    const item = { paper: bookmark.paperData, tags: bookmark.collections, bookmarkedAt: new Date(bookmark.dateAdded).toISOString() };
    const size = JSON.stringify(item).length;
    if (batch.length > 0 && (bytes + size > BATCH_BYTES || batch.length >= BOOKMARK_BATCH_MAX)) await flush();
    batch.push(item);
    bytes += size;
  }
  await flush();
}
