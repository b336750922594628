import { randomUUID } from "node:crypto";
import { AppError, errors } from "@/server/errors";
import type { SettingsService } from "@/server/features/settings/settings.service";
import type { ZoteroSyncQueue } from "@/server/jobs/zotero-sync.job";
import type { Logger } from "@/server/logger";
import type { ZoteroApi } from "@/server/sources/zotero/zotero-api";
import { ZOTERO_SYNC_LOG_QUERY_LIMIT, ZOTERO_SYNC_LOG_SESSION_LIMIT } from "@/shared/zotero/zotero-constants";
import type { ZoteroSyncAction, ZoteroSyncLogEntry, ZoteroSyncState } from "@/shared/zotero/zotero-contract";
import { ZOTERO_MESSAGES } from "@/shared/zotero/zotero-messages";
import type { ZoteroCacheRepository } from "./zotero-cache.repository";
import type { ZoteroConnectionService } from "./zotero-connection.service";
import type { SyncStateRow, ZoteroSyncRepository } from "./zotero-sync.repository";
import { syncRunner } from "./zotero-sync-run";
import { syncSteps } from "./zotero-sync-steps";

/** A syncing state whose heartbeat is older than this is taken to be orphaned (by default). */
export const ZOTERO_SYNC_STALE_AFTER_MS = 30_000;

