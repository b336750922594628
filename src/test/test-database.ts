import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrationsFolder, openPglite, openPostgres, type DatabaseHandle } from "@/server/db/client";

/** Which database the integration suite runs on: `pglite` (default) or `postgres` (TEST_DATABASE_URL). */
export const testDatabaseKind = (process.env.QUIRE_TEST_DB ?? "pglite") as "pglite" | "postgres";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database on
 * the test PostgreSQL server that is dropped again by `close()`.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === "pglite") {
    const handle = await openPglite("memory://", { loadDataDir: await migratedPgliteTemplate() });
    // Nothing left to apply: the template holds every migration (checked, as a server would).
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

let template: Promise<Blob> | undefined;

/**
 * A dump of a migrated PGlite, made once per set of migrations and kept in the system's
 * temporary folder for every test process: an empty PGlite initialises its cluster first,
 * which takes seconds each time, while loading a dump does not.
 */
function migratedPgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const folder = migrationsFolder();
    const hash = createHash("sha256");
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
    for (const file of files(folder).sort()) hash.update(file.slice(folder.length)).update(readFileSync(file));
    const file = path.join(os.tmpdir(), `quire-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const handle = await openPglite("memory://");
    await handle.migrate();
    const dump = await handle.pglite!.dumpDataDir("none");
    await handle.close();
    // Written whole, then renamed: another test process never reads half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return template;
}
