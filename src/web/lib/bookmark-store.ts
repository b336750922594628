import { STORAGE_KEYS } from "@/shared/constants";
import type { Paper } from "@/shared/paper";
import { createLocalValue, parseJsonOrNull } from "@/web/lib/local-store";

/**
 * Bookmarks (core-app.md sections 3 and 4). Features use the BookmarkStore interface; this
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

export interface BookmarkStore {
  /** Stable between changes (useSyncExternalStore). */
  getSnapshot(): BookmarkMap;
  subscribe(onChange: () => void): () => void;
  add(paper: Paper): Promise<void>;
  remove(paperId: string): Promise<void>;
}

export function addBookmark(holder: BookmarksHolder, paper: Paper, now: Date): BookmarksHolder {
  if (holder.bookmarks[paper.id]) return holder;
  const bookmark: LocalBookmark = {
    paperId: paper.id,
    dateAdded: now.toISOString(),
    title: paper.title,
    category: paper.category,
    collections: [],
    paperData: paper,
  };
  return { ...holder, bookmarks: { ...holder.bookmarks, [paper.id]: bookmark } };
}

export function removeBookmark(holder: BookmarksHolder, paperId: string): BookmarksHolder {
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
  const bookmarks = Object.fromEntries(Object.entries(map).filter(([, bookmark]) => isBookmark(bookmark))) as Record<string, LocalBookmark>;
  const collections = Array.isArray(candidate.collections) ? candidate.collections.filter((name) => typeof name === "string") : [];
  return { bookmarks, collections };
}

export function createLocalBookmarkStore(options: { key?: string; now?: () => Date } = {}): BookmarkStore {
  const now = options.now ?? (() => new Date());
  const value = createLocalValue(options.key ?? STORAGE_KEYS.bookmarks, decodeBookmarks);
  let source: BookmarksHolder | undefined;
  let snapshot: BookmarkMap = {};
  return {
    getSnapshot() {
      const holder = value.get();
      if (holder !== source) {
        source = holder;
        snapshot = holder.bookmarks;
      }
      return snapshot;
    },
    subscribe: value.subscribe,
    async add(paper) {
      value.update((holder) => addBookmark(holder, paper, now()));
    },
    async remove(paperId) {
      value.update((holder) => removeBookmark(holder, paperId));
    },
  };
}
