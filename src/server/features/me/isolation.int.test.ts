import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { paperChanges, userCache } from "@/server/db/schema";
import { createLogger } from "@/server/logger";
import { encodePreferenceKey } from "@/shared/user-data";
import { testDatabaseKind } from "@/test/test-database";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";
import { createMeRoutes } from "./me.routes";
import { meClient, testPaper, testSearch, type ApiAnswer } from "@/test/me-test-client";

/**
 * Two users, every /api/me route: neither reads, changes or deletes the other's rows. The
 * route list is the one the me router really serves, and this walk must exercise each of
 * them: a new route without a step here fails the first test.
 */

let server: TestServer;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([createSignedInUser(server), createSignedInUser(server)]);
});
afterAll(async () => {
  await server?.close();
});

/** "METHOD /api/me/path" for every handler the me router registers (middleware excluded). */
function servedRoutes(): string[] {
  const router = createMeRoutes({
    auth: { api: {} } as never,
    database: server.database,
    logger: createLogger("silent"),
    config: server.config,
  });
  const routes = router.routes
    .filter((route) => route.method !== "ALL")
    .map((route) => `${route.method} /api/me${route.path}`.replace(/\/+$/, ""));
  return [...new Set(routes)].sort();
}

const USER_DATA_TABLES = ["user_profiles", "user_settings", "user_preferences", "user_cache", "user_search_history", "user_reading_history", "user_bookmarks", "user_paper_notes", "highlights", "user_authored_papers"];

/** Every row the user owns in the user-data tables, as JSON text. */
async function snapshot(userId: string): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of USER_DATA_TABLES) {
    const rows = await queryRows<{ row: string }>(
      server.database.db,
      sql`select to_jsonb(t)::text as row from ${sql.identifier(table)} t where t.user_id = ${userId} order by 1`,
    );
    result[table] = rows.map((row) => row.row);
  }
  return result;
}

type Owned = { marker: string; prefKey: string; cacheKey: string; expiredCacheKey: string; historyId: string; paperId: string; highlightId: string; changeId: string };

/** Fills every resource of `owner`, each value carrying `marker`. */
async function fill(owner: SignedInUser, marker: string): Promise<Owned> {
  const api = meClient(server, owner);
  const ok = (answer: ApiAnswer) => {
    expect(answer.status, answer.text).toBeLessThan(300);
    return answer;
  };
  const prefKey = encodePreferenceKey("shared.key");
  const cacheKey = "profile-papers-shared";
  const paperId = "10.5555/shared";
  ok(await api.put("/settings", { lastViewedPaper: marker }));
  ok(await api.put("/profile", { name: marker }));
  ok(await api.put(`/preferences/${encodeURIComponent(prefKey)}`, { value: { marker } }));
  ok(await api.put("/preferences/searchState", { value: { query: marker } }));
  ok(await api.put(`/cache/${cacheKey}`, { data: { marker }, ttlSeconds: 3600 }));
  const expiredCacheKey = "expired-shared";
  await server.database.db.insert(userCache).values({ userId: owner.id, cacheKey: expiredCacheKey, paperData: { marker }, expiresAt: new Date(Date.now() - 60_000) });
  ok(await api.post("/search-history", { entries: [testSearch(Date.now() - 60_000, marker)] }));
  const history = ok(await api.post("/history", { paper: testPaper("2401.00001", { title: marker }), viewType: "abs" }));
  ok(await api.put(`/bookmarks/${encodeURIComponent(paperId)}`, { paper: testPaper(paperId, { title: marker, source: "crossref" }), notes: marker }));
  ok(await api.put(`/notes/${encodeURIComponent(paperId)}`, { content: marker }));
  const highlightId = crypto.randomUUID();
  ok(await api.put(`/highlights/${highlightId}`, { paperId, pageNumber: 1, rects: [{ x: 0.1, y: 0.1, width: 0.5, height: 0.02 }], color: "#FFFF00", text: marker }));
  ok(await api.post("/authored-papers", { paper: testPaper(AUTHORED_ID, { title: marker }), verificationMethod: "orcid_verification" }));
  const markedPaper = { id: paperId, title: marker, abstract: marker, authors: [marker], categories: ["cs.LG"], publishedDate: null };
  ok(await api.put(`/feed-marks/${encodeURIComponent(paperId)}`, { kind: "relevant", paper: markedPaper }));
  const [change] = await server.database.db
    .insert(paperChanges)
    .values({ userId: owner.id, paperId, kind: "published", changeKey: "published", origin: "bookmark", source: "opened", title: marker, doi: "10.5555/published" })
    .returning();
  return { marker, prefKey, cacheKey, expiredCacheKey, historyId: history.body.entry.id, paperId, highlightId, changeId: change!.id };
}

