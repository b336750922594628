import { and, count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { startSandbox } from "../../../../sandbox/server";
import { breakZoteroItem, changeZoteroLibrary, revokeZoteroKey, setZoteroLoad, setZoteroPacing } from "../../../../sandbox/test-support/zotero";
import { userBookmarks, zoteroCache, zoteroSyncLogs } from "@/server/db/schema";
import type { ZoteroSyncLogEntry, ZoteroSyncState } from "@/shared/zotero/zotero-contract";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser } from "@/test/test-users";
import { connectWithKey, createZoteroUser, quireApi, sandboxItems, settled, waitForSync, type Api, type SandboxZoteroUser } from "./zotero-test-support";

/**
 * The library sync as a job on the Postgres queue, against the sandbox's Zotero: batches,
 * stop/cancel/resume/reset, incremental sync, and the faults of the issue (revoked key, Backoff,
 * 429 with Retry-After, a 5xx burst, a malformed item, 500 creators, an empty library, two tabs,
 * two users, a restart mid-sync).
 */

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let server: TestServer;
const sync = { heartbeatMs: 300, staleAfterMs: 2000, recoverEveryMs: 500 };

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  server = await startTestServer({ sandboxUrl: sandbox.url, zoteroSync: sync });
}, 90_000);
afterEach(async () => {
  await fetch(`${sandbox.url}/__control/faults`, { method: "DELETE" });
  await setZoteroPacing(sandbox.url, 0);
  await setZoteroLoad(sandbox.url, { backoff: null, shed: null });
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

async function connected(options: { items: number }) {
  const zotero = await createZoteroUser(sandbox.url, { items: options.items });
  const user = await createSignedInUser(server);
  const api = quireApi(server, user);
  await connectWithKey(api, zotero.key);
  return { api, zotero, user, userId: user.id };
}

async function cachedCount(userId: string): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(zoteroCache).where(eq(zoteroCache.userId, userId));
  return Number(row?.n ?? 0);
}

async function logs(api: Api): Promise<ZoteroSyncLogEntry[]> {
  return ((await api.get("/api/zotero/sync/logs")).body as { logs: ZoteroSyncLogEntry[] }).logs;
}

const start = (api: Api, action: string, batchSize = 50) => api.post("/api/zotero/sync", { action, batchSize });

async function requestsTo(zotero: SandboxZoteroUser): Promise<{ method: string; path: string; status: number; at: string }[]> {
  const log = (await (await fetch(`${sandbox.url}/__control/requests?route=zotero-api`)).json()) as { requests: { method: string; path: string; status: number; at: string }[] };
  return log.requests.filter((entry) => entry.path.includes(`/users/${zotero.userID}/`));
}

describe("full sync", () => {
  it("mirrors the whole library, every item once, with progress and a log", async () => {
    const { api, zotero, userId } = await connected({ items: 230 });
    const truth = await sandboxItems(sandbox.url, zotero);
    // A log row older than 90 days goes when a sync ends.
    await server.database.db.insert(zoteroSyncLogs).values({ userId, event: "Ancient", timestamp: new Date(Date.now() - 91 * 24 * 3600 * 1000) });
    const started = await start(api, "full", 100);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: "syncing", syncing: true, mode: "full", batchSize: 100 });
    const done = await waitForSync(api, settled);
    expect(done).toMatchObject({ status: "idle", current: truth.total, total: truth.total, libraryVersion: truth.version, message: `Sync complete: ${truth.total} items` });
    expect(await cachedCount(userId)).toBe(truth.total);
    const entries = await logs(api);
    expect(entries[0]!.event).toBe("Sync complete");
    expect(entries.some((entry) => entry.event === "Ancient")).toBe(false);
    expect(entries.filter((entry) => entry.event === "Batch synced").length).toBe(Math.ceil(truth.total / 100));
    // Attachments are never cached.
    const rows = await server.database.db.select({ metadata: zoteroCache.metadata }).from(zoteroCache).where(eq(zoteroCache.userId, userId));
    expect(rows.some((row) => (row.metadata as { itemType?: string }).itemType === "attachment")).toBe(false);
    // The library version is kept in the settings for incremental sync.
    expect((await api.get("/api/me/settings")).body.settings.zoteroLibraryVersion).toBe(truth.version);
    expect((await api.get("/api/zotero/cache")).body).toMatchObject({ count: truth.total, lastSync: expect.any(String) });
  });

  it("syncs one batch, pauses, resumes to the end; Reset goes back to 0", async () => {
    const { api, zotero, userId } = await connected({ items: 60 });
    const truth = await sandboxItems(sandbox.url, zotero);
    await start(api, "batch", 10);
    const one = await waitForSync(api, settled);
    expect(one).toMatchObject({ status: "paused", paused: true, current: 10, total: truth.total });
    expect(await cachedCount(userId)).toBe(10);
    // Sync One Batch is refused while paused; Resume is the way on.
    expect((await start(api, "batch", 10)).status).toBe(409);
    expect((await start(api, "full", 10)).status).toBe(409);
    await start(api, "resume", 50);
    const done = await waitForSync(api, settled);
    expect(done).toMatchObject({ status: "idle", current: truth.total });
    expect(await cachedCount(userId)).toBe(truth.total);
    expect((await start(api, "resume")).body.error.message).toBe("There is no paused sync to resume.");

    await start(api, "batch", 10);
    await waitForSync(api, settled);
    const reset = await start(api, "reset");
    expect(reset.body).toMatchObject({ status: "idle", current: 0, total: 0 });
  });

  it("stops after the current batch, cancels at once, and resumes from the saved position", async () => {
    const { api, zotero, userId } = await connected({ items: 120 });
    const truth = await sandboxItems(sandbox.url, zotero);
    await setZoteroPacing(sandbox.url, 150);
    await start(api, "full", 10);
    await waitForSync(api, (state) => state.current >= 20);
    await start(api, "stop");
    const stopped = await waitForSync(api, settled);
    expect(stopped.status).toBe("paused");
    expect(stopped.message).toBe("Sync paused");
    expect(stopped.current % 10).toBe(0);
    expect(await cachedCount(userId)).toBe(stopped.current);

    await start(api, "resume", 10);
    await waitForSync(api, (state) => state.current >= stopped.current + 20);
    await start(api, "cancel");
    const cancelled = await waitForSync(api, settled);
    expect(cancelled).toMatchObject({ status: "paused", message: "Sync cancelled" });
    // The batch in flight when Cancel came is dropped: the cache holds exactly the saved position.
    expect(await cachedCount(userId)).toBe(cancelled.current);

    await setZoteroPacing(sandbox.url, 0);
    await start(api, "resume", 100);
    expect(await waitForSync(api, settled)).toMatchObject({ status: "idle", current: truth.total });
    expect(await cachedCount(userId)).toBe(truth.total);
  });

  it("starts one job when two tabs press Sync at once", async () => {
    const { api, userId } = await connected({ items: 40 });
    const [a, b] = await Promise.all([start(api, "full", 10), start(api, "full", 10)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.sessionId).toBe(b.body.sessionId);
    await waitForSync(api, settled);
    const started = await server.database.db
      .select({ n: count() })
      .from(zoteroSyncLogs)
      .where(and(eq(zoteroSyncLogs.userId, userId), eq(zoteroSyncLogs.event, "Full sync started")));
    expect(Number(started[0]!.n)).toBe(1);
  });

  it("syncs a library of 0 items", async () => {
    const { api, userId } = await connected({ items: 0 });
    await start(api, "full");
    expect(await waitForSync(api, settled)).toMatchObject({ status: "idle", current: 0, total: 0, message: "Sync complete: 0 items" });
    expect(await cachedCount(userId)).toBe(0);
  });

  it("skips a malformed item and keeps an item with 500 creators whole", async () => {
    const { api, zotero, userId } = await connected({ items: 30 });
    const page = (await (await fetch(`${sandbox.url}/zotero/users/${zotero.userID}/items/top?itemType=preprint&limit=2`, { headers: { "Zotero-API-Key": zotero.key } })).json()) as { key: string }[];
    const [broken, crowded] = page.map((item) => item.key) as [string, string];
    await breakZoteroItem(sandbox.url, zotero.userID, broken, { kind: "malformed" });
    await breakZoteroItem(sandbox.url, zotero.userID, crowded, { kind: "creators", count: 500 });
    const truth = await sandboxItems(sandbox.url, zotero);
    await start(api, "full", 100);
    const done = await waitForSync(api, settled);
    expect(done.status).toBe("idle");
    expect(await cachedCount(userId)).toBe(truth.total - 1);
    expect((await logs(api)).some((entry) => entry.event === "Malformed items skipped" && entry.level === "WARN")).toBe(true);
    const [row] = await server.database.db.select().from(zoteroCache).where(and(eq(zoteroCache.userId, userId), eq(zoteroCache.zoteroItemKey, crowded)));
    expect(row!.authors).toHaveLength(500);
    await fetch(`${sandbox.url}/__control/zotero/users/${zotero.userID}/items/${broken}/fault`, { method: "DELETE" });
  });
});

