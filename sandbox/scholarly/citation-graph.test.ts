import { describe, expect, it } from "vitest";
import { getCorpus } from "../corpus";
import { buildCitationGraph, citationsOf, getCitationGraph, referencesOf } from "./citation-graph";

describe("the citation graph over the corpus", () => {
  const { papers } = getCorpus();
  const graph = getCitationGraph();
  const published = papers.map((paper) => Date.parse(paper.published));

  it("only cites strictly older papers, each at most once", () => {
    const problems: string[] = [];
    for (let doc = 0; doc < papers.length; doc += 1) {
      const references = [...referencesOf(graph, doc)];
      if (new Set(references).size !== references.length) problems.push(`${papers[doc]!.id} cites a paper twice`);
      for (const cited of references) if (published[cited]! >= published[doc]!) problems.push(`${papers[doc]!.id} cites newer ${papers[cited]!.id}`);
    }
    expect(problems).toEqual([]);
  });

  it("keeps the cited-by lists the exact reverse of the reference lists", () => {
    const forward = new Set<string>();
    const backward = new Set<string>();
    for (let doc = 0; doc < papers.length; doc += 1) {
      for (const cited of referencesOf(graph, doc)) forward.add(`${doc}>${cited}`);
      for (const citing of citationsOf(graph, doc)) backward.add(`${citing}>${doc}`);
    }
    expect(forward.size).toBe(graph.refs.length);
    expect([...forward].filter((edge) => !backward.has(edge))).toEqual([]);
    expect(backward.size).toBe(forward.size);
  });

  it("mostly cites within the primary category and gives skewed citation counts", () => {
    let same = 0;
    for (let doc = 0; doc < papers.length; doc += 1) for (const cited of referencesOf(graph, doc)) if (papers[cited]!.primaryCategory === papers[doc]!.primaryCategory) same += 1;
    expect(same / graph.refs.length).toBeGreaterThan(0.8);
    const counts = papers.map((_, doc) => citationsOf(graph, doc).length).sort((a, b) => b - a);
    expect(counts[0]).toBeGreaterThan(50);
    expect(counts[Math.floor(counts.length / 2)]).toBeLessThan(10);
  });

  it("is the same graph when built again (the cache holds what a build gives)", () => {
    const rebuilt = buildCitationGraph(papers);
    expect(Buffer.from(rebuilt.refs.buffer, rebuilt.refs.byteOffset, rebuilt.refs.byteLength).equals(Buffer.from(graph.refs.buffer, graph.refs.byteOffset, graph.refs.byteLength))).toBe(true);
    expect([...rebuilt.refOffsets]).toEqual([...graph.refOffsets]);
  });
});
