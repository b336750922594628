import { describe, expect, it } from "vitest";
import { makePaper as makeLibraryPaper } from "@/shared/library/library-papers.fixtures";
import type { Paper } from "@/shared/paper";

const makePaper = (overrides: Partial<Paper>) => makeLibraryPaper({ id: "2401.12345", title: "A paper", ...overrides });
import { identityKeys, mergeRecords, recordFromPaper, recordMatches, type SourceRecords } from "./entities";

const at = "2026-06-04T00:00:00.000Z";
const arxivPaper = makePaper({
  id: "2401.12345",
  arxivId: "2401.12345v2",
  source: "arxiv",
  title: "Graph Neural Networks for Molecules",
  authors: ["Ada Lovelace", "Alan Turing"],
  abstract: "From arXiv.",
  doi: "10.1103/PhysRevD.1.1",
  publishedDate: "2024-01-20",
  categories: ["cs.LG", "q-bio.BM"],
});
const crossrefPaper = makePaper({
  id: "10.1103/PhysRevD.1.1",
  source: "crossref",
  arxivId: null,
  title: "Graph neural networks for molecules",
  authors: ["A. Lovelace", "A. Turing"],
  abstract: "",
  doi: "10.1103/PhysRevD.1.1",
  publishedDate: "2024-06-01",
  journal: "Physical Review D",
  volume: "1",
  issue: "3",
  pages: "1-10",
  publisher: "APS",
  itemType: "journal-article",
  citationCount: 4,
  license: "https://creativecommons.org/licenses/by/4.0/",
});
const openalexPaper = makePaper({
  id: "W123",
  source: "openalex",
  arxivId: "2401.12345",
  title: "Graph Neural Networks for Molecules",
  authors: ["Ada Lovelace", "Alan Turing"],
  abstract: "From OpenAlex.",
  doi: "10.1103/physrevd.1.1",
  publishedDate: "2024-06-01",
  citationCount: 9,
});

function recordsOf(...papers: ReturnType<typeof makePaper>[]): SourceRecords {
  const records: SourceRecords = {};
  for (const paper of papers) {
    const found = recordFromPaper(paper, at)!;
    records[found.source] = found.record;
  }
  return records;
}

describe("the unified entity", () => {
  it("takes its identity from each source's record", () => {
    const arxiv = recordFromPaper(arxivPaper, at)!;
    expect(arxiv).toMatchObject({ source: "arxiv", record: { id: "2401.12345", arxivId: "2401.12345", doi: "10.1103/physrevd.1.1" } });
    expect(identityKeys(arxiv.record)).toEqual(["arxiv:2401.12345", "doi:10.1103/physrevd.1.1"]);
    // arXiv's own DataCite DOI is not a second identity: the arXiv id says it.
    const preprint = recordFromPaper(makePaper({ id: "W9", source: "openalex", arxivId: null, doi: "10.48550/arXiv.2401.00001" }), at)!;
    expect(preprint.record).toMatchObject({ id: "W9", arxivId: "2401.00001", doi: null, openalexId: "W9" });
    expect(recordFromPaper(makePaper({ source: "zotero" }), at)).toBeNull();
  });

  it("merges the same way whatever order the records came in", () => {
    const merged = mergeRecords(recordsOf(arxivPaper, crossrefPaper, openalexPaper));
    expect(mergeRecords(recordsOf(openalexPaper, crossrefPaper, arxivPaper))).toEqual(merged);
    expect(merged).toMatchObject({
      title: "Graph Neural Networks for Molecules",
      abstract: "From arXiv.",
      primary_source: "arxiv",
      source_ids: { arxiv: "2401.12345", crossref: "10.1103/physrevd.1.1", openalex: "W123", doi: "10.1103/physrevd.1.1" },
      submission_date: "2024-01-20",
      publication_date: "2024-06-01",
      publication_info: { journal: "Physical Review D", volume: "1", issue: "3", pages: "1-10", publisher: "APS", type: "journal-article" },
      metadata: { citationCount: 9, license: "https://creativecommons.org/licenses/by/4.0/" },
      categories: ["cs.LG", "q-bio.BM"],
      category: "cs.LG",
    });
  });

  it("without arXiv, Crossref is the primary source, and OpenAlex's abstract is kept", () => {
    const merged = mergeRecords(recordsOf(crossrefPaper, openalexPaper));
    expect(merged.primary_source).toBe("crossref");
    expect(merged.abstract).toBe("From OpenAlex.");
    expect(merged.submission_date).toBeNull();
  });

  it("accepts a search candidate only when titles, authors and identifiers agree", () => {
    const entity = mergeRecords(recordsOf(arxivPaper));
    expect(recordMatches(entity, recordFromPaper(crossrefPaper, at)!.record)).toBe(true);
    expect(recordMatches(entity, recordFromPaper({ ...crossrefPaper, title: "Something else entirely here" }, at)!.record)).toBe(false);
    expect(recordMatches(entity, recordFromPaper({ ...crossrefPaper, authors: ["Grace Hopper", "Edsger Dijkstra"] }, at)!.record)).toBe(false);
    expect(recordMatches(entity, recordFromPaper({ ...openalexPaper, arxivId: "2401.99999" }, at)!.record)).toBe(false);
  });
});