export function toSyncState(row: SyncStateRow, cached: number): ZoteroSyncState {
  return {
    status: row.status,
    syncing: row.status === "syncing",
    paused: row.status === "paused",
    mode: row.mode,
    current: row.current,
    total: row.total,
    cached,
    batchSize: row.batchSize,
    libraryVersion: row.libraryVersion,
    message: row.message,
    error: row.error,
    sessionId: row.sessionId,
    stopRequested: row.stopRequest,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Library sync as a job on the Postgres queue
 * (jobs/zotero-sync.job.ts), so it survives a closed tab and a server restart. The job's whole
 * state is the user's zotero_sync_state row, written after every batch in the same transaction
 * as the batch's cache rows: a run picks up exactly where the last one committed, and a batch
 * is either stored and counted or neither.
 *
 * - Sync One Batch: one batch (10, 50 or 100 items) from the saved position, then paused (or
 *   done when it was the last).
 * - Full Sync / Resume: batch after batch to the end, then the cache is reconciled with the
 *   library (zotero-full-sync.ts).
 * - Incremental: what changed since the kept library version (zotero-incremental-sync.ts).
 * - Stop ends after the current batch; Cancel aborts the request in flight and drops its batch.
 *   Both leave the sync paused with its position (Resume continues, Reset goes back to 0).
 *
 * Two tabs pressing Sync at once: the state row is claimed in one statement, so one wins and
 * the other sees the sync already running; the queue's singleton key adds a second guard.
 * A process that dies mid-sync stops writing its heartbeat; any instance's recovery then
 * restarts the job, which continues from the saved position.
 */
export function zoteroSyncService(deps: {
  syncRepository: ZoteroSyncRepository;
  cacheRepository: ZoteroCacheRepository;
  connection: ZoteroConnectionService;
  api: ZoteroApi;
  settings: SettingsService;
  logger: Logger;
  /** The job queue; without it sync actions answer 503. */
  queue: ZoteroSyncQueue | null;
  heartbeatMs?: number;
  /** A syncing state whose heartbeat is older than this is taken to be orphaned. */
  staleAfterMs?: number;
}) {
  const { syncRepository: states, cacheRepository: cache, connection, logger } = deps;
  const staleAfterMs = deps.staleAfterMs ?? ZOTERO_SYNC_STALE_AFTER_MS;
  const steps = syncSteps({ states, logger });
  const { log } = steps;
  const run = syncRunner({ ...deps, states, cache, steps, heartbeatMs: deps.heartbeatMs ?? 3000 });

  async function enqueue(userId: string): Promise<void> {
    if (!deps.queue) throw errors.unavailable("Library sync is not available on this server.");
    const jobId = await deps.queue.enqueue(userId);
    if (jobId) await states.update(userId, { jobId });
    // null: a job for this user is already queued or running; it reads the claimed state.
  }

  /** Jobs whose process died: cancel the orphaned job and queue a new one that carries on. */
  async function recoverStale(): Promise<number> {
    const queue = deps.queue;
    if (!queue) return 0;
    const orphans = await states.stale(new Date(Date.now() - staleAfterMs));
    for (const orphan of orphans) {
      if (orphan.jobId) await queue.cancel(orphan.jobId).catch(() => undefined);
      await states.update(orphan.userId, { heartbeatAt: new Date() });
      await log(orphan.userId, orphan.sessionId, "WARN", "Sync interrupted", `resuming at ${orphan.position} of ${orphan.total}`);
      await enqueue(orphan.userId);
    }
    return orphans.length;
  }

  /** The user's state with the cached count beside it, read together. */
  async function stateOf(userId: string): Promise<ZoteroSyncState> {
    const row = await states.getWithCached(userId);
    return toSyncState(row, row.cached);
  }

  return {
    async state(userId: string): Promise<ZoteroSyncState> {
      return stateOf(userId);
    },

    /**
     * Sync One Batch and Full Sync start from idle, Resume from paused, Incremental from idle;
     * Stop and Cancel act on a running sync; Reset on one that is not running.
     */
    async act(userId: string, action: ZoteroSyncAction, batchSize: number): Promise<ZoteroSyncState> {
      if (action === "stop" || action === "cancel") {
        await states.requestStop(userId, action);
        return stateOf(userId);
      }
      if (action === "reset") {
        const row = await states.reset(userId);
        if (!row) throw errors.conflict("A sync is running. Stop it before resetting.");
        await log(userId, row.sessionId, "INFO", "Sync reset", "position back to 0");
        return stateOf(userId);
      }
      if (!deps.queue) throw errors.unavailable("Library sync is not available on this server.");
      await connection.access(userId);
      const sessionId = randomUUID();
      const from = action === "resume" ? (["paused"] as const) : (["idle"] as const);
      const mode = action === "incremental" ? "incremental" : action === "batch" ? "batch" : "full";
      const claimed = await states.claim(userId, from, { mode, batchSize, sessionId, ...(action === "full" || action === "batch" ? {} : {}) });
      if (!claimed) {
        const current = await states.get(userId);
        // Already running (another tab pressed it first): the same sync is the answer.
        if (current.status === "syncing") return stateOf(userId);
        throw errors.conflict(action === "resume" ? "There is no paused sync to resume." : "A sync is paused: Resume it or Reset it first.");
      }
      try {
        await enqueue(userId);
      } catch (error) {
        await states.update(userId, { status: claimed.position > 0 ? "paused" : "idle", message: ZOTERO_MESSAGES.syncFailed, error: "The sync could not be queued." });
        throw error instanceof AppError ? error : errors.unavailable("The sync could not be queued.");
      }
      return stateOf(userId);
    },

    /**
     * Deletes the synced copy (Delete Credentials, or emptying the cache): its rows, its sync
     * position and the library version an incremental sync would start from. A sync running for
     * the user loses its state first, so no batch of it lands after the copy is gone.
     */
    async forgetCopy(userId: string): Promise<void> {
      const row = await states.forget(userId);
      await cache.clear(userId);
      await deps.settings.update(userId, { zoteroLibraryVersion: 0 });
      await log(userId, row.sessionId, "INFO", "Synced copy deleted", "the next sync starts from the beginning");
    },

    async logs(userId: string, sessionId?: string): Promise<ZoteroSyncLogEntry[]> {
      const rows = await states.logs(userId, { sessionId, limit: sessionId ? ZOTERO_SYNC_LOG_SESSION_LIMIT : ZOTERO_SYNC_LOG_QUERY_LIMIT });
      return rows.map((row) => ({ id: row.id, timestamp: row.timestamp.toISOString(), event: row.event, details: row.details, level: row.level, sessionId: row.sessionId }));
    },

    /** One run of the job for a user (the queue's worker calls it). */
    run,
    recoverStale,
  };
}
export type ZoteroSyncService = ReturnType<typeof zoteroSyncService>;
