import type { Paper } from "@/shared/paper";
import { normalizeWords } from "@/shared/library/text-fold";

/**
 * The Bookmarks page's filters (core-app.md section 2, "Bookmarks page": search box, author and
 * category), applied the same way on the device (anonymous visitors) and by the server's
 * `GET /api/me/bookmarks?q=&author=&category=&collection=` (signed-in users). Both compare
 * normalised words (`normalizeWords`: lowercase, accents folded, punctuation dropped), so
 * "Müller" finds "Muller" in either place.
 */
export type BookmarkFilter = {
  /** Every word must occur in the title, the authors or the abstract. */
  q?: string;
  /** Part of an author's name. */
  author?: string;
  /** An exact category code such as cs.AI. */
  category?: string;
  /** A collection name (the bookmark's tags). */
  collection?: string;
};

/** The text the `q` filter searches: title, authors and abstract as normalised words. */
export function bookmarkSearchText(paper: Pick<Paper, "title" | "authors" | "abstract">): string {
  return normalizeWords(`${paper.title ?? ""} ${(paper.authors ?? []).join(" ")} ${paper.abstract ?? ""}`);
}

/** The filter's words; an empty list matches everything. */
export function filterWords(text: string | undefined): string[] {
  return text ? normalizeWords(text).split(" ").filter(Boolean) : [];
}

/** Whether a bookmark passes the filter (the device's version of the server's query). */
export function matchesBookmarkFilter(
  bookmark: { paper: Pick<Paper, "title" | "authors" | "abstract" | "categories" | "category">; collections: readonly string[]; searchText?: string },
  filter: BookmarkFilter,
): boolean {
  const words = filterWords(filter.q);
  if (words.length > 0) {
    const text = ` ${bookmark.searchText ?? bookmarkSearchText(bookmark.paper)} `;
    if (!words.every((word) => text.includes(word))) return false;
  }
  const author = filterWords(filter.author).join(" ");
  if (author && !(bookmark.paper.authors ?? []).some((name) => normalizeWords(name).includes(author))) return false;
  if (filter.category && !(bookmark.paper.categories ?? []).includes(filter.category) && bookmark.paper.category !== filter.category) return false;
  if (filter.collection && !bookmark.collections.includes(filter.collection)) return false;
  return true;
}
