import { describe, expect, it } from "vitest";
import type { Paper } from "@/shared/paper";
import {
  addToDuplicateIndex,
  authorOverlap,
  createDuplicateIndex,
  createKeyedDuplicateIndex,
  duplicateKeysOf,
  findDuplicate,
  paperIdentifiers,
  replacePaperInKeyedIndex,
  scanDuplicates,
  titleOverlap,
  titleWordSet,
} from "@/shared/library/duplicates";
import { makeSyntheticLibrary } from "@/shared/library/duplicates.fixtures";
import { arxivPreprint, arxivPublished, crossrefArticle, makePaper } from "@/shared/library/library-papers.fixtures";

const library = [arxivPreprint, arxivPublished, crossrefArticle];

describe("overlaps", () => {
  it("title overlap is |A∩B| / max(|A|,|B|) over normalised word sets", () => {
    expect(titleOverlap(titleWordSet("Deep Learning"), titleWordSet("deep learning."))).toBe(1);
    expect(titleOverlap(titleWordSet("Deep Learning"), titleWordSet("Deep Learning for Vision: A Survey"))).toBeCloseTo(2 / 6);
    expect(titleOverlap(titleWordSet(""), titleWordSet("x"))).toBe(0);
  });

  it("author overlap is |A∩B| / min(|A|,|B|) over family names", () => {
    expect(authorOverlap(new Set(["vaswani", "shazeer"]), new Set(["vaswani", "shazeer", "parmar", "jones"]))).toBe(1);
    expect(authorOverlap(new Set(["a", "b"]), new Set(["a", "c", "d"]))).toBe(0.5);
    expect(authorOverlap(new Set(), new Set(["a"]))).toBe(0);
  });
});

describe("paperIdentifiers", () => {
  it("normalises ids, arXiv ids (versions, DOIs, URLs) and DOIs", () => {
    expect(paperIdentifiers(arxivPublished)).toEqual({ ids: ["1401.2910"], arxivIds: ["1401.2910"], dois: ["10.1126/science.1252319"] });
    expect(
      paperIdentifiers(makePaper({ id: "W1", title: "", source: "openalex", doi: "https://doi.org/10.48550/ARXIV.2401.12345", url: "https://arxiv.org/pdf/2401.12345v3" })),
    ).toEqual({ ids: ["w1"], arxivIds: ["2401.12345"], dois: [] });
  });
});

describe("findDuplicate", () => {
  const index = createDuplicateIndex(library);

  it("matches a versioned arXiv id to the bare one", () => {
    const versioned = makePaper({ id: "1706.03762v2", title: "Different title", arxivId: "1706.03762v2" });
    expect(findDuplicate(index, versioned)).toEqual({ rule: "id", existing: arxivPreprint });
  });

  it("matches an arXiv DOI record to the arXiv paper", () => {
    const viaDoi = makePaper({ id: "W4385245566", source: "openalex", title: "Something else", doi: "10.48550/arXiv.1706.03762" });
    expect(findDuplicate(index, viaDoi)).toEqual({ rule: "id", existing: arxivPreprint });
  });

  it("matches the published version by the DOI the preprint records", () => {
    const journal = makePaper({ id: "10.1126/SCIENCE.1252319", source: "crossref", title: "Defining and detecting quantum speedup", doi: "10.1126/science.1252319" });
    expect(findDuplicate(index, journal)).toEqual({ rule: "id", existing: arxivPublished });
  });

  it("matches by canonical id when no identifier is shared", () => {
    const zotero = makePaper({
      id: "ZK1",
      source: "zotero",
      title: "Attention is all you need!",
      authors: ["Polosukhin, Illia", "Kaiser, Łukasz", "Gomez, Aidan N.", "Jones, Llion", "Uszkoreit, Jakob", "Parmar, Niki", "Shazeer, Noam", "Vaswani, Ashish"],
      publishedDate: "2017",
    });
    expect(findDuplicate(index, zotero)).toEqual({ rule: "canonical", existing: arxivPreprint });
  });

  it("matches fuzzily on a close title and half the authors", () => {
    const close = makePaper({
      id: "W9",
      source: "openalex",
      title: "Deep learning.",
      authors: ["Y. LeCun", "G. Hinton", "Someone Else"],
      publishedDate: "2016",
    });
    const match = findDuplicate(index, close);
    expect(match).toMatchObject({ rule: "fuzzy", existing: crossrefArticle, titleOverlap: 1 });
    expect(match?.authorOverlap).toBeCloseTo(2 / 3);
  });

  it.each([
    ["same authors, different title", { title: "Deep reinforcement learning", authors: ["Yann LeCun", "Yoshua Bengio", "Geoffrey Hinton"] }],
    ["same title, other authors", { title: "Deep learning", authors: ["Ian Goodfellow", "Aaron Courville"] }],
    ["same title, no authors", { title: "Deep learning", authors: [] }],
    ["title only part of the other", { title: "Attention", authors: ["Ashish Vaswani", "Noam Shazeer"] }],
    ["one in four authors", { title: "Attention Is All You Need", authors: ["Ashish Vaswani", "A B", "C D", "E F"] }],
  ])("does not match: %s", (_label, fields) => {
    expect(findDuplicate(index, makePaper({ id: "W-near-miss", source: "openalex", publishedDate: "2015", ...fields }))).toBeNull();
  });

  it("does not report a paper as its own duplicate, and sees papers added later", () => {
    const growing = createDuplicateIndex<Paper>([arxivPreprint]);
    expect(findDuplicate(growing, arxivPreprint)).toBeNull();
    const later = makePaper({ id: "2001.00001", title: "Later" });
    expect(findDuplicate(growing, { ...later, arxivId: "2001.00001v3" })).toBeNull();
    addToDuplicateIndex(growing, later);
    expect(findDuplicate(growing, { ...later, arxivId: "2001.00001v3" })).toEqual({ rule: "id", existing: later });
  });
});

