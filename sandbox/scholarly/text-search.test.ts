import { describe, expect, it } from "vitest";
import { evaluateSearch, parseSearch, SmallTextIndex } from "./text-search";

const docs = new SmallTextIndex([
  { title: "Attention is all you need", abstract: "The dominant sequence transduction models are based on recurrent networks.", author: ["Ashish Vaswani", "Noam Shazeer"] },
  { title: "Graph neural networks for molecules", abstract: "We study state-of-the-art graph models.", author: ["Jane Doe"] },
  { title: "Deep residual learning", abstract: "Residual networks ease training.", author: ["Kaiming He"] },
]);
const matching = (query: string, fields: ("title" | "abstract" | "author")[] = ["title", "abstract"]) => {
  const { match } = evaluateSearch(parseSearch(query), fields, docs);
  return [...match.keys()].filter((doc) => match[doc]);
};

describe("parseSearch", () => {
  it("ANDs words side by side and drops stop words", () => {
    expect(parseSearch("the graph of networks")).toEqual({
      kind: "and",
      children: [
        { kind: "text", value: "graph", phrase: false },
        { kind: "text", value: "networks", phrase: false },
      ],
    });
  });

  it("reads OR, NOT, parentheses and quoted phrases", () => {
    expect(parseSearch('(graph OR residual) NOT "attention is all"')).toEqual({
      kind: "and",
      children: [
        {
          kind: "or",
          children: [
            { kind: "text", value: "graph", phrase: false },
            { kind: "text", value: "residual", phrase: false },
          ],
        },
        { kind: "not", child: { kind: "text", value: "attention is all", phrase: true } },
      ],
    });
  });

  it("matches everything when only stop words are left, and never throws on stray syntax", () => {
    expect(parseSearch("the of")).toEqual({ kind: "all" });
    expect(() => parseSearch('(( OR AND "unterminated')).not.toThrow();
  });
});

describe("evaluateSearch over a small index", () => {
  it("matches word forms (stemming) across the given fields", () => {
    expect(matching("network")).toEqual([0, 1, 2]);
    expect(matching("learned")).toEqual([2]);
  });

  it("applies AND, OR, NOT and phrases", () => {
    expect(matching("graph networks")).toEqual([1]);
    expect(matching("graph OR residual")).toEqual([1, 2]);
    expect(matching("networks NOT graph")).toEqual([0, 2]);
    expect(matching('"residual learning"')).toEqual([2]);
    expect(matching('"learning residual"')).toEqual([]);
    expect(matching("state-of-the-art")).toEqual([1]);
  });

  it("keeps fields apart and never lets a phrase span two authors", () => {
    expect(matching("Vaswani", ["title"])).toEqual([]);
    expect(matching("Vaswani", ["author"])).toEqual([0]);
    expect(matching('"Vaswani Noam"', ["author"])).toEqual([]);
  });

  it("scores title hits above abstract hits", () => {
    const { score } = evaluateSearch(parseSearch("residual"), ["title", "abstract"], docs);
    const titleOnly = evaluateSearch(parseSearch("residual"), ["title"], docs).score[2]!;
    const abstractOnly = evaluateSearch(parseSearch("residual"), ["abstract"], docs).score[2]!;
    expect(titleOnly).toBeGreaterThan(abstractOnly);
    expect(score[2]).toBeCloseTo(titleOnly + abstractOnly);
  });
});
