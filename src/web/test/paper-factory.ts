import { blankPaper } from "@/shared/blank-paper";
import type { Paper } from "@/shared/paper";

/** A valid arXiv Paper for tests; override what the test is about. */
export function makePaper(overrides: Partial<Paper> = {}): Paper {
  return {
    ...blankPaper("2401.12345", "arxiv"),
    title: "A paper",
    authors: ["Ada Lovelace"],
    abstract: "An abstract.",
    url: "https://arxiv.org/abs/2401.12345v1",
    pdfUrl: "https://arxiv.org/pdf/2401.12345v1",
    publishedDate: "2024-01-20T10:00:00Z",
    updatedDate: "2024-01-20T10:00:00Z",
    categories: ["cs.CL"],
    category: "cs.CL",
    arxivId: "2401.12345v1",
    ...overrides,
  };
}
