import { describe, expect, it } from "vitest";
import { bookmarkSearchText, matchesBookmarkFilter } from "@/shared/library/bookmark-filter";
import { makePaper } from "@/shared/library/library-papers.fixtures";

const paper = makePaper({
  id: "2401.1",
  title: "Graph Neural Networks for Molecules",
  authors: ["Zoë Müller", "Ada Lovelace"],
  abstract: "We study message passing.",
  categories: ["cs.LG", "q-bio.BM"],
  category: "cs.LG",
});
const bookmark = { paper, collections: ["thesis"] };

describe("matchesBookmarkFilter", () => {
  it("needs every word somewhere in title, authors or abstract, accents folded", () => {
    expect(matchesBookmarkFilter(bookmark, { q: "neural MESSAGE" })).toBe(true);
    expect(matchesBookmarkFilter(bookmark, { q: "muller" })).toBe(true);
    expect(matchesBookmarkFilter(bookmark, { q: "neural transformers" })).toBe(false);
    expect(matchesBookmarkFilter(bookmark, { q: "   " })).toBe(true);
  });

  it("filters by author, category and collection", () => {
    expect(matchesBookmarkFilter(bookmark, { author: "lovelace" })).toBe(true);
    expect(matchesBookmarkFilter(bookmark, { author: "hopper" })).toBe(false);
    expect(matchesBookmarkFilter(bookmark, { category: "q-bio.BM" })).toBe(true);
    expect(matchesBookmarkFilter(bookmark, { category: "cs.AI" })).toBe(false);
    expect(matchesBookmarkFilter(bookmark, { collection: "thesis" })).toBe(true);
    expect(matchesBookmarkFilter(bookmark, { collection: "other" })).toBe(false);
  });

  it("copes with a paper without a title and with 5,000 authors", () => {
    const authors = Array.from({ length: 5000 }, (_, i) => `Author ${i}`);
    const big = { paper: { ...paper, title: "", authors }, collections: [] };
    expect(matchesBookmarkFilter(big, { q: "author 4999" })).toBe(true);
    expect(matchesBookmarkFilter(big, { q: "author 5000" })).toBe(false);
    // Each word once: 5,000 "Author n" names are one "author" and 5,000 numbers.
    expect(bookmarkSearchText(big.paper).split(" ").filter((word) => word === "author")).toHaveLength(1);
    expect(matchesBookmarkFilter(big, { author: "author 4999" })).toBe(true);
  });
});
