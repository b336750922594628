import { storedPaperSchema } from "@/shared/user-data";
import type { Paper } from "@/shared/paper";

/**
 * The paper kept with a user's row. Rows written by Quire hold a valid paper; one that does not
 * (written by an older version, or by hand) still answers a minimal paper rather than failing the list.
 */
export function storedPaper(paperId: string, data: unknown): Paper {
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
