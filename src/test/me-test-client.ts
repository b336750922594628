import { afterAll, beforeAll } from "vitest";
import type { Paper } from "@/shared/paper";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";

/** An answer read once: status, parsed JSON (or null) and the raw text. */
export type ApiAnswer = { status: number; body: any; text: string; headers: Headers };

/** Calls /api/me/* over real HTTP as `user` (cookie session with the right Origin unless `headers` says otherwise). */
export function meClient(server: { url: string }, user: Pick<SignedInUser, "headers">) {
  async function call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiAnswer> {
    const response = await fetch(`${server.url}/api/me${path}`, {
      method,
      headers: headers ?? user.headers(),
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  }
  return {
    call,
    get: (path: string, headers?: Record<string, string>) => call("GET", path, undefined, headers),
    put: (path: string, body: unknown, headers?: Record<string, string>) => call("PUT", path, body, headers),
    post: (path: string, body: unknown, headers?: Record<string, string>) => call("POST", path, body, headers),
    del: (path: string, headers?: Record<string, string>) => call("DELETE", path, undefined, headers),
  };
}
export type MeClient = ReturnType<typeof meClient>;

/** A valid unified paper for request bodies. */
export function testPaper(id: string, overrides: Partial<Paper> = {}): Paper {
  return {
    id,
    title: `Paper ${id}`,
    authors: ["Ada Lovelace"],
    abstract: "An abstract.",
    url: `https://arxiv.org/abs/${id}`,
    pdfUrl: `https://arxiv.org/pdf/${id}`,
    publishedDate: "2024-01-02T00:00:00Z",
    updatedDate: null,
    categories: ["cs.AI"],
    category: "cs.AI",
    source: "arxiv",
    doi: null,
    journalRef: null,
    comments: null,
    arxivId: `${id}v1`,
    links: { abstract: `https://arxiv.org/abs/${id}`, pdf: `https://arxiv.org/pdf/${id}` },
    ...overrides,
  };
}

/** A valid search-history entry. */
export function testSearch(timestamp: number, q: string, results = 5) {
  return {
    timestamp,
    params: { q, author: "", source: "arxiv" as const, llm: false, sort: "relevance", order: "desc", page: 0, size: 50 },
    results,
  };
}

export type SignedInServer = { server: TestServer; user: SignedInUser; me: MeClient };

/**
 * One test server and one signed-in user for a whole test file, started before its tests and
 * closed after them; `ready` hands them over, e.g. `useSignedInServer((it) => ({ server, user, me } = it))`.
 */
export function useSignedInServer(ready: (context: SignedInServer) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    const user = await createSignedInUser(server);
    ready({ server, user, me: meClient(server, user) });
  });
  afterAll(async () => {
    await server?.close();
  });
}
