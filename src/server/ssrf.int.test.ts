import { afterAll, describe, expect, it } from "vitest";
import { useSandboxedServer } from "@/test/sandboxed-server";
import { testDatabaseKind } from "@/test/test-database";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";

/**
 * Server-side request forgery: every route that fetches anything upstream is sent addresses
 * and ids meant to make the server fetch something else (loopback, link-local, file:,
 * userinfo, percent-encoded and traversal forms, loopback written inside IPv6). The sandbox records every request it
 * receives, whatever the path (`/__control/arrivals`): each one Quire sent must be on the
 * path its route fetches from, never `/__control` or anywhere else, and no answer may be a 500.
 */
const env = useSandboxedServer();

const HOSTILE = [
  "http://127.0.0.1:1/",
  "http://169.254.169.254/latest/meta-data/",
  "file:///etc/passwd",
  "http://user:pass@evil.example/",
  "//evil.example/x",
  "/__control/mail",
  "../../__control/mail",
  "..%2F..%2F__control%2Fmail",
  "%2e%2e%2f%2e%2e%2f__control%2fmail",
  "..%252F..%252F__control%252Fmail",
  "..\\..\\__control\\mail",
  "10.1000/../../__control/mail",
  "doi:10.1000/../../../__control/mail",
  "W1/../../__control/mail",
  "2401.12345/../../../__control/mail",
  "2401.12345?x=/__control/mail#",
  // Loopback inside IPv6: IPv4-compatible, and NAT64's prefix with the IPv4 address dotted and in hex.
  "http://[::127.0.0.1]/",
  "http://[64:ff9b::127.0.0.1]/",
  "http://[64:ff9b::7f00:1]/",
];

type Arrival = { path: string; headers: Record<string, string> };
const counts = { requests: 0, serverErrors: 0, arrivals: 0 };

/** The upstream paths each kind of route may reach (the sandbox mounts each upstream under its name). */
const EXPECTED = /^\/(arxiv\/api\/query|arxiv\/pdf\/|arxiv\/html\/|openalex\/(works|authors|sources|institutions)|crossref\/works|zotero\/(users|keys)\/|llm\/)/;

async function quireArrivals(): Promise<Arrival[]> {
  const body = (await (await fetch(`${env.sandbox.url}/__control/arrivals`)).json()) as { requests: Arrival[] };
  return body.requests.filter((request) => /^Quire\//.test(request.headers["user-agent"] ?? "") || request.headers["x-provider"] !== undefined);
}

let user: SignedInUser;
async function send(method: string, path: string, body?: unknown): Promise<number> {
  counts.requests += 1;
  const response = await fetch(`${env.server.url}${path}`, {
    method,
    // x-provider names the custom provider POST /api/llm calls (other routes ignore it).
    headers: { ...user.headers(), "Content-Type": "application/json", "x-provider": "Mine" },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
    signal: AbortSignal.timeout(40_000),
  });
  await response.arrayBuffer();
  if (response.status >= 500) counts.serverErrors += 1;
  return response.status;
}

/** Each route that fetches, with the hostile value put where the user's text goes. */
const ROUTES: [string, (value: string) => [string, string, unknown?]][] = [
  ["crossref by DOI", (v) => ["GET", `/api/crossref?doi=${encodeURIComponent(v)}`]],
  ["openalex by work", (v) => ["GET", `/api/openalex?works=${encodeURIComponent(v)}`]],
  ["paper lookup", (v) => ["GET", `/api/papers/lookup?id=${encodeURIComponent(v)}`]],
  ["OpenAlex work of a DOI", (v) => ["GET", `/api/papers/work?doi=${encodeURIComponent(v)}`]],
  ["references", (v) => ["GET", `/api/papers/references?workId=${encodeURIComponent(v)}`]],
  ["HTML rendition", (v) => ["GET", `/api/html?paperId=${encodeURIComponent(v)}`]],
  ["PDF proxy", (v) => ["GET", `/api/pdf-proxy?paperId=${encodeURIComponent(v)}`]],
  ["arXiv proxy", (v) => ["GET", `/api/arxiv?id_list=${encodeURIComponent(v)}`]],
  ["entity ensure", (v) => ["POST", "/api/entities", { action: "ensure", paper: { id: v } }]],
  ["Zotero delete", (v) => ["DELETE", `/api/zotero-ops?action=delete&itemKey=${encodeURIComponent(v)}`]],
  ["Zotero check", (v) => ["GET", `/api/zotero-ops?action=check-exists&doi=${encodeURIComponent(v)}&arxivId=${encodeURIComponent(v)}`]],
  ["LLM custom provider", (v) => ["POST", "/api/llm", { model: "m", baseUrl: v, messages: [{ role: "user", content: "hi" }] }]],
  ["LLM provider test", (v) => ["POST", "/api/llm/test", { provider: "Mine", model: "m", baseUrl: v }]],
];

afterAll(() => {
  console.log(`ssrf (${testDatabaseKind}): ${counts.requests} requests, ${counts.arrivals} reached the sandbox, all on their expected paths; ${counts.serverErrors} answered 5xx`);
});

describe(`no route fetches where the user points it (${testDatabaseKind})`, () => {
  it("refuses a model server on loopback written inside IPv6 (IPv4-compatible, NAT64 dotted and hex), before anything is sent", async () => {
    user ??= await createSignedInUser(env.server);
    const port = new URL(env.sandbox.url).port;
    for (const host of ["[::127.0.0.1]", "[64:ff9b::127.0.0.1]", "[64:ff9b::7f00:1]"]) {
      const baseUrl = `http://${host}:${port}/llm/v1`;
      for (const [path, body] of [
        ["/api/llm", { model: "sandbox-parse", baseUrl, messages: [{ role: "user", content: "hi" }] }],
        ["/api/llm/custom-providers", { name: "Mine", baseUrl, models: "sandbox-parse" }],
      ] as const) {
        counts.requests += 1;
        const response = await fetch(`${env.server.url}${path}`, { method: "POST", headers: user.headers({ "x-provider": "Mine" }), body: JSON.stringify(body) });
        if (response.status >= 500) counts.serverErrors += 1;
        expect(response.status, `${path} ${baseUrl}`).toBe(400);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("llm_base_url_refused");
      }
    }
  });


  it.each(ROUTES)("%s", async (name, build) => {
    user ??= await createSignedInUser(env.server);
    await fetch(`${env.sandbox.url}/__control/arrivals`, { method: "DELETE" });
    // arXiv is asked once every 3 s: its proxy gets the first half of the forms (its id_list is a query value).
    for (const value of name === "arXiv proxy" ? HOSTILE.slice(0, 8) : HOSTILE) {
      const [method, path, body] = build(value);
      const status = await send(method, path, body);
      expect(status, `${method} ${path}`).not.toBe(500);
    }
    const arrivals = await quireArrivals();
    counts.arrivals += arrivals.length;
    // The path decides where a request goes; user text inside an encoded query value stays a value.
    const pathOf = (target: string) => target.split("?")[0]!;
    const stray = arrivals.map((request) => request.path).filter((target) => !EXPECTED.test(pathOf(target)) || /__control|\.\./i.test(decodeURIComponent(pathOf(target))));
    expect(stray).toEqual([]);
  }, 300_000);
});
