/** OpenAlex over HTTP: content types, id forms in the path, paging to the end, faults and the request log. */
import { describe, expect, it } from "vitest";
import type { RecordedRequest } from "../control/request-log";
import { NOT_FOUND_HTML } from "../openalex/works-query";
import { useSandbox } from "../test-support/use-sandbox";

const sandbox = useSandbox();

interface List {
  meta: { count: number; page: number | null; per_page: number; next_cursor?: string | null };
  results: { id: string; doi: string; display_name: string }[];
  group_by: unknown[];
}

async function getJson<T>(path: string, status = 200): Promise<T> {
  const response = await sandbox.get(path);
  expect(response.status, path).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/json");
  return (await response.json()) as T;
}

describe("GET /openalex/works", () => {
  it("answers JSON lists for search, filter, sort and select", async () => {
    const list = await getJson<List>("/openalex/works?search=graph%20neural%20networks&filter=publication_year:2025&sort=relevance_score:desc&per_page=5&mailto=test@example.org");
    expect(list.results).toHaveLength(5);
    expect(list.meta).toMatchObject({ page: 1, per_page: 5 });
    const selected = await getJson<{ results: Record<string, unknown>[] }>("/openalex/works?filter=title.search:PaperQA&select=id,doi");
    expect(selected.results).toEqual([{ id: "https://openalex.org/W4389761608", doi: "https://doi.org/10.48550/arxiv.2312.07559" }]);
  });

  it("answers the same as Quire asks (filters joined by commas, page and per_page)", async () => {
    const list = await getJson<List>(`/openalex/works?${new URLSearchParams({ filter: "title.search:diffusion,raw_author_name.search:Wang,from_publication_date:2025-01-01,to_publication_date:2026-12-31", page: "1", per_page: "25" })}`);
    expect(list.meta.count).toBeGreaterThan(0);
  });

  it("pages with cursor=* until next_cursor is null", async () => {
    const seen = new Set<string>();
    let cursor: string | null = "*";
    let count = 0;
    let requests = 0;
    while (cursor !== null) {
      const list: List = await getJson<List>(`/openalex/works?filter=title.search:summarization&per_page=25&cursor=${encodeURIComponent(cursor)}`);
      count = list.meta.count;
      for (const work of list.results) seen.add(work.id);
      cursor = list.meta.next_cursor ?? null;
      requests += 1;
      expect(requests).toBeLessThan(50);
    }
    expect(seen.size).toBe(count);
  });

  it("answers errors as OpenAlex does: 400 JSON for bad parameters, 401 for a bad api_key", async () => {
    const filter = await getJson<{ error: string; message: string }>("/openalex/works?filter=nonsense_field:zz", 400);
    expect(filter.error).toBe("Invalid query parameters error.");
    expect(filter.message).toMatch(/^nonsense_field is not a valid field\. Valid fields are underscore or hyphenated versions of: /);
    expect((await getJson<{ message: string }>("/openalex/works?select=nonsense", 400)).message).toMatch(/^nonsense is not a valid select field/);
    expect((await getJson<{ message: string }>("/openalex/works?page=101&per_page=100", 400)).message).toMatch(/^Maximum results size of 10,000 records is exceeded/);
    await getJson("/openalex/works?api_key=invalid", 401);
  });
});

describe("GET /openalex/works/{id}", () => {
  it("takes W ids, openalex.org URLs, doi: and doi.org DOIs, raw or percent-encoded", async () => {
    const paths = [
      "/openalex/works/W4389761608",
      "/openalex/works/https://openalex.org/W4389761608",
      "/openalex/works/doi:10.48550/arxiv.2312.07559",
      "/openalex/works/https://doi.org/10.48550/arXiv.2312.07559",
      `/openalex/works/${encodeURIComponent("https://doi.org/10.48550/arxiv.2312.07559")}`,
    ];
    for (const path of paths) expect((await getJson<{ id: string }>(path)).id, path).toBe("https://openalex.org/W4389761608");
    const quireStyle = `/openalex/works/${encodeURIComponent("doi:10.1103/PhysRevD.76.013009").replace(/%3A/gi, ":").replace(/%2F/gi, "/")}?mailto=test@example.org`;
    expect((await getJson<{ doi: string }>(quireStyle)).doi).toBe("https://doi.org/10.1103/physrevd.76.013009");
  });

  it("answers an unknown work with OpenAlex's HTML 404 page", async () => {
    for (const path of ["/openalex/works/W1", "/openalex/works/https://doi.org/10.1046/j.1365-2699.2003.00795?select=open_access,doi"]) {
      const response = await sandbox.get(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await response.text()).toBe(NOT_FOUND_HTML);
    }
  });
});

