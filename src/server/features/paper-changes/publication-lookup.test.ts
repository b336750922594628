import { describe, expect, it } from "vitest";
import { createLogger } from "@/server/logger";
import type { Paper } from "@/shared/paper";
import { isPublishedVersion, journalRefOf, matchesPaper, OPENALEX_DOI_BATCH, publicationLookup, type PublicationQuestion } from "./publication-lookup";

const logger = createLogger("silent");

function work(overrides: Partial<Paper>): Paper {
  return {
    id: "W1",
    title: "Demand Estimation with Text and Image Data",
    authors: ["Giovanni Compiani", "Ilya Morozov", "Stephan Seiler"],
    abstract: "",
    url: "https://doi.org/10.1/x",
    pdfUrl: null,
    publishedDate: "2026-02-01",
    updatedDate: null,
    categories: [],
    category: "",
    source: "openalex",
    doi: "10.1287/mksc.2026.0001",
    journalRef: null,
    comments: null,
    arxivId: null,
    itemType: "article",
    journal: "Marketing Science",
    volume: "45",
    pages: "1-20",
    links: { abstract: null, pdf: null },
    ...overrides,
  };
}

const question: PublicationQuestion = { paperId: "2503.20711", title: "Demand estimation with text and image data", authors: ["Giovanni Compiani", "Ilya Morozov", "Stephan Seiler"], year: 2025 };

describe("the published version of a kept arXiv paper", () => {
  it("is a journal's or proceedings' DOI, never arXiv's or a preprint server's", () => {
    expect(isPublishedVersion(work({}))).toBe(true);
    expect(isPublishedVersion(work({ itemType: "proceedings-article" }))).toBe(true);
    expect(isPublishedVersion(work({ doi: "10.48550/arxiv.2503.20711", itemType: "preprint" }))).toBe(false);
    expect(isPublishedVersion(work({ doi: "10.48550/arxiv.2503.20711", itemType: "article" }))).toBe(false);
    expect(isPublishedVersion(work({ doi: "10.2139/ssrn.123", itemType: "posted-content" }))).toBe(false);
    expect(isPublishedVersion(work({ doi: null }))).toBe(false);
  });

  it("is written as arXiv's journal references are", () => {
    expect(journalRefOf(work({}))).toBe("Marketing Science 45 (2026) 1-20");
    expect(journalRefOf(work({ volume: undefined, pages: undefined }))).toBe("Marketing Science (2026)");
    expect(journalRefOf(work({ journal: undefined }))).toBeNull();
  });

  it("matches by title and authors (the duplicate rule), never an older work", () => {
    expect(matchesPaper(question, work({}))).toBe(true);
    expect(matchesPaper(question, work({ title: "Demand Estimation with Text and Image Data: Evidence from Retail" }))).toBe(false);
    expect(matchesPaper(question, work({ authors: ["Someone Else", "Another Person"] }))).toBe(false);
    expect(matchesPaper(question, work({ publishedDate: "2024-05-01" }))).toBe(false);
  });
});

describe("publicationLookup", () => {
  function sources(options: { openAlexDown?: boolean; byTitle?: Paper[]; crossref?: Paper[]; known?: string[] }) {
    const calls = { doiFilters: [] as string[], titles: 0, crossref: 0 };
    const lookup = publicationLookup({
      logger,
      openalex: {
        async searchWorks(params) {
          if (options.openAlexDown) throw new Error("OpenAlex answered 503");
          if (params.filter?.startsWith("doi:")) {
            calls.doiFilters.push(params.filter);
            const asked = params.filter.slice(4).split("|");
            const papers = asked.flatMap((doi) => {
              const id = doi.replace("10.48550/arxiv.", "");
              if (!options.known?.includes(id)) return [];
              // A work OpenAlex already describes as its journal article (the arXiv copy a location of it).
              if (id === "2401.00002") return [work({ arxivId: id, doi: "10.1103/physrevd.1.2" })];
              return [work({ arxivId: id, doi, itemType: "preprint", journal: "arXiv (Cornell University)" })];
            });
            return { count: papers.length, nextCursor: null, papers };
          }
          calls.titles += 1;
          return { count: 0, nextCursor: null, papers: options.byTitle ?? [] };
        },
      },
      crossref: {
        async searchWorks() {
          calls.crossref += 1;
          return { total: 0, papers: options.crossref ?? [] } as never;
        },
      },
    });
    return { lookup, calls };
  }

  it("asks OpenAlex for many papers a request, then by title; Crossref only for papers OpenAlex does not know", async () => {
    const many = Array.from({ length: OPENALEX_DOI_BATCH + 1 }, (_, index) => ({ ...question, paperId: `2401.${String(index).padStart(5, "0")}` }));
    const { lookup, calls } = sources({ known: many.slice(0, OPENALEX_DOI_BATCH).map((paper) => paper.paperId) });
    const answers = await lookup.lookUp(many);
    expect(calls.doiFilters).toHaveLength(2);
    expect(calls.doiFilters[0]!.split("|")).toHaveLength(OPENALEX_DOI_BATCH);
    expect(answers.get("2401.00002")).toEqual({ doi: "10.1103/physrevd.1.2", journalRef: "Marketing Science 45 (2026) 1-20", source: "openalex" });
    // Every other paper: asked by title, found nowhere; only the one OpenAlex does not know goes to Crossref.
    expect(calls.titles).toBe(OPENALEX_DOI_BATCH);
    expect(calls.crossref).toBe(1);
    expect(answers.size).toBe(many.length);
    expect([...answers.values()].filter(Boolean)).toHaveLength(1);
  });

  it("finds a separate journal work by its title", async () => {
    const { lookup } = sources({ known: [question.paperId], byTitle: [work({ doi: "10.48550/arxiv.2503.20711", itemType: "preprint" }), work({})] });
    expect((await lookup.lookUp([question])).get(question.paperId)).toEqual({ doi: "10.1287/mksc.2026.0001", journalRef: "Marketing Science 45 (2026) 1-20", source: "openalex" });
  });

  it("falls back to Crossref when OpenAlex fails, and leaves out a paper neither could answer for", async () => {
    const found = sources({ openAlexDown: true, crossref: [work({ source: "crossref", itemType: "journal-article" })] });
    expect((await found.lookup.lookUp([question])).get(question.paperId)).toMatchObject({ source: "crossref", doi: "10.1287/mksc.2026.0001" });
    const down = publicationLookup({
      logger,
      openalex: { searchWorks: async () => Promise.reject(new Error("down")) },
      crossref: { searchWorks: async () => Promise.reject(new Error("down")) },
    });
    expect((await down.lookUp([question])).has(question.paperId)).toBe(false);
  });
});