/** The owner's authored paper; the intruder adds another (a papers row is shared by design). */
const AUTHORED_ID = "2401.09999";

type Step = { route: string; run: (owned: Owned) => Promise<ApiAnswer>; expect: number };

/** The intruder's walk over every route, aimed at the owner's keys and ids where a route takes one. */
function walk(intruder: SignedInUser): Step[] {
  const api = meClient(server, intruder);
  const prefPath = (owned: Owned) => `/preferences/${encodeURIComponent(owned.prefKey)}`;
  const bookmarkPath = (owned: Owned) => `/bookmarks/${encodeURIComponent(owned.paperId)}`;
  const notePath = (owned: Owned) => `/notes/${encodeURIComponent(owned.paperId)}`;
  return [
    // Reads first, while the intruder owns nothing under the owner's keys.
    { route: "GET /api/me/settings", run: () => api.get("/settings"), expect: 200 },
    { route: "GET /api/me/profile", run: () => api.get("/profile"), expect: 200 },
    { route: "GET /api/me/preferences", run: () => api.get("/preferences"), expect: 200 },
    { route: "GET /api/me/preferences/:key", run: (owned) => api.get(prefPath(owned)), expect: 404 },
    { route: "GET /api/me/cache", run: () => api.get("/cache"), expect: 200 },
    // The owner's entry and note are none of the intruder's: "none" (200, null), as for any absent key.
    { route: "GET /api/me/cache/:key", run: (owned) => api.get(`/cache/${owned.cacheKey}`), expect: 200 },
    { route: "GET /api/me/search-history", run: () => api.get("/search-history"), expect: 200 },
    { route: "GET /api/me/history", run: () => api.get("/history?limit=1000"), expect: 200 },
    { route: "GET /api/me/bookmarks", run: () => api.get("/bookmarks"), expect: 200 },
    { route: "GET /api/me/bookmarks", run: () => api.get("/bookmarks?q=secret&limit=20"), expect: 200 },
    { route: "GET /api/me/bookmarks/ids", run: () => api.get("/bookmarks/ids"), expect: 200 },
    { route: "GET /api/me/bookmarks/duplicate-keys", run: () => api.get("/bookmarks/duplicate-keys"), expect: 200 },
    { route: "GET /api/me/export", run: () => api.get("/export"), expect: 200 },
    { route: "GET /api/me/notes", run: () => api.get("/notes"), expect: 200 },
    { route: "GET /api/me/notes/:paperId", run: (owned) => api.get(notePath(owned)), expect: 200 },
    { route: "GET /api/me/highlights", run: (owned) => api.get(`/highlights?paperId=${encodeURIComponent(owned.paperId)}`), expect: 200 },
    { route: "GET /api/me/authored-papers", run: () => api.get("/authored-papers"), expect: 200 },
    // A mark is the caller's own: setting, moving in or clearing one on the owner's paper id touches only the caller's.
    { route: "GET /api/me/feed-marks", run: () => api.get("/feed-marks"), expect: 200 },
    { route: "PUT /api/me/feed-marks/:paperId", run: (owned) => api.put(`/feed-marks/${encodeURIComponent(owned.paperId)}`, { kind: "not-relevant", paper: { id: owned.paperId, title: "other" } }), expect: 200 },
    { route: "POST /api/me/feed-marks/batch", run: (owned) => api.post("/feed-marks/batch", { marks: [{ kind: "not-relevant", paper: { id: owned.paperId, title: "other" }, markedAt: new Date().toISOString() }] }), expect: 200 },
    { route: "DELETE /api/me/feed-marks/:paperId", run: (owned) => api.del(`/feed-marks/${encodeURIComponent(owned.paperId)}`), expect: 204 },
    { route: "GET /api/me/paper-changes", run: () => api.get("/paper-changes"), expect: 200 },
    { route: "POST /api/me/paper-changes/seen", run: (owned) => api.post("/paper-changes/seen", { ids: [owned.changeId] }), expect: 200 },
    { route: "POST /api/me/paper-changes/observed", run: (owned) => api.post("/paper-changes/observed", { paper: testPaper(owned.paperId, { source: "crossref", doi: "10.5555/other" }) }), expect: 200 },
    { route: "POST /api/me/paper-changes/:id/dismiss", run: (owned) => api.post(`/paper-changes/${owned.changeId}/dismiss`, {}), expect: 404 },
    { route: "POST /api/me/paper-changes/bookmarks/:paperId/update", run: (owned) => api.post(`/paper-changes/bookmarks/${encodeURIComponent(owned.paperId)}/update`, {}), expect: 404 },
    { route: "PATCH /api/me/authored-papers/:paperId", run: () => api.call("PATCH", `/authored-papers/${AUTHORED_ID}`, { verificationMethod: "manual" }), expect: 404 },
    { route: "DELETE /api/me/authored-papers/:paperId", run: () => api.del(`/authored-papers/${AUTHORED_ID}`), expect: 204 },
    { route: "POST /api/me/authored-papers", run: () => api.post("/authored-papers", { paper: testPaper("2401.08888") }), expect: 201 },
    { route: "POST /api/me/authored-papers/refresh", run: () => api.post("/authored-papers/refresh", {}), expect: 200 },
    // Refused before any upstream is asked: what it imports is the caller's own.
    { route: "POST /api/me/authored-papers/import", run: () => api.post("/authored-papers/import", { identifier: "not an id" }), expect: 400 },
    { route: "PATCH /api/me/highlights/:id", run: (owned) => api.call("PATCH", `/highlights/${owned.highlightId}`, { color: "#FFB6C1" }), expect: 404 },
    { route: "DELETE /api/me/highlights/:id", run: (owned) => api.del(`/highlights/${owned.highlightId}`), expect: 204 },
    // Deletes aimed at the owner's keys and ids remove nothing of the owner's.
    { route: "DELETE /api/me/preferences/:key", run: (owned) => api.del(prefPath(owned)), expect: 204 },
    { route: "DELETE /api/me/cache/:key", run: (owned) => api.del(`/cache/${owned.cacheKey}`), expect: 204 },
    { route: "DELETE /api/me/history/:id", run: (owned) => api.del(`/history/${owned.historyId}`), expect: 204 },
    { route: "DELETE /api/me/bookmarks/:paperId", run: (owned) => api.del(bookmarkPath(owned)), expect: 204 },
    { route: "PATCH /api/me/bookmarks/:paperId", run: (owned) => api.call("PATCH", bookmarkPath(owned), { tags: ["intruder"] }), expect: 404 },
    { route: "POST /api/me/bookmarks/:paperId/trash", run: (owned) => api.post(`${bookmarkPath(owned)}/trash`, {}), expect: 404 },
    { route: "POST /api/me/bookmarks/:paperId/restore", run: (owned) => api.post(`${bookmarkPath(owned)}/restore`, {}), expect: 404 },
    { route: "DELETE /api/me/notes/:paperId", run: (owned) => api.del(notePath(owned)), expect: 204 },
    { route: "DELETE /api/me/cache", run: () => api.del("/cache?expired=true"), expect: 200 },
    // Writes under the same keys create the intruder's own rows, never touch the owner's.
    { route: "PUT /api/me/settings", run: () => api.put("/settings", { lastViewedPaper: "intruder" }), expect: 200 },
    { route: "PUT /api/me/profile", run: () => api.put("/profile", { name: "intruder" }), expect: 200 },
    { route: "PUT /api/me/preferences/:key", run: (owned) => api.put(prefPath(owned), { value: "intruder" }), expect: 200 },
    { route: "PUT /api/me/preferences", run: (owned) => api.put("/preferences", { preferences: { [owned.prefKey]: "intruder", searchState: { page: 3 } } }), expect: 200 },
    { route: "PUT /api/me/cache/:key", run: (owned) => api.put(`/cache/${owned.cacheKey}`, { data: "intruder" }), expect: 200 },
    { route: "POST /api/me/search-history", run: () => api.post("/search-history", { entries: [testSearch(Date.now() - 1000, "intruder")] }), expect: 200 },
    { route: "POST /api/me/history", run: () => api.post("/history", { paper: testPaper("2401.00001"), viewType: "abs" }), expect: 200 },
    {
      route: "POST /api/me/history/import",
      run: () => api.post("/history/import", { entries: [{ paperId: "2401.00001", paperData: testPaper("2401.00001"), viewType: "pdf", readAt: new Date().toISOString() }] }),
      expect: 200,
    },
    { route: "PUT /api/me/bookmarks/:paperId", run: (owned) => api.put(bookmarkPath(owned), { paper: testPaper(owned.paperId, { source: "crossref" }), notes: "intruder" }), expect: 200 },
    {
      route: "POST /api/me/bookmarks/batch",
      run: (owned) =>
        api.post("/bookmarks/batch", { bookmarks: [{ paper: testPaper(owned.paperId, { source: "crossref" }), tags: ["intruder"], bookmarkedAt: new Date().toISOString() }] }),
      expect: 200,
    },
    { route: "PUT /api/me/notes/:paperId", run: (owned) => api.put(notePath(owned), { content: "intruder" }), expect: 200 },
    {
      route: "PUT /api/me/highlights/:id",
      run: (owned) => api.put(`/highlights/${owned.highlightId}`, { paperId: owned.paperId, pageNumber: 2, rects: [{ x: 0, y: 0, width: 1, height: 1 }], color: "#FFB6C1", text: "intruder" }),
      expect: 409,
    },
    // The intruder's own rows under the owner's keys read back as the intruder's.
    { route: "GET /api/me/notes/:paperId", run: (owned) => api.get(notePath(owned)), expect: 200 },
    { route: "GET /api/me/preferences/:key", run: (owned) => api.get(prefPath(owned)), expect: 200 },
    { route: "GET /api/me/cache/:key", run: (owned) => api.get(`/cache/${owned.cacheKey}`), expect: 200 },
    { route: "GET /api/me/export", run: () => api.get("/export"), expect: 200 },
    // Clearing everything clears only the intruder's rows.
    { route: "DELETE /api/me/preferences", run: () => api.del("/preferences"), expect: 204 },
    { route: "DELETE /api/me/cache", run: () => api.del("/cache"), expect: 200 },
    { route: "DELETE /api/me/search-history", run: () => api.del("/search-history"), expect: 204 },
    { route: "DELETE /api/me/history", run: () => api.del("/history"), expect: 204 },
    { route: "DELETE /api/me/bookmarks", run: () => api.del("/bookmarks"), expect: 204 },
  ];
}