describe("scanDuplicates", () => {
  it("groups transitive duplicates in library order and leaves singles out", () => {
    const a = makePaper({ id: "2101.00001", title: "Graph Transformers at Scale", authors: ["Ann Lee", "Bo Kim"], publishedDate: "2021" });
    const b = makePaper({ id: "W1", source: "openalex", title: "Graph transformers at scale", authors: ["Kim, Bo", "Lee, Ann"], publishedDate: "2021", doi: "10.1234/gts" });
    const c = makePaper({ id: "10.1234/GTS", source: "crossref", title: "Graph Transformers at Scale (extended)", authors: ["B. Kim"], publishedDate: "2022" });
    const single = makePaper({ id: "2101.00002", title: "Unrelated", authors: ["Zed Q"] });
    const groups = scanDuplicates([a, single, b, c]);
    expect(groups).toEqual([
      {
        papers: [a, b, c],
        matches: [
          { paper: b, existing: a, rule: "canonical" },
          { paper: c, existing: b, rule: "id" },
        ],
      },
    ]);
  });
});

describe("a 10,000-paper library", () => {
  const papers = makeSyntheticLibrary(10_000, 42);

  it("is deterministic and has no accidental duplicates", () => {
    expect(makeSyntheticLibrary(50, 42)).toEqual(papers.slice(0, 50));
    expect(new Set(papers.map((paper) => paper.id)).size).toBe(10_000);
    expect(scanDuplicates(papers)).toEqual([]);
  }, 30_000);

  it("finds planted duplicates through the index, and no near misses", () => {
    const index = createDuplicateIndex(papers);
    const pick = (i: number) => papers[i]!;
    const withDoi = papers.find((paper, i) => i > 5000 && paper.doi !== null)!;
    const words = (i: number) => pick(i).title.split(" ");

    const planted: { paper: Paper; rule: "id" | "canonical" | "fuzzy"; existing: Paper }[] = [
      { paper: { ...pick(17), id: `${pick(17).id}v3`, arxivId: `${pick(17).id}v3`, title: "Renamed" }, rule: "id", existing: pick(17) },
      {
        paper: makePaper({ id: "W-arxiv-doi", source: "openalex", title: "x", doi: `https://doi.org/10.48550/arXiv.${pick(4242).id}` }),
        rule: "id",
        existing: pick(4242),
      },
      { paper: makePaper({ id: withDoi.doi!.toUpperCase(), source: "crossref", title: "Published", doi: withDoi.doi }), rule: "id", existing: withDoi },
      {
        paper: makePaper({
          id: "ZOTERO-1",
          source: "zotero",
          title: `${pick(777).title.toUpperCase()}!`,
          authors: [...pick(777).authors].reverse().map((name) => name.split(" ").reverse().join(", ")),
          publishedDate: pick(777).publishedDate!.slice(0, 4),
        }),
        rule: "canonical",
        existing: pick(777),
      },
      {
        paper: makePaper({
          id: "W-fuzzy",
          source: "openalex",
          // One word in ten changed (overlap 0.9), and only the first author kept.
          title: [...words(9001).slice(0, -1), "zzzchanged"].join(" "),
          authors: pick(9001).authors.slice(0, 1),
        }),
        rule: "fuzzy",
        existing: pick(9001),
      },
    ];
    for (const { paper, rule, existing } of planted) {
      expect(findDuplicate(index, paper), paper.id).toMatchObject({ rule, existing });
    }

    const nearMisses: Paper[] = [
      // Half the title changed, same authors.
      makePaper({ id: "N1", source: "openalex", title: [...words(321).slice(0, Math.ceil(words(321).length / 2)), "qqa", "qqb", "qqc", "qqd", "qqe", "qqf"].join(" "), authors: pick(321).authors }),
      // Same title, different authors.
      makePaper({ id: "N2", source: "openalex", title: pick(654).title, authors: ["Nobody Known", "Another Stranger"] }),
      // Only the first three title words, same authors: a partial title is not the paper.
      makePaper({ id: "N3", source: "openalex", title: words(987).slice(0, 3).join(" "), authors: pick(987).authors, publishedDate: "1990" }),
    ];
    for (const paper of nearMisses) expect(findDuplicate(index, paper), paper.id).toBeNull();

    const groups = scanDuplicates([...papers, ...planted.map((entry) => entry.paper), ...nearMisses]);
    expect(groups).toHaveLength(planted.length);
    expect(groups.map((group) => group.papers)).toEqual(
      planted
        .map((entry) => [entry.existing, entry.paper])
        .sort((a, b) => papers.indexOf(a[0]!) - papers.indexOf(b[0]!)),
    );
  }, 30_000);
});

