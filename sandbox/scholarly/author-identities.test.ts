import { describe, expect, it } from "vitest";
import { getCorpus, type Paper } from "../corpus";
import { identifyAuthors } from "./author-identities";
import { authorKey, getDerivedWorks } from "./derived-works";

let counter = 0;
function paper(authors: string[], categories: string[]): Paper {
  counter += 1;
  const id = `2601.${String(counter).padStart(5, "0")}`;
  return {
    id,
    version: 1,
    versions: [{ version: 1, created: "2026-01-01T00:00:00Z" }],
    title: `Paper ${counter}`,
    authors,
    affiliations: authors.map(() => []),
    abstract: "",
    categories,
    primaryCategory: categories[0]!,
    comment: null,
    journalRef: null,
    doi: null,
    reportNo: null,
    published: "2026-01-01T00:00:00Z",
    updated: "2026-01-01T00:00:00Z",
    license: null,
    source: "daily-listing",
  };
}

/** The identity keys of every occurrence of `name`, per paper. */
function identitiesOf(papers: Paper[], name: string): string[] {
  const identities = identifyAuthors(papers, authorKey);
  return papers.flatMap((work, doc) => {
    const at = work.authors.indexOf(name);
    return at < 0 ? [] : [identities.keys[identities.ordinals[identities.workAuthorOffsets[doc]! + at]!]!];
  });
}

describe("author identities", () => {
  it("splits a common name into people by co-author circles", () => {
    const papers = [
      paper(["Wei Wang", "Ann Lee"], ["cs.CV"]),
      paper(["Bo Chen", "Wei Wang"], ["cs.CL"]),
      paper(["Wei Wang", "Ann Lee", "Cy Park"], ["cs.CV"]),
      paper(["Wei Wang", "Bo Chen"], ["cs.CL"]),
      paper(["Wei Wang", "Dee Kim"], ["cs.CV"]),
      paper(["Wei Wang", "Cy Park"], ["cs.CV"]),
      paper(["Eve Zhou", "Wei Wang"], ["cs.CV"]),
    ];
    const keys = identitiesOf(papers, "Wei Wang");
    // Ann Lee and Cy Park tie papers 1, 3 and 6; Bo Chen ties 2 and 4; papers 5 and 7 share no one.
    expect(keys[0]).toBe(keys[2]);
    expect(keys[0]).toBe(keys[5]);
    expect(keys[1]).toBe(keys[3]);
    expect(new Set(keys).size).toBe(4);
    // The largest circle keeps the bare name's key (and so the id the name always had).
    expect(keys[0]).toBe("wei wang");
    expect(keys[1]).toBe(`wei wang|${papers[1]!.id}`);
    expect(keys[4]).toBe(`wei wang|${papers[4]!.id}`);
    expect(keys[6]).toBe(`wei wang|${papers[6]!.id}`);
  });

  it("takes a name for one person when one circle holds half its papers, or it signs few", () => {
    const dominant = [
      paper(["Rongrong Ji", "Ann Lee"], ["cs.CV"]),
      paper(["Rongrong Ji", "Ann Lee"], ["cs.CV", "cs.AI"]),
      paper(["Rongrong Ji", "Bo Chen"], ["cs.AI"]),
      paper(["Rongrong Ji", "Dee Kim"], ["math.AG"]),
    ];
    const keys = identitiesOf(dominant, "Rongrong Ji");
    expect(keys.slice(0, 3)).toEqual(["rongrong ji", "rongrong ji", "rongrong ji"]);
    // ...but not a paper of a field the circle never wrote in.
    expect(keys[3]).not.toBe("rongrong ji");
    const rare = [paper(["Kyle Lo", "A One"], ["cs.CL"]), paper(["Kyle Lo", "B Two"], ["cs.CL"]), paper(["Kyle Lo", "C Three"], ["cs.DL", "cs.CL"])];
    expect(new Set(identitiesOf(rare, "Kyle Lo"))).toEqual(new Set(["kyle lo"]));
  });

  it("in the corpus, shares names like Yang Liu among several authors with coherent works", () => {
    const { papers } = getCorpus();
    const derived = getDerivedWorks();
    const identities: number[][] = [];
    for (let ordinal = 0; ordinal < derived.authorFirstWork.length; ordinal += 1) {
      const name = papers[derived.authorFirstWork[ordinal]!]!.authors[derived.authorFirstPlace[ordinal]!]!;
      if (authorKey(name) === "yang liu") identities.push(Array.from(derived.authorWorks.subarray(derived.authorWorkOffsets[ordinal]!, derived.authorWorkOffsets[ordinal + 1]!)));
    }
    expect(identities.length).toBeGreaterThan(5);
    const largest = identities.reduce((a, b) => (b.length > a.length ? b : a));
    expect(largest.length).toBeGreaterThan(5);
    // Every paper of a multi-paper identity shares a co-author with another of its papers.
    for (const works of identities.filter((list) => list.length > 1)) {
      for (const doc of works) {
        const others = new Set(works.filter((other) => other !== doc).flatMap((other) => papers[other]!.authors.map(authorKey)));
        expect(papers[doc]!.authors.some((name) => authorKey(name) !== "yang liu" && others.has(authorKey(name)))).toBe(true);
      }
    }
  });
});
