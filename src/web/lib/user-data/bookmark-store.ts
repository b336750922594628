import { STORAGE_KEYS } from "@/shared/constants";
import { matchesBookmarkFilter, type BookmarkFilter } from "@/shared/library/bookmark-filter";
import type { DuplicateMatch, KeyedPaper } from "@/shared/library/duplicates";
import type { Paper } from "@/shared/paper";
import { findBookmarkedDuplicate } from "@/web/lib/user-data/bookmark-duplicates";
import { createLocalValue, parseJsonOrNull } from "@/web/lib/local-store";
import { byCanonicalKey, entryFor, keyIn, paperKey } from "./paper-key";

/**
 * Bookmarks. Features use the BookmarkStore interface; this
 * file holds the device implementation (anonymous visitors). The library issue adds the
 * server implementation behind the same interface.
 */

/** The spec's local form: a map by paperId with these fields. */
export type LocalBookmark = {
  paperId: string;
  /** ISO timestamp. */
  dateAdded: string;
  title: string;
  category: string;
  /** Collection names the bookmark belongs to. */
  collections: string[];
  paperData: Paper;
};

/** What is stored under `bookmarks`: the map plus the list of collections. */
export type BookmarksHolder = {
  bookmarks: Record<string, LocalBookmark>;
  collections: string[];
};

export type BookmarkMap = Readonly<Record<string, LocalBookmark>>;

/**
 * What the app needs of every bookmark everywhere (is this paper bookmarked? how many? in which
 * collections?). A signed-in library answers it from `/api/me/bookmarks/ids` without downloading
 * any paper; the device's bookmarks (a LocalBookmark has both fields) are their own summaries.
 */
export type BookmarkSummary = { paperId: string; collections: readonly string[] };
export type BookmarkIndex = Readonly<Record<string, BookmarkSummary>>;

/** One page of a filtered list, newest first, with the number of matches. */
export type BookmarkPageResult = { bookmarks: LocalBookmark[]; total: number };

export interface BookmarkStore {
  /** Every bookmark's summary by paper id; stable between changes (useSyncExternalStore). */
  getSnapshot(): BookmarkIndex;
  subscribe(onChange: () => void): () => void;
  add(paper: Paper): Promise<void>;
  remove(paperId: string): Promise<void>;
}

/**
 * What the library pages and sync need beyond the toggle: whole bookmarks written as given
 * (date and collections kept), collection membership, and a fresh read.
 */
export interface BookmarkLibraryStore extends BookmarkStore {
  /** Writes whole bookmarks, keyed by paper id (a second write of the same bookmark changes nothing). */
  putMany(bookmarks: readonly LocalBookmark[]): Promise<void>;
  /** Sets the collections (tags) a bookmark belongs to. */
  setCollections(paperId: string, collections: readonly string[]): Promise<void>;
  /** Reads the bookmarks again from where they live. */
  reload(): Promise<void>;
  /** Moves a bookmark to Trash (it leaves the library and can be restored). */
  trash(paperId: string): Promise<void>;
  /** Brings a bookmark back from Trash, with its date and collections. */
  restore(paperId: string): Promise<void>;
  /** Deletes a bookmark in Trash for good. */
  purge(paperId: string): Promise<void>;
  /** The bookmarks in Trash, most recently deleted first. */
  listTrash(): Promise<TrashedBookmark[]>;
  /** Counts the changes made through the store (and reloads): lists ask for their rows again when it moves. */
  getRevision(): number;
  /** One page of the library filtered as the Bookmarks page asks, newest first. */
  page(filter: BookmarkFilter, page: number, size: number, signal?: AbortSignal): Promise<BookmarkPageResult>;
  /** Every bookmark of the library (or of one collection), whole, newest first: exports, sync, Fix Paper Data. */
  all(collection?: string): Promise<LocalBookmark[]>;
  /** The bookmark this paper duplicates under another id, or null. */
  findDuplicate(paper: Paper): Promise<DuplicateMatch<KeyedPaper> | null>;
}

/** The device's bookmarks filtered and paged here, newest first. */
export function filterDeviceBookmarks(map: BookmarkMap, filter: BookmarkFilter, page: number, size: number): BookmarkPageResult {
  const matching = newestFirst(Object.values(map).filter((bookmark) => matchesBookmarkFilter({ paper: bookmark.paperData, collections: bookmark.collections }, filter)));
  return { bookmarks: matching.slice(page * size, page * size + size), total: matching.length };
}

function newestFirst(bookmarks: LocalBookmark[]): LocalBookmark[] {
  return bookmarks.sort((a, b) => Date.parse(b.dateAdded) - Date.parse(a.dateAdded) || (a.paperId < b.paperId ? 1 : -1));
}

/** A bookmark in Trash. */
export type TrashedBookmark = { bookmark: LocalBookmark; deletedAt: string | null };

/** Where the device keeps the bookmarks in Trash. */
export const DEVICE_BOOKMARK_TRASH_KEY = "bookmarks.trash";

function decodeTrash(raw: string | null): TrashedBookmark[] {
  const value = parseJsonOrNull(raw);
  return Array.isArray(value)
    ? value
        .filter((item): item is TrashedBookmark => isBookmark((item as TrashedBookmark | null)?.bookmark))
        .map((item) => ({ ...item, bookmark: { ...item.bookmark, paperId: paperKey(item.bookmark.paperId) } }))
    : [];
}

/** One bookmark of a paper kept under several spellings of its id: the latest, in the collections of all. */
function mergeBookmarks(bookmarks: LocalBookmark[]): LocalBookmark {
  const time = (bookmark: LocalBookmark) => Date.parse(bookmark.dateAdded) || 0;
  const ordered = [...bookmarks].sort((a, b) => time(b) - time(a));
  const collections = [...new Set(ordered.flatMap((bookmark) => (Array.isArray(bookmark.collections) ? bookmark.collections : [])))];
  return { ...ordered[0]!, collections };
}

