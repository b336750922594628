import type { DuplicateIndex, DuplicateMatch, KeyedPaper } from "@/shared/library/duplicates";
import type { Paper } from "@/shared/paper";
import { createModuleLoader } from "@/web/lib/module-loader";
import { entryFor } from "./paper-key";

/**
 * The duplicate rules (titles, authors, identifiers and their hashes), fetched at the first
 * Bookmark check rather than with every page: the toggle's store is in the first download of
 * /search, the rules are needed only once a paper is bookmarked.
 */
export const duplicateRules = createModuleLoader(() => import("@/shared/library/duplicates"));

/** The device's bookmarks by paper id (a BookmarkMap of bookmark-store.ts, which calls this). */
type BookmarkedPapers = Readonly<Record<string, { paperData: Paper }>>;

/**
 * Duplicate detection for the Bookmark toggle over the device's
 * bookmarks (a signed-in library uses the compact keys instead, server-bookmark-store.ts): one
 * index per bookmark snapshot, built on first use and reused until the bookmarks change, so a check costs a few
 * map lookups rather than a comparison with every bookmark.
 */
const indexes = new WeakMap<BookmarkedPapers, DuplicateIndex<Paper>>();

async function indexFor(bookmarks: BookmarkedPapers): Promise<DuplicateIndex<Paper>> {
  let index = indexes.get(bookmarks);
  if (!index) {
    const { createDuplicateIndex } = await duplicateRules.load();
    index = indexes.get(bookmarks) ?? createDuplicateIndex(Object.values(bookmarks).map((bookmark) => bookmark.paperData));
    indexes.set(bookmarks, index);
  }
  return index;
}

/** The bookmark this paper duplicates under another id, or null (the same id is not a duplicate: it is the bookmark). */
export async function findBookmarkedDuplicate(bookmarks: BookmarkedPapers, paper: Paper): Promise<DuplicateMatch<Paper> | null> {
  if (entryFor(bookmarks, paper.id)) return null;
  // As for a signed-in library: when the rules cannot load (offline before they were ever
  // fetched), the check is skipped and the paper is bookmarked by its own id.
  const index = await indexFor(bookmarks).catch(() => null);
  const match = index?.find(paper) ?? null;
  return match && match.existing.id !== paper.id ? match : null;
}

/** The notice shown instead of a second copy. */
export async function duplicateNotice(match: DuplicateMatch<KeyedPaper>): Promise<{ title: string; description: string }> {
  const { duplicateMessage } = await duplicateRules.load();
  return {
    title: "Already bookmarked",
    description: duplicateMessage(match),
  };
}
