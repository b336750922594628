import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getCorpus, loadCorpus, repairMojibake, type Paper } from "./corpus";

const corpus = getCorpus();
const paper = (id: string): Paper => {
  const found = corpus.byId.get(id);
  if (!found) throw new Error(`${id} is not in the corpus`);
  return found;
};
/** Ids of the papers for which `bad` holds (one assertion instead of 12k). */
const offenders = (bad: (p: Paper) => boolean) => corpus.papers.filter(bad).map((p) => p.id);
const count = (source: Paper["source"]) => corpus.papers.filter((p) => p.source === source).length;

describe("corpus contents", () => {
  it("holds every distinct paper of every source once", () => {
    // 1,130 .abs papers; 509 OAI-PMH papers of which 8 are also .abs; 10,710 listing papers;
    // 105 papers of the recorded API answers; the 2 papers with real PDFs.
    expect(count("abs")).toBe(1130);
    expect(count("oaipmh")).toBe(501);
    expect(count("daily-listing")).toBe(10710);
    expect(count("api-recording")).toBe(105);
    expect(count("pdf")).toBe(2);
    expect(corpus.papers).toHaveLength(12448);
    expect(new Set(corpus.papers.map((p) => p.id)).size).toBe(corpus.papers.length);
  });

  it("keys papers by id without version, new and old style", () => {
    expect(offenders((p) => !/^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})$/.test(p.id))).toEqual([]);
    expect(paper("hep-th/9901002").source).toBe("oaipmh");
    expect(paper("acc-phys/9411001").title).toBe("Symplectic Computation of Lyapunov Exponents");
  });

  it("reads the paper duplicated in the .abs files once", () => {
    expect(corpus.papers.filter((p) => p.id === "cs/0006008")).toHaveLength(1);
  });

  it("merges a paper known to both arXiv-internal sources, the .abs record winning", () => {
    const merged = paper("0704.0248");
    expect(merged.source).toBe("abs");
    expect(merged.versions.map((v) => v.version)).toEqual([1, 2, 3, 4]);
    expect(merged.versions[3]!.created).toBe("2008-02-04T17:39:52Z");
  });

  it("collapses hard wrapping in titles, abstracts, authors and comments", () => {
    const wrapped = (text: string | null) => text !== null && /\s\s|[\n\r\t]|^\s|\s$/.test(text);
    expect(offenders((p) => [p.title, p.abstract, ...p.authors, p.comment, p.journalRef].some(wrapped))).toEqual([]);
  });

  it("fills the fields the API needs", () => {
    expect(
      offenders((p) => !p.title || !p.abstract || p.authors.length === 0 || p.affiliations.length !== p.authors.length || p.categories[0] !== p.primaryCategory),
    ).toEqual([]);
  });

  it("splits author strings into names and turns TeX accents into letters", () => {
    expect(paper("0704.0001").authors).toEqual(["C. Balázs", "E. L. Berger", "P. M. Nadolsky", "C.-P. Yuan"]);
    expect(paper("0704.0046").authors).toEqual(["I. Csiszar", "F. Hiai", "D. Petz"]);
    expect(corpus.papers.some((p) => p.authors.some((a) => /[\\{}]| and /.test(a)))).toBe(false);
  });

  it("keeps affiliations apart from names", () => {
    const p = paper("astro-ph/0601001");
    expect(p.authors).toEqual(["Andrew Gould", "Susan Dorsher", "B. Scott Gaudi", "Andrzej Udalski"]);
    expect(p.affiliations).toEqual([["Ohio State"], ["Ohio State"], ["CfA"], ["Warsaw University Observatory"]]);
  });

  it("repairs the recordings' Latin-1 reading of UTF-8", () => {
    expect(paper("1707.08567").authors).toContain("Dirk Wübben");
    expect(repairMojibake("Aurora RamÃ­rez")).toBe("Aurora Ramírez");
    expect(repairMojibake("Dirk Wübben")).toBe("Dirk Wübben");
  });

  it("has the two papers whose real PDFs are in data/pdf", () => {
    expect(paper("1911.02782").title).toBe("S2ORC: The Semantic Scholar Open Research Corpus");
    expect(paper("1911.02782").authors[0]).toBe("Kyle Lo");
    expect(paper("2301.13298").title).toBe("LongEval: Guidelines for Human Evaluation of Faithfulness in Long-form Summarization");
    expect(paper("2301.13298").authors).toHaveLength(7);
  });
});

describe("dates", () => {
  it("dates each paper by its first and latest version", () => {
    expect(
      offenders(
        (p) =>
          !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(p.published) ||
          p.published !== p.versions[0]!.created ||
          p.updated !== p.versions.at(-1)!.created ||
          p.version !== p.versions.at(-1)!.version ||
          p.published > p.updated,
      ),
    ).toEqual([]);
  });

  it("reads .abs dates (RFC 2822) and OAI-PMH dates (UTC without zone)", () => {
    expect(paper("acc-phys/9411001").published).toBe("1994-11-01T18:57:48Z");
    expect(paper("0704.0046").published).toBe("2007-04-01T16:37:36Z");
  });

  it("dates every listing paper in the month its id names", () => {
    const yymm = (p: Paper) => p.published.slice(2, 4) + p.published.slice(5, 7);
    expect(offenders((p) => p.source === "daily-listing" && yymm(p) !== p.id.slice(0, 4))).toEqual([]);
  });

  it("dates a listing paper before the day its listing was read", () => {
    // 2503.11731 was in the listing read on 2025-03-18 (a Tuesday): Friday 18:00Z to Monday 18:00Z.
    const published = paper("2503.11731").published;
    expect(published >= "2025-03-14T18:00:00Z" && published < "2025-03-17T18:00:00Z").toBe(true);
  });

  it("estimates most listing papers from the listing window, the rest from the id", () => {
    const listed = corpus.papers.filter((p) => p.source === "daily-listing");
    const byId = listed.filter((p) => p.dateBasis === "id").length;
    expect(byId).toBeGreaterThan(0);
    expect(byId / listed.length).toBeLessThan(0.05);
  });
});

describe("loading", () => {
  it("serves from the cache exactly what the source files give", { timeout: 30_000 }, () => {
    const digest = (papers: Paper[]) => createHash("sha1").update(JSON.stringify(papers)).digest("hex");
    const fresh = loadCorpus();
    expect(fresh.map((p) => p.id)).toEqual(corpus.papers.map((p) => p.id));
    expect(digest(fresh)).toBe(digest(corpus.papers));
  });
});
