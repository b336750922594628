import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "@/test/test-database";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createUserWithRole, type SignedInUser } from "@/test/test-users";

/**
 * Every admin and developer API route checks the role on the server: walked signed out, as a
 * user, a maintainer, an admin and a super admin. The routes come from the app's own route
 * table, so a route added later is walked too.
 */

let server: TestServer;
let people: Record<"user" | "maintainer" | "admin" | "superAdmin", SignedInUser>;

type Route = { method: string; path: string };

/** The handlers (not middleware) mounted under a prefix, with ":params" filled in. */
function routesUnder(prefix: string): Route[] {
  const seen = new Set<string>();
  const routes: Route[] = [];
  for (const route of server.app.routes) {
    if (!route.path.startsWith(prefix) || route.method === "ALL" || route.path.endsWith("*")) continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: route.method, path: route.path.replace(/:[^/]+/g, "x") });
  }
  return routes;
}

async function call(route: Route, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const response = await fetch(`${server.url}${route.path}`, {
    method: route.method,
    headers: { "Content-Type": "application/json", Origin: server.url, ...headers },
    body: route.method === "GET" || route.method === "HEAD" ? undefined : "{}",
  });
  return { status: response.status, body: await response.text() };
}

/** A refusal carries the error envelope and nothing of the area's data. */
function expectRefused(answer: { status: number; body: string }, status: number, route: Route) {
  expect(answer.status, `${route.method} ${route.path}`).toBe(status);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(Object.keys(body), `${route.method} ${route.path}`).toEqual(["error"]);
}

beforeAll(async () => {
  server = await startTestServer();
  const [user, maintainer, admin, superAdmin] = await Promise.all([
    createUserWithRole(server, "user"),
    createUserWithRole(server, "maintainer"),
    createUserWithRole(server, "admin"),
    createUserWithRole(server, "user", { superAdmin: true }),
  ]);
  people = { user, maintainer, admin, superAdmin };
});
afterAll(async () => {
  await server?.close();
});

describe(`admin and developer API routes (${testDatabaseKind})`, () => {
  it("are all found in the route table", () => {
    const admin = routesUnder("/api/admin").map((route) => `${route.method} ${route.path}`);
    const dev = routesUnder("/api/dev").map((route) => `${route.method} ${route.path}`);
    expect(admin).toEqual(
      expect.arrayContaining([
        "GET /api/admin/performance",
        "DELETE /api/admin/performance",
        "GET /api/admin/performance/summary",
        "GET /api/admin/analytics",
      ]),
    );
    expect(dev).toEqual(["GET /api/dev/session"]);
  });

  it("answer 401 signed out and 403 to a user, with no data", async () => {
    for (const route of [...routesUnder("/api/admin"), ...routesUnder("/api/dev")]) {
      expectRefused(await call(route, {}), 401, route);
      expectRefused(await call(route, { Cookie: people.user.cookie }), 403, route);
      expectRefused(await call(route, { Authorization: `Bearer ${people.user.token}` }), 403, route);
    }
  });

  it("let a maintainer into the developer routes only", async () => {
    for (const route of routesUnder("/api/admin")) expectRefused(await call(route, { Cookie: people.maintainer.cookie }), 403, route);
    for (const route of routesUnder("/api/dev")) expect((await call(route, { Cookie: people.maintainer.cookie })).status, route.path).toBe(200);
  });

  it("let admins and super admins into both", async () => {
    for (const person of [people.admin, people.superAdmin]) {
      for (const route of [...routesUnder("/api/admin"), ...routesUnder("/api/dev")]) {
        const answer = await call(route, { Cookie: person.cookie });
        expect(answer.status, `${route.method} ${route.path}: ${answer.body}`).toBe(200);
      }
    }
  });

  it("refuse a cross-site admin write even from an admin's browser", async () => {
    const response = await fetch(`${server.url}/api/admin/performance`, {
      method: "DELETE",
      headers: { Cookie: people.admin.cookie, Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });

  it("tells a developer how the server sees the session", async () => {
    const response = await fetch(`${server.url}/api/dev/session`, { headers: { Authorization: `Bearer ${people.maintainer.token}` } });
    expect(await response.json()).toMatchObject({
      user: { id: people.maintainer.id, role: "maintainer", isSuperAdmin: false },
      access: { developer: true, admin: false },
      via: "bearer",
    });
  });
});
