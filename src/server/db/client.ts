import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { appRoot } from "@/server/lib/app-root";
import * as schema from "./schema";
import { runDataMigrations, type DataMigrationLog } from "./data-migrations";

// The type lives apart (database.ts) so code the client runs, such as the data migrations, can
// name it without importing the client back.
export type { Database, Schema } from "./database";
import type { Database } from "./database";

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** The embedded PGlite (the job queue talks to it through pg-boss's adapter); absent on Postgres. */
  pglite?: PGlite;
  /** The Postgres connection string; absent on PGlite. */
  connectionString?: string;
  /** Applies the committed migrations in /drizzle, then the data migrations not yet run (data-migrations.ts). */
  migrate(log?: DataMigrationLog): Promise<void>;
  /** Round-trips a trivial query; rejects when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = () => path.join(appRoot(), "drizzle");

/**
 * Embedded PGlite stored in `dataDir/pglite`, or `memory://` for throwaway test databases.
 * `loadDataDir` starts it from a dump of another (PGlite's dumpDataDir) instead of an empty
 * cluster, which PGlite would have to initialise first.
 */
export async function openPglite(location: string, options: { loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  if (location !== "memory://") mkdirSync(location, { recursive: true });
  const client = await PGlite.create({
    ...(location === "memory://" ? {} : { dataDir: location }),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    pglite: client,
    // One process owns a PGlite directory (instance-lock.ts): nothing else can run these at once.
    migrate: async (log) => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
      await runDataMigrations(db, log);
    },
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * The advisory lock key every instance takes around its migrations (any fixed bigint will do;
 * this one is "quire-mg" in ASCII). Instances started at the same moment on an empty database
 * would otherwise race on `CREATE EXTENSION` and the migrations table and the losers would die.
 */
export const MIGRATION_LOCK_KEY = 0x7175697265_2d6d67n;

export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    connectionString,
    migrate: async (log) => {
      // One connection holds a session lock for the whole run: the first instance migrates, the
      // others wait and then find nothing left to apply. The data migrations run on that same
      // connection, so each runs once however many instances start.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY.toString()]);
        try {
          const locked = drizzlePg(client, { schema });
          await migratePg(locked, { migrationsFolder: migrationsFolder() });
          await runDataMigrations(locked as unknown as Database, log);
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY.toString()]);
        }
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await pool.end();
    },
  };
}

/** Postgres when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir, "pglite"));
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
