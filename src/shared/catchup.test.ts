import { describe, expect, it } from "vitest";
import {
  clampThreshold,
  createScorer,
  describeExplanation,
  feedCategories,
  formatThreshold,
  recommend,
  scorePapers,
  ScoringIndex,
  settleAuthorIdentities,
  type CatchupProfile,
  type ScorablePaper,
} from "./catchup";

const paper = (overrides: Partial<ScorablePaper> = {}): ScorablePaper => ({
  title: "A study of things",
  abstract: "Nothing in particular.",
  authors: ["Jane Roe"],
  categories: ["math.CO"],
  ...overrides,
});
const profile = (overrides: Partial<CatchupProfile> = {}): CatchupProfile => ({
  authors: [],
  categories: [],
  keywords: [],
  excludeTerms: [],
  ...overrides,
});

describe("catch-up scoring", () => {
  it("adds 0.3 for a category match, 0.3 for an author match, 0.2 per keyword", () => {
    const score = createScorer(profile({ categories: ["cs.AI"], authors: ["Ada Lovelace"], keywords: ["graph", "neural network"] }));
    const result = score(
      paper({
        title: "Graph neural networks",
        abstract: "We train a neural network on graphs.",
        authors: ["Alan Turing", "Ada  Lovelace"],
        categories: ["cs.LG", "cs.AI"],
      }),
    );
    expect(result).toMatchObject({ category: "cs.AI", author: "Ada Lovelace", keywords: ["graph", "neural network"] });
    expect(result.raw).toBe(1);
    expect(result.score).toBe(1);
  });

  it("subtracts 0.4 per exclude term and clamps to 0..1", () => {
    const score = createScorer(profile({ categories: ["cs.AI"], keywords: ["llm"], excludeTerms: ["survey", "benchmark"] }));
    const result = score(paper({ title: "LLM survey", abstract: "A benchmark.", categories: ["cs.AI"] }));
    expect(result.raw).toBe(-0.3);
    expect(result.score).toBe(0);
    expect(result.excludeTerms).toEqual(["survey", "benchmark"]);
    const many = createScorer(profile({ categories: ["cs.AI"], authors: ["Jane Roe"], keywords: ["a1", "b2", "c3", "d4"] }));
    expect(many(paper({ title: "a1 b2 c3 d4", categories: ["cs.AI"] })).score).toBe(1);
  });

  it("counts each term once, matches whole words and plurals, ignores case and accents", () => {
    const score = createScorer(profile({ keywords: ["transformer", "art", "Schrödinger"] }));
    const result = score(paper({ title: "Transformers, transformers everywhere", abstract: "Part one on the schrodinger equation" }));
    expect(result.keywords).toEqual(["transformer", "Schrödinger"]);
    expect(result.raw).toBe(0.4);
  });

  it("drops papers at 0 or below and keeps the order", () => {
    const papers = [
      paper({ title: "one", categories: ["cs.AI"] }),
      paper({ title: "two", categories: ["cs.CL"] }),
      paper({ title: "three survey", categories: ["cs.AI"] }),
    ];
    const scored = scorePapers(papers, profile({ categories: ["cs.AI"], excludeTerms: ["survey"] }));
    expect(scored.map((entry) => entry.paper.title)).toEqual(["one"]);
  });

  it("recommends at or above the threshold, best first", () => {
    const papers = [
      paper({ title: "plain", categories: ["cs.AI"] }),
      paper({ title: "llm agents", categories: ["cs.AI"] }),
      paper({ title: "llm", categories: ["cs.AI"] }),
    ];
    const scored = scorePapers(papers, profile({ categories: ["cs.AI"], keywords: ["llm", "agents"] }));
    expect(recommend(scored, 0.3).map((entry) => entry.paper.title)).toEqual(["llm agents", "llm", "plain"]);
    expect(recommend(scored, 0.5).map((entry) => entry.paper.title)).toEqual(["llm agents", "llm"]);
    expect(recommend(scored, 0.8).map((entry) => entry.paper.title)).toEqual([]);
    expect(recommend(scored, 0.7).map((entry) => entry.paper.title)).toEqual(["llm agents"]);
  });

  it("uses cs.AI when the profile has no category", () => {
    expect(feedCategories(profile())).toEqual(["cs.AI"]);
    expect(feedCategories(profile({ categories: ["cs.CL", "cs.CL", " "] }))).toEqual(["cs.CL"]);
  });

  it("keeps the slider on 0..0.8 in steps of 0.01 and shows a percent with one decimal", () => {
    expect(clampThreshold(0.3)).toBeCloseTo(0.3);
    expect(clampThreshold(2)).toBeCloseTo(0.8);
    expect(clampThreshold(-1)).toBe(0);
    expect(clampThreshold("0.456")).toBeCloseTo(0.46);
    expect(clampThreshold("x")).toBe(0.3);
    expect(formatThreshold(0.3)).toBe("30.0%");
    expect(formatThreshold(0.05)).toBe("5.0%");
  });

  it("explains a score in words", () => {
    const explanation = createScorer(profile({ categories: ["cs.AI"], keywords: ["llm"], excludeTerms: ["survey"] }))(
      paper({ title: "llm survey", categories: ["cs.AI"] }),
    );
    expect(describeExplanation(explanation)).toEqual(['category cs.AI +0.3', 'keyword "llm" +0.2', 'excluded "survey" -0.4']);
  });

  it("treats terms with regular-expression characters as text", () => {
    const score = createScorer(profile({ keywords: ["c++ (x)", "<script>"] }));
    expect(() => score(paper({ title: "c (x) <script>" }))).not.toThrow();
  });

  it("the shared index scores as the one-paper scorer does, and only the candidates asked for", () => {
    const papers = [
      paper({ title: "Large language models as agents", abstract: "An LLM survey.", authors: ["Ada Lovelace"], categories: ["cs.AI"] }),
      paper({ title: "Language of models", abstract: "Large graphs.", categories: ["cs.CL"] }),
      paper({ title: "Graph kernels", abstract: "Kernel methods for graphs", authors: ["Alan Turing"], categories: ["cs.LG"] }),
    ];
    const wanted = profile({ categories: ["cs.AI", "cs.LG"], authors: ["alan turing"], keywords: ["large language model", "graph", "agent"], excludeTerms: ["survey"] });
    const index = new ScoringIndex(papers);
    const single = createScorer(wanted);
    const expected = papers.map((entry) => single(entry)).filter((explanation) => explanation.score > 0);
    expect(index.score(wanted).map((entry) => entry.explanation)).toEqual(expected);
    expect(index.score(wanted)[0]!.explanation).toMatchObject({ keywords: ["large language model", "agent"], excludeTerms: ["survey"], raw: 0.3 });
    expect(index.score(wanted, [2]).map((entry) => entry.paper.title)).toEqual(["Graph kernels"]);
  });
});

