import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type DatabaseHandle } from "@/server/db/client";
import * as schema from "@/server/db/schema";
import { createTestDatabase, testDatabaseKind } from "@/test/test-database";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const SPEC_TABLES = [
  "user_profiles",
  "user_preferences",
  "user_bookmarks",
  "user_reading_history",
  "user_settings",
  "user_cache",
  "papers",
  "user_authored_papers",
  "highlights",
  "system_logs",
  "visitor_events",
  "llm_usage",
  "user_integrations",
  "zotero_cache",
  "zotero_sync_logs",
  "user_api_keys",
  "user_pdf_cache",
  "user",
  "session",
  "account",
  "verification",
];

const tables: PgTable[] = Object.values(schema).filter((value) => is(value, PgTable)) as PgTable[];

async function count(tableName: string, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from ${sql.identifier(tableName)} where user_id = ${userId}`,
  );
  return row!.n;
}

async function createUser(id: string) {
  await database.db.insert(schema.user).values({ id, name: id, email: `${id}@example.org` });
}

describe(`the schema on ${testDatabaseKind}`, () => {
  it("has every table of the specification", async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = rows.map((row) => row.table_name);
    for (const table of SPEC_TABLES) expect(names, table).toContain(table);
  });

  it("loads pg_trgm for fuzzy title matching", async () => {
    const [row] = await queryRows<{ s: number }>(database.db, sql`select similarity('attention is all you need', 'attention is all we need') as s`);
    expect(Number(row!.s)).toBeGreaterThan(0.5);
  });

  it("ties every user-owned table to the user with ON DELETE CASCADE", () => {
    const owned = tables.filter((table) => getTableConfig(table).columns.some((column) => column.name === "user_id"));
    expect(owned.length).toBeGreaterThanOrEqual(16);
    for (const table of owned) {
      const toUser = getTableConfig(table).foreignKeys.find((fk) =>
        fk.reference().columns.some((column) => column.name === "user_id"),
      );
      expect(toUser, getTableName(table)).toBeDefined();
      expect(getTableName(toUser!.reference().foreignTable), getTableName(table)).toBe("user");
      expect(toUser!.onDelete, getTableName(table)).toBe("cascade");
    }
  });

  it("deletes a user's rows in every table with the user, and leaves other users' rows", async () => {
    for (const id of ["alice", "bob"]) {
      await createUser(id);
      const db = database.db;
      await db.insert(schema.session).values({ id: `s-${id}`, userId: id, token: `t-${id}`, expiresAt: new Date(Date.now() + 60_000) });
      await db.insert(schema.account).values({ id: `a-${id}`, userId: id, accountId: id, providerId: "credential" });
      await db.insert(schema.userProfiles).values({ userId: id });
      await db.insert(schema.feedMarks).values({ userId: id, paperId: "2401.12345", kind: "relevant", paperData: { id: "2401.12345", title: "T", abstract: "", authors: [], categories: [], publishedDate: null } });
      await db.insert(schema.profileAuthorIdentities).values({ userId: id, identities: [{ name: "Yang Liu", openalexId: "A1", orcid: null }] });
      await db.insert(schema.userPreferences).values({ userId: id, preferenceKey: "searchState", preferenceValue: { q: "x" } });
      await db.insert(schema.userBookmarks).values({ userId: id, paperId: "2401.12345", paperData: { title: "T" } });
      await db.insert(schema.userReadingHistory).values({ userId: id, paperId: "2401.12345", viewType: "abs" });
      await db.insert(schema.userSettings).values({ userId: id, settings: { autoLoadCatchup: true } });
      await db.insert(schema.userCache).values({ userId: id, cacheKey: "bookmarkFilters", paperData: {} });
      await db.insert(schema.userSearchHistory).values({ userId: id, params: { q: "x" } });
      await db.insert(schema.papers).values({ id: `paper-${id}`, title: "A paper" }).onConflictDoNothing();
      await db.insert(schema.userAuthoredPapers).values({ userId: id, paperId: `paper-${id}` });
      await db.insert(schema.highlights).values({
        userId: id,
        paperId: "2401.12345",
        pageNumber: 1,
        coordinates: { x: 0.1, y: 0.1, width: 0.2, height: 0.05 },
      });
      await db.insert(schema.userPaperNotes).values({ userId: id, paperId: "2401.12345", content: "A note" });
      await db.insert(schema.paperChanges).values({ userId: id, paperId: "2401.12345", kind: "version", changeKey: "v2", origin: "bookmark", source: "index", title: "A paper", fromVersion: 1, toVersion: 2 });
      await db.insert(schema.visitorEvents).values({ eventName: "search", userId: id });
      await db.insert(schema.userActiveDays).values({ day: "2026-06-04", userId: id });
      await db.insert(schema.llmUsage).values({ provider: "openai", model: "m", userId: id, success: true });
      await db.insert(schema.userIntegrations).values({ userId: id, integrationType: "zotero", credentials: {} });
      await db.insert(schema.zoteroCache).values({ userId: id, zoteroItemKey: "ABCD1234", paperId: "2401.12345" });
      await db.insert(schema.zoteroSyncLogs).values({ userId: id, event: "sync_started" });
      await db.insert(schema.zoteroSyncState).values({ userId: id });
      await db.insert(schema.userApiKeys).values({ userId: id, providerName: "openai", encryptedApiKey: "x" });
      await db.insert(schema.pdfBlobs).values({ hash: "a".repeat(64), sizeBytes: 1, storageKey: "pdf/a" }).onConflictDoNothing();
      await db
        .insert(schema.userPdfCache)
        .values({ userId: id, paperId: "2401.12345", storagePath: `user-${id}/arxiv/2401.12345.pdf`, fileHash: "a".repeat(64) });
      await db.insert(schema.digestDeliveries).values({ userId: id, frequency: "daily", period: "2026-06-04" });
    }
    const owned = tables
      .filter((table) => getTableConfig(table).columns.some((column) => column.name === "user_id"))
      .map((table) => getTableName(table));
    for (const name of owned) expect(await count(name, "alice"), name).toBe(1);

    await database.db.delete(schema.user).where(eq(schema.user.id, "alice"));

    for (const name of owned) {
      expect(await count(name, "alice"), name).toBe(0);
      expect(await count(name, "bob"), name).toBe(1);
    }
  });

  it("keeps one preference per user and key, upserted on conflict", async () => {
    await createUser("carol");
    const db = database.db;
    await db.insert(schema.userPreferences).values({ userId: "carol", preferenceKey: "theme", preferenceValue: "dark" });
    await expect(
      db.insert(schema.userPreferences).values({ userId: "carol", preferenceKey: "theme", preferenceValue: "light" }),
    ).rejects.toThrow();
    await db
      .insert(schema.userPreferences)
      .values({ userId: "carol", preferenceKey: "theme", preferenceValue: "light" })
      .onConflictDoUpdate({
        target: [schema.userPreferences.userId, schema.userPreferences.preferenceKey],
        set: { preferenceValue: "light" },
      });
    const rows = await db.select().from(schema.userPreferences).where(eq(schema.userPreferences.userId, "carol"));
    expect(rows.map((row) => row.preferenceValue)).toEqual(["light"]);
  });

  it.each([
    ["zotero_cache per user and paper_id", (id: string) => database.db.insert(schema.zoteroCache).values({ userId: id, zoteroItemKey: "K", paperId: "p1" })],
    ["bookmark per user and paper", (id: string) => database.db.insert(schema.userBookmarks).values({ userId: id, paperId: "p1", paperData: {} })],
    ["cache entry per user and key", (id: string) => database.db.insert(schema.userCache).values({ userId: id, cacheKey: "k" })],
    ["integration per user and type", (id: string) => database.db.insert(schema.userIntegrations).values({ userId: id, integrationType: "zotero", credentials: {} })],
    ["API key per user and provider", (id: string) => database.db.insert(schema.userApiKeys).values({ userId: id, providerName: "groq", encryptedApiKey: "x" })],
    [
      "cached PDF per user and paper",
      async (id: string) => {
        await database.db.insert(schema.pdfBlobs).values({ hash: "b".repeat(64), sizeBytes: 1, storageKey: "pdf/b" }).onConflictDoNothing();
        return database.db.insert(schema.userPdfCache).values({ userId: id, paperId: "p1", storagePath: "s", fileHash: "b".repeat(64) });
      },
    ],
  ])("keeps one %s", async (_label, insert) => {
    const id = `u-${Math.random().toString(36).slice(2, 8)}`;
    await createUser(id);
    await insert(id);
    await expect(insert(id)).rejects.toThrow();
  });

  it("refuses values outside the spec's enumerations", async () => {
    await createUser("dave");
    await expect(
      database.db.execute(sql`insert into user_profiles (user_id, role) values ('dave', 'emperor')`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(sql`insert into zotero_sync_logs (user_id, event, level) values ('dave', 'x', 'LOUD')`),
    ).rejects.toThrow();
  });

  it("defaults e-mail preferences to welcome and weekly", async () => {
    await createUser("erin");
    await database.db.insert(schema.userProfiles).values({ userId: "erin" });
    const [profile] = await database.db.select().from(schema.userProfiles).where(eq(schema.userProfiles.userId, "erin"));
    expect(profile?.emailPreferences).toEqual({ welcome: true, notifications: "weekly" });
    expect(profile?.isPublic).toBe(true);
  });
});
