import type { Paper } from "@/shared/paper";
import { normalizeWords } from "@/shared/library/text-fold";

/**
 * The Bookmarks page's filters (search box, author and
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

/**
 * The text the `q` filter searches: the distinct normalised words of the title, authors and
 * abstract. Each filter word is matched on its own (`like '%word%'`), so order and repeats do not
 * matter, and keeping each word once keeps the indexed column small (a 100 KB abstract says few
 * distinct words; 5,000 authors share a handful of given names).
 */
export function bookmarkSearchText(paper: Pick<Paper, "title" | "authors" | "abstract">): string {
  const words = normalizeWords(`${paper.title ?? ""} ${(paper.authors ?? []).join(" ")} ${paper.abstract ?? ""}`).split(" ");
  return [...new Set(words)].filter(Boolean).join(" ");
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
