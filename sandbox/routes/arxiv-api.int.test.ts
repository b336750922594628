import { describe, expect, it } from "vitest";
import { createAtomParser, getCorpus } from "../corpus";
import { useSandbox } from "../test-support/use-sandbox";

const sandbox = useSandbox();
const parser = createAtomParser();

interface ParsedEntry {
  id: string;
  title: string;
  published: string;
  updated: string;
  summary: string;
  author: { name: string }[];
  category: { term: string }[];
}
interface ParsedFeed {
  title: string;
  "opensearch:totalResults": string;
  "opensearch:itemsPerPage": string;
  "opensearch:startIndex": string;
  entry?: ParsedEntry[];
}

async function query(params: Record<string, string | number>): Promise<{ status: number; contentType: string | null; body: string; feed: ParsedFeed }> {
  const search = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  const response = await sandbox.get(`/arxiv/api/query?${search}`);
  const body = await response.text();
  return { status: response.status, contentType: response.headers.get("content-type"), body, feed: (parser.parse(body) as { feed: ParsedFeed }).feed };
}
const entryIds = (feed: ParsedFeed) => (feed.entry ?? []).map((entry) => entry.id.replace("http://arxiv.org/abs/", ""));
const total = (feed: ParsedFeed) => Number(feed["opensearch:totalResults"]);

