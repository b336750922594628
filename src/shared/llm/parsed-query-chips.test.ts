import { describe, expect, it } from "vitest";
import { emptyParse, type ParsedQuery } from "./parsed-query";
import { chipNotAppliedReason, parsedQueryChips, queryFromParsed, withoutChip } from "./parsed-query-chips";
import { parseQueryWithRules } from "./rule-based-parser";

const parsed: ParsedQuery = {
  ...emptyParse("papers by Hinton on capsule networks since 2019 with at least 100 citations, open access"),
  authors: ["Hinton", "Sara Sabour"],
  topics: ["capsule networks"],
  institutions: ["University of Toronto"],
  venues: ["NeurIPS"],
  arxivCategories: ["cs.LG"],
  yearRange: { start: 2019 },
  minCitations: 100,
  openAccess: true,
};

describe("semantic chips", () => {
  it("lists authors, topics, institutions, venues, then the filters", () => {
    expect(parsedQueryChips(parsed).map((chip) => chip.label)).toEqual([
      "Hinton",
      "Sara Sabour",
      "capsule networks",
      "University of Toronto",
      "NeurIPS",
      "cs.LG · Machine Learning",
      "since 2019",
      "≥ 100 citations",
      "open access",
    ]);
  });

  it("says which chips each source leaves out of its search", () => {
    const chips = parsedQueryChips({ ...parsed, arxivCategories: ["cs.LG", "math.AG"] });
    const notApplied = (source: "arxiv" | "openalex" | "crossref") =>
      chips.filter((chip) => chipNotAppliedReason(chip, source)).map((chip) => `${chip.value}: ${chipNotAppliedReason(chip, source)}`);
    expect(notApplied("arxiv")).toEqual([
      "University of Toronto: arXiv cannot search affiliations",
      "citations: arXiv has no citation counts",
      "openAccess: every arXiv paper is open access",
    ]);
    expect(notApplied("openalex")).toEqual(["NeurIPS: OpenAlex names venues by id, not by name", "math.AG: OpenAlex has no concept for this category"]);
    expect(notApplied("crossref")).toEqual([
      "University of Toronto: Crossref cannot search affiliations",
      "cs.LG: Crossref has no arXiv categories",
      "math.AG: Crossref has no arXiv categories",
      "citations: Crossref has no citation counts",
      "openAccess: Crossref cannot filter by open access",
    ]);
  });

  it("removing a chip drops that part and rebuilds the query text from the rest", () => {
    const next = withoutChip(parsed, { kind: "author", value: "Hinton" });
    expect(next.authors).toEqual(["Sara Sabour"]);
    expect(next.originalQuery).toBe(
      "capsule networks by Sara Sabour affiliated with University of Toronto published in NeurIPS cs.LG since 2019 with at least 100 citations open access",
    );
    expect(withoutChip(parsed, { kind: "citations", value: "citations" }).minCitations).toBeUndefined();
    expect(withoutChip(parsed, { kind: "openAccess", value: "openAccess" }).originalQuery).not.toContain("open access");
  });

  it("writes text the rule-based parser reads back to the same parts", () => {
    const reparsed = parseQueryWithRules(queryFromParsed(parsed));
    expect(reparsed).toMatchObject({
      authors: parsed.authors,
      topics: parsed.topics,
      institutions: parsed.institutions,
      venues: parsed.venues,
      arxivCategories: parsed.arxivCategories,
      yearRange: parsed.yearRange,
      minCitations: 100,
      openAccess: true,
    });
    for (const range of [{ start: 2020, end: 2020 }, { start: 1900, end: 2014 }, { start: 2015, end: 2018 }]) {
      expect(parseQueryWithRules(queryFromParsed({ ...emptyParse(""), topics: ["x ray"], yearRange: range })).yearRange).toEqual(range);
    }
    const fields = { ...emptyParse(""), fieldSearches: { title: "attention", abstract: "linear time" } };
    expect(parseQueryWithRules(queryFromParsed(fields)).fieldSearches).toEqual(fields.fieldSearches);
  });
});
