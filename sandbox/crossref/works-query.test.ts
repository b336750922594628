import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { splitWords, stem } from "../../src/shared/arxiv-query/text-analysis";
import { dataPath, getCorpus } from "../corpus";
import { PUBLISHED_ELSEWHERE } from "../scholarly/published-elsewhere";
import { getCrossrefCatalog } from "./catalog";
import { answerWork, answerWorks, NOT_FOUND_TEXT } from "./works-query";

type Item = Record<string, unknown> & { DOI: string; score: number; title?: string[]; author?: { given?: string; family?: string; name?: string }[] };
interface WorkList {
  status: string;
  "message-type": string;
  "message-version": string;
  message: { facets: Record<string, { "value-count": number; values: Record<string, number> }>; "next-cursor"?: string; "total-results": number; items: Item[]; "items-per-page": number; query: { "start-index": number; "search-terms": string | null } };
}
interface Failure {
  status: string;
  "message-type": string;
  message: { type: string; value: unknown; message: string }[];
}

function list(query: string): WorkList {
  const answer = answerWorks(new URLSearchParams(query));
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as WorkList;
}
function refused(query: string): Failure["message"] {
  const answer = answerWorks(new URLSearchParams(query));
  expect(answer.status).toBe(400);
  const body = answer.json as Failure;
  expect(body).toMatchObject({ status: "failed", "message-type": "validation-failure" });
  return body.message;
}
const dois = (answer: WorkList) => answer.message.items.map((item) => item.DOI);
const dateOf = (item: Item, key = "published") => (item[key] as { "date-parts": number[][] })["date-parts"][0]!;
const publishedOf = (item: Item) => (item.published as { "date-parts": number[][] })["date-parts"][0]!;
const stems = (text: string) => new Set(splitWords(text).map(stem));

describe("the Crossref catalogue", () => {
  const catalog = getCrossrefCatalog();

  it("holds the corpus papers with a journal DOI (in arXiv's record or published elsewhere) and the recorded works, never an arXiv DOI", () => {
    const withJournalDoi = new Set(getCorpus().papers.filter((paper) => (paper.doi && /^\s*(doi:)?10\.\d/.test(paper.doi)) || PUBLISHED_ELSEWHERE[paper.id]).map((paper) => paper.id));
    expect(catalog.derivedCount).toBeGreaterThan(1000);
    expect(catalog.derivedCount).toBeLessThanOrEqual(withJournalDoi.size);
    const recordings = readdirSync(dataPath("recordings/crossref")).filter((file) => /^work_.*\.json$/.test(file));
    expect(catalog.size).toBe(catalog.derivedCount + recordings.length);
    expect(catalog.facts.some((facts) => facts.doi.startsWith("10.48550/"))).toBe(false);
  });
});

