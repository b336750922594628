import { describe, expect, it } from "vitest";
import { validateArxivQuery, validateOpenAlexFilter } from "@/shared/search-query";
import { emptyParse, type ParsedQuery } from "./parsed-query";
import { formatForArxiv, formatForOpenAlex } from "./query-format";
import { QUERY_TEST_CASES } from "./query-test-cases";
import { parseQueryWithRules } from "./rule-based-parser";

const example: ParsedQuery = {
  ...emptyParse("x"),
  authors: ["Geoffrey Hinton"],
  topics: ["capsule networks"],
  institutions: ["University of Toronto"],
  venues: ["NeurIPS"],
  arxivCategories: ["cs.LG", "cs.CV"],
  yearRange: { start: 2019 },
  minCitations: 100,
  openAccess: true,
  fieldSearches: { title: "routing" },
};

describe("formatForArxiv", () => {
  it("writes every part arXiv can search and lists the rest", () => {
    const formatted = formatForArxiv(example);
    expect(formatted.queryString).toBe(
      'au:"Geoffrey Hinton" AND (ti:"capsule networks" OR abs:"capsule networks") AND ti:"routing" AND (cat:cs.LG OR cat:cs.CV) AND (jr:"NeurIPS" OR co:"NeurIPS") AND submittedDate:[201901010000 TO 299912312359]',
    );
    expect(formatted.parameters).toEqual({ search_query: formatted.queryString });
    expect(formatted.omitted).toHaveLength(2);
  });

  it("writes 'before 2015' as an open start", () => {
    expect(formatForArxiv({ ...emptyParse("x"), topics: ["a"], yearRange: { start: 1900, end: 2014 } }).queryString).toContain("submittedDate:[190001010000 TO 201412312359]");
  });

  it("always writes a query arXiv accepts, whatever the parse holds", () => {
    for (const testCase of QUERY_TEST_CASES) {
      const { queryString } = formatForArxiv(parseQueryWithRules(testCase.query));
      if (queryString) expect(validateArxivQuery(queryString), testCase.query).toEqual([]);
    }
    const hostile = { ...emptyParse("x"), authors: ['A "B) OR (C'], topics: ['x") OR all:("y'] };
    expect(validateArxivQuery(formatForArxiv(hostile).queryString)).toEqual([]);
  });
});

describe("formatForOpenAlex", () => {
  it("filters by what OpenAlex supports: authors, affiliations, years, citations, open access, concepts", () => {
    const formatted = formatForOpenAlex(example);
    expect(formatted.parameters.search).toBe("capsule networks");
    expect(formatted.filterString).toBe(
      "raw_author_name.search:Geoffrey Hinton,title.search:routing,raw_affiliation_strings.search:University of Toronto,publication_year:>2018,cited_by_count:>99,is_oa:true,concepts.id:C119857082|C31972630",
    );
    expect(formatted.useSearch).toBe(true);
    expect(formatted.omitted).toEqual(["OpenAlex names venues by id, not by name: NeurIPS"]);
  });

  it("uses filters alone when there is no topic", () => {
    const formatted = formatForOpenAlex({ ...emptyParse("x"), authors: ["Ada"], yearRange: { start: 2019, end: 2021 } });
    expect(formatted).toMatchObject({ useSearch: false, queryString: "", filterString: "raw_author_name.search:Ada,publication_year:2019-2021" });
  });

  it("always writes filters with known fields and no stray separators", () => {
    for (const testCase of QUERY_TEST_CASES) {
      const { filterString } = formatForOpenAlex(parseQueryWithRules(testCase.query));
      if (filterString) expect(validateOpenAlexFilter(filterString), testCase.query).toEqual([]);
    }
    expect(formatForOpenAlex({ ...emptyParse("x"), authors: ["a,b:c|d"] }).filterString).toBe("raw_author_name.search:a b c d");
  });
});
