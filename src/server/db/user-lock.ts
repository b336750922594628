import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";

/**
 * Runs `work` in a transaction holding a per-user, per-purpose advisory lock, so two requests
 * of one user (two tabs, two instances) cannot interleave a read-decide-write sequence.
 * Repositories use it; the transaction is handed back as a Database for them to rebuild on.
 */
export async function withUserLock<T>(db: Database, purpose: string, userId: string, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${purpose}:${userId}`}))`);
    return work(tx as unknown as Database);
  });
}