describe("GET /works: queries", () => {
  it("answers the work-list envelope, items carrying a relevance score, best first", () => {
    const answer = list("query=quantum gravity&rows=10");
    expect(answer).toMatchObject({ status: "ok", "message-type": "work-list", "message-version": "1.0.0" });
    expect(answer.message["items-per-page"]).toBe(10);
    expect(answer.message.query).toEqual({ "start-index": 0, "search-terms": "quantum gravity" });
    const scores = answer.message.items.map((item) => item.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBeGreaterThan(1);
  });

  it("matches records holding any of the query words (Crossref ORs them)", () => {
    const either = list("query=graphene superconductor&rows=1000");
    const graphene = list("query=graphene").message["total-results"];
    const superconductor = list("query=superconductor").message["total-results"];
    expect(either.message["total-results"]).toBeGreaterThanOrEqual(Math.max(graphene, superconductor));
    expect(either.message["total-results"]).toBeLessThanOrEqual(graphene + superconductor);
  });

  it("query.bibliographic finds a title; query.title is still accepted", () => {
    const title = "Augmenting large language models with chemistry tools";
    expect(dois(list(`query.bibliographic=${title}&rows=1`))).toEqual(["10.1038/s42256-024-00832-8"]);
    expect(dois(list(`query.title=${title}&rows=1`))).toEqual(["10.1038/s42256-024-00832-8"]);
    expect(list(`query.title=${title}`).message.query["search-terms"]).toBeNull();
  });

  it("query.author matches author names, and every field query must match", () => {
    const berger = list("query.author=Berger&rows=100");
    expect(berger.message["total-results"]).toBeGreaterThan(0);
    for (const item of berger.message.items) expect(item.author!.some((author) => /berger/i.test(`${author.given} ${author.family} ${author.name}`))).toBe(true);
    const both = list("query.author=Berger&query.bibliographic=diphoton&rows=100");
    expect(both.message["total-results"]).toBeLessThan(berger.message["total-results"]);
    expect(dois(both)).toContain("10.1103/physrevd.76.013009");
    expect(list("query.author=Berger&query.editor=Berger").message["total-results"]).toBe(0);
  });

  it("lists everything without a query, newest deposit first, with score 1", () => {
    const answer = list("rows=5");
    expect(answer.message["total-results"]).toBe(getCrossrefCatalog().size);
    expect(answer.message.query).toEqual({ "start-index": 0, "search-terms": null });
    for (const item of answer.message.items) expect(item.score).toBe(1);
  });
});

describe("GET /works: filters", () => {
  it("from-pub-date and until-pub-date bound the publication date at the precision given, ends included", () => {
    const answer = list("filter=from-pub-date:2008-03,until-pub-date:2008-06-15&rows=1000");
    expect(answer.message["total-results"]).toBeGreaterThan(5);
    for (const item of answer.message.items) {
      const [year, month, day] = publishedOf(item);
      expect(year).toBe(2008);
      expect(month! >= 3 && (month! < 6 || (month === 6 && day! <= 15))).toBe(true);
    }
    const year = list("filter=from-pub-date:2008,until-pub-date:2008&rows=1000");
    expect(year.message.items.every((item) => publishedOf(item)[0] === 2008)).toBe(true);
    expect(list("filter=from-pub-date:2008-01-01,until-pub-date:2008-12-31").message["total-results"]).toBe(year.message["total-results"]);
  });

  it("type and has-abstract select; the same filter twice ORs, different filters AND", () => {
    const abstracts = list("filter=has-abstract:true&rows=1000");
    expect(abstracts.message.items.every((item) => typeof item.abstract === "string" && /<jats:p>/.test(item.abstract))).toBe(true);
    const none = list("filter=has-abstract:false&rows=1000");
    expect(none.message.items.every((item) => !("abstract" in item))).toBe(true);
    const total = list("").message["total-results"];
    expect(abstracts.message["total-results"] + none.message["total-results"]).toBe(total);
    const articles = list("filter=type:journal-article").message["total-results"];
    const posted = list("filter=type:posted-content").message["total-results"];
    expect(posted).toBe(1);
    expect(list("filter=type:journal-article,type:posted-content").message["total-results"]).toBe(articles + posted);
    const combined = list("filter=type:journal-article,has-abstract:true&rows=1000");
    expect(combined.message.items.every((item) => item.type === "journal-article" && "abstract" in item)).toBe(true);
  });

  it("doi, prefix and container-title pick records", () => {
    expect(dois(list("filter=doi:10.1103/PhysRevD.76.013009"))).toEqual(["10.1103/physrevd.76.013009"]);
    const aps = list("filter=prefix:10.1103&rows=1000");
    expect(aps.message["total-results"]).toBeGreaterThan(100);
    expect(aps.message.items.every((item) => item.DOI.startsWith("10.1103/") && item.publisher === "American Physical Society (APS)")).toBe(true);
    const prd = list("filter=container-title:Physical Review D&rows=1000");
    expect(prd.message.items.every((item) => (item["container-title"] as string[])[0] === "Physical Review D")).toBe(true);
  });

  it("refuses unknown filters and bad values, listing every problem at once", () => {
    const failures = refused("filter=colour:blue,from-pub-date:2008-13,until-pub-date:yesterday,has-abstract:maybe,type:article");
    expect(failures.map((failure) => failure.type)).toEqual(["filter-not-available", "date-not-legitimate", "date-not-valid", "boolean-not-valid", "type-not-valid"]);
    expect(failures[0]!.message).toMatch(/^Filter colour specified but there is no such filter for this route\. Valid filters for this route are: from-pub-date, until-pub-date/);
    expect(failures[2]!.message).toBe("Date specified as yesterday but must be of the form: yyyy or yyyy-MM or yyyy-MM-dd");
  });
});

describe("GET /works: sort and order", () => {
  it("sorts by published, is-referenced-by-count, created and updated, either way", () => {
    const ascending = list("filter=prefix:10.1103&sort=published&order=asc&rows=200").message.items.map((item) => publishedOf(item).join("-").replace(/\b(\d)\b/g, "0$1"));
    expect(ascending).toEqual([...ascending].sort());
    const cited = list("sort=is-referenced-by-count&order=desc&rows=200").message.items.map((item) => item["is-referenced-by-count"] as number);
    expect(cited).toEqual([...cited].sort((a, b) => b - a));
    const created = list("sort=created&order=asc&rows=200").message.items.map((item) => (item.created as { timestamp: number }).timestamp);
    expect(created).toEqual([...created].sort((a, b) => a - b));
    const updated = list("sort=updated&rows=200").message.items.map((item) => (item.deposited as { timestamp: number }).timestamp);
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    const relevance = list("query=magnetic&sort=relevance&order=asc&rows=50").message.items.map((item) => item.score);
    expect(relevance).toEqual([...relevance].sort((a, b) => a - b));
  });

  it("refuses unknown sort fields and orders", () => {
    expect(refused("sort=popularity")[0]).toEqual({
      type: "sort-field-not-valid",
      value: "popularity",
      message: "Sort field specified as popularity but must be one of: score, relevance, updated, deposited, indexed, created, published-print, published-online, published, issued, is-referenced-by-count, references-count",
    });
    expect(refused("order=up")[0]!.type).toBe("sort-order-not-valid");
  });
});

describe("GET /works: rows, offset, cursor, select, sample, facet", () => {
  it("answers 20 rows by default and at most 1000; offset pages through one list up to 10000", () => {
    expect(list("").message.items).toHaveLength(20);
    expect(list("rows=1000").message.items).toHaveLength(1000);
    expect(list("rows=0").message).toMatchObject({ items: [], "items-per-page": 0 });
    const whole = dois(list("query=spin&rows=30"));
    expect([0, 10, 20].flatMap((offset) => dois(list(`query=spin&rows=10&offset=${offset}`)))).toEqual(whole);
    expect(list("query=spin&offset=20").message.query["start-index"]).toBe(20);
    expect(list("offset=10000").message.items).toEqual([]);
    expect(refused("rows=1001")[0]).toEqual({ type: "integer-not-valid", value: "1001", message: "Integer specified as 1001 but must be a positive integer less than or equal to 1000. " });
    expect(refused("offset=10001")[0]!.message).toBe("Integer specified as 10001 but must be a positive integer less than or equal to 10000.  Use the cursor parameter to page further into result sets.");
    expect(refused("rows=ten")[0]!.type).toBe("integer-not-valid");
  });

  it("pages with cursor=* and next-cursor until the items run out", () => {
    const seen: string[] = [];
    let cursor = "*";
    let total = 0;
    for (let page = 0; page < 50; page += 1) {
      const answer = list(`filter=prefix:10.1103&rows=70&cursor=${encodeURIComponent(cursor)}`);
      total = answer.message["total-results"];
      expect(answer.message["next-cursor"]).toEqual(expect.any(String));
      if (answer.message.items.length === 0) break;
      seen.push(...dois(answer));
      cursor = answer.message["next-cursor"]!;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(refused("cursor=*&offset=20")[0]!.type).toBe("cursor-with-offset-or-sample");
    expect(refused(`cursor=${encodeURIComponent("bogus")}`)[0]!.type).toBe("cursor-not-valid");
  });

  it("select keeps the named fields the record has", () => {
    const answer = list("query=ecology&select=DOI,title,volume,score&rows=5");
    for (const item of answer.message.items) expect(Object.keys(item).every((key) => ["DOI", "title", "volume", "score"].includes(key))).toBe(true);
    expect(refused("select=DOI,colour")[0]).toMatchObject({ type: "select-not-available", value: "colour" });
  });

  it("sample gives that many random records and refuses rows or offset", () => {
    expect(list("sample=7").message.items).toHaveLength(7);
    expect(refused("sample=7&rows=3").map((failure) => failure.type)).toContain("sample-with-rows-or-offset");
    expect(refused("sample=101")[0]!.type).toBe("integer-not-valid");
  });

  it("facet counts values", () => {
    const answer = list("facet=type-name:*&rows=0");
    expect(answer.message.facets["type-name"]!.values["Journal Article"]).toBeGreaterThan(1000);
    expect(refused("facet=colour:*")[0]!.type).toBe("facet-not-available");
  });

  it("accepts mailto and refuses unknown parameters and field queries", () => {
    expect(list("mailto=someone@example.org&rows=1").message.items).toHaveLength(1);
    expect(refused("format=bibtex")[0]).toEqual({ type: "unknown-parameter", value: "format", message: "Parameter format specified but there is no such parameter available on any route" });
    expect(refused("query.colour=blue")[0]!.type).toBe("field-query-not-available");
  });
});

describe("GET /works/{doi}", () => {
  it("answers a derived record in the work envelope, whatever the DOI's case or prefix", () => {
    for (const doi of ["10.1103/physrevd.76.013009", "10.1103/PhysRevD.76.013009", "https://doi.org/10.1103/PhysRevD.76.013009", "doi:10.1103/physrevd.76.013009"]) {
      const answer = answerWork(doi, new URLSearchParams("mailto=someone@example.org"));
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ status: "ok", "message-type": "work", "message-version": "1.0.0", message: { DOI: "10.1103/physrevd.76.013009", "container-title": ["Physical Review D"], volume: "76", page: "013009" } });
    }
  });

  it("serves the recorded records as recorded", () => {
    const recorded = JSON.parse(readFileSync(dataPath("recordings/crossref/work_10.1023_a_1007154515475.json"), "utf8")) as unknown;
    expect(answerWork("10.1023/A:1007154515475", new URLSearchParams()).json).toEqual(recorded);
  });

  it("answers unknown DOIs and every arXiv DOI with the plain-text 404", () => {
    for (const doi of ["10.1371/notarealdoi", "10.48550/arXiv.2312.07559", "10.48550/arxiv.2301.13298", "not-a-doi"]) {
      expect(answerWork(doi, new URLSearchParams())).toEqual({ status: 404, text: NOT_FOUND_TEXT });
    }
  });

  it("refuses list parameters on the single-work route", () => {
    const answer = answerWork("10.1103/physrevd.76.013009", new URLSearchParams("rows=2"));
    expect(answer.status).toBe(400);
    expect((answer.json as Failure).message[0]).toEqual({ type: "parameter-not-allowed", value: "rows", message: "This route does not support rows" });
  });
});

