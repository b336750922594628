import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import type { AnalyticsReport, PerformanceLogEntry, PerformanceSummary } from "@/shared/admin";
import { ARXIV_MAX_REQUESTS_PER_HOUR } from "@/shared/admin";
import { useSandboxedServer } from "@/test/sandboxed-server";
import { testDatabaseKind } from "@/test/test-database";
import { createUserWithRole, type SignedInUser } from "@/test/test-users";

/**
 * The performance logs and the analytics report over real traffic: searches through the real
 * sources against the sandbox (one failing upstream), events through POST /api/events, then
 * what an admin reads, before and after the figures are flushed to system_logs.
 */

const env = useSandboxedServer();
let admin: SignedInUser;
let user: SignedInUser;

async function adminGet<T>(path: string): Promise<T> {
  const response = await fetch(`${env.server.url}${path}`, { headers: admin.headers() });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

async function sendEvents(headers: Record<string, string>, events: { name: string; properties?: Record<string, unknown> }[]) {
  const response = await fetch(`${env.server.url}/api/events`, { method: "POST", headers, body: JSON.stringify({ events }) });
  expect(response.status).toBe(202);
}

beforeAll(async () => {
  [admin, user] = await Promise.all([createUserWithRole(env.server, "admin"), createUserWithRole(env.server, "user")]);
}, 120_000);

describe(`performance logs (${testDatabaseKind})`, () => {
  it("measure request latency per route and upstream latency, errors and cache answers per source", async () => {
    await fetch(`${env.sandbox.url}/__control/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ route: "openalex-api", status: 503, times: 3 }),
    });
    const search = (query: string) => fetch(`${env.server.url}/api/search?${query}`).then((response) => response.status);
    expect(await search("source=arxiv&q=cat:cs.CL&size=20")).toBe(200);
    expect(await search("source=arxiv&q=cat:cs.CL&size=20")).toBe(200);
    // Three 503s in a row: the search fails after its retries.
    expect(await search("source=openalex&q=graph%20neural&size=20")).toBe(502);

    const live = await adminGet<PerformanceSummary>("/api/admin/performance/summary");
    const searchRoute = live.routes.find((route) => route.route === "GET /api/search");
    expect(searchRoute).toMatchObject({ count: 3, errors: 1 });
    expect(searchRoute!.p50).toBeGreaterThan(0);
    expect(searchRoute!.p99).toBeGreaterThanOrEqual(searchRoute!.p50!);
    const arxiv = live.upstreams.find((upstream) => upstream.source === "arxiv")!;
    expect(arxiv).toMatchObject({ exchanges: 1, failures: 0, errorRate: 0, answers: { network: 1, cache: 1, error: 0 } });
    const openalex = live.upstreams.find((upstream) => upstream.source === "openalex")!;
    expect(openalex).toMatchObject({ exchanges: 3, failures: 3, errorRate: 1, answers: { network: 0, error: 1 } });

    // Written to system_logs, the same figures come back from the database.
    await env.server.performance.flush();
    const stored = await adminGet<PerformanceSummary>("/api/admin/performance/summary?window=24h");
    expect(stored.routes.find((route) => route.route === "GET /api/search")).toMatchObject({ count: 3, errors: 1 });
    expect(stored.upstreams.find((upstream) => upstream.source === "openalex")).toMatchObject({ exchanges: 3, failures: 3 });
    const { entries } = await adminGet<{ entries: PerformanceLogEntry[] }>("/api/admin/performance?type=requests");
    expect(entries[0]).toMatchObject({ type: "requests", unit: "requests" });
    expect(entries[0]!.value).toBeGreaterThanOrEqual(4);
    expect(entries[0]!.detail).toMatch(/^p50 [\d.]+ ms, p95 [\d.]+ ms over \d+ routes$/);
  }, 60_000);

  it("sample memory and the database, filter by type, and clear", async () => {
    await env.server.performance.sample();
    await env.server.performance.recordStartup(1234);
    const all = await adminGet<{ entries: PerformanceLogEntry[] }>("/api/admin/performance");
    const types = new Set(all.entries.map((entry) => entry.type));
    for (const type of ["startup", "database", "memory"]) expect(types, type).toContain(type);
    const memory = await adminGet<{ entries: PerformanceLogEntry[] }>("/api/admin/performance?type=memory");
    expect(memory.entries.every((entry) => entry.type === "memory" && entry.unit === "MB" && entry.value > 0)).toBe(true);
    const startup = await adminGet<{ entries: PerformanceLogEntry[] }>("/api/admin/performance?type=startup");
    expect(startup.entries[0]).toMatchObject({ value: 1234, unit: "ms" });

    const clearMemory = await fetch(`${env.server.url}/api/admin/performance?type=memory`, { method: "DELETE", headers: admin.headers() });
    expect(await clearMemory.json()).toEqual({ deleted: memory.entries.length });
    expect((await adminGet<{ entries: PerformanceLogEntry[] }>("/api/admin/performance?type=memory")).entries).toEqual([]);
    expect((await adminGet<{ entries: PerformanceLogEntry[] }>("/api/admin/performance?type=startup")).entries).toHaveLength(1);

    const clearAll = await fetch(`${env.server.url}/api/admin/performance`, { method: "DELETE", headers: admin.headers() });
    expect(clearAll.status).toBe(200);
    expect((await adminGet<{ entries: PerformanceLogEntry[] }>("/api/admin/performance")).entries).toEqual([]);
  }, 60_000);

  it("merge the minute windows of hours gone by into one row an hour, the figures unchanged, the last hour kept as written", async () => {
    const instance = "compaction-test:1";
    const route = "GET /api/compaction-test";
    // Three hours of minute windows ending two hours ago, and ten minutes of the last hour.
    const minutesAgo = [...Array.from({ length: 180 }, (_, index) => 121 + index), ...Array.from({ length: 10 }, (_, index) => 1 + index)];
    await env.server.database.db.execute(sql`
      insert into system_logs (level, component, message, metadata, created_at)
      select 'info', 'performance', kind,
        case when kind = 'requests'
          then jsonb_build_object('instance', ${instance}::text, 'value', 3, 'unit', 'requests', 'routes',
            jsonb_build_array(jsonb_build_object('route', ${route}::text, 'count', 3, 'errors', 1, 'buckets', jsonb_build_object('40', 2, '60', 1))))
          else jsonb_build_object('instance', ${instance}::text, 'value', 2, 'unit', 'requests', 'upstreams',
            jsonb_build_array(jsonb_build_object('source', 'compaction-test', 'exchanges', 2, 'failures', 1,
              'buckets', jsonb_build_object('70', 2), 'answers', jsonb_build_object('network', 1, 'cache', 4, 'stale', 0, 'error', 1))))
        end,
        now() - (m || ' minutes')::interval
      from unnest(${`{${minutesAgo.join(",")}}`}::int[]) m cross join unnest(array['requests', 'upstream']) kind`);
    const summaries = async () => ({
      day: await adminGet<PerformanceSummary>("/api/admin/performance/summary?window=24h"),
      hour: await adminGet<PerformanceSummary>("/api/admin/performance/summary?window=1h"),
    });
    const rows = async () =>
      queryRows<{ message: string; windows: number | null }>(
        env.server.database.db,
        sql`select message, (metadata->>'windows')::int as windows from system_logs where component = 'performance' and metadata->>'instance' = ${instance}`,
      );
    const before = await summaries();
    expect(before.day.routes.find((entry) => entry.route === route)).toMatchObject({ count: 3 * 190, errors: 190 });
    expect(before.hour.routes.find((entry) => entry.route === route)).toMatchObject({ count: 30, errors: 10 });

    // Two instances compacting at the same moment merge each window once.
    await Promise.all([env.server.performance.compact(), env.server.performance.compact()]);
    const after = await summaries();
    expect(after.day.routes.find((entry) => entry.route === route)).toEqual(before.day.routes.find((entry) => entry.route === route));
    expect(after.day.upstreams.find((entry) => entry.source === "compaction-test")).toEqual(before.day.upstreams.find((entry) => entry.source === "compaction-test"));
    expect(after.hour.routes.find((entry) => entry.route === route)).toEqual(before.hour.routes.find((entry) => entry.route === route));
    const kept = await rows();
    // The merged hours (three, or four when the test runs across an hour's turn) and the ten minutes as they were.
    const merged = kept.filter((row) => row.windows !== null);
    expect(merged.reduce((sum, row) => sum + row.windows!, 0)).toBe(2 * 180);
    expect(merged.length).toBeGreaterThanOrEqual(2 * 3);
    expect(merged.length).toBeLessThanOrEqual(2 * 4);
    expect(kept.filter((row) => row.windows === null)).toHaveLength(2 * 10);
    // Compacting again changes nothing.
    expect(await env.server.performance.compact()).toBe(0);
    const { entries } = await adminGet<{ entries: PerformanceLogEntry[] }>("/api/admin/performance?type=requests");
    expect(entries.some((entry) => entry.instance === instance && /^p50 [\d.]+ ms, p95 [\d.]+ ms over 1 route$/.test(entry.detail))).toBe(true);
  }, 60_000);

  it("refuse unknown types and windows with a clear message", async () => {
    const badType = await fetch(`${env.server.url}/api/admin/performance?type=cpu`, { headers: admin.headers() });
    expect(badType.status).toBe(400);
    expect((await badType.json()).error.message).toMatch(/type must be all or one of startup, database, memory, requests, upstream/);
    const badWindow = await fetch(`${env.server.url}/api/admin/performance/summary?window=7d`, { headers: admin.headers() });
    expect(badWindow.status).toBe(400);
    const badDays = await fetch(`${env.server.url}/api/admin/analytics?days=5`, { headers: admin.headers() });
    expect(badDays.status).toBe(400);
    expect((await badDays.json()).error.message).toMatch(/days must be one of 7, 30, 90/);
  });
});

describe(`analytics (${testDatabaseKind})`, () => {
  it("count events, the authentication rate, active users, searches per source, cache hits and arXiv requests per hour", async () => {
    const before = await adminGet<AnalyticsReport>("/api/admin/analytics?days=7");
    const anonymous = { "Content-Type": "application/json", Origin: env.server.url };
    await sendEvents(user.headers(), [
      { name: "search", properties: { source: "arxiv" } },
      { name: "search", properties: { source: "openalex" } },
      { name: "page_view", properties: { path: "/search" } },
    ]);
    await sendEvents(anonymous, [
      { name: "search", properties: { source: "arxiv" } },
      // Not a paper source: counted, but not as a source of its own.
      { name: "search", properties: { source: "<script>" } },
    ]);
    // A second batch of the same user on the same day: still one active user.
    await sendEvents(user.headers(), [{ name: "page_view", properties: { path: "/bookmarks" } }]);

    // One arXiv request through the server (a query not asked before), then one from the cache.
    const query = "source=arxiv&q=cat:cs.RO&size=20";
    expect((await fetch(`${env.server.url}/api/search?${query}`)).status).toBe(200);
    expect((await fetch(`${env.server.url}/api/search?${query}`)).status).toBe(200);
    await env.server.performance.flush();

    const report = await adminGet<AnalyticsReport>("/api/admin/analytics?days=7");
    expect(report.totalEvents - before.totalEvents).toBe(6);
    expect(report.signedInEvents - before.signedInEvents).toBe(4);
    expect(report.authenticationRate).toBe(Math.round((report.signedInEvents / report.totalEvents) * 1000) / 10);
    expect(report.daily).toHaveLength(7);
    const today = report.daily.at(-1)!;
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    expect(today.activeUsers).toBe(1);
    expect(today.events).toBe(report.periodEvents);
    const searches = Object.fromEntries(report.searchesBySource.map((row) => [row.source, row.searches]));
    expect(searches).toEqual({ arxiv: 2, openalex: 1 });
    expect(report.events.find((event) => event.name === "search")?.events).toBe(4);
    const arxivCache = report.cache.find((row) => row.source === "arxiv")!;
    expect(arxivCache.hits).toBeGreaterThanOrEqual(1);
    expect(arxivCache.hitRatio).toBeGreaterThan(0);
    expect(arxivCache.cachedEntries).toBeGreaterThanOrEqual(1);
    expect(report.arxivPerHour).toHaveLength(24);
    expect(report.arxivPerHour.at(-1)!.requests).toBeGreaterThanOrEqual(1);
    expect(report.arxivLimitPerHour).toBe(ARXIV_MAX_REQUESTS_PER_HOUR);
  }, 60_000);
});
