import { storedPaperSchema } from "@/shared/user-data";
import type { Paper } from "@/shared/paper";

/**
 * The paper kept with a user's row. Rows written by Quire hold a valid paper; one that does not
 * (written by an older version, or by hand) still answers a minimal paper rather than failing the list.
 */
export function storedPaper(paperId: string, data: unknown): Paper {
  // Rows were validated when written: a structural check is enough for the common case, and a
  // 10,000-bookmark list does not pay for 10,000 schema parses.
  if (looksLikePaper(paperId, data)) return data;
  const parsed = storedPaperSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const title = typeof (data as { title?: unknown } | null)?.title === "string" ? (data as { title: string }).title : paperId;
  return {
    id: paperId,
    title,
    authors: [],
    abstract: "",
    url: "",
    pdfUrl: null,
    publishedDate: null,
    updatedDate: null,
    categories: [],
    category: "unknown",
    source: "arxiv",
    doi: null,
    journalRef: null,
    comments: null,
    arxivId: null,
    links: { abstract: null, pdf: null },
  };
}

function looksLikePaper(paperId: string, data: unknown): data is Paper {
  if (typeof data !== "object" || data === null) return false;
  const paper = data as Partial<Paper>;
  return (
    paper.id === paperId &&
    typeof paper.title === "string" &&
    Array.isArray(paper.authors) &&
    typeof paper.abstract === "string" &&
    Array.isArray(paper.categories) &&
    typeof paper.category === "string" &&
    typeof paper.source === "string" &&
    typeof paper.links === "object" &&
    paper.links !== null
  );
}
