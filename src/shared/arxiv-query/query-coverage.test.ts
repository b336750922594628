import { describe, expect, it } from "vitest";
import { categorySet, groupSetsFor, isArxivSetSpec, setHoldsCategory } from "./arxiv-sets";
import { queryKeepsToSets } from "./query-coverage";
import { parseQuery } from "./query-parser";

const keeps = (query: string, sets: string[]) => queryKeepsToSets(parseQuery(query).ast, sets);

describe("arXiv's sets", () => {
  it("name a category's set as arXiv's OAI-PMH does", () => {
    expect(categorySet("cs.AI")).toBe("cs:cs:AI");
    expect(categorySet("hep-th")).toBe("physics:hep-th");
    expect(categorySet("astro-ph.CO")).toBe("physics:astro-ph:CO");
    expect(categorySet("math-ph")).toBe("physics:math-ph");
    expect(categorySet("stat.ML")).toBe("stat:stat:ML");
    expect(categorySet("alg-geom")).toBe("math:alg-geom");
    expect(categorySet("not-a-category")).toBeNull();
  });

  it("hold the categories under them", () => {
    expect(setHoldsCategory("cs", "cs.AI")).toBe(true);
    expect(setHoldsCategory("physics", "hep-th")).toBe(true);
    expect(setHoldsCategory("physics:hep-th", "hep-th")).toBe(true);
    expect(setHoldsCategory("physics:hep-th", "hep-ph")).toBe(false);
    expect(setHoldsCategory("cs:cs:AI", "cs.AI")).toBe(true);
    expect(setHoldsCategory("cs:cs:AI", "cs.LG")).toBe(false);
    expect(setHoldsCategory("math", "math-ph")).toBe(false);
  });

  it("know a set spec when they see one", () => {
    for (const spec of ["cs", "physics:hep-th", "cs:cs:AI", "q-bio"]) expect(isArxivSetSpec(spec)).toBe(true);
    for (const spec of ["", "cs.AI", "biology", "cs:", "all"]) expect(isArxivSetSpec(spec)).toBe(false);
  });

  it("gather categories into the group sets that hold them", () => {
    expect(groupSetsFor(["cs.LG", "cs.AI", "hep-th", "stat.ML"])).toEqual(["cs", "physics", "stat"]);
  });
});

describe("whether a query keeps to harvested sets", () => {
  it("is so when the query is held to their categories", () => {
    expect(keeps("cat:cs.LG", ["cs"])).toBe(true);
    expect(keeps("cat:cs.lg AND ti:transformer", ["cs"])).toBe(true);
    expect(keeps("ti:transformer AND cat:hep-th", ["physics:hep-th"])).toBe(true);
    expect(keeps("cat:cs.LG OR cat:stat.ML", ["cs", "stat"])).toBe(true);
    expect(keeps("cat:cs.* ANDNOT ti:survey", ["cs"])).toBe(true);
    expect(keeps("(cat:cs.LG OR cat:cs.AI) AND submittedDate:[20240101 TO 20241231]", ["cs:cs:LG", "cs:cs:AI"])).toBe(true);
  });

  it("is not so when it can reach a paper of any category", () => {
    expect(keeps("ti:transformer", ["cs"])).toBe(false);
    expect(keeps("cat:cs.LG OR ti:transformer", ["cs"])).toBe(false);
    expect(keeps("cat:cs.LG OR cat:stat.ML", ["cs"])).toBe(false);
    expect(keeps("ANDNOT cat:cs.LG", ["cs"])).toBe(false);
    expect(keeps("ti:x ANDNOT cat:cs.LG", ["cs"])).toBe(false);
    expect(keeps("cat:cs.*", ["cs:cs:LG"])).toBe(false);
    expect(keeps("all:cs.LG", ["cs"])).toBe(false);
  });
});
