import { describe, expect, it } from "vitest";
import { getCorpus, type Paper } from "../corpus";
import { parseQuery } from "../../src/shared/arxiv-query/query-parser";
import { getSearchIndex, SearchIndex, type SortBy, type SortOrder } from "./search-index";
import { splitWords, stem } from "../../src/shared/arxiv-query/text-analysis";

const corpus = getCorpus();
const index = getSearchIndex();

function search(query: string, sortBy: SortBy = "relevance", sortOrder: SortOrder = "descending"): Paper[] {
  return Array.from(index.search(parseQuery(query).ast, sortBy, sortOrder), (doc) => index.paperAt(doc));
}
const ids = (query: string) => new Set(search(query).map((p) => p.id));
const words = (text: string) => splitWords(text).map(stem);
/** Papers for which `predicate` holds, by brute force over the corpus: the oracle for the index. */
const where = (predicate: (p: Paper) => boolean) => new Set(corpus.papers.filter(predicate).map((p) => p.id));

describe("fields", () => {
  it("ti: matches a title word in any form, case-insensitively", () => {
    const found = search("ti:Transformer");
    expect(found.length).toBeGreaterThan(100);
    expect(ids("ti:Transformer")).toEqual(where((p) => words(p.title).includes("transformer")));
    expect(found.some((p) => /Transformers/.test(p.title))).toBe(true);
  });

  it("abs:, co:, jr: and rn: search their own fields", () => {
    expect(ids("abs:photon")).toEqual(where((p) => words(p.abstract).includes("photon")));
    expect(ids("co:figures")).toEqual(where((p) => words(p.comment ?? "").includes(stem("figures"))));
    expect(ids("jr:Phys.Rev.D76")).toContain("0704.0001");
    expect([...ids("rn:LA-UR-94-3641")]).toEqual(["acc-phys/9411001"]);
  });

  it("au: matches a surname, a full name, underscores as spaces, and initials", () => {
    expect(ids("au:Lo")).toContain("1911.02782");
    expect(ids("au:Kyle_Lo")).toContain("1911.02782");
    expect(ids("au:Kyle_Lo")).toContain("2301.13298");
    expect(ids('au:"Kyle Lo"')).toEqual(ids("au:Kyle_Lo"));
    expect(ids('au:"K Lo"')).toContain("1911.02782");
    // A phrase never spans two authors: "Lo Lucy" would join Kyle Lo and Lucy Lu Wang.
    expect(ids("au:Lo_Lucy")).not.toContain("1911.02782");
  });

  it("au: ignores accents", () => {
    expect(ids("au:Balazs")).toContain("0704.0001");
    expect(ids("au:Balázs")).toContain("0704.0001");
  });

  it("cat: matches any listed category, not only the primary", () => {
    expect(ids("cat:cs.AI")).toEqual(where((p) => p.categories.includes("cs.AI")));
    expect(search("cat:cs.AI").some((p) => p.primaryCategory !== "cs.AI")).toBe(true);
  });

  it("cat: takes wildcards and quoted category sequences", () => {
    expect(ids("cat:cs.*")).toEqual(where((p) => p.categories.some((c) => c.startsWith("cs."))));
    expect(ids('cat:"cs.CV cs.RO"')).toEqual(where((p) => p.categories.join(" ").includes("cs.CV cs.RO")));
  });

  it("id: finds a paper with or without version", () => {
    expect([...ids("id:2301.13298")]).toEqual(["2301.13298"]);
    expect([...ids("id:2301.13298v1")]).toEqual(["2301.13298"]);
    expect([...ids("id:astro-ph/0601001")]).toEqual(["astro-ph/0601001"]);
  });

  it("all: and bare terms cover title, authors, abstract, comment, journal, category, report number", () => {
    expect(ids("all:Lyapunov")).toEqual(ids("ti:Lyapunov OR abs:Lyapunov OR au:Lyapunov OR co:Lyapunov OR jr:Lyapunov"));
    expect(ids("Lyapunov")).toEqual(ids("all:Lyapunov"));
    expect(ids("all:LA-UR-94-3641")).toContain("acc-phys/9411001");
  });
});

