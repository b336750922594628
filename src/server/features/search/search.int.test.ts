import { describe, expect, it } from "vitest";
import { paperSchema, type Paper } from "@/shared/paper";
import { arxivEntryToPaper, parseArxivAtom } from "@/shared/sources/arxiv/arxiv-atom";
import { startTestServer } from "@/test/test-server";
import { useSandboxedServer } from "@/test/sandboxed-server";
import { testDatabaseKind } from "@/test/test-database";

const env = useSandboxedServer();

type SandboxRequest = { path: string; ms: number; headers?: Record<string, string> };
async function arxivRequests(): Promise<SandboxRequest[]> {
  const response = await fetch(`${env.sandbox.url}/__control/requests?route=arxiv-api`);
  return ((await response.json()) as { requests: SandboxRequest[] }).requests;
}
async function fault(body: Record<string, unknown>) {
  const response = await fetch(`${env.sandbox.url}/__control/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
}
const search = (query: string, base = env.server.url) => fetch(`${base}/api/search?${query}`);

describe(`GET /api/search on arXiv (${testDatabaseKind})`, () => {
  it("answers unified papers from the sandbox's corpus", async () => {
    const response = await search("source=arxiv&q=cat:cs.CL&size=20");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ page: 0, size: 20 });
    expect(body.papers).toHaveLength(20);
    expect(body.total).toBeGreaterThan(20);
    expect(body.total).toBeLessThanOrEqual(2000);
    for (const paper of body.papers) {
      paperSchema.parse(paper);
      expect(paper.categories).toContain("cs.CL");
    }
    const [request] = await arxivRequests();
    expect(request?.headers?.["user-agent"]).toMatch(/^Quire\/.*mailto:tests@quire\.invalid/);
  }, 30_000);

  it("keeps every character beyond ASCII in titles, abstracts and names, as the Atom feed has them", async () => {
    const response = await search("source=arxiv&q=cat:cs.LG&size=100");
    expect(response.status).toBe(200);
    const { papers } = (await response.json()) as { papers: Paper[] };
    // The same feed read as text, the plain way, straight from the sandbox.
    const [request] = await arxivRequests();
    const atom = await (await fetch(`${env.sandbox.url}${request!.path}`)).text();
    const expected = parseArxivAtom(atom).entries.map(arxivEntryToPaper);
    expect(JSON.stringify(papers)).toMatch(/[^\x00-\xff]/);
    expect(JSON.stringify(papers)).toMatch(/[\x80-\xff]/);
    expect(papers).toEqual(JSON.parse(JSON.stringify(expected)));
  }, 30_000);

  it("serves a repeated query from the cache without a second upstream call", async () => {
    const first = await (await search("q=cat:cs.CV%20AND%20ti:diffusion&size=20")).json();
    const second = await (await search("q=cat:cs.CV%20AND%20ti:diffusion&size=20")).json();
    expect(second).toEqual(first);
    expect(await arxivRequests()).toHaveLength(1);
  }, 30_000);

  it.each([
    ["unbalanced parentheses", "q=(ti:graph", /parenthesis/],
    ["unbalanced quotes", 'q=ti:"graph', /quote/],
    ["an unknown prefix", "q=author:smith", /Unknown field prefix "author:"/],
    ["a page beyond the cap", "q=graph&page=40&size=100", /past the last one/],
    ["a size not offered", "q=graph&size=30", /size must be one of 20, 50, 100/],
    ["a 10,000-character query", `q=${"a".repeat(10_000)}`, /longer than 1000 characters/],
    ["non-UTF-8 bytes", "q=%FF%FE", /not valid UTF-8/],
    ["no query at all", "source=arxiv", /No search query provided/],
    ["an unknown source", "source=scholar&q=x", /^Search provider not found for source: scholar$/],
  ])("refuses %s with a clear 400 and no upstream call", async (_label, query, message) => {
    const response = await search(query);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.message).toMatch(message);
    expect(await arxivRequests()).toHaveLength(0);
  });

  it("starts the search of a /search page while serving the page; the page's API call joins it", async () => {
    const query = "q=cat:cs.RO%20AND%20ti:robot&size=20";
    await (await fetch(`${env.server.url}/search?${query}`)).arrayBuffer();
    const body = await (await search(query)).json();
    expect(body.papers.length).toBeGreaterThan(0);
    expect(await arxivRequests()).toHaveLength(1);
    // Bad input on the page starts nothing; the API refuses it as before.
    await (await fetch(`${env.server.url}/search?q=${encodeURIComponent("ti:(unbalanced")}`)).arrayBuffer();
    expect(await arxivRequests()).toHaveLength(1);
  }, 30_000);

  it("retries a 429 only after Retry-After", async () => {
    await fault({ route: "arxiv-api", status: 429, retryAfter: 2, times: 1 });
    const response = await search("q=ti:retry%20AND%20cat:cs.AI");
    expect(response.status).toBe(200);
    const requests = await arxivRequests();
    expect(requests).toHaveLength(2);
    expect(requests[1]!.ms - requests[0]!.ms).toBeGreaterThanOrEqual(2000);
  }, 30_000);

  it('gives "ArXiv API error: 503 Service Unavailable" after three 503s', async () => {
    await fault({ route: "arxiv-api", status: 503, times: 3 });
    const response = await search("q=ti:unavailable");
    expect(response.status).toBe(502);
    expect((await response.json()).error).toEqual({ code: "upstream_error", message: "ArXiv API error: 503 Service Unavailable" });
    expect(await arxivRequests()).toHaveLength(3);
  }, 40_000);

  it("reports a malformed Atom body clearly", async () => {
    await fault({ route: "arxiv-api", malformed: true, times: 3 });
    const response = await search("q=ti:garbled");
    expect(response.status).toBe(502);
    const body = await response.json();
    expect(body.error.code).toBe("upstream_malformed");
    expect(body.error.message).toMatch(/^ArXiv API error: the response could not be read/);
  }, 30_000);

  it("relays the Atom feed at /api/arxiv, error feeds with 400", async () => {
    const ok = await fetch(`${env.server.url}/api/arxiv?id_list=0704.0001`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("application/atom+xml");
    expect(await ok.text()).toContain("<opensearch:totalResults>1</opensearch:totalResults>");
    const bad = await fetch(`${env.server.url}/api/arxiv?id_list=abc`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("incorrect id format for abc");
  }, 30_000);
});

describe(`GET /api/search on OpenAlex and Crossref (${testDatabaseKind})`, () => {
  it("answers OpenAlex works as unified papers, with field syntax turned into filters", async () => {
    const response = await search(`source=openalex&q=${encodeURIComponent("diffusion models")}&size=20`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.papers.length).toBeGreaterThan(0);
    for (const paper of body.papers) expect(paperSchema.parse(paper).source).toBe("openalex");

    const fielded = await search(`source=openalex&q=${encodeURIComponent('au:"Hinton"')}&size=20`);
    expect(fielded.status).toBe(200);
    const log = await (await fetch(`${env.sandbox.url}/__control/requests?route=openalex-api`)).json();
    const last = log.requests.at(-1).path as string;
    expect(decodeURIComponent(last)).toContain("raw_author_name.search:Hinton");
    expect(last).toContain("mailto=tests%40quire.invalid");
  }, 30_000);

  it("searches OpenAlex with the advanced form's authors and dates", async () => {
    const response = await search("source=openalex&searchType=advanced&title=learning&dateFrom=2025&dateTo=2026-06&size=20");
    expect(response.status).toBe(200);
    const body = await response.json();
    for (const paper of body.papers) expect(paper.publishedDate >= "2025-01-01" && paper.publishedDate <= "2026-06-30").toBe(true);
  }, 30_000);

  it("answers Crossref works as unified papers", async () => {
    const response = await search(`source=crossref&q=${encodeURIComponent("quantum")}&size=20`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.papers.length).toBeGreaterThan(0);
    for (const paper of body.papers) {
      expect(paperSchema.parse(paper).source).toBe("crossref");
      expect(paper.id).toBe(paper.doi);
    }
  }, 30_000);

  it("relays the OpenAlex and Crossref proxies, 404s included", async () => {
    const list = await fetch(`${env.server.url}/api/openalex?search=graph&per_page=5`);
    expect(list.status).toBe(200);
    const listed = await list.json();
    expect(listed.meta.count).toBeGreaterThan(0);
    const work = await fetch(`${env.server.url}/api/openalex?works=${encodeURIComponent(listed.results[0].id.replace("https://openalex.org/", ""))}`);
    expect(work.status).toBe(200);
    const missing = await fetch(`${env.server.url}/api/crossref?doi=${encodeURIComponent("10.48550/arXiv.2304.05376")}`);
    expect(missing.status).toBe(404);
    const crossrefList = await fetch(`${env.server.url}/api/crossref?query=quantum&rows=2`);
    expect((await crossrefList.json()).message.items).toHaveLength(2);
    const badFilter = await fetch(`${env.server.url}/api/openalex?filter=${encodeURIComponent("titel.search:x")}`);
    expect(badFilter.status).toBe(400);
    expect((await badFilter.json()).error.message).toContain('Unknown filter field "titel.search"');
  }, 30_000);
});

describe("the arXiv rate limit", () => {
  // With PGlite only one instance can run (the data directory is locked), so the PGlite run
  // checks one instance; the PostgreSQL run checks two instances sharing the database.
  const instances = testDatabaseKind === "postgres" ? 2 : 1;
  it(`keeps ten different queries from ${instances} instance(s) at least 3 s apart, using every slot; the rest are told Quire is busy`, async () => {
    const second = instances === 2 ? await startTestServer({ sandboxUrl: env.sandbox.url, database: env.server.database }) : env.server;
    try {
      // Each instance's first arXiv search pays for cold code paths (2.3 s once on a loaded
      // machine, which left only six slots in the burst's 20 s); the burst measures the slots,
      // so it starts warm, with the slot free again.
      for (const server of new Set([env.server, second])) expect((await search("q=ti:warmup", server.url)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3_200));
      const queries = Array.from({ length: 10 }, (_, i) => `q=ti:burst${i}`);
      const started = performance.now();
      const answers = await Promise.all(
        queries.map(async (query, i) => {
          const response = await search(query, i % 2 === 0 ? env.server.url : second.url);
          return { response, ms: performance.now() - started };
        }),
      );
      // One every 3 s: seven fit in a search's 20 s (a slot lost would leave six).
      const statuses = answers.map((answer) => answer.response.status);
      const times = (await arxivRequests()).map((request) => request.ms).sort((a, b) => a - b);
      // Said in full when it fails: which answers came when, and when arXiv was asked.
      const seen = `answers ${answers.map(({ response, ms }) => `${response.status}@${Math.round(ms)}`).join(" ")}; arXiv asked at ${times.map((ms) => Math.round(ms)).join(" ")}`;
      expect(statuses.filter((status) => status === 200).length, seen).toBeGreaterThanOrEqual(instances === 1 ? 7 : 6);
      for (const { response, ms } of answers.filter((item) => item.response.status !== 200)) {
        // arXiv answered every request it got: the others are Quire's own queue, said as such.
        expect(response.status, seen).toBe(503);
        const message = ((await response.json()) as { error: { message: string } }).error.message;
        expect(message).toMatch(/^Quire is busy with other arXiv searches; try again in \d+ s$/);
        expect(response.headers.get("retry-after")).toBe(/(\d+) s$/.exec(message)![1]);
        // One instance knows its whole queue: a search that cannot fit is told at once.
        if (instances === 1) expect(ms, seen).toBeLessThan(5_000);
        else expect(ms, seen).toBeLessThan(21_000);
      }
      expect(times.length, seen).toBeGreaterThanOrEqual(statuses.filter((status) => status === 200).length);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!, seen).toBeGreaterThanOrEqual(2990);
    } finally {
      if (second !== env.server) await second.close();
    }
  }, 90_000);
});
