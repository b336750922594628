import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { INPUT_MESSAGES } from "@/server/http/validation";
import { JSON_MAX_DEPTH } from "@/shared/constants";
import { useSandboxedServer } from "@/test/sandboxed-server";
import { testDatabaseKind } from "@/test/test-database";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";

/**
 * Two defects an outside probe found: user text that walked out of
 * its path segment on the upstream host, and NUL (or broken UTF-8) in stored text answered
 * with a 500 from Postgres.
 */
const env = useSandboxedServer();

type Arrival = { path: string; headers: Record<string, string> };
/** What the sandbox received from Quire (its User-Agent), any path at all. */
async function quireArrivals(): Promise<Arrival[]> {
  const body = (await (await fetch(`${env.sandbox.url}/__control/arrivals`)).json()) as { requests: Arrival[] };
  return body.requests.filter((request) => /^Quire\//.test(request.headers["user-agent"] ?? ""));
}

describe(`user text stays in its path segment upstream (${testDatabaseKind})`, () => {
  it.each([
    ["/api/crossref?doi=..%2F..%2F__control%2Fmail", /Invalid DOI/],
    ["/api/crossref?doi=10.1000%2F..%2F..%2F..%2F__control%2Fmail", /Invalid DOI/],
    ["/api/crossref?doi=https%3A%2F%2Fdoi.org%2F10.1000%2F.%2F..%2F__control", /Invalid DOI/],
    ["/api/openalex?works=..%2F..%2F__control%2Fmail", /Invalid OpenAlex work id/],
    ["/api/openalex?works=doi%3A10.1000%2F..%2F..%2F__control%2Fmail", /Invalid OpenAlex work id/],
    ["/api/openalex?works=W1%2F..%2F..%2F__control%2Fmail", /Invalid OpenAlex work id/],
  ])("GET %s is a 400 and reaches nothing upstream", async (path, message) => {
    await fetch(`${env.sandbox.url}/__control/arrivals`, { method: "DELETE" });
    const response = await fetch(`${env.server.url}${path}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(message);
    expect(await quireArrivals()).toEqual([]);
  });

  it("still looks up real DOIs and work ids, each in its own path", async () => {
    await fetch(`${env.sandbox.url}/__control/arrivals`, { method: "DELETE" });
    const byDoi = await fetch(`${env.server.url}/api/crossref?doi=${encodeURIComponent("https://doi.org/10.1103/physrevd.76.013009")}`);
    expect(byDoi.status).toBe(200);
    const byWork = await fetch(`${env.server.url}/api/openalex?works=doi:${encodeURIComponent("10.1103/physrevd.76.013009")}`);
    expect([200, 404]).toContain(byWork.status);
    const paths = (await quireArrivals()).map((request) => new URL(request.path, "http://x").pathname);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path).toMatch(/^\/(crossref|openalex)\/works\//);
  });
});

describe(`NUL, broken UTF-8 and __proto__ are refused once for every route (${testDatabaseKind})`, () => {
  let user: SignedInUser;
  const send = async (method: string, path: string, body?: string, contentType = "application/json") => {
    user ??= await createSignedInUser(env.server);
    const response = await fetch(`${env.server.url}${path}`, { method, headers: { ...user.headers(), "Content-Type": contentType }, body });
    return { status: response.status, body: (await response.json().catch(() => null)) as { error?: { message: string } } | null };
  };

  it.each([
    ["PUT", "/api/me/notes/2401.12345", JSON.stringify({ content: "a\u0000b" })],
    ["PUT", "/api/me/preferences/theme", JSON.stringify({ value: "dark\u0000" })],
    ["PUT", "/api/me/cache/key", JSON.stringify({ value: { nested: ["x\u0000"] } })],
    ["PUT", "/api/me/profile", JSON.stringify({ name: "N\u0000" })],
    ["PUT", "/api/me/bookmarks/2401.12345", JSON.stringify({ paper: { id: "2401.12345", title: "T\u0000" } })],
    ["POST", "/api/me/bookmarks/batch", JSON.stringify({ bookmarks: [{ paper: { id: "x", title: "\u0000" } }] })],
    ["POST", "/api/events", JSON.stringify({ events: [{ name: "search", properties: { q: "\u0000" } }] })],
    ["PUT", "/api/me/notes/2401.12345", '{"content":"raw \u0000 byte"}'],
    ["GET", "/api/me/notes/2401%0012345", undefined],
    ["GET", "/api/search?q=a%00b&source=arxiv", undefined],
  ])("%s %s with NUL is a 400 saying so", async (method, path, body) => {
    const answer = await send(method, path, body);
    expect(answer.status).toBe(400);
    expect(answer.body?.error?.message).toBe(INPUT_MESSAGES.nul);
  });

  it("refuses a NUL key, a __proto__ key, broken UTF-8 and broken escapes, and still stores ordinary text", async () => {
    expect((await send("PUT", "/api/me/cache/k", '{"value":{"a\\u0000":1}}')).body?.error?.message).toBe(INPUT_MESSAGES.nul);
    expect((await send("PUT", "/api/me/cache/k", '{"value":{"__proto__":{"admin":true}}}')).body?.error?.message).toBe(INPUT_MESSAGES.protoKey);
    const broken = await fetch(`${env.server.url}/api/me/notes/2401.12345`, {
      method: "PUT",
      headers: { ...user.headers(), "Content-Type": "application/json" },
      body: Buffer.concat([Buffer.from('{"content":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { message: string } }).error.message).toBe(INPUT_MESSAGES.encoding);
    expect((await send("GET", "/api/me/notes/%C3%28")).body?.error?.message).toBe(INPUT_MESSAGES.address);
    const stored = await send("PUT", "/api/me/notes/2401.12345", JSON.stringify({ content: "Ünïcode \\u0000 written out, and a __proto__ in prose" }));
    expect(stored.status).toBe(200);
  });

  it("signed out too: POST /api/events with NUL is a 400, and the server stays healthy", async () => {
    const response = await fetch(`${env.server.url}/api/events`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: env.server.url },
      body: JSON.stringify({ events: [{ name: "page_view\u0000", properties: {} }] }),
    });
    expect(response.status).toBe(400);
    expect((await fetch(`${env.server.url}/api/health`)).status).toBe(200);
  });
});

describe(`JSON nested past JSON_MAX_DEPTH is refused once for every route (${testDatabaseKind})`, () => {
  const deepArray = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
  const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

  it.each([
    ["POST", "/api/events", `{"events":[{"name":"search","properties":{"q":${deepArray(5000)}}}]}`, false],
    ["PUT", "/api/me/preferences/theme", `{"value":${deepArray(5000)}}`, true],
    ["PUT", "/api/me/preferences/theme", `{"value":${deepObject(5000)}}`, true],
    ["PUT", "/api/me/cache/deep", `{"data":${deepObject(JSON_MAX_DEPTH)}}`, true],
    ["POST", "/api/auth/sign-up/email", `{"email":"deep@quire.invalid","password":"long enough","name":${deepArray(5000)}}`, false],
  ])("%s %s is a 400 saying so, not a 500", async (method, path, body, signedIn) => {
    const headers = signedIn ? (await createSignedInUser(env.server)).headers() : { "Content-Type": "application/json", Origin: env.server.url };
    const response = await fetch(`${env.server.url}${path}`, { method, headers, body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(INPUT_MESSAGES.depth);
  });

  it("still stores a value nested as deep as the limit allows", async () => {
    const user = await createSignedInUser(env.server);
    // The body's own object is one level: the value may take the rest.
    const response = await fetch(`${env.server.url}/api/me/preferences/deep`, { method: "PUT", headers: user.headers(), body: `{"value":${deepArray(JSON_MAX_DEPTH - 1)}}` });
    expect(response.status).toBe(200);
  });
});

describe(`a paper's links are kept only when they are http(s), wherever a paper enters (${testDatabaseKind})`, () => {
  const hostilePaper = (id: string) => ({
    id,
    title: `Hostile ${id}`,
    authors: ["Mallory"],
    abstract: "",
    url: "javascript:alert(document.cookie)",
    pdfUrl: "data:text/html,<script>alert(1)</script>",
    thumbnailUrl: "data:image/svg+xml,<svg onload=alert(1)>",
    publishedDate: null,
    updatedDate: null,
    categories: [],
    category: "unknown",
    source: "crossref",
    doi: null,
    journalRef: null,
    comments: null,
    arxivId: null,
    links: { abstract: " JavaScript:alert(1)", pdf: "https://example.org/ok.pdf" },
  });
  const noHostileLink = (paper: unknown) => expect(JSON.stringify(paper)).not.toMatch(/javascript:|data:/i);

  it("bookmarks (one and a batch), reading history and authored papers store none, and read none back", async () => {
    const user = await createSignedInUser(env.server);
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${env.server.url}${path}`, { method, headers: user.headers(), body: body === undefined ? undefined : JSON.stringify(body) });
      expect(response.status, `${method} ${path}`).toBeLessThan(300);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const one = await call("PUT", `/api/me/bookmarks/${encodeURIComponent("10.1000/one")}`, { paper: hostilePaper("10.1000/one") });
    noHostileLink(one);
    await call("POST", "/api/me/bookmarks/batch", { bookmarks: [{ paper: hostilePaper("10.1000/two"), tags: [], bookmarkedAt: new Date().toISOString() }] });
    await call("POST", "/api/me/history", { paper: hostilePaper("10.1000/three"), viewType: "paper" });
    await call("POST", "/api/me/authored-papers", { paper: hostilePaper("10.1000/four") });

    const stored = await queryRows<{ paper_data: unknown }>(
      env.server.database.db,
      sql`select paper_data from user_bookmarks where user_id = ${user.id}
          union all select paper_data from user_reading_history where user_id = ${user.id}`,
    );
    expect(stored).toHaveLength(3);
    for (const row of stored) {
      noHostileLink(row.paper_data);
      expect(row.paper_data).toMatchObject({ url: "", pdfUrl: null, links: { abstract: null, pdf: "https://example.org/ok.pdf" } });
    }
    const authored = await call("GET", "/api/me/authored-papers");
    expect((authored.papers as unknown[]).length).toBe(1);
    noHostileLink(authored);
    noHostileLink(await call("GET", "/api/me/bookmarks"));
    noHostileLink(await call("GET", "/api/me/history"));
  });
});

describe(`a search with no network to the upstream (${testDatabaseKind})`, () => {
  it("says Quire could not reach the source, for arXiv, OpenAlex and Crossref", async () => {
    // Port 1 on loopback: nothing listens, every connection is refused, as with no network.
    const { startTestServer } = await import("@/test/test-server");
    const offline = await startTestServer({ sandboxUrl: "http://127.0.0.1:1" });
    try {
      for (const [source, name] of [["openalex", "OpenAlex"], ["crossref", "Crossref"], ["arxiv", "arXiv"]] as const) {
        const response = await fetch(`${offline.url}/api/search?source=${source}&q=graph`);
        expect(response.status).toBe(502);
        expect(((await response.json()) as { error: { message: string } }).error.message).toBe(`Quire could not reach ${name}: no network`);
      }
    } finally {
      await offline.close();
    }
  }, 60_000);
});

describe(`origins (${testDatabaseKind})`, () => {
  it("with no PUBLIC_URL, signs up from the address the page was opened at (127.0.0.1), and refuses another site", async () => {
    const { startTestServer } = await import("@/test/test-server");
    const local = await startTestServer({ env: { PUBLIC_URL: "" } });
    try {
      const signUp = (origin: string, email: string) =>
        fetch(`${local.url}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: origin },
          body: JSON.stringify({ email, password: "correct horse battery", name: "Local" }),
        });
      expect(local.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
      expect((await signUp(local.url, "local-origin@quire.invalid")).status).toBe(200);
      expect((await signUp("https://evil.example", "evil-origin@quire.invalid")).status).toBe(403);
      expect((await signUp("http://localhost:5173", "vite-origin@quire.invalid")).status).toBe(403);
    } finally {
      await local.close();
    }
  });

  it("refuses a cookie-carrying product event from another site, and takes one from Quire's own pages", async () => {
    const user = await createSignedInUser(env.server);
    const post = (origin: string) =>
      fetch(`${env.server.url}/api/events`, {
        method: "POST",
        headers: { ...user.headers(), Origin: origin },
        body: JSON.stringify({ events: [{ name: "page_view", properties: { path: "/" } }] }),
      });
    expect((await post("https://evil.example")).status).toBe(403);
    expect((await post("http://localhost:5173")).status).toBe(403);
    expect((await post(env.server.url)).status).toBe(202);
  });
});

describe(`one hanging arXiv request does not stall the others (${testDatabaseKind})`, () => {
  const fault = (body: Record<string, unknown>) =>
    fetch(`${env.sandbox.url}/__control/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("a search behind a hang is answered within seconds; the hung one gives up at 20 s with the spec's message", async () => {
    expect((await fault({ route: "arxiv-api", hang: true, match: "hangingtopic" })).status).toBe(201);
    const hungStarted = Date.now();
    const hung = fetch(`${env.server.url}/api/search?source=arxiv&q=hangingtopic`).then(async (response) => ({
      status: response.status,
      message: ((await response.json()) as { error?: { message: string } }).error?.message,
      ms: Date.now() - hungStarted,
    }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const behindStarted = Date.now();
    const behind = await fetch(`${env.server.url}/api/search?source=arxiv&q=transformer`);
    const behindMs = Date.now() - behindStarted;
    expect(behind.status).toBe(200);
    // The hang keeps the slot at most 5 s, the next start waits out arXiv's 3 s from the hung one's.
    expect(behindMs).toBeLessThan(9_000);
    const answer = await hung;
    expect(answer.status).toBe(504);
    expect(answer.message).toBe("ArXiv API error: 504 Gateway Timeout");
    expect(answer.ms).toBeLessThan(23_000);
  }, 60_000);

  it("passes arXiv's Retry-After on to the client when it keeps answering 429", async () => {
    expect((await fault({ route: "arxiv-api", status: 429, retryAfter: 2, match: "busytopic", times: 3 })).status).toBe(201);
    const response = await fetch(`${env.server.url}/api/search?source=arxiv&q=busytopic`);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("2");
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe("ArXiv API error: 429 Too Many Requests");
  }, 60_000);
});
