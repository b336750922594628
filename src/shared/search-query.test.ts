import { describe, expect, it } from "vitest";
import { buildArxivQuery, hasStructuredPrefix, isFieldQuery, validateArxivQuery, validateOpenAlexFilter } from "./search-query";

describe("buildArxivQuery", () => {
  it("sends a query with a colon as it is", () => {
    expect(buildArxivQuery({ q: 'au:"Del Maestro" AND ti:checkerboard' })).toBe('au:"Del Maestro" AND ti:checkerboard');
  });

  it("quotes a plain query and searches title, abstract and author", () => {
    expect(buildArxivQuery({ q: "graph neural networks" })).toBe(
      '(ti:"graph neural networks" OR abs:"graph neural networks" OR au:"graph neural networks")',
    );
  });

  it("builds an advanced query from title, trimmed non-empty authors and dates", () => {
    expect(
      buildArxivQuery({ title: " diffusion ", authors: [" Ho ", "", "  ", "Salimans"], authorJoin: "OR", dateFrom: "2022-01-01", dateTo: "2023" }),
    ).toBe('ti:"diffusion" AND (au:"Ho" OR au:"Salimans") AND submittedDate:[202201010000 TO 202312312359]');
  });

  it("opens a date range on one side", () => {
    expect(buildArxivQuery({ authors: ["Hinton"], dateFrom: "2024" })).toBe('au:"Hinton" AND submittedDate:[202401010000 TO 299912312359]');
  });

  it("builds nothing from nothing", () => {
    expect(buildArxivQuery({ q: "   ", authors: [""] })).toBe("");
  });
});

describe("validateArxivQuery", () => {
  it("accepts well-formed queries", () => {
    expect(validateArxivQuery('(ti:"large language" OR abs:llm) ANDNOT cat:cs.CV')).toEqual([]);
    expect(validateArxivQuery("submittedDate:[202401010000 TO 202412312359]")).toEqual([]);
    expect(validateArxivQuery('ti:"a (b"')).toEqual([]);
  });

  it.each([
    ["(ti:graph", "unbalanced_parentheses"],
    ["ti:graph)", "unbalanced_parentheses"],
    ['ti:"graph', "unbalanced_quotes"],
    ["title:graph", "unknown_prefix"],
    ["   ", "empty"],
    ["a".repeat(10_000), "too_long"],
  ])("refuses %j with %s", (query, code) => {
    expect(validateArxivQuery(query).map((problem) => problem.code)).toContain(code);
  });

  it("names the unknown prefix and lists the known ones", () => {
    const [problem] = validateArxivQuery("author:smith");
    expect(problem?.message).toContain('"author:"');
    expect(problem?.message).toContain("au:");
  });
});

describe("query classification", () => {
  it("recognises field queries and structured prefixes", () => {
    expect(isFieldQuery("cat:cs.AI")).toBe(true);
    expect(isFieldQuery("transformers")).toBe(false);
    expect(isFieldQuery("BERT: pre-training of deep bidirectional transformers")).toBe(false);
    expect(isFieldQuery('"a:b" c')).toBe(false);
    expect(isFieldQuery("author:smith")).toBe(true);
    // A prefix with a quoted value, as an author click makes it.
    expect(isFieldQuery('au:"Ada Lovelace"')).toBe(true);
    expect(isFieldQuery('ti:"BERT: pre-training" AND cat:cs.CL')).toBe(true);
    expect(buildArxivQuery({ q: 'au:"Ada Lovelace"' })).toBe('au:"Ada Lovelace"');
    expect(validateArxivQuery('foo:"bar baz"').map((problem) => problem.code)).toEqual(["unknown_prefix"]);
    expect(hasStructuredPrefix("au:hinton")).toBe(true);
    expect(hasStructuredPrefix("papers by hinton")).toBe(false);
  });
});

describe("validateOpenAlexFilter", () => {
  it("accepts known fields and refuses unknown ones and bad parentheses", () => {
    expect(validateOpenAlexFilter("title.search:graph,publication_year:2020-2024")).toEqual([]);
    expect(validateOpenAlexFilter("titel.search:graph").map((p) => p.code)).toEqual(["unknown_filter_field"]);
    expect(validateOpenAlexFilter("title.search:(graph").map((p) => p.code)).toContain("unbalanced_parentheses");
  });
});
