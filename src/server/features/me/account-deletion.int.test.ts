import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { digestDeliveries, paperChanges, profileAuthorIdentities,
  highlights,
  llmUsage,
  pdfBlobs,
  user as userTable,
  userApiKeys,
  userIntegrations,
  userPdfCache,
  zoteroCache,
  zoteroSyncLogs,
  zoteroSyncState,
} from "@/server/db/schema";
import { testDatabaseKind } from "@/test/test-database";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser, signIn, type SignedInUser } from "@/test/test-users";
import { meClient, testPaper, testSearch, type ApiAnswer } from "@/test/me-test-client";
import { exportKeyOfTable } from "./user-tables.repository";

/**
 * Account deletion (better-auth's POST /api/auth/delete-user) leaves no row of the user in
 * any table with a user_id column, and ends every other session of the user.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Every table with a user_id column, read from the database itself. */
async function tablesWithUserId(): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    server.database.db,
    sql`select distinct table_name from information_schema.columns
        where column_name = 'user_id' and table_schema = current_schema() order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

/** The user's row count in each table, in one query. */
async function rowCounts(userId: string, tables: string[]): Promise<Record<string, number>> {
  const query = sql.join(
    tables.map((table) => sql`select ${table}::text as table_name, count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`),
    sql` union all `,
  );
  const rows = await queryRows<{ table_name: string; n: number }>(server.database.db, query);
  return Object.fromEntries(rows.map((row) => [row.table_name, Number(row.n)]));
}

/** Fills every user-data table through the API, and analytics through its own endpoint. */
async function fillThroughApi(owner: SignedInUser): Promise<void> {
  const api = meClient(server, owner);
  const ok = (answer: ApiAnswer) => expect(answer.status, answer.text).toBeLessThan(300);
  ok(await api.put("/settings", { autoLoadCatchup: true }));
  ok(await api.put("/profile", { name: "Doomed" }));
  ok(await api.put("/preferences", { preferences: { theme: "dark", searchState: { query: "x" } } }));
  ok(await api.put("/cache/bookmarkFilters", { data: { tag: "x" }, ttlSeconds: 60 }));
  ok(await api.post("/search-history", { entries: [testSearch(Date.now() - 1000, "graphs")] }));
  ok(await api.post("/history", { paper: testPaper("2401.00001"), viewType: "abs" }));
  ok(await api.put("/bookmarks/2401.00002", { paper: testPaper("2401.00002") }));
  ok(await api.put("/notes/2401.00002", { content: "A note on this paper" }));
  ok(await api.put("/feed-marks/2401.00004", { kind: "relevant", paper: { id: "2401.00004", title: "A marked paper" } }));
  ok(await api.post("/authored-papers", { paper: testPaper("2401.00003") }));
  const events = await fetch(`${server.url}/api/events`, {
    method: "POST",
    headers: owner.headers(),
    body: JSON.stringify({ events: [{ name: "paper_opened", properties: {} }] }),
  });
  expect(events.status).toBe(202);
  const key = await fetch(`${server.url}/api/llm/keys/openai`, { method: "PUT", headers: owner.headers(), body: JSON.stringify({ apiKey: "sk-doomed-1234" }) });
  expect(key.status).toBe(200);
}

/** Tables no API writes yet, filled directly. A new table with a user_id needs a line here. */
const directFillers: Record<string, (userId: string) => Promise<unknown>> = {
  highlights: (userId) =>
    server.database.db.insert(highlights).values({ userId, paperId: "p1", pageNumber: 1, coordinates: { x: 0.1, y: 0.1, width: 0.2, height: 0.05 } }),
  user_integrations: (userId) =>
    server.database.db.insert(userIntegrations).values({ userId, integrationType: "zotero", credentials: { encrypted: "secret-zotero-token" } }),
  zotero_cache: (userId) => server.database.db.insert(zoteroCache).values({ userId, zoteroItemKey: "ABCD1234", paperId: "p1" }),
  zotero_sync_logs: (userId) => server.database.db.insert(zoteroSyncLogs).values({ userId, event: "sync_started" }),
  zotero_sync_state: (userId) => server.database.db.insert(zoteroSyncState).values({ userId, status: "paused", position: 10, total: 20 }),
  user_api_keys: (userId) => server.database.db.insert(userApiKeys).values({ userId, providerName: "Local", encryptedApiKey: "secret-api-key", isCustom: true }),
  // The PDF cache's own tests fill it through the proxy; here a row over a stored blob is enough.
  user_pdf_cache: async (userId) => {
    await server.database.db.insert(pdfBlobs).values({ hash: "c".repeat(64), sizeBytes: 10, storageKey: "pdf/sha256/cc/c.pdf" }).onConflictDoNothing();
    await server.database.db
      .insert(userPdfCache)
      .values({ userId, paperId: "2401.00001", storagePath: `user-${userId}/arxiv/2401.00001.pdf`, fileHash: "c".repeat(64), fileSizeBytes: 10 });
  },
  llm_usage: (userId) => server.database.db.insert(llmUsage).values({ userId, provider: "openai", model: "m", success: true }),
  profile_author_identities: (userId) =>
    server.database.db.insert(profileAuthorIdentities).values({ userId, identities: [{ name: "Ada Lovelace", openalexId: "A5000000001", orcid: null }] }),
  paper_changes: (userId) =>
    server.database.db
      .insert(paperChanges)
      .values({ userId, paperId: "2401.00001", kind: "version", changeKey: "v2", origin: "bookmark", source: "index", title: "A kept paper", fromVersion: 1, toVersion: 2 }),
  digest_deliveries: (userId) => server.database.db.insert(digestDeliveries).values({ userId, frequency: "daily", period: "2026-06-04" }),
};

async function fillEverything(owner: SignedInUser): Promise<void> {
  await fillThroughApi(owner);
  for (const fill of Object.values(directFillers)) await fill(owner.id);
}

const deleteUser = (headers: Record<string, string>, password: string) =>
  fetch(`${server.url}/api/auth/delete-user`, { method: "POST", headers, body: JSON.stringify({ password }) });

describe(`exporting an account (${testDatabaseKind})`, () => {
  it("gives the rows of every table with a user_id in /api/me/export, without secrets", async () => {
    const owner = await createSignedInUser(server);
    await fillEverything(owner);
    const tables = await tablesWithUserId();
    const response = await fetch(`${server.url}/api/me/export`, { headers: owner.headers() });
    expect(response.status).toBe(200);
    const text = await response.text();
    const { data } = JSON.parse(text) as { data: Record<string, unknown> };
    const missing = tables.filter((table) => {
      const key = exportKeyOfTable(table);
      const value = key ? data[key] : undefined;
      if (Array.isArray(value)) return value.length === 0;
      if (value && typeof value === "object") return Object.keys(value).length === 0;
      return value === undefined || value === null;
    });
    expect(missing, "tables the export leaves out: add them to USER_TABLE_EXPORTS (user-tables.repository.ts)").toEqual([]);
    // Credentials, provider keys, session tokens and password hashes stay on the server.
    expect(text).not.toContain("secret-zotero-token");
    expect(text).not.toContain("secret-api-key");
    expect(text).not.toContain(owner.token);
    expect(text).not.toMatch(/"(password|token|accessToken|refreshToken|idToken|encryptedApiKey|credentials)"/);
  });
});

describe(`deleting an account (${testDatabaseKind})`, () => {
  it("removes every row of the user from every table with a user_id, and ends the other sessions", async () => {
    const owner = await createSignedInUser(server);
    const bystander = await createSignedInUser(server);
    await fillEverything(owner);
    await fillEverything(bystander);
    // A second tab (another session) of the same user.
    const otherTab = await signIn(server, owner.email, owner.password);
    const otherTabHeaders = { "Content-Type": "application/json", Origin: server.url, Cookie: otherTab.cookie };

    const tables = await tablesWithUserId();
    expect(tables).toEqual(expect.arrayContaining(["session", "account", "user_settings", "user_bookmarks", "visitor_events"]));
    const before = await rowCounts(owner.id, tables);
    const empty = tables.filter((table) => !before[table]);
    expect(empty, "tables the test did not fill: add them to directFillers or fill them through their API").toEqual([]);
    expect(before.session).toBeGreaterThanOrEqual(2);

    // A wrong password deletes nothing.
    const refused = await deleteUser(owner.headers(), "not-the-password");
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await rowCounts(owner.id, tables)).toEqual(before);

    const deleted = await deleteUser(owner.headers(), owner.password);
    expect(deleted.status, await deleted.clone().text()).toBe(200);

    const after = await rowCounts(owner.id, tables);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await server.database.db.select().from(userTable).where(eq(userTable.id, owner.id))).toEqual([]);

    // The other tab is signed out: reads and writes alike, by cookie or bearer token.
    expect((await fetch(`${server.url}/api/me/settings`, { headers: otherTabHeaders })).status).toBe(401);
    expect((await fetch(`${server.url}/api/me/settings`, { headers: { Authorization: `Bearer ${otherTab.token}` } })).status).toBe(401);
    const write = await fetch(`${server.url}/api/me/settings`, { method: "PUT", headers: otherTabHeaders, body: JSON.stringify({ autoLoadCatchup: false }) });
    expect(write.status).toBe(401);
    expect(await rowCounts(owner.id, tables)).toEqual(after);

    // Nobody else lost anything.
    const bystanderCounts = await rowCounts(bystander.id, tables);
    expect(Object.entries(bystanderCounts).filter(([, n]) => n === 0)).toEqual([]);
    expect((await meClient(server, bystander).get("/bookmarks")).body.bookmarks).toHaveLength(1);
  });

  // auth.ts sets `advanced: { disableOriginCheck: false }`: better-auth would skip the check under NODE_ENV=test.
  it("refuses a cross-site deletion", async () => {
    const owner = await createSignedInUser(server);
    const forged = await deleteUser(owner.headers({ Origin: "https://evil.example" }), owner.password);
    expect(forged.status).toBe(403);
    expect(await server.database.db.select().from(userTable).where(eq(userTable.id, owner.id))).toHaveLength(1);
  });
});
