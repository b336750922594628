import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPglite, openPostgres, type DatabaseHandle } from "@/server/db/client";

/** Which database the integration suite runs on: `pglite` (default) or `postgres` (TEST_DATABASE_URL). */
export const testDatabaseKind = (process.env.QUIRE_TEST_DB ?? "pglite") as "pglite" | "postgres";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database on
 * the test PostgreSQL server that is dropped again by `close()`.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === "pglite") {
    const handle = await openPglite("memory://");
    await handle.migrate();
    return handle;
  }
  const empty = await createEmptyPostgresDatabase();
  const handle = await openPostgres(empty.url);
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await empty.drop();
    },
  };
}

/**
 * A new, empty database (no migrations run) on the test PostgreSQL server, for tests of what
 * happens on a first start; `drop()` removes it, whoever is still connected.
 */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("QUIRE_TEST_DB=postgres needs TEST_DATABASE_URL (npm test sets it).");
  const name = `quire_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