interface AuthorBody {
  id: string;
  orcid: string | null;
  display_name: string;
  works_count: number;
  last_known_institutions: { id: string; display_name: string }[];
  topics: { id: string; display_name: string; count: number }[];
}

describe("GET /openalex/authors", () => {
  it("looks authors up by name", async () => {
    const list = await getJson<{ results: { display_name: string; works_count: number }[] }>("/openalex/authors?search=Kyle%20Lo&per_page=5");
    expect(list.results[0]).toMatchObject({ display_name: "Kyle Lo" });
    expect(list.results[0]!.works_count).toBeGreaterThan(0);
  });

  it("answers a shared name with several distinct authors, and each author's works by id", async () => {
    const list = await getJson<{ meta: { count: number }; results: AuthorBody[] }>("/openalex/authors?search=Yang%20Liu&per_page=25&mailto=test@example.org");
    const yangs = list.results.filter((author) => author.display_name === "Yang Liu");
    expect(yangs.length).toBeGreaterThan(5);
    expect(new Set(yangs.map((author) => author.id)).size).toBe(yangs.length);
    for (const author of yangs) expect(author.topics.length).toBeGreaterThan(0);
    const [first, second] = yangs.map((author) => author.id.replace("https://openalex.org/", ""));
    const one = await getJson<List & { results: { authorships: { author: { id: string } }[] }[] }>(`/openalex/works?filter=authorships.author.id:${first}&per_page=200`);
    expect(one.meta.count).toBe(yangs[0]!.works_count);
    for (const work of one.results) expect(work.authorships.map((authorship) => authorship.author.id)).toContain(`https://openalex.org/${first}`);
    // Quire's form: the ids OR-ed with "|" (percent-encoded or not).
    for (const filter of [`authorships.author.id:${first}|${second}`, encodeURIComponent(`authorships.author.id:${first}|${second}`)]) {
      const both = await getJson<List>(`/openalex/works?filter=${filter}&per_page=200`);
      expect(both.meta.count).toBe(yangs[0]!.works_count + yangs[1]!.works_count);
    }
  });

  it("answers /authors/{id} by A id, openalex.org URL and ORCID, and 404s an unknown one", async () => {
    const [author] = (await getJson<{ results: AuthorBody[] }>("/openalex/authors?filter=has_orcid:true&sort=works_count:desc&per_page=1")).results;
    const id = author!.id.replace("https://openalex.org/", "");
    const bare = author!.orcid!.replace("https://orcid.org/", "");
    for (const path of [`/openalex/authors/${id}`, `/openalex/authors/${author!.id}`, `/openalex/authors/orcid:${bare}`, `/openalex/authors/${encodeURIComponent(author!.orcid!)}`]) {
      expect((await getJson<AuthorBody>(path)).id, path).toBe(author!.id);
    }
    const missing = await sandbox.get("/openalex/authors/A1");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("text/html; charset=utf-8");
    await missing.arrayBuffer();
    const refused = await getJson<{ error: string; message: string }>("/openalex/authors?filter=nonsense:1", 400);
    expect(refused.error).toBe("Invalid query parameters error.");
  });
});

describe("faults and the request log for openalex-api", () => {
  it("records requests under the route name and applies its faults", async () => {
    const queued = await sandbox.control("POST", "/__control/faults", { route: "openalex-api", status: 429, retryAfter: 2, times: 1 });
    expect(queued.status).toBe(201);
    const limited = await sandbox.get("/openalex/works?search=galaxy");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("2");
    await limited.arrayBuffer();
    const ok = await sandbox.get("/openalex/works?search=galaxy", { headers: { "User-Agent": "Quire-test" } });
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    const log = (await (await sandbox.control("GET", "/__control/requests?route=openalex-api")).json()) as { requests: RecordedRequest[] };
    expect(log.requests.map((request) => [request.path, request.status])).toEqual([
      ["/openalex/works?search=galaxy", 429],
      ["/openalex/works?search=galaxy", 200],
    ]);
    expect(log.requests[1]!.headers["user-agent"]).toBe("Quire-test");
  });

  it("garbles the JSON with a malformed fault", async () => {
    await sandbox.control("POST", "/__control/faults", { route: "openalex-api", malformed: true, times: 1 });
    const response = await sandbox.get("/openalex/works/W4389761608");
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow();
  });
});
