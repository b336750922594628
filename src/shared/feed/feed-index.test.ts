import { describe, expect, it } from "vitest";
import { mixedPapers } from "@/test/feed-papers";
import { FeedIndex, type FeedPaper } from "./feed-index";
import { authorTerm, categoryTerm, foldPlural, paperTerms } from "./feed-text";

const paper = (id: string, overrides: Partial<FeedPaper> = {}): FeedPaper => ({
  id,
  title: "Graph networks",
  abstract: "We study graph networks.",
  authors: ["Ada Lovelace"],
  categories: ["cs.LG"],
  ...overrides,
});

describe("paper terms", () => {
  it("keeps words, word pairs, whole author names and categories apart, without stop words", () => {
    const { terms, counts } = paperTerms(paper("a", { title: "Graph Networks for Proteins", abstract: "We propose graph networks.", authors: ["Zoë O'Neil", "Yang Liu"] }));
    const count = (term: string) => counts[terms.indexOf(term)];
    expect(terms).toEqual(expect.arrayContaining(["graph", "network", "protein", "graph network", "@zoe o neil", "@yang liu", "#cs.LG"]));
    expect(terms).not.toContain("we");
    expect(terms).not.toContain("for");
    expect(terms).not.toContain("yang");
    // The title counts twice: "graph" twice from the title, once from the abstract.
    expect(count("graph")).toBe(3);
    expect(count("protein")).toBe(2);
  });

  it("folds plurals onto their singular and leaves other endings alone", () => {
    expect(["models", "studies", "class", "corpus", "analysis", "bus"].map(foldPlural)).toEqual(["model", "study", "class", "corpus", "analysis", "bus"]);
    expect(authorTerm("  José  García-Márquez ")).toBe("@jose garcia marquez");
    expect(categoryTerm("cs.CL")).toBe("#cs.CL");
  });
});

describe("FeedIndex", () => {
  it("weighs each block to its length: words 1, names 1, categories 0.5", () => {
    const papers = [paper("a", { authors: ["Ada Lovelace", "Alan Turing"] }), paper("b", { title: "Networks", abstract: "Graph.", authors: ["Ada Lovelace"] }), paper("c", { title: "Graph", abstract: "" })];
    const index = new FeedIndex(papers);
    for (let position = 0; position < papers.length; position += 1) {
      const { terms, values } = index.vector(position);
      const termOf = new Map(paperTerms(papers[position]!).terms.map((term) => [index.termId(term), term]));
      const norms = { words: 0, names: 0, categories: 0 };
      for (let k = 0; k < terms.length; k += 1) {
        const term = termOf.get(terms[k]!)!;
        const block = term.startsWith("@") ? "names" : term.startsWith("#") ? "categories" : "words";
        norms[block] += values[k]! ** 2;
      }
      expect(Math.sqrt(norms.words)).toBeCloseTo(1, 5);
      expect(Math.sqrt(norms.names)).toBeCloseTo(1, 5);
      expect(Math.sqrt(norms.categories)).toBeCloseTo(0.5, 5);
    }
    expect(index.maxSimilarity).toBeCloseTo(2.25);
  });

  it("drops words only one paper holds but keeps every name, and gives rarer terms a higher idf", () => {
    const index = new FeedIndex([
      paper("a", { title: "Graph graph", abstract: "uniqueword", authors: ["Solo Author"] }),
      paper("b", { title: "Graph networks", abstract: "networks", authors: ["Other Person"] }),
      paper("c", { title: "Graph", abstract: "networks", authors: ["Other Person"] }),
    ]);
    expect(index.termId("uniqueword")).toBeUndefined();
    expect(index.termId(authorTerm("Solo Author"))).toBeDefined();
    const graph = index.termId("graph")!;
    const network = index.termId("network")!;
    expect(index.idf[graph]!).toBeLessThan(index.idf[network]!);
    // The most frequent terms get the smallest ids.
    expect(graph).toBeLessThan(network);
  });

  it("vectorises a paper outside the set in the set's vocabulary, as it would inside", () => {
    const papers = mixedPapers({ quantum: 20, proteins: 20 });
    const index = new FeedIndex(papers);
    const copy = { ...papers[3]! };
    const outside = index.vectorOf({ ...copy, id: "elsewhere" });
    const inside = index.vector(3);
    const asMap = (vector: { terms: Uint32Array; values: Float32Array }) => new Map(Array.from(vector.terms, (term, k) => [term, vector.values[k]!]));
    const a = asMap(outside);
    const b = asMap(inside);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [term, value] of a) expect(value).toBeCloseTo(b.get(term)!, 5);
    expect(index.vectorOf({ ...copy, id: "x", title: "zzz unknown", abstract: "", authors: [], categories: [] }).terms).toHaveLength(0);
  });

  it("finds papers by id and scores the profile over the same papers", () => {
    const papers = mixedPapers({ quantum: 3, vision: 3 });
    const index = new FeedIndex(papers);
    expect(index.positionOf(papers[4]!.id)).toBe(4);
    expect(index.positionOf("nope")).toBeUndefined();
    expect(index.scoring.papers).toBe(papers);
    expect(new FeedIndex(papers, { scoring: index.scoring }).scoring).toBe(index.scoring);
    expect(() => new FeedIndex([...papers], { scoring: index.scoring })).toThrow(/same papers/);
  });
});