describe("faults", () => {
  it("stops with 'Sync failed' when the key is revoked mid-sync, and the connection needs Reconnect", async () => {
    const { api, zotero } = await connected({ items: 100 });
    await setZoteroPacing(sandbox.url, 150);
    await start(api, "full", 10);
    await waitForSync(api, (state) => state.current >= 20);
    await revokeZoteroKey(sandbox.url, zotero.key);
    const failed = await waitForSync(api, settled);
    expect(failed).toMatchObject({ status: "paused", message: "Sync failed" });
    expect(failed.error).toMatch(/refused the saved key/);
    expect((await api.get("/api/auth-zotero?action=status")).body.state).toBe("credentials_saved");
    expect((await logs(api))[0]).toMatchObject({ level: "ERROR", event: "Failed to get batch items" });
  });

  it("retries a 5xx burst and a 429 with Retry-After, and finishes", async () => {
    const { api, zotero, userId } = await connected({ items: 50 });
    const truth = await sandboxItems(sandbox.url, zotero);
    await fetch(`${sandbox.url}/__control/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify([
        // Longer than the client's four attempts: the sync itself tries again.
        { route: "zotero-api", match: `/users/${zotero.userID}/items/top`, status: 503, times: 5 },
        { route: "zotero-api", match: `/users/${zotero.userID}/items/top`, status: 429, retryAfter: 1, times: 1 },
      ]),
    });
    await start(api, "full", 10);
    const done = await waitForSync(api, settled, 60_000);
    expect(done.status).toBe("idle");
    expect(await cachedCount(userId)).toBe(truth.total);
    const events = (await logs(api)).map((entry) => entry.event);
    expect(events).toContain("Retrying");
    expect(events).toContain("Zotero is busy");
    const statuses = (await requestsTo(zotero)).map((entry) => entry.status);
    expect(statuses.filter((status) => status === 503)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
  });

});

describe("incremental sync", () => {
  it("is refused before a full sync", async () => {
    const { api } = await connected({ items: 5 });
    await start(api, "incremental");
    expect(await waitForSync(api, settled)).toMatchObject({ status: "idle", message: "Incremental sync failed - try full sync first" });
  });

  it("pulls changes, additions, deletions and trashed items with a handful of requests", async () => {
    const { api, zotero, userId } = await connected({ items: 80 });
    await start(api, "full", 100);
    await waitForSync(api, settled);
    await start(api, "incremental");
    expect(await waitForSync(api, settled)).toMatchObject({ status: "idle", message: "No recent changes found", current: 80, total: 80 });

    const cachedBefore = new Set((await server.database.db.select({ key: zoteroCache.zoteroItemKey }).from(zoteroCache).where(eq(zoteroCache.userId, userId))).map((row) => row.key));
    const change = (await changeZoteroLibrary(sandbox.url, zotero.userID, { modify: 5, add: 3, delete: 2, trash: 1 })) as {
      modified: string[];
      added: string[];
      deleted: string[];
      trashed: string[];
    };
    await fetch(`${sandbox.url}/__control/requests`, { method: "DELETE" });
    await start(api, "incremental");
    const done = await waitForSync(api, settled);
    const truth = await sandboxItems(sandbox.url, zotero);
    // The sandbox picks counted keys to change, delete and trash apart from each other.
    expect(change.modified.filter((key) => change.deleted.includes(key) || change.trashed.includes(key))).toEqual([]);
    const gone = new Set([...change.deleted, ...change.trashed]);
    const updated = new Set([...change.modified, ...change.added].filter((key) => !gone.has(key))).size;
    const removed = [...gone].filter((key) => cachedBefore.has(key)).length;
    expect(removed).toBeGreaterThan(0);
    expect(done).toMatchObject({ status: "idle", libraryVersion: truth.version, message: `Incremental sync: ${updated} updated, ${removed} removed` });
    // The progress counts the cached library, as after a full sync (not "0 / 0" over a full cache).
    expect(done).toMatchObject({ current: truth.total, total: truth.total });
    expect(await cachedCount(userId)).toBe(truth.total);
    const requests = await requestsTo(zotero);
    expect(requests.length).toBeLessThanOrEqual(4);
    const modified = await server.database.db.select().from(zoteroCache).where(and(eq(zoteroCache.userId, userId), eq(zoteroCache.zoteroItemKey, change.modified[0]!)));
    expect(modified[0]!.title).toMatch(/\(revised \d+\)$/);
    for (const key of [...change.deleted, ...change.trashed]) {
      expect(await server.database.db.select().from(zoteroCache).where(and(eq(zoteroCache.userId, userId), eq(zoteroCache.zoteroItemKey, key)))).toHaveLength(0);
    }
    expect((await api.get("/api/me/settings")).body.settings.zoteroLibraryVersion).toBe(truth.version);
  });
});

describe("deleting the synced copy", () => {
  async function newKey(zotero: SandboxZoteroUser): Promise<string> {
    const made = await fetch(`${sandbox.url}/__control/zotero/users/${zotero.userID}/keys`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    return ((await made.json()) as { key: string }).key;
  }

  it("Delete Credentials resets the sync state: incremental then asks for a full sync, which rebuilds all", async () => {
    const { api, zotero, userId } = await connected({ items: 40 });
    const truth = await sandboxItems(sandbox.url, zotero);
    await start(api, "full", 100);
    expect(await waitForSync(api, settled)).toMatchObject({ libraryVersion: truth.version, current: truth.total });
    expect((await api.post("/api/auth-zotero?action=revoke")).body.success).toBe(true);
    expect(await cachedCount(userId)).toBe(0);
    // The synced copy went, and with it what an incremental sync would build on.
    expect((await api.get("/api/zotero/sync")).body).toMatchObject({ status: "idle", current: 0, total: 0, libraryVersion: null });
    expect((await api.get("/api/me/settings")).body.settings.zoteroLibraryVersion ?? 0).toBe(0);

    await connectWithKey(api, await newKey(zotero));
    await changeZoteroLibrary(sandbox.url, zotero.userID, { add: 3 });
    await start(api, "incremental");
    expect(await waitForSync(api, settled)).toMatchObject({ status: "idle", message: "Incremental sync failed - try full sync first" });
    expect(await cachedCount(userId)).toBe(0);
    await start(api, "full", 100);
    const rebuilt = await waitForSync(api, settled);
    expect(rebuilt).toMatchObject({ current: truth.total + 3, total: truth.total + 3 });
    expect(await cachedCount(userId)).toBe(truth.total + 3);
  });

  it("emptying the cache alone resets it too", async () => {
    const { api, userId } = await connected({ items: 12 });
    await start(api, "full", 100);
    await waitForSync(api, settled);
    expect((await api.del("/api/zotero/cache")).body).toMatchObject({ count: 0 });
    expect((await api.get("/api/zotero/sync")).body).toMatchObject({ current: 0, total: 0, libraryVersion: null });
    await start(api, "incremental");
    expect(await waitForSync(api, settled)).toMatchObject({ message: "Incremental sync failed - try full sync first" });
    expect(await cachedCount(userId)).toBe(0);
  });

  it("an incremental sync over an emptied cache with a version still kept rebuilds the whole library", async () => {
    // A state left by an older release: the cache is gone, the library version is not.
    const { api, zotero, userId } = await connected({ items: 30 });
    const truth = await sandboxItems(sandbox.url, zotero);
    await start(api, "full", 100);
    await waitForSync(api, settled);
    await server.database.db.delete(zoteroCache).where(eq(zoteroCache.userId, userId));
    await start(api, "incremental");
    const done = await waitForSync(api, settled);
    expect(done).toMatchObject({ status: "idle", current: truth.total, total: truth.total, libraryVersion: truth.version });
    expect(await cachedCount(userId)).toBe(truth.total);
  });
});

describe("two users", () => {
  it("never mixes their caches", async () => {
    const a = await connected({ items: 25 });
    const b = await connected({ items: 35 });
    await Promise.all([start(a.api, "full", 100), start(b.api, "full", 100)]);
    await Promise.all([waitForSync(a.api, settled), waitForSync(b.api, settled)]);
    const aKeys = new Set((await server.database.db.select().from(zoteroCache).where(eq(zoteroCache.userId, a.userId))).map((row) => row.zoteroItemKey));
    const bRows = await server.database.db.select().from(zoteroCache).where(eq(zoteroCache.userId, b.userId));
    expect(aKeys.size).toBe((await sandboxItems(sandbox.url, a.zotero)).total);
    expect(bRows.length).toBe((await sandboxItems(sandbox.url, b.zotero)).total);
    expect(bRows.filter((row) => aKeys.has(row.zoteroItemKey))).toEqual([]);
  });
});


describe("cache upkeep", () => {
  it("generates canonical ids in batches of 100, with stats", async () => {
    const { api, zotero, userId } = await connected({ items: 130 });
    await start(api, "full", 100);
    await waitForSync(api, settled);
    const total = (await sandboxItems(sandbox.url, zotero)).total;
    expect((await api.get("/api/zotero/canonical-ids")).body).toEqual({ total, withCanonicalId: 0, withoutCanonicalId: total });
    const first = await api.post("/api/zotero/canonical-ids/batch");
    expect(first.body).toEqual({ updated: 100, stats: { total, withCanonicalId: 100, withoutCanonicalId: total - 100 } });
    const second = await api.post("/api/zotero/canonical-ids/batch");
    expect(second.body.stats).toEqual({ total, withCanonicalId: total, withoutCanonicalId: 0 });
    expect((await api.post("/api/zotero/canonical-ids/batch")).body.updated).toBe(0);
    const rows = await server.database.db.select({ id: zoteroCache.canonicalId }).from(zoteroCache).where(eq(zoteroCache.userId, userId));
    for (const row of rows) expect(row.id).toMatch(/^[0-9a-f]{16}$/);
  });

  it("scans the user's tables for invalid arXiv ids with the spec's messages", async () => {
    const { api, userId } = await connected({ items: 20 });
    await start(api, "full", 100);
    await waitForSync(api, settled);
    const bad = { id: "0612.1234", title: "An id from before 2007", authors: ["A B"], abstract: "", url: "", pdfUrl: null, publishedDate: null, updatedDate: null, categories: [], category: "unknown", source: "arxiv", doi: null, journalRef: null, comments: null, arxivId: "0612.1234", links: { abstract: null, pdf: null } };
    // Routes refuse such ids now (one canonical-id rule at the edge); rows stored before that
    // rule, which its data migration leaves as they are, are what the scan still finds.
    const refused = await api.post("/api/me/bookmarks/batch", { bookmarks: [{ paper: bad, tags: [], bookmarkedAt: new Date().toISOString() }] });
    expect(refused.status).toBe(400);
    const second = { ...bad, id: "1501.1234", arxivId: "1501.1234", title: "Too few digits" };
    await server.database.db.insert(userBookmarks).values([
      { userId, paperId: bad.id, paperData: bad as never, tags: [], bookmarkedAt: new Date() },
      { userId, paperId: second.id, paperData: second as never, tags: [], bookmarkedAt: new Date() },
    ]);
    const scan = (await api.get("/api/zotero/arxiv-scan")).body as { scanned: number; invalid: { table: string; arxivId: string; message: string; suggestion: null }[] };
    expect(scan.scanned).toBeGreaterThanOrEqual(2);
    expect(scan.invalid).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table: "user_bookmarks", arxivId: "0612.1234", message: "Invalid year in new format", suggestion: null }),
        expect.objectContaining({ table: "user_bookmarks", arxivId: "1501.1234", message: "Should be 5 digits for ≥1501" }),
      ]),
    );
    expect(scan.invalid.filter((issue) => issue.table === "zotero_cache")).toEqual([]);
  });
});

// Backoff holds every request of a Zotero client back for 30 s (as Zotero asks): on an instance of its own, so the other tests do not wait.
describe("backoff", () => {
  it("honours Backoff: 30 (no request for 30 s) and can be cancelled while it waits", async () => {
    const own = await startTestServer({ sandboxUrl: sandbox.url, database: server.database, zoteroSync: sync });
    onTestFinished(() => own.close());
    const zotero = await createZoteroUser(sandbox.url, { items: 40 });
    const api = quireApi(own, await createSignedInUser(own));
    await connectWithKey(api, zotero.key);
    await fetch(`${sandbox.url}/__control/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ route: "zotero-api", match: `/users/${zotero.userID}/items/top`, headers: { Backoff: "30" }, times: 1 }),
    });
    await fetch(`${sandbox.url}/__control/requests`, { method: "DELETE" });
    await start(api, "full", 10);
    // The first answer (the library size) asks for 30 s of quiet.
    const deadline = Date.now() + 10_000;
    while (!(await logs(api)).some((entry) => entry.event === "Zotero asked to back off")) {
      if (Date.now() > deadline) throw new Error("no backoff logged");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await logs(api)).find((entry) => entry.event === "Zotero asked to back off")!.details).toBe("waiting 30 s (HTTP 200)");
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await requestsTo(zotero)).toHaveLength(1);
    expect((await api.get("/api/zotero/sync")).body.status).toBe("syncing");
    await start(api, "cancel");
    expect(await waitForSync(api, settled, 5000)).toMatchObject({ message: "Sync cancelled" });
    expect(await requestsTo(zotero)).toHaveLength(1);
  }, 30_000);
});