describe("phrases and wildcards", () => {
  it("matches a quoted phrase only with its words side by side", () => {
    const phrase = ["larg", "languag", "model"];
    const adjacent = (p: Paper) => ` ${words(p.title).join(" ")} `.includes(` ${phrase.join(" ")} `);
    expect(ids('ti:"large language models"')).toEqual(where(adjacent));
    expect(ids('ti:"models language large"').size).toBe(0);
  });

  it("expands * and ? but not as a first character", () => {
    expect(ids("ti:trans*")).toEqual(where((p) => words(p.title).some((w) => w.startsWith("trans"))));
    expect(ids("au:Sch?rmann")).toEqual(ids("au:Schurmann"));
    expect(ids("ti:*former").size).toBe(0);
  });
});

describe("booleans", () => {
  const a = ids("ti:graph");
  const b = ids("cat:cs.LG");

  it("AND intersects, OR unites, ANDNOT subtracts", () => {
    expect(ids("ti:graph AND cat:cs.LG")).toEqual(new Set([...a].filter((id) => b.has(id))));
    expect(ids("ti:graph OR cat:cs.LG")).toEqual(new Set([...a, ...b]));
    expect(ids("ti:graph ANDNOT cat:cs.LG")).toEqual(new Set([...a].filter((id) => !b.has(id))));
  });

  it("evaluates left to right at one precedence, unless parenthesised", () => {
    const c = ids("cat:cs.CV");
    expect(ids("ti:graph OR cat:cs.LG AND cat:cs.CV")).toEqual(new Set([...a, ...b].filter((id) => c.has(id))));
    expect(ids("ti:graph OR (cat:cs.LG AND cat:cs.CV)")).toEqual(new Set([...a, ...[...b].filter((id) => c.has(id))]));
  });

  it("ORs juxtaposed terms", () => {
    expect(ids("cat:hep-th cat:cs.AI")).toEqual(ids("cat:hep-th OR cat:cs.AI"));
  });
});

describe("dates", () => {
  it("submittedDate filters on the first version's date", () => {
    const range = ids("submittedDate:[200704010000 TO 200704302359]");
    expect(range).toEqual(where((p) => p.published >= "2007-04-01T00:00:00Z" && p.published <= "2007-04-30T23:59:59Z"));
    // 0704.0001 v1 is from April 2007; its v2 from July must not count.
    expect(range).toContain("0704.0001");
    expect(ids("submittedDate:[200707010000 TO 200707312359]")).not.toContain("0704.0001");
  });

  it("lastUpdatedDate filters on the latest version's date", () => {
    expect(ids("lastUpdatedDate:[200707240000 TO 200707242359]")).toContain("0704.0001");
  });
});

describe("ordering", () => {
  it("sorts by submittedDate and lastUpdatedDate in either direction", () => {
    const descending = search("cat:cs.CL", "submittedDate", "descending").map((p) => p.published);
    expect(descending).toEqual([...descending].sort().reverse());
    const ascending = search("cat:cs.CL", "lastUpdatedDate", "ascending").map((p) => p.updated);
    expect(ascending).toEqual([...ascending].sort());
  });

  it("ranks a title match above an abstract-only match", () => {
    const found = search("all:summarization");
    const firstAbstractOnly = found.findIndex((p) => !words(p.title).includes(stem("summarization")));
    const lastTitle = found.findLastIndex((p) => words(p.title).includes(stem("summarization")));
    expect(firstAbstractOnly).toBeGreaterThan(0);
    expect(lastTitle).toBeLessThan(firstAbstractOnly + 20);
    expect(found[0]!.title.toLowerCase()).toContain("summarization");
  });

  it("gives the same order on every run", () => {
    expect(search("all:learning").map((p) => p.id)).toEqual(search("all:learning").map((p) => p.id));
  });
});

describe("speed and the cache", () => {
  it("answers typical queries in a few milliseconds", () => {
    const queries = ["testing", "ti:transformer AND cat:cs.CL", 'abs:"large language model"', "au:Kyle_Lo", "cat:cs.* ANDNOT cat:cs.CV", "submittedDate:[202501010000 TO 202506302359] AND all:agent", "ti:trans*"];
    for (const query of queries) search(query);
    const times = queries.map((query) => {
      const started = performance.now();
      search(query);
      return performance.now() - started;
    });
    times.sort((x, y) => x - y);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(25);
  });

  it("restores from serialized form to the same answers", () => {
    const { meta, arrays } = index.serialize();
    const restored = SearchIndex.fromSerialized(corpus.papers, meta, new Map(Object.entries(arrays)));
    for (const query of ['ti:"large language"', "au:K_Lo", "cat:cs.*"]) {
      expect(Array.from(restored.search(parseQuery(query).ast, "relevance", "descending"))).toEqual(Array.from(index.search(parseQuery(query).ast, "relevance", "descending")));
    }
  });
});