/** Files the paper under its canonical id (paper-key.ts), so spellings of one id are one bookmark. */
export function addBookmark(holder: BookmarksHolder, paper: Paper, now: Date): BookmarksHolder {
  if (entryFor(holder.bookmarks, paper.id)) return holder;
  const key = paperKey(paper.id);
  const bookmark: LocalBookmark = {
    paperId: key,
    dateAdded: now.toISOString(),
    title: paper.title,
    category: paper.category,
    collections: [],
    paperData: paper,
  };
  return { ...holder, bookmarks: { ...holder.bookmarks, [key]: bookmark } };
}

export function removeBookmark(holder: BookmarksHolder, id: string): BookmarksHolder {
  const paperId = keyIn(holder.bookmarks, id);
  if (!holder.bookmarks[paperId]) return holder;
  const { [paperId]: _removed, ...rest } = holder.bookmarks;
  return { ...holder, bookmarks: rest };
}

function isBookmark(value: unknown): value is LocalBookmark {
  return typeof value === "object" && value !== null && typeof (value as LocalBookmark).paperId === "string";
}

/** Reads the stored holder; a bare map (an older form) is accepted, anything else is empty. */
export function decodeBookmarks(raw: string | null): BookmarksHolder {
  const value = parseJsonOrNull(raw);
  if (typeof value !== "object" || value === null) return { bookmarks: {}, collections: [] };
  const candidate = value as Partial<BookmarksHolder>;
  const map = typeof candidate.bookmarks === "object" && candidate.bookmarks !== null ? candidate.bookmarks : (value as Record<string, unknown>);
  const stored = Object.fromEntries(Object.entries(map).filter(([, bookmark]) => isBookmark(bookmark))) as Record<string, LocalBookmark>;
  // Bookmarks kept under older spellings of an id are filed under the canonical id (paper-key.ts).
  const bookmarks = byCanonicalKey(stored, (bookmark, paperId) => ({ ...bookmark, paperId }), mergeBookmarks);
  const collections = Array.isArray(candidate.collections) ? candidate.collections.filter((name) => typeof name === "string") : [];
  return { bookmarks, collections };
}

/** The device's store: its snapshot is the whole bookmarks (they are already in memory). */
export type DeviceBookmarkStore = Omit<BookmarkLibraryStore, "getSnapshot"> & { getSnapshot(): BookmarkMap };

export function createLocalBookmarkStore(options: { key?: string; now?: () => Date } = {}): DeviceBookmarkStore {
  const now = options.now ?? (() => new Date());
  const value = createLocalValue(options.key ?? STORAGE_KEYS.bookmarks, decodeBookmarks);
  const trash = createLocalValue(`${options.key ?? STORAGE_KEYS.bookmarks}.trash`, decodeTrash);
  let source: BookmarksHolder | undefined;
  let snapshot: BookmarkMap = {};
  let revision = 0;
  const getSnapshot = () => {
    const holder = value.get();
    if (holder !== source) {
      // Every change of the stored map (here or in another tab) is a new revision.
      if (source !== undefined) revision += 1;
      source = holder;
      snapshot = holder.bookmarks;
    }
    return snapshot;
  };
  return {
    getSnapshot,
    getRevision() {
      getSnapshot();
      return revision;
    },
    async page(filter, page, size) {
      return filterDeviceBookmarks(getSnapshot(), filter, page, size);
    },
    async all(collection) {
      return newestFirst(Object.values(getSnapshot()).filter((bookmark) => !collection || bookmark.collections.includes(collection)));
    },
    async findDuplicate(paper) {
      return findBookmarkedDuplicate(getSnapshot(), paper);
    },
    subscribe: value.subscribe,
    async add(paper) {
      value.update((holder) => addBookmark(holder, paper, now()));
    },
    async remove(paperId) {
      value.update((holder) => removeBookmark(holder, paperId));
    },
    async putMany(bookmarks) {
      if (bookmarks.length === 0) return;
      value.update((holder) => ({ ...holder, bookmarks: { ...holder.bookmarks, ...Object.fromEntries(bookmarks.map((b) => [b.paperId, b])) } }));
    },
    async setCollections(id, collections) {
      value.update((holder) => {
        const paperId = keyIn(holder.bookmarks, id);
        const bookmark = holder.bookmarks[paperId];
        if (!bookmark) return holder;
        return { ...holder, bookmarks: { ...holder.bookmarks, [paperId]: { ...bookmark, collections: [...new Set(collections)] } } };
      });
    },
    async reload() {
      // localStorage is read on every snapshot; nothing to fetch.
    },
    async trash(id) {
      const paperId = keyIn(value.get().bookmarks, id);
      const bookmark = value.get().bookmarks[paperId];
      if (!bookmark) return;
      trash.update((items) => [{ bookmark, deletedAt: now().toISOString() }, ...items.filter((item) => item.bookmark.paperId !== paperId)]);
      value.update((holder) => removeBookmark(holder, paperId));
    },
    async restore(paperId) {
      const item = trash.get().find((candidate) => candidate.bookmark.paperId === paperId);
      if (!item) return;
      value.update((holder) => ({ ...holder, bookmarks: { ...holder.bookmarks, [paperId]: holder.bookmarks[paperId] ?? item.bookmark } }));
      trash.update((items) => items.filter((candidate) => candidate.bookmark.paperId !== paperId));
    },
    async purge(paperId) {
      trash.update((items) => items.filter((candidate) => candidate.bookmark.paperId !== paperId));
    },
    async listTrash() {
      return trash.get();
    },
  };
}
