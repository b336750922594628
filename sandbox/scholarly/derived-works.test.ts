import { describe, expect, it } from "vitest";
import { getCorpus } from "../corpus";
import { authorKey, deriveWorks, getDerivedWorks } from "./derived-works";
import { journalFacts } from "./publication";
import { PUBLISHED_ELSEWHERE } from "./published-elsewhere";

describe("derived works", () => {
  const { papers, byId } = getCorpus();
  const derived = getDerivedWorks();

  it("gives every paper a unique W7 id and every author a unique A7 id", () => {
    const workIds = new Set(derived.workIdNumbers);
    expect(workIds.size).toBe(papers.length);
    for (const number of derived.workIdNumbers) expect(String(number)).toMatch(/^7\d{9}$/);
    expect(new Set(derived.authorIdNumbers).size).toBe(derived.authorFirstWork.length);
    expect(derived.authorFirstWork.length).toBeGreaterThan(40_000);
  });

  it("treats spellings that differ only in accents, case and punctuation as one author", () => {
    expect(authorKey("C. Balázs")).toBe(authorKey("c balazs"));
    expect(authorKey("Jean-Pierre Dupont")).toBe("jean pierre dupont");
  });

  it("is deterministic: deriving again gives the same ids and journal facts", () => {
    const again = deriveWorks(papers);
    expect([...again.workIdNumbers]).toEqual([...derived.workIdNumbers]);
    expect([...again.authorIdNumbers]).toEqual([...derived.authorIdNumbers]);
    expect(again.journals).toEqual(derived.journals);
  });

  it("dates journal publication within a year before to four after the arXiv posting, print after online", () => {
    let checked = 0;
    for (const [position, facts] of Object.entries(derived.journals)) {
      const paper = papers[Number(position)]!;
      const posted = new Date(paper.published).getUTCFullYear();
      expect(facts.online[0]).toBeGreaterThanOrEqual(posted - 1);
      expect(facts.online[0]).toBeLessThanOrEqual(posted + 4);
      if (facts.print) expect(Date.UTC(facts.print[0], (facts.print[1] ?? 1) - 1, facts.print[2] ?? 1)).toBeGreaterThanOrEqual(Date.UTC(facts.online[0], facts.online[1] - 1, 1));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(1000);
    const prd = journalFacts(byId.get("0704.0001")!)!;
    expect(prd).toMatchObject({ doi: "10.1103/physrevd.76.013009", journal: "Physical Review D", volume: "76", page: "013009", publisher: "American Physical Society (APS)" });
    expect(prd.online[0]).toBe(2007);
  });

  it("gives the papers published elsewhere their journal version, which arXiv's record does not name", () => {
    for (const [id, journal] of Object.entries(PUBLISHED_ELSEWHERE)) {
      const position = papers.findIndex((paper) => paper.id === id);
      expect(papers[position]).toMatchObject({ doi: null, journalRef: null });
      expect(derived.journals[position]).toMatchObject({ doi: journal.doi });
    }
    expect(derived.journals[papers.findIndex((paper) => paper.id === "2501.05022")]).toMatchObject({ journal: "International Journal of Industrial Organization", volume: "101", publisher: "Elsevier BV" });
  });
});
