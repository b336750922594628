import { createDuplicateIndex, duplicateMessage, type DuplicateIndex, type DuplicateMatch, type KeyedPaper } from "@/shared/library/duplicates";
import type { Paper } from "@/shared/paper";
import { entryFor } from "./paper-key";

/** The device's bookmarks by paper id (a BookmarkMap of bookmark-store.ts, which calls this). */
type BookmarkedPapers = Readonly<Record<string, { paperData: Paper }>>;

/**
 * Duplicate detection for the Bookmark toggle over the device's
 * bookmarks (a signed-in library uses the compact keys instead, server-bookmark-store.ts): one
 * index per bookmark snapshot, built on first use and reused until the bookmarks change, so a check costs a few
 * map lookups rather than a comparison with every bookmark.
 */
const indexes = new WeakMap<BookmarkedPapers, DuplicateIndex<Paper>>();

function indexFor(bookmarks: BookmarkedPapers): DuplicateIndex<Paper> {
  let index = indexes.get(bookmarks);
  if (!index) {
    index = createDuplicateIndex(Object.values(bookmarks).map((bookmark) => bookmark.paperData));
    indexes.set(bookmarks, index);
  }
  return index;
}

/** The bookmark this paper duplicates under another id, or null (the same id is not a duplicate: it is the bookmark). */
export function findBookmarkedDuplicate(bookmarks: BookmarkedPapers, paper: Paper): DuplicateMatch<Paper> | null {
  if (entryFor(bookmarks, paper.id)) return null;
  const match = indexFor(bookmarks).find(paper);
  return match && match.existing.id !== paper.id ? match : null;
}

/** The notice shown instead of a second copy. */
export function duplicateNotice(match: DuplicateMatch<KeyedPaper>): { title: string; description: string } {
  return {
    title: "Already bookmarked",
    description: duplicateMessage(match),
  };
}
