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
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("QUIRE_TEST_DB=postgres needs TEST_DATABASE_URL (npm test sets it).");
  const name = `quire_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
