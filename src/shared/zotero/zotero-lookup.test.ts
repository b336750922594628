import { describe, expect, it } from "vitest";
import type { Paper } from "@/shared/paper";
import { roughLastName, zoteroLookupParams } from "./zotero-lookup";

const paper = (overrides: Partial<Paper>): Paper => ({
  id: "2401.12345",
  title: " A title ",
  authors: ["Ada Lovelace"],
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
  arxivId: "2401.12345v3",
  links: { abstract: null, pdf: null },
  ...overrides,
});

describe("zoteroLookupParams", () => {
  it("sends the arXiv id without version, a journal DOI, the title and the first author's last name", () => {
    expect(zoteroLookupParams(paper({ doi: "10.1000/xyz" }))).toEqual({ arxivId: "2401.12345", doi: "10.1000/xyz", title: "A title", author: "Lovelace" });
  });

  it("leaves arXiv's own DOI and non-arXiv ids out", () => {
    expect(zoteroLookupParams(paper({ arxivId: null, id: "W123", source: "openalex", doi: "10.48550/arXiv.2401.12345" }))).toEqual({ arxivId: undefined, doi: undefined, title: "A title", author: "Lovelace" });
  });

  it("prefers the structured family name", () => {
    expect(zoteroLookupParams(paper({ authorDetails: [{ name: "Ludwig van Beethoven", family: "van Beethoven", affiliation: [] }] })).author).toBe("van Beethoven");
  });
});

describe("roughLastName", () => {
  it("reads 'First Last', 'Last, First' and skips suffixes", () => {
    expect(roughLastName("Martin Luther King Jr.")).toBe("King");
    expect(roughLastName("Lovelace, Ada")).toBe("Lovelace");
    expect(roughLastName("  ")).toBeUndefined();
  });
});