describe("derived records", () => {
  it("split names sensibly and keep groups as names", () => {
    const record = (answerWork("10.1103/physrevd.76.013009", new URLSearchParams()).json as { message: Item }).message;
    expect(record.author![1]).toEqual({ given: "E. L.", family: "Berger", sequence: "additional", affiliation: [] });
    const groups = list("query.author=collaboration&rows=100").message.items.flatMap((item) => item.author!.filter((author) => author.name));
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) expect(group).not.toHaveProperty("family");
  });

  it("carry a JATS abstract on some records, escaped", () => {
    const item = list("filter=has-abstract:true&rows=1").message.items[0]!;
    expect(item.abstract).toMatch(/^(<jats:title>Abstract<\/jats:title>)?<jats:p>[^<]*<\/jats:p>$/s);
  });

  it("are indexed recently and deposited after they were created", () => {
    const catalog = getCrossrefCatalog();
    for (const item of list("rows=1000").message.items.filter((item) => catalog.byDoi.get(item.DOI)! < catalog.derivedCount)) {
      expect(dateOf(item, "indexed")[0]).toBeGreaterThanOrEqual(2025);
      expect((item.deposited as { timestamp: number }).timestamp).toBeGreaterThanOrEqual((item.created as { timestamp: number }).timestamp);
    }
  });

  it("match query words in their own fields", () => {
    for (const item of list("query=superconducting&rows=50").message.items) {
      const text = `${item.title?.join(" ")} ${String(item.abstract ?? "")} ${(item["container-title"] as string[]).join(" ")}`;
      expect(stems(text).has(stem("superconducting"))).toBe(true);
    }
  });
});