describe(`every /api/me route (${testDatabaseKind})`, () => {
  it("the walk covers every route the me router serves", () => {
    const served = servedRoutes();
    expect(served.length).toBeGreaterThanOrEqual(25);
    expect([...new Set(walk(alice).map((step) => step.route))].sort()).toEqual(served);
  });

  it.each([
    ["Bob", "Alice", () => [alice, bob] as const],
    ["Alice", "Bob", () => [bob, alice] as const],
  ])("%s can neither read, change nor delete %s's rows", async (_intruderName, _ownerName, pick) => {
    const [owner, intruder] = pick();
    // The intruder starts with nothing of its own (it may have been the owner before).
    for (const table of USER_DATA_TABLES) {
      await server.database.db.execute(sql`delete from ${sql.identifier(table)} where user_id = ${intruder.id}`);
    }
    const owned = await fill(owner, `SECRET-${owner.id}`);
    const before = await snapshot(owner.id);
    for (const table of USER_DATA_TABLES) expect(before[table]!.length, `${table} is filled`).toBeGreaterThan(0);

    for (const step of walk(intruder)) {
      const answer = await step.run(owned);
      expect(answer.status, `${step.route}: ${answer.text}`).toBe(step.expect);
      expect(answer.text, `${step.route} leaks the owner's data`).not.toContain(owned.marker);
      expect(answer.text, `${step.route} leaks the owner's id`).not.toContain(owner.id);
    }

    expect(await snapshot(owner.id)).toEqual(before);
    // And the owner still sees all of it through the API.
    const exported = (await meClient(server, owner).get("/export")).body;
    expect(exported.user_id).toBe(owner.id);
    expect(exported.data.bookmarks).toHaveLength(1);
    expect(exported.data.readingHistory).toHaveLength(1);
    expect(exported.data.notes).toEqual([expect.objectContaining({ paperId: owned.paperId, content: owned.marker })]);
    expect(exported.data.highlights).toEqual([expect.objectContaining({ id: owned.highlightId, text: owned.marker })]);
    expect(exported.data.preferences[owned.prefKey]).toEqual({ marker: owned.marker });
    expect(exported.data.cache.map((entry: { key: string }) => entry.key).sort()).toEqual([owned.cacheKey, owned.expiredCacheKey].sort());
    await meClient(server, owner).del("/cache");
  });

  it("every route answers 401 without a session, and mutating ones 403 to a forged cross-site request", async () => {
    const sample = { key: "k", id: "00000000-0000-4000-8000-000000000000", paperId: "p1" };
    for (const route of servedRoutes()) {
      const [method, template] = route.split(" ") as [string, string];
      const url = `${server.url}${template.replace(/:(\w+)/g, (_m, name: keyof typeof sample) => sample[name])}`;
      const body = method === "GET" || method === "DELETE" ? undefined : "{}";
      const anonymous = await fetch(url, { method, body, headers: { "Content-Type": "application/json" } });
      expect(anonymous.status, `${route} without a session`).toBe(401);
      if (method !== "GET") {
        const forged = await fetch(url, { method, body, headers: alice.headers({ Origin: "https://evil.example" }) });
        expect(forged.status, `${route} forged cross-site`).toBe(403);
      }
    }
  });
});
