import { paperArxivId } from "@/shared/library/paper-identifiers";
import type { Paper } from "@/shared/paper";
import { readerPath } from "@/web/features/reader/paper-route";

/** Where a kept paper opens: its PDF (what was kept), or its abstract when it has no arXiv id. */
export function keptPaperPath(paper: Paper): string {
  const arxiv = paperArxivId(paper);
  return arxiv ? readerPath("pdf", arxiv) : readerPath("abs", paper.id);
}
