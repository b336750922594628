import type { Database } from "./database";
import { CANONICAL_PAPER_IDS, migrateCanonicalPaperIds } from "./canonical-paper-ids";
import { dataMigrations } from "./schema";

/**
 * Rewrites of stored rows that need the app's own code (a rule in TypeScript that SQL cannot
 * repeat), run after the SQL migrations under the same lock, in order, each once: its name is
 * recorded in data_migrations when it has finished. Each must be safe to run again after a
 * crash half-way (the next start runs it from the beginning).
 */
export type DataMigration = { name: string; run(db: Database): Promise<Record<string, unknown>> };

export const DATA_MIGRATIONS: readonly DataMigration[] = [{ name: CANONICAL_PAPER_IDS, run: migrateCanonicalPaperIds }];

/** Told what each data migration changed (the server logs it). */
export type DataMigrationLog = (name: string, summary: Record<string, unknown>) => void;

/** Runs the data migrations not yet recorded; answers the names that ran. The caller holds the migration lock. */
export async function runDataMigrations(db: Database, log: DataMigrationLog = () => {}, migrations: readonly DataMigration[] = DATA_MIGRATIONS): Promise<string[]> {
  const done = new Set((await db.select({ name: dataMigrations.name }).from(dataMigrations)).map((row) => row.name));
  const ran: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    const summary = await migration.run(db);
    await db.insert(dataMigrations).values({ name: migration.name, summary }).onConflictDoNothing({ target: dataMigrations.name });
    log(migration.name, summary);
    ran.push(migration.name);
  }
  return ran;
}
