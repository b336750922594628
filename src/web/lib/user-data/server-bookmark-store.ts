import type { Paper } from "@/shared/paper";
import { BOOKMARK_BATCH_MAX } from "@/shared/library/library-constants";
import type { ServerBookmark } from "@/shared/user-data";
import { api } from "@/web/lib/api";
import type { BookmarkFilter } from "@/shared/library/bookmark-filter";
import type { DuplicateIndex, DuplicateKeys, KeyedPaper } from "@/shared/library/duplicates";
import { duplicateRules } from "@/web/lib/user-data/bookmark-duplicates";
import type { BookmarkIndex, BookmarkLibraryStore, BookmarkSummary, LocalBookmark, TrashedBookmark } from "@/web/lib/user-data/bookmark-store";
import { createRemoteValue, type LoadStatus } from "@/web/lib/user-data/remote-value";
import { toastFailure, USER_DATA_MESSAGES } from "@/web/lib/user-data/user-data-errors";
import { entryFor, keyIn } from "./paper-key";

/**
 * Bookmarks of a signed-in user, in `/api/me/bookmarks`, behind the same BookmarkLibraryStore
 * interface as the device's. Ids first: the snapshot is every bookmark's summary (paper id and
 * collections, from `/api/me/bookmarks/ids`), enough for the toggle, the counts and the
 * collections everywhere; list rows come a page at a time from the server's filtered list;
 * the duplicate check downloads the library's compact duplicate keys on the first Bookmark
 * click; whole papers are fetched only for what needs them all (exports, sync, Fix Paper Data).
 * Changes show at once and are put back, with the spec's message, when the server refuses them.
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

const summaryOf = (paperId: string, collections: readonly string[] = []): BookmarkSummary => ({ paperId, collections });

export function createServerBookmarkStore(options: { ready?: () => Promise<unknown> } = {}): ServerBookmarkStore {
  // Every read waits for the sign-in migration, so it sees the bookmarks that moved up.
  const ready = async () => {
    await options.ready?.().catch(() => undefined);
  };
  const value = createRemoteValue<BookmarkIndex>({
    initial: {},
    fetch: async () => {
      await ready();
      const { ids, collections } = await api.get<{ ids: string[]; collections?: Record<string, string[]> }>("/api/me/bookmarks/ids");
      return Object.fromEntries(ids.map((paperId) => [paperId, summaryOf(paperId, collections?.[paperId])]));
    },
    onLoadError: () => toastFailure(USER_DATA_MESSAGES.loadBookmarks),
  });

  let revision = 0;
  // The duplicate keys of the library, asked for on the first check and kept while only adds happen.
  let keys: Promise<DuplicateIndex<KeyedPaper>> | undefined;
  /**
   * Shows summaries at once (`settled: false`: a change on its way to the server), or after the
   * server took a change: lists see a new revision then, so they never ask before the write landed.
   */
  const change = (next: BookmarkIndex, options: { settled?: boolean; keepKeys?: boolean } = {}) => {
    if (options.settled !== false) revision += 1;
    if (!options.keepKeys) keys = undefined;
    value.set(next);
  };
  const settled = (options: { keepKeys?: boolean } = {}) => change({ ...value.get() }, options);
  const without = (map: BookmarkIndex, paperId: string): BookmarkIndex => {
    const { [paperId]: _removed, ...rest } = map;
    return rest;
  };
  const listQuery = (filter: BookmarkFilter & { trash?: "true" }, extra: Record<string, string | number> = {}) => {
    const query: Record<string, string | number> = { ...extra };
    for (const [key, text] of Object.entries(filter)) if (text) query[key] = text;
    return query;
  };

  return {
    getSnapshot: value.get,
    getStatus: value.getStatus,
    subscribe: value.subscribe,
    load: value.load,
    dispose: value.dispose,
    getRevision: () => revision,
    async page(filter, page, size, signal) {
      await ready();
      const answer = await api.get<{ bookmarks: ServerBookmark[]; total: number }>("/api/me/bookmarks", {
        query: listQuery(filter, { limit: size, offset: page * size }),
        signal,
      });
      return { bookmarks: answer.bookmarks.map(toLocalBookmark), total: answer.total };
    },
    async all(collection) {
      await ready();
      const { bookmarks } = await api.get<{ bookmarks: ServerBookmark[] }>("/api/me/bookmarks", { query: collection ? { collection } : undefined });
      return bookmarks.map(toLocalBookmark);
    },
    async findDuplicate(paper) {
      if (value.getStatus() !== "ready") await value.load().catch(() => undefined);
      if (entryFor(value.get(), paper.id)) return null;
      keys ??= Promise.all([api.get<{ keys: DuplicateKeys[] }>("/api/me/bookmarks/duplicate-keys"), duplicateRules.load()]).then(([answer, rules]) =>
        rules.createKeyedDuplicateIndex(answer.keys),
      );
      const pending = keys;
      let index: DuplicateIndex<KeyedPaper>;
      try {
        index = await pending;
      } catch {
        // The check is a courtesy: when it cannot run, the paper is bookmarked (by its own id, never twice).
        if (keys === pending) keys = undefined;
        return null;
      }
      const match = index.find(paper);
      return match && match.existing.id !== paper.id && value.get()[match.existing.id] ? match : null;
    },
    async add(paper: Paper) {
      if (value.getStatus() !== "ready") await value.load().catch(() => undefined);
      if (entryFor(value.get(), paper.id)) return;
      const optimistic = summaryOf(paper.id);
      change({ [paper.id]: optimistic, ...value.get() }, { settled: false, keepKeys: true });
      try {
        const { bookmark } = await api.put<{ bookmark: ServerBookmark }>(bookmarkPath(paper.id), { paper });
        if (keys) {
          const adding = keys;
          // The index exists, so the rules that built it have loaded.
          void adding.then((index) => duplicateRules.get()?.addPaperToKeyedIndex(index, paper)).catch(() => undefined);
        }
        if (value.get()[paper.id] === optimistic) change({ ...value.get(), [paper.id]: summaryOf(paper.id, bookmark.tags) }, { keepKeys: true });
        else settled({ keepKeys: true });
      } catch (error) {
        if (value.get()[paper.id] === optimistic) change(without(value.get(), paper.id), { settled: false, keepKeys: true });
        toastFailure(USER_DATA_MESSAGES.saveBookmark);
        throw error;
      }
    },
    async remove(id: string) {
      if (value.getStatus() !== "ready") await value.load().catch(() => undefined);
      const paperId = keyIn(value.get(), id);
      const removed = value.get()[paperId];
      if (removed) change(without(value.get(), paperId), { settled: false });
      try {
        await api.delete(bookmarkPath(paperId));
        settled();
      } catch (error) {
        if (removed && !value.get()[paperId]) change({ ...value.get(), [paperId]: removed }, { settled: false });
        toastFailure(USER_DATA_MESSAGES.deleteBookmark);
        throw error;
      }
    },
    async putMany(bookmarks: readonly LocalBookmark[]) {
      await putBookmarkBatches(bookmarks);
      change({ ...value.get(), ...Object.fromEntries(bookmarks.map((b) => [b.paperId, summaryOf(b.paperId, b.collections)])) });
    },
    async setCollections(id: string, collections: readonly string[]) {
      const paperId = keyIn(value.get(), id);
      const bookmark = value.get()[paperId];
      if (!bookmark) return;
      const tags = [...new Set(collections)];
      change({ ...value.get(), [paperId]: summaryOf(paperId, tags) }, { settled: false, keepKeys: true });
      try {
        await api.patch(bookmarkPath(paperId), { tags });
        settled({ keepKeys: true });
      } catch (error) {
        change({ ...value.get(), [paperId]: bookmark }, { settled: false, keepKeys: true });
        toastFailure(USER_DATA_MESSAGES.saveBookmark);
        throw error;
      }
    },
    async reload() {
      revision += 1;
      keys = undefined;
      await value.reload();
    },
    async trash(id: string) {
      const paperId = keyIn(value.get(), id);
      const removed = value.get()[paperId];
      if (removed) change(without(value.get(), paperId), { settled: false });
      try {
        await api.post(`${bookmarkPath(paperId)}/trash`, {});
        settled();
      } catch (error) {
        if (removed && !value.get()[paperId]) change({ ...value.get(), [paperId]: removed }, { settled: false });
        toastFailure(USER_DATA_MESSAGES.deleteBookmark);
        throw error;
      }
    },
    async restore(paperId: string) {
      const { bookmark } = await api.post<{ bookmark: ServerBookmark }>(`${bookmarkPath(paperId)}/restore`, {});
      change({ ...value.get(), [paperId]: summaryOf(paperId, bookmark.tags) });
    },
    async purge(paperId: string) {
      await api.delete(bookmarkPath(paperId));
    },
    async listTrash(): Promise<TrashedBookmark[]> {
      await ready();
      const { bookmarks } = await api.get<{ bookmarks: ServerBookmark[] }>("/api/me/bookmarks", { query: { trash: "true" } });
      return bookmarks.map((bookmark) => ({ bookmark: toLocalBookmark(bookmark), deletedAt: bookmark.deletedAt ?? null }));
    },
    async clear() {
      const before = value.get();
      change({}, { settled: false });
      try {
        await api.delete("/api/me/bookmarks");
        settled();
      } catch (error) {
        change({ ...before, ...value.get() }, { settled: false });
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