describe("authors by identity", () => {
  const mine = paper({ title: "Mine", authors: ["Yang Liu"], categories: ["cs.CL"] });
  const namesake = paper({ title: "Namesake's", authors: ["Yang Liu", "Jo Doe"], categories: ["math.CO"] });
  const unknown = paper({ title: "Not in OpenAlex yet", authors: ["yang liu"], categories: ["cs.CL"] });
  const records = new Map<ScorablePaper, ReadonlySet<string>>([
    [mine, new Set(["A1", "A9"])],
    [namesake, new Set(["A2"])],
  ]);

  it("matches by identity, drops a namesake's paper, and falls back to the name with a note", () => {
    const scored = new ScoringIndex([mine, namesake, unknown]).score(profile({ authors: [{ name: "Yang Liu", openalexId: "A1" }], categories: ["cs.CL"] }));
    expect(scored.map((entry) => entry.explanation.authorId)).toEqual(["A1", "A1", "A1"]);
    const settled = settleAuthorIdentities(scored, (entry) => records.get(entry));
    expect(settled.map((entry) => [entry.paper.title, entry.explanation.author, entry.explanation.authorBy, entry.explanation.score])).toEqual([
      ["Mine", "Yang Liu", "identity", 0.6],
      ["Not in OpenAlex yet", "Yang Liu", "name", 0.6],
    ]);
    for (const entry of settled) expect(entry.explanation).not.toHaveProperty("authorId");
    expect(describeExplanation(settled[1]!.explanation)).toContain("author Yang Liu +0.3 (matched by name)");
  });

  it("keeps a namesake's paper without the author reason when something else scores", () => {
    const scored = new ScoringIndex([namesake]).score(profile({ authors: [{ name: "Yang Liu", openalexId: "A1" }], categories: ["math.CO"] }));
    const [entry] = settleAuthorIdentities(scored, (entry) => records.get(entry));
    expect(entry!.explanation).toMatchObject({ author: null, score: 0.3, raw: 0.3 });
  });

  it("scores by position without writing an explanation per paper, and settles identities the same way", () => {
    const papers = [mine, namesake, unknown, paper({ title: "Unrelated", authors: ["Jo Doe"], categories: ["q-bio.NC"] })];
    const index = new ScoringIndex(papers);
    const asked = profile({ authors: [{ name: "Yang Liu", openalexId: "A1" }], categories: ["cs.CL", "math.CO"], keywords: ["study"] });
    const scores = index.profileScores(asked, [0, 1, 2, 3]);
    const scored = index.score(asked);
    expect(Array.from(scores.scores)).toEqual(papers.map((item) => scored.find((entry) => entry.paper === item)?.explanation.score ?? 0));
    papers.forEach((item, position) => expect(scores.explain(position)).toEqual(scored.find((entry) => entry.paper === item)?.explanation ?? null));
    expect(scores.toSettle).toEqual([0, 1, 2]);
    scores.settle((item) => records.get(item));
    const settled = settleAuthorIdentities(scored, (item) => records.get(item));
    papers.forEach((item, position) => {
      const expected = settled.find((entry) => entry.paper === item)?.explanation ?? null;
      expect(scores.explain(position)).toEqual(expected);
      expect(scores.scores[position]).toBe(expected?.score ?? 0);
    });
    // A paper that is not a candidate is not scored.
    expect(index.profileScores(asked, [1]).explain(0)).toBeNull();
  });

  it("leaves name-only authors as they were (bare strings and objects alike)", () => {
    for (const authors of [["Yang Liu"], [{ name: "Yang Liu" }]]) {
      const scored = new ScoringIndex([mine, namesake]).score(profile({ authors }));
      const settled = settleAuthorIdentities(scored, () => new Set());
      expect(settled.map((entry) => [entry.explanation.author, entry.explanation.authorBy])).toEqual([
        ["Yang Liu", undefined],
        ["Yang Liu", undefined],
      ]);
    }
  });
});
