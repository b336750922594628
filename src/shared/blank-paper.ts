import type { Paper, PaperSource } from "./paper";

/**
 * A paper of which nothing is known but its id and source, every other field empty (null, "",
 * [], the category "unknown"): what code that knows only a few fields spreads and fills in,
 * `{ ...blankPaper(id, "arxiv"), title, authors }`, instead of writing out every field. Apart
 * from paper.ts, so the browser can use it without loading zod.
 */
export function blankPaper(id: string, source: PaperSource): Paper {
  return {
    id,
    title: "",
    authors: [],
    abstract: "",
    url: "",
    pdfUrl: null,
    publishedDate: null,
    updatedDate: null,
    categories: [],
    category: "unknown",
    source,
    doi: null,
    journalRef: null,
    comments: null,
    arxivId: null,
    links: { abstract: null, pdf: null },
  };
}