describe("keyed index (a signed-in library's compact duplicate keys)", () => {
  it("finds the same paper by the same rule as the index of whole papers", () => {
    const papers = [...library, ...makeSyntheticLibrary(500, 3)];
    const full = createDuplicateIndex(papers);
    // The keys travel as JSON, as from GET /api/me/bookmarks/duplicate-keys.
    const keyed = createKeyedDuplicateIndex(JSON.parse(JSON.stringify(papers.map(duplicateKeysOf))));
    const candidates: Paper[] = [
      ...papers.slice(0, 60).map((paper, i) =>
        i % 3 === 0
          ? { ...paper, id: `${paper.id}v9` }
          : i % 3 === 1
            ? { ...paper, id: `other-${i}`, arxivId: null, url: "", doi: null, title: `${paper.title}.` }
            : { ...paper, id: `fuzzy-${i}`, arxivId: null, url: "", doi: null, publishedDate: "1990-01-01", title: `${paper.title} extra` },
      ),
      ...makeSyntheticLibrary(40, 77),
    ];
    let matched = 0;
    for (const candidate of candidates) {
      const expected = full.find(candidate);
      const actual = keyed.find(candidate);
      expect(actual && { rule: actual.rule, id: actual.existing.id, title: actual.existing.title }).toEqual(
        expected && { rule: expected.rule, id: expected.existing.id, title: expected.existing.title },
      );
      if (expected) matched += 1;
    }
    expect(matched).toBeGreaterThanOrEqual(40);
  });

  it("re-indexes a paper written again with a new title, as an index built afresh holds it", () => {
    const papers = makeSyntheticLibrary(300, 5);
    const revised = papers.map((paper, i) => (i % 3 === 0 ? { ...paper, title: `${i % 2 ? "Revisited:" : "On"} ${paper.title} again` } : paper));
    const updated = createKeyedDuplicateIndex(papers.map(duplicateKeysOf));
    for (const [i, paper] of revised.entries()) if (i % 3 === 0) expect(replacePaperInKeyedIndex(updated, paper)).toBe(true);
    const fresh = createKeyedDuplicateIndex(revised.map(duplicateKeysOf));
    expect(updated.size).toBe(fresh.size);
    const candidates: Paper[] = [...papers, ...revised].flatMap((paper, i) => [
      { ...paper, id: `other-${i}`, arxivId: null, url: "", doi: null },
      { ...paper, id: `${paper.id}v7` },
    ]);
    let matched = 0;
    for (const candidate of candidates) {
      const expected = fresh.find(candidate);
      const actual = updated.find(candidate);
      expect(actual && { rule: actual.rule, id: actual.existing.id, title: actual.existing.title }, candidate.id).toEqual(
        expected && { rule: expected.rule, id: expected.existing.id, title: expected.existing.title },
      );
      if (expected) matched += 1;
      expect(updated.holdsAsIs(candidate)).toBe(fresh.holdsAsIs(candidate));
    }
    expect(matched).toBeGreaterThan(300);
  });

  it("leaves the index as it was where another paper shares an identifier", () => {
    const [a, second] = makeSyntheticLibrary(2, 9);
    const first = { ...a!, doi: "10.5555/shared.1" };
    const index = createKeyedDuplicateIndex([first, second!].map(duplicateKeysOf));
    // The second paper written again with the first one's DOI: only a rebuild says who holds it.
    expect(replacePaperInKeyedIndex(index, { ...second!, doi: first.doi, title: "Something else entirely" })).toBe(false);
    expect(index.holdsAsIs(second!)).toBe(true);
    expect(index.find({ ...first, id: "another" })?.existing.id).toBe(first.id);
  });
});
