import { describe, expect, it } from "vitest";
import type { Paper } from "@/shared/paper";
import { deviceFileName } from "./device-file-name";

function createPaper(overrides: Partial<Paper>): Paper {
  return {
    id: "2401.12345", title: "A paper", authors: ["Ada Lovelace"], abstract: "", url: "", pdfUrl: null, publishedDate: null, updatedDate: null,
    categories: [], category: "unknown", source: "arxiv", doi: null, journalRef: null, comments: null, arxivId: null, links: { abstract: null, pdf: null },
    ...overrides,
  };
}

describe("deviceFileName", () => {
  it("names a file by surname, et_al, year and a 30-character title slug", () => {
    const paper = createPaper({
      id: "1706.03762",
      title: "Attention Is All You Need, Really: A Long Subtitle",
      authors: ["Ashish Vaswani", "Noam Shazeer"],
      publishedDate: "2017-06-12",
    });
    expect(deviceFileName(paper)).toBe("Vaswani_et_al_2017_attention_is_all_you_need_real.pdf");
    expect(deviceFileName(paper).replace(/^Vaswani_et_al_2017_|\.pdf$/g, "")).toHaveLength(30);
  });

  it("leaves et_al out for one author, folds accents, trims the slug's trailing separator", () => {
    const paper = createPaper({ id: "x", title: "Über die Bewegung der Wärme!", authors: ["Müller, Hans"], publishedDate: "1905" });
    expect(deviceFileName(paper)).toBe("Muller_1905_uber_die_bewegung_der_warme.pdf");
  });

  it("falls back to the arXiv year and to the id", () => {
    expect(deviceFileName(createPaper({ id: "hep-th/9901001", arxivId: "hep-th/9901001", title: "", authors: [], publishedDate: null }))).toBe("1999.pdf");
    expect(deviceFileName(createPaper({ id: "W123", arxivId: null, title: "", authors: [], publishedDate: null }))).toBe("w123.pdf");
  });
});
