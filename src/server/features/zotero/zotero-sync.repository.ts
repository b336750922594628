import { and, desc, eq, getTableColumns, lt, ne, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { zoteroCache, zoteroSyncLogs, zoteroSyncState } from "@/server/db/schema";
import { ZOTERO_SYNC_LOG_RETENTION_DAYS } from "@/shared/zotero/zotero-constants";
import { zoteroCacheRepository, type CacheInsert } from "./zotero-cache.repository";

export type SyncStateRow = typeof zoteroSyncState.$inferSelect;
export type SyncStatePatch = Partial<Omit<typeof zoteroSyncState.$inferInsert, "userId">>;
export type SyncLogLevel = "INFO" | "WARN" | "ERROR";

/** Thrown inside a batch's transaction to roll it back: a newer job owns the sync. */
class NotOwned extends Error {}

/** zotero_sync_state and zotero_sync_logs. Every query takes the user id (the stale-job scan aside). */
export function zoteroSyncRepository(db: Database) {
  async function ensure(userId: string): Promise<void> {
    await db.insert(zoteroSyncState).values({ userId }).onConflictDoNothing();
  }

  async function updateOwned(userId: string, jobId: string, patch: SyncStatePatch, tx: Database = db): Promise<boolean> {
    const rows = await tx
      .update(zoteroSyncState)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(zoteroSyncState.userId, userId), eq(zoteroSyncState.jobId, jobId), eq(zoteroSyncState.status, "syncing")))
      .returning({ userId: zoteroSyncState.userId });
    return rows.length > 0;
  }

  return {
    async get(userId: string): Promise<SyncStateRow> {
      await ensure(userId);
      const [row] = await db.select().from(zoteroSyncState).where(eq(zoteroSyncState.userId, userId));
      return row!;
    },

    /**
     * The state with the count of cached items, in one statement: one snapshot, so the progress
     * and the count agree (a batch's rows and progress are committed together).
     */
    async getWithCached(userId: string): Promise<SyncStateRow & { cached: number }> {
      await ensure(userId);
      const [row] = await db
        .select({ ...getTableColumns(zoteroSyncState), cached: sql<number>`(select count(*) from ${zoteroCache} where ${zoteroCache.userId} = ${userId})`.mapWith(Number) })
        .from(zoteroSyncState)
        .where(eq(zoteroSyncState.userId, userId));
      return row!;
    },

    /** What the running job checks between batches: one indexed read. */
    async control(userId: string): Promise<Pick<SyncStateRow, "status" | "stopRequest" | "jobId"> | null> {
      const [row] = await db
        .select({ status: zoteroSyncState.status, stopRequest: zoteroSyncState.stopRequest, jobId: zoteroSyncState.jobId })
        .from(zoteroSyncState)
        .where(eq(zoteroSyncState.userId, userId));
      return row ?? null;
    },

    /**
     * Moves the state to syncing in one statement, only from the states the action starts from:
     * two tabs pressing Sync at once get one claim, the other null.
     */
    async claim(userId: string, from: readonly ("idle" | "paused")[], patch: SyncStatePatch): Promise<SyncStateRow | null> {
      await ensure(userId);
      const [row] = await db
        .update(zoteroSyncState)
        .set({ ...patch, status: "syncing", stopRequest: null, message: null, error: null, startedAt: new Date(), heartbeatAt: new Date(), updatedAt: new Date() })
        .where(and(eq(zoteroSyncState.userId, userId), sql`${zoteroSyncState.status} in (${sql.join(from.map((state) => sql`${state}`), sql`, `)})`))
        .returning();
      return row ?? null;
    },

    async update(userId: string, patch: SyncStatePatch, tx: Database = db): Promise<SyncStateRow | null> {
      const [row] = await tx
        .update(zoteroSyncState)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(zoteroSyncState.userId, userId))
        .returning();
      return row ?? null;
    },

    /** Updates only while the given job still owns the sync (a newer job took over otherwise). */
    updateOwned,

    /**
     * A batch of the library and the sync's progress, stored in one transaction while the given
     * job still owns the sync: a batch is either stored and counted or neither. False (nothing
     * stored) when a newer job took over.
     */
    async storeBatch(userId: string, jobId: string, rows: CacheInsert[], progress: SyncStatePatch): Promise<boolean> {
      try {
        await db.transaction(async (rawTx) => {
          const tx = rawTx as unknown as Database;
          await zoteroCacheRepository(db).upsert(rows, tx);
          if (!(await updateOwned(userId, jobId, progress, tx))) throw new NotOwned();
        });
        return true;
      } catch (error) {
        if (error instanceof NotOwned) return false;
        throw error;
      }
    },

    /** Asks the running sync to stop after its batch, or to cancel now; false when nothing runs. */
    async requestStop(userId: string, how: "stop" | "cancel"): Promise<boolean> {
      const rows = await db
        .update(zoteroSyncState)
        .set({ stopRequest: how, updatedAt: new Date() })
        .where(and(eq(zoteroSyncState.userId, userId), eq(zoteroSyncState.status, "syncing")))
        .returning({ userId: zoteroSyncState.userId });
      return rows.length > 0;
    },

    /** Back to the start (Reset), unless a sync runs. */
    async reset(userId: string): Promise<SyncStateRow | null> {
      await ensure(userId);
      const [row] = await db
        .update(zoteroSyncState)
        .set({ status: "idle", mode: null, position: 0, current: 0, total: 0, passVersion: null, passStartedAt: null, stopRequest: null, message: null, error: null, updatedAt: new Date() })
        .where(and(eq(zoteroSyncState.userId, userId), ne(zoteroSyncState.status, "syncing")))
        .returning();
      return row ?? null;
    },

    /**
     * Forgets the synced copy's progress (its cache rows go too): back to idle at 0 with no
     * library version, so nothing builds on a copy that is gone. A running job loses the state
     * (its job id is cleared) and ends at its next step.
     */
    async forget(userId: string): Promise<SyncStateRow> {
      await ensure(userId);
      const [row] = await db
        .update(zoteroSyncState)
        .set({ status: "idle", mode: null, jobId: null, position: 0, current: 0, total: 0, passVersion: null, passStartedAt: null, libraryVersion: null, lastSyncedAt: null, stopRequest: null, heartbeatAt: null, message: null, error: null, updatedAt: new Date() })
        .where(eq(zoteroSyncState.userId, userId))
        .returning();
      return row!;
    },

    /** Syncs whose job stopped beating (its process died): the recovery restarts them. */
    async stale(olderThan: Date): Promise<SyncStateRow[]> {
      return db.select().from(zoteroSyncState).where(and(eq(zoteroSyncState.status, "syncing"), lt(zoteroSyncState.heartbeatAt, olderThan)));
    },

    async log(userId: string, sessionId: string | null, level: SyncLogLevel, event: string, details?: string, metadata: Record<string, unknown> = {}): Promise<void> {
      await db.insert(zoteroSyncLogs).values({ userId, sessionId, level, event, details: details ?? null, metadata });
    },

    /** The latest entries, newest first (50 by default; 100 for one session). */
    async logs(userId: string, options: { sessionId?: string; limit: number }) {
      const where = options.sessionId ? and(eq(zoteroSyncLogs.userId, userId), eq(zoteroSyncLogs.sessionId, options.sessionId)) : eq(zoteroSyncLogs.userId, userId);
      return db.select().from(zoteroSyncLogs).where(where).orderBy(desc(zoteroSyncLogs.timestamp), desc(zoteroSyncLogs.id)).limit(options.limit);
    },

    /** Deletes log rows older than 90 days (every user's: a retention rule, not a user query). */
    async deleteOldLogs(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - ZOTERO_SYNC_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000);
      const rows = await db.delete(zoteroSyncLogs).where(lt(zoteroSyncLogs.timestamp, cutoff)).returning({ id: zoteroSyncLogs.id });
      return rows.length;
    },
  };
}
export type ZoteroSyncRepository = ReturnType<typeof zoteroSyncRepository>;