// Last: it stops the shared server's sync worker.
describe("restart", () => {
  it("resumes a sync whose server stopped mid-way, storing every item once", async () => {
    const { zotero, user, userId, api } = await connected({ items: 150 });
    const truth = await sandboxItems(sandbox.url, zotero);
    await setZoteroPacing(sandbox.url, 100);
    await start(api, "full", 10);
    await waitForSync(api, (state) => state.current >= 30);
    // A second instance on the same database; the first one's sync worker goes away mid-sync.
    const second = await startTestServer({ sandboxUrl: sandbox.url, database: server.database, zoteroSync: sync });
    try {
      await fetch(`${sandbox.url}/__control/requests`, { method: "DELETE" });
      await server.zotero.stop();
      const interruptedAt = (await api.get("/api/zotero/sync")).body as ZoteroSyncState;
      expect(interruptedAt.status).toBe("syncing");
      await setZoteroPacing(sandbox.url, 0);
      const done = await waitForSync(quireApi(second, user), settled, 60_000);
      expect(done).toMatchObject({ status: "idle", current: truth.total });
      expect(await cachedCount(userId)).toBe(truth.total);
      expect((await logs(api)).some((entry) => entry.event === "Sync interrupted")).toBe(true);
      // Nothing stored before the stop was fetched again: the pages after it start at the saved position.
      const pages = (await requestsTo(zotero)).filter((entry) => entry.method === "GET" && /\/items\/top\?/.test(entry.path) && /[?&]start=/.test(entry.path));
      const starts = pages.map((entry) => Number(/[?&]start=(\d+)/.exec(entry.path)![1]));
      expect(Math.min(...starts)).toBeGreaterThanOrEqual(interruptedAt.current - 10);
    } finally {
      await second.close();
    }
  }, 90_000);
});
