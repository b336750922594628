import { afterAll, describe, expect, it } from "vitest";
import { useSandboxedServer } from "@/test/sandboxed-server";
import { testDatabaseKind } from "@/test/test-database";
import { createSignedInUser, createUserWithRole } from "@/test/test-users";

/**
 * Every API route of the app, read from its router (so a route added later is walked without
 * touching this file), sent what an attacker or a broken client would send: malformed JSON,
 * wrong types, a 1 MB string, NUL, invalid UTF-8, `__proto__` and `constructor` keys, JSON
 * nested thousands of levels deep, traversal ids and extreme paging; signed out, as a user and as an admin. No answer may be a
 * 5xx, and the server must still be healthy at the end.
 */
const env = useSandboxedServer();

/**
 * Ids for a route's parameters: an ordinary one, a traversal, NUL, a very long one, a paper id
 * spelt every odd way at once (an address, full-width digits, a version, a fragment, a
 * zero-width space) and one that is nothing but invisible characters.
 */
const PARAM_VALUES = [
  "2401.12345",
  "..%2F..%2F__control%2Fmail",
  "%00",
  "x".repeat(3000),
  "%C3%28",
  "__proto__",
  encodeURIComponent("https://arxiv.org/abs/\uff12\uff14\uff10\uff11.12345v2#sec\u200b"),
  encodeURIComponent("\u200b\ufeff\u2060"),
];
const MEGABYTE = "a".repeat(1024 * 1024);
const DEEP_ARRAY = `${"[".repeat(5000)}${"]".repeat(5000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
const BODIES: (string | Uint8Array)[] = [
  '{"a":',
  "[]",
  '"text"',
  "null",
  '{"id":1e308,"page":-1,"size":"many","paper":[],"events":{},"value":null,"content":42,"name":true}',
  JSON.stringify({ content: "\u0000", value: "\u0000", name: "\u0000" }),
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
  JSON.stringify({ content: MEGABYTE, value: MEGABYTE, query: MEGABYTE }),
  Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
  // Nesting 5,000 levels deep: the whole body, and the fields routes store any JSON in (each
  // alone, so that strict schemas take it), as objects and as arrays.
  DEEP_ARRAY,
  `{"value":${DEEP_OBJECT}}`,
  `{"data":${DEEP_ARRAY}}`,
  `{"preferences":${DEEP_OBJECT}}`,
  `{"settings":${DEEP_ARRAY}}`,
  `{"events":[{"name":"deep","properties":{"a":${DEEP_OBJECT}}}]}`,
];
const QUERIES = [
  "?page=-1&size=1e308&limit=NaN&start=-5&offset=99999999999&per_page=0&max_results=1e9&rows=-1",
  "?q=%00&id=%00&paperId=..%2F..%2F__control&doi=..%2F..%2F__control&works=%2e%2e%2f",
  "?__proto__[admin]=1&constructor[prototype][x]=1&q[]=a&q[]=b",
  `?q=${"z".repeat(6000)}`,
];
/** The auth handler's own paths, for its catch-all route. */
const AUTH_PATHS = ["sign-in/email", "sign-up/email", "get-session", "sign-out", "delete-user", "forget-password", "no-such-endpoint"];

type Attempt = { method: string; url: string; body?: string | Uint8Array };
const counts = { requests: 0, serverErrors: 0, closed: 0 };

function fill(path: string, value: string): string {
  return path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, value).replace(/\*$/, value);
}

/** Every method and path the app answers under /api, from its router. */
function apiRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  const routes: { method: string; path: string }[] = [];
  for (const route of env.server.app.routes) {
    if (!route.path.startsWith("/api") || route.method === "ALL" || route.path.endsWith("/*") && route.path !== "/api/auth/*") continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: route.method, path: route.path });
  }
  return routes;
}

function attemptsFor(route: { method: string; path: string }): Attempt[] {
  const paths = route.path === "/api/auth/*" ? AUTH_PATHS.map((sub) => `/api/auth/${sub}`) : /[:*]/.test(route.path) ? PARAM_VALUES.map((value) => fill(route.path, value)) : [route.path];
  const attempts: Attempt[] = [];
  for (const path of paths) {
    if (route.method === "GET" || route.method === "HEAD") {
      for (const query of QUERIES) attempts.push({ method: route.method, url: `${path}${query}` });
    } else {
      for (const body of BODIES) attempts.push({ method: route.method, url: path, body });
      attempts.push({ method: route.method, url: `${path}${QUERIES[0]}`, body: "{}" });
    }
  }
  return attempts;
}

async function send(attempt: Attempt, headers: Record<string, string>): Promise<string | null> {
  counts.requests += 1;
  let response: Response;
  try {
    response = await fetch(`${env.server.url}${attempt.url}`, {
      method: attempt.method,
      headers: { ...headers, "Content-Type": "application/json", Origin: env.server.url },
      body: attempt.body as BodyInit | undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(25_000),
    });
  } catch (error) {
    // The server answers an over-limit body (413) and closes before the client has sent it all:
    // a refusal, provided the server is still up.
    counts.closed += 1;
    const health = await fetch(`${env.server.url}/api/health`).catch(() => null);
    return health?.ok ? null : `server down after ${attempt.method} ${attempt.url.slice(0, 120)}: ${String(error)}`;
  }
  await response.arrayBuffer().catch(() => undefined);
  if (response.status < 500) return null;
  counts.serverErrors += 1;
  return `${response.status} ${attempt.method} ${attempt.url.slice(0, 120)}${attempt.body === undefined ? "" : ` body ${typeof attempt.body === "string" ? attempt.body.slice(0, 60) : "(invalid UTF-8)"}`}`;
}

afterAll(() => {
  console.log(`fuzz (${testDatabaseKind}): ${counts.requests} requests, ${counts.serverErrors} answered 5xx, ${counts.closed} closed by the server mid-body`);
});

describe(`every API route, sent bad input (${testDatabaseKind})`, () => {
  it("walks the router: more than a handful of routes, each with a parameter filled", () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.some((route) => route.path.includes(":"))).toBe(true);
  });

  it.each([
    ["signed out", async () => ({})],
    ["a user", async () => (await createSignedInUser(env.server)).headers()],
    ["an admin", async () => (await createUserWithRole(env.server, "admin")).headers()],
  ])("no 5xx answer, %s", async (_who, identity) => {
    const headers = (await identity()) as Record<string, string>;
    delete headers["Content-Type"];
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      // Signing out or deleting the account would end this identity's walk early: last.
      if (route.path === "/api/auth/*") continue;
      for (const attempt of attemptsFor(route)) {
        const failure = await send(attempt, headers);
        if (failure) failures.push(failure);
      }
    }
    for (const attempt of attemptsFor({ method: "POST", path: "/api/auth/*" })) {
      const failure = await send(attempt, headers);
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
    expect((await fetch(`${env.server.url}/api/health`)).status).toBe(200);
  }, 600_000);
});
