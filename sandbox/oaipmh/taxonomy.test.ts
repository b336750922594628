import { describe, expect, it } from "vitest";
import { canonicalCategories, categorySetSpec, expandCategories, headerSetSpecs, inSet, listedSets, parseSetSpec, SetError } from "./taxonomy";

describe("arXiv's OAI sets", () => {
  it("name groups, archives and categories as arXiv's service does", () => {
    const specs = new Map(listedSets().map((set) => [set.spec, set.name]));
    expect(specs.get("physics")).toBe("Physics");
    expect(specs.get("math")).toBe("Mathematics");
    expect(specs.get("math:math")).toBe("Mathematics");
    expect(specs.get("physics:hep-ph")).toBe("High Energy Physics - Phenomenology");
    expect(specs.get("physics:physics:flu-dyn")).toBe("Fluid Dynamics");
    expect(specs.get("cs:cs:GT")).toBe("Computer Science and Game Theory");
    expect(specs.get("math:math:NA")).toBe("Numerical Analysis");
    expect(categorySetSpec("astro-ph")).toBe("physics:astro-ph");
    // Test and defunct sets are not listed.
    expect([...specs.keys()].some((spec) => spec.includes("test") || spec.includes("adap-org"))).toBe(false);
    // Groups first, then archives, then categories; hep-th is both an archive and a category.
    expect(listedSets().slice(0, 8).map((set) => set.spec)).toEqual(["physics", "math", "q-bio", "cs", "q-fin", "stat", "eess", "econ"]);
    expect(listedSets().filter((set) => set.spec === "physics:hep-th")).toHaveLength(2);
  });

  it("give a header the set of each category", () => {
    expect(headerSetSpecs(["hep-lat", "math.GN"])).toEqual(["physics:hep-lat", "math:math:GN"]);
  });

  it("add an alias's twin both ways, replace defunct archives, drop what arXiv does not know", () => {
    expect(expandCategories(["math-ph"])).toEqual(["math-ph", "math.MP"]);
    expect(expandCategories(["math.MP"])).toEqual(["math.MP", "math-ph"]);
    expect(expandCategories(["math.MP", "math-ph"])).toEqual(["math.MP", "math-ph"]);
    expect(expandCategories(["solv-int"])).toEqual(["nlin.SI"]);
    expect(expandCategories(["solv-int", "nlin.SI"])).toEqual(["nlin.SI"]);
    expect(expandCategories(["solv-int", "hep-lat", "math.MP", "math-ph"])).toEqual(["nlin.SI", "hep-lat", "math.MP", "math-ph"]);
    expect(expandCategories(["cs.CV", "68T45", "I.2.10"])).toEqual(["cs.CV"]);
    expect(canonicalCategories(["chao-dyn", "math-ph", "68T45"])).toEqual(["nlin.CD", "math-ph"]);
  });

  it("read a set argument as arXiv does", () => {
    expect(parseSetSpec("physics")).toEqual({ spec: "physics" });
    expect(parseSetSpec("physics:physics")).toEqual({ spec: "physics:physics" });
    expect(parseSetSpec("physics:physics:flu-dyn")).toEqual({ spec: "physics:physics:flu-dyn" });
    for (const bad of ["2020-5-6", "maths", "math:nonsense", "math:math:nonsense", "nonsense:math", "nonsense:math:NA", "math:nonsense:NA", "math:math:flu-dyn", "math:physics:flu-dyn", "math:nucl-th", "math:physics", "physics:adap-org", "test:test"]) {
      expect(() => parseSetSpec(bad), bad).toThrow(new SetError("Set does not exist"));
    }
    expect(() => parseSetSpec("math:math:math:NA")).toThrow(new SetError("Set has too many levels"));
  });

  it("hold a record in every set above its categories", () => {
    const specs = headerSetSpecs(["astro-ph.CO", "hep-th"]);
    for (const spec of ["physics", "physics:astro-ph", "physics:astro-ph:CO", "physics:hep-th"]) expect(inSet(specs, { spec }), spec).toBe(true);
    for (const spec of ["math", "physics:astro-ph:GA", "physics:hep-ph", "physics:astro"]) expect(inSet(specs, { spec }), spec).toBe(false);
  });
});
