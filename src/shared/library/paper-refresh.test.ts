import { describe, expect, it, vi } from "vitest";
import type { Paper } from "@/shared/paper";
import { arxivPreprint, crossrefArticle, makePaper, openAlexArticle } from "./library-papers.fixtures";
import { ARXIV_REFRESH_BATCH, fixPaperData, fixSummary, lookupFor, mergeFreshPaper, type PaperFetchers } from "./paper-refresh";

const bookmark = (paper: Paper) => ({ paperId: paper.id, title: paper.title, category: paper.category, collections: ["Reading"], dateAdded: "2024-01-02T03:04:05.000Z", paperData: paper });

function fetchersFrom(papers: readonly Paper[]): PaperFetchers & { calls: { arxiv: string[][]; openalex: string[][]; crossref: string[] } } {
  const calls = { arxiv: [] as string[][], openalex: [] as string[][], crossref: [] as string[] };
  return {
    calls,
    arxiv: async (ids) => {
      calls.arxiv.push([...ids]);
      return papers.filter((paper) => paper.source === "arxiv" && ids.includes(paper.id));
    },
    openalex: async (ids) => {
      calls.openalex.push([...ids]);
      return papers.filter((paper) => paper.source === "openalex" && ids.includes(paper.id));
    },
    crossref: async (doi) => {
      calls.crossref.push(doi);
      return papers.find((paper) => paper.source === "crossref" && paper.doi?.toLowerCase() === doi) ?? null;
    },
  };
}

describe("lookupFor", () => {
  it("looks arXiv papers up by their bare id, OpenAlex works by W id and the rest by DOI", () => {
    expect(lookupFor(arxivPreprint)).toEqual({ kind: "arxiv", key: "1706.03762" });
    expect(lookupFor(openAlexArticle)).toMatchObject({ kind: "openalex" });
    expect(lookupFor(crossrefArticle)).toEqual({ kind: "crossref", key: crossrefArticle.doi!.toLowerCase() });
    expect(lookupFor(makePaper({ id: "x", title: "t", source: "crossref", doi: "10.48550/arXiv.2101.00001" }))).toEqual({ kind: "arxiv", key: "2101.00001" });
    expect(lookupFor(makePaper({ id: "local-1", title: "t", source: "zotero" }))).toBeNull();
  });
});

describe("mergeFreshPaper", () => {
  it("fills missing and replaces stale metadata, keeps the id and never wipes with an empty value", () => {
    const stored = { ...arxivPreprint, title: "Attention is all you ned", abstract: "", categories: [], category: "unknown", authors: ["A. Vaswani"] };
    const fresh = { ...arxivPreprint, id: "1706.03762v7", updatedDate: null };
    const { paper, changed } = mergeFreshPaper(stored, fresh);
    expect(changed).toEqual(["title", "authors", "abstract", "categories"]);
    expect(paper).toMatchObject({ id: "1706.03762", title: arxivPreprint.title, abstract: arxivPreprint.abstract, category: "cs.CL", updatedDate: arxivPreprint.updatedDate });
  });

  it("ignores whitespace-only differences", () => {
    const fresh = { ...arxivPreprint, title: `  ${arxivPreprint.title.replace(/ /g, "\n  ")} ` };
    expect(mergeFreshPaper(arxivPreprint, fresh).changed).toEqual([]);
  });
});

describe("fixPaperData", () => {
  it("batches arXiv ids, reports what changed and what was not found", async () => {
    const many = Array.from({ length: ARXIV_REFRESH_BATCH + 5 }, (_, index) => makePaper({ id: `2101.${String(index).padStart(5, "0")}`, title: `Paper ${index}`, abstract: "fresh" }));
    const stale = many.map((paper, index) => (index % 2 === 0 ? { ...paper, abstract: "" } : paper));
    const lost = makePaper({ id: "2202.99999", title: "Gone" });
    const fetchers = fetchersFrom([...many, openAlexArticle, crossrefArticle]);
    const progress = vi.fn();
    const outcome = await fixPaperData(
      [...stale, lost, { ...openAlexArticle, title: "" }, { ...crossrefArticle, publishedDate: null }, makePaper({ id: "z", title: "z", source: "zotero" })].map(bookmark),
      fetchers,
      progress,
    );
    expect(fetchers.calls.arxiv.map((ids) => ids.length)).toEqual([ARXIV_REFRESH_BATCH, 6]);
    expect(fetchers.calls.openalex).toEqual([[openAlexArticle.id.toUpperCase()]]);
    expect(fetchers.calls.crossref).toEqual([crossrefArticle.doi!.toLowerCase()]);
    expect(outcome.changes).toHaveLength(Math.ceil(many.length / 2) + 2);
    expect(outcome.notFound).toBe(1);
    expect(outcome.unsupported).toBe(1);
    const fixedOpenAlex = outcome.updated.find((b) => b.paperId === openAlexArticle.id)!;
    expect(fixedOpenAlex).toMatchObject({ title: openAlexArticle.title, collections: ["Reading"], dateAdded: "2024-01-02T03:04:05.000Z" });
    expect(progress).toHaveBeenLastCalledWith(many.length + 3, many.length + 3);
    const summary = fixSummary(outcome);
    expect(summary.title).toBe(`Fixed paper data for ${Math.ceil(many.length / 2) + 2} bookmarks`);
    expect(summary.description).toBe(`Updated 1 title, ${Math.ceil(many.length / 2)} abstracts, 1 published date. 1 paper could not be found at its source. 1 bookmark has no arXiv id, OpenAlex id or DOI to look up.`);
  });

  it("says all is up to date when nothing changed, and fails whole when a request fails", async () => {
    expect(fixSummary(await fixPaperData([bookmark(arxivPreprint)], fetchersFrom([arxivPreprint])))).toEqual({ title: "All paper data is up to date" });
    const failing = { ...fetchersFrom([]), arxiv: async () => Promise.reject(new Error("ArXiv API error: 503")) };
    await expect(fixPaperData([bookmark(arxivPreprint)], failing)).rejects.toThrow("503");
  });
});