describe("search", () => {
  it("answers Atom with the total, page size and start", async () => {
    const { status, contentType, feed } = await query({ search_query: "cat:cs.CL AND ti:summarization", max_results: 5 });
    expect(status).toBe(200);
    expect(contentType).toBe("application/atom+xml; charset=utf-8");
    expect(total(feed)).toBeGreaterThan(5);
    expect(feed["opensearch:itemsPerPage"]).toBe("5");
    expect(feed["opensearch:startIndex"]).toBe("0");
    expect(feed.entry).toHaveLength(5);
    for (const entry of feed.entry!) expect(entry.title.toLowerCase()).toContain("summariz");
  });

  it("returns 10 entries by default", async () => {
    const { feed } = await query({ search_query: "all:learning" });
    expect(feed.entry).toHaveLength(10);
    expect(feed["opensearch:itemsPerPage"]).toBe("10");
  });

  it("pages through the same ordered result list", async () => {
    const whole = entryIds((await query({ search_query: "cat:cs.CL", max_results: 30 })).feed);
    const pages = [0, 10, 20].map((start) => query({ search_query: "cat:cs.CL", start, max_results: 10 }));
    const joined = (await Promise.all(pages)).flatMap(({ feed }) => entryIds(feed));
    expect(joined).toEqual(whole);
    const overlapping = entryIds((await query({ search_query: "cat:cs.CL", start: 5, max_results: 15 })).feed);
    expect(overlapping).toEqual(whole.slice(5, 20));
  });

  it("answers a page past the end with no entries and the real total", async () => {
    const { feed } = await query({ search_query: "rn:LA-UR-94-3641", start: 5 });
    expect(total(feed)).toBe(1);
    expect(feed.entry).toBeUndefined();
  });

  it("sorts by submittedDate and lastUpdatedDate, descending by default", async () => {
    const byDate = (await query({ search_query: "cat:hep-ph", sortBy: "submittedDate", max_results: 50 })).feed.entry!.map((e) => e.published);
    expect(byDate).toEqual([...byDate].sort().reverse());
    const ascending = (await query({ search_query: "cat:hep-ph", sortBy: "lastUpdatedDate", sortOrder: "ascending", max_results: 50 })).feed.entry!.map((e) => e.updated);
    expect(ascending).toEqual([...ascending].sort());
  });

  it("echoes the query in the title with all: on bare terms", async () => {
    const { feed } = await query({ search_query: "testing", max_results: 3 });
    expect(feed.title).toBe("arXiv Query: search_query=all:testing&id_list=&start=0&max_results=3");
  });

  it("accepts the parameters as a POST form, as arXiv does", async () => {
    const response = await sandbox.get("/arxiv/api/query", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "search_query=id:2301.13298&max_results=1",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<id>http://arxiv.org/abs/2301.13298v1</id>");
  });

  it("finds a paper by id: as the app's id lookup does", async () => {
    const { feed } = await query({ search_query: "id:1911.02782", max_results: 1 });
    expect(entryIds(feed)).toEqual(["1911.02782v1"]);
  });

  it("filters on submittedDate ranges", async () => {
    const { feed } = await query({ search_query: "cat:cs.CV AND submittedDate:[202505010000 TO 202505312359]", max_results: 200 });
    expect(total(feed)).toBeGreaterThan(0);
    for (const entry of feed.entry!) expect(entry.published.slice(0, 7)).toBe("2025-05");
  });
});

describe("id_list", () => {
  it("returns the listed papers in the order given", async () => {
    const { feed } = await query({ id_list: "2301.13298,acc-phys/9411001,1911.02782" });
    expect(entryIds(feed)).toEqual(["2301.13298v1", "acc-phys/9411001v1", "1911.02782v1"]);
    expect(total(feed)).toBe(3);
  });

  it("returns the latest version without a version and the named one with it", async () => {
    expect(entryIds((await query({ id_list: "0704.0001" })).feed)).toEqual(["0704.0001v2"]);
    const { feed } = await query({ id_list: "0704.0001v1" });
    expect(entryIds(feed)).toEqual(["0704.0001v1"]);
    expect(feed.entry![0]!.updated).toBe("2007-04-02T19:18:42Z");
  });

  it("reads old-style ids with and without version", async () => {
    expect(entryIds((await query({ id_list: "astro-ph/0601001" })).feed)).toEqual(["astro-ph/0601001v1"]);
    expect(entryIds((await query({ id_list: "quant-ph/0201082v1" })).feed)).toEqual(["quant-ph/0201082v1"]);
  });

  it("leaves out well-formed ids it does not know, with status 200", async () => {
    for (const ids of ["0808.05394", "0000.0000", "0704.0001v9"]) {
      const { status, feed } = await query({ id_list: ids });
      expect(status).toBe(200);
      expect(total(feed)).toBe(0);
    }
    expect(entryIds((await query({ id_list: "0808.05394,1707.08567" })).feed)).toEqual(["1707.08567v1"]);
  });

  it("with a search_query, returns the listed papers that match it", async () => {
    const { feed } = await query({ search_query: "au:Lo", id_list: "1911.02782,2301.13298,0704.0001" });
    expect(new Set(entryIds(feed))).toEqual(new Set(["1911.02782v1", "2301.13298v1"]));
    expect(entryIds((await query({ search_query: "au:Lo", id_list: "1911.02782v1" })).feed)).toEqual([]);
  });

  it("pages through the list", async () => {
    const { feed } = await query({ id_list: "2301.13298,acc-phys/9411001,1911.02782", start: 1, max_results: 1 });
    expect(entryIds(feed)).toEqual(["acc-phys/9411001v1"]);
    expect(total(feed)).toBe(3);
  });
});

describe("errors", () => {
  async function expectError(params: Record<string, string | number>, message: string): Promise<void> {
    const { status, contentType, body, feed } = await query(params);
    expect(status).toBe(400);
    expect(contentType).toBe("application/atom+xml; charset=utf-8");
    expect(feed.title).toBe("arXiv Search Results");
    expect(total(feed)).toBe(1);
    expect(feed.entry![0]!.title).toBe("Error");
    expect(feed.entry![0]!.summary).toBe(message);
    expect(body).toContain(`<id>https://arxiv.org/api/errors#${message.replace(/ /g, "_")}</id>`);
  }

  it("refuses malformed ids", () => expectError({ id_list: "abc" }, "incorrect id format for abc"));
  it("names the first malformed id in a list", () => expectError({ id_list: "2301.13298,12345,abc" }, "incorrect id format for 12345"));
  it("refuses max_results above 30000", () => expectError({ search_query: "all:a", max_results: 30001 }, "max_results must be less than or equal to 30000"));
  it("refuses a negative max_results", () => expectError({ search_query: "all:a", max_results: -1 }, "max_results must be non-negative"));
  it("refuses a negative start", () => expectError({ search_query: "all:a", start: -5 }, "start must be non-negative"));
  it("refuses a non-numeric start", () => expectError({ search_query: "all:a", start: "ten" }, "start must be an integer"));
  it("refuses an unknown sortBy", () => expectError({ search_query: "all:a", sortBy: "title" }, "sortBy must be in: relevance, lastUpdatedDate, submittedDate"));
  it("refuses an unknown sortOrder", () => expectError({ search_query: "all:a", sortOrder: "up" }, "sortOrder must be in: ascending, descending"));
  it("refuses an unbalanced query", () => expectError({ search_query: "(ti:a OR ti:b" }, "unbalanced parentheses in search_query"));

  it("accepts max_results of exactly 30000", async () => {
    const { status, feed } = await query({ search_query: "cat:hep-ph", max_results: 30000 });
    expect(status).toBe(200);
    expect(feed.entry!.length).toBe(total(feed));
  });

  it("answers no parameters with an empty feed", async () => {
    const { status, feed } = await query({});
    expect(status).toBe(200);
    expect(total(feed)).toBe(0);
  });
});

describe("entries", () => {
  it("carry the corpus fields: authors, categories, dates, DOI, journal ref", async () => {
    const { body, feed } = await query({ id_list: "0704.0001" });
    const paper = getCorpus().byId.get("0704.0001")!;
    const entry = feed.entry![0]!;
    expect(entry.title).toBe(paper.title);
    expect(entry.author.map((a) => a.name)).toEqual(paper.authors);
    expect(entry.category.map((c) => c.term)).toEqual(paper.categories);
    expect(entry.published).toBe(paper.published);
    expect(body).toContain("<arxiv:doi>10.1103/PhysRevD.76.013009</arxiv:doi>");
    expect(body).toContain('<link rel="related" href="https://doi.org/10.1103/PhysRevD.76.013009" title="doi"/>');
    expect(body).toContain("<arxiv:journal_ref>Phys.Rev.D76:013009,2007</arxiv:journal_ref>");
    expect(body).toContain('<link href="https://arxiv.org/pdf/0704.0001v2" rel="related" type="application/pdf" title="pdf"/>');
  });

  it("escape XML in titles and abstracts", async () => {
    const { body } = await query({ id_list: "astro-ph/0601001" });
    expect(body).toContain("Gould &amp; Morgan (2003)");
    expect(body).toContain("V_max&lt;17.5");
  });

  it("are served as UTF-8", async () => {
    const { feed } = await query({ id_list: "1707.08567" });
    expect(feed.entry![0]!.author.map((a) => a.name)).toContain("Dirk Wübben");
  });
});
