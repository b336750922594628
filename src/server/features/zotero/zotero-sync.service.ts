import { randomUUID } from "node:crypto";
import type { PgBoss } from "pg-boss";
import { AppError, errors } from "@/server/errors";
import type { SettingsService } from "@/server/features/settings/settings.service";
import type { Logger } from "@/server/logger";
import type { ZoteroAccess, ZoteroApi } from "@/server/sources/zotero/zotero-api";
import { ZoteroApiError, type ZoteroClientEvents } from "@/server/sources/zotero/zotero-client";
import { ZOTERO_INCREMENTAL_PAGE_SIZE, ZOTERO_SYNC_LOG_QUERY_LIMIT, ZOTERO_SYNC_LOG_SESSION_LIMIT } from "@/shared/zotero/zotero-constants";
import type { ZoteroSyncAction, ZoteroSyncLogEntry, ZoteroSyncState } from "@/shared/zotero/zotero-contract";
import type { ZoteroItem } from "@/shared/zotero/zotero-item";
import { ZOTERO_MESSAGES } from "@/shared/zotero/zotero-messages";
import { cacheRowFor, type ZoteroCacheRepository } from "./zotero-cache.repository";
import type { ZoteroConnectionService } from "./zotero-connection.service";
import type { SyncStateRow, ZoteroSyncRepository } from "./zotero-sync.repository";

export const ZOTERO_SYNC_QUEUE = "zotero-sync";
/** Times a sync makes a failed Zotero call again, after the client's own retries. */
const SYNC_CALL_RETRIES = 2;
/** Top-level items that are not attachments: what the cache mirrors ("Attachments never cached"). */
const CACHED_ITEMS = { top: true, itemType: "-attachment" } as const;

type JobData = { userId: string };

/** Why a run stopped before its end. */
class SyncStop extends Error {
  constructor(
    readonly reason: "cancelled" | "lost" | "shutdown",
    message = reason,
  ) {
    super(message);
  }
}

/** A failure at a known step, with the spec's words for the log and the status. */
class SyncFailure extends Error {
  constructor(
    readonly event: string,
    readonly status: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

export function toSyncState(row: SyncStateRow): ZoteroSyncState {
  return {
    status: row.status,
    syncing: row.status === "syncing",
    paused: row.status === "paused",
    mode: row.mode,
    current: row.current,
    total: row.total,
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
 * Library sync (integrations-admin.md section 4, "Library sync") as a job on the Postgres queue,
 * so it survives a closed tab and a server restart. The job's whole state is the user's
 * zotero_sync_state row, written after every batch in the same transaction as the batch's cache
 * rows: a run picks up exactly where the last one committed, and a batch is either stored and
 * counted or neither.
 *
 * - Sync One Batch: one batch (10, 50 or 100 items) from the saved position, then paused (or
 *   done when it was the last).
 * - Full Sync / Resume: batch after batch to the end. The library size is read first; pages are
 *   sorted by date added so new items land at the end. At the end the cache is reconciled with
 *   Zotero's version list (one request): items changed or skipped while the pass ran are fetched
 *   by key, items gone are removed, and the library version is kept for incremental sync.
 * - Incremental: items changed since the kept library version (pages of 100), deletions and
 *   items moved to the trash since then; a 304 means "No recent changes found".
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
  queue: Promise<PgBoss> | null;
  heartbeatMs?: number;
  /** A syncing state whose heartbeat is older than this is taken to be orphaned. */
  staleAfterMs?: number;
}) {
  const { syncRepository: states, cacheRepository: cache, connection, api, settings, logger } = deps;
  const heartbeatMs = deps.heartbeatMs ?? 3000;
  const staleAfterMs = deps.staleAfterMs ?? 30_000;

  async function enqueue(userId: string): Promise<void> {
    if (!deps.queue) throw errors.unavailable("Library sync is not available on this server.");
    const boss = await deps.queue;
    const jobId = await boss.send(ZOTERO_SYNC_QUEUE, { userId } satisfies JobData, { singletonKey: userId });
    if (jobId) await states.update(userId, { jobId });
    // null: a job for this user is already queued or running; it reads the claimed state.
  }

  async function log(userId: string, sessionId: string | null, level: "INFO" | "WARN" | "ERROR", event: string, details?: string, metadata?: Record<string, unknown>) {
    await states.log(userId, sessionId, level, event, details, metadata).catch((error) => logger.warn({ err: error }, "could not write a sync log entry"));
  }

  /** Moves a run to its end state: idle when nothing is left to do, paused when progress is kept. */
  async function finish(userId: string, jobId: string, patch: Parameters<ZoteroSyncRepository["update"]>[1]): Promise<void> {
    await states.updateOwned(userId, jobId, { stopRequest: null, heartbeatAt: null, ...patch });
  }

  /** One run of the job for a user. */
  async function run(userId: string, jobId: string, jobSignal: AbortSignal | undefined): Promise<void> {
    const taken = await states.update(userId, { jobId, heartbeatAt: new Date() });
    if (!taken || taken.status !== "syncing") return;
    const state = taken;
    const sessionId = state.sessionId;
    const controller = new AbortController();
    const signal = controller.signal;
    const abort = (reason: SyncStop["reason"]) => {
      if (!signal.aborted) controller.abort(new SyncStop(reason));
    };
    const onJobAbort = () => abort("shutdown");
    jobSignal?.addEventListener("abort", onJobAbort);
    const beat = setInterval(() => {
      void (async () => {
        const current = await states.control(userId);
        if (!current || current.jobId !== jobId || current.status !== "syncing") return abort("lost");
        if (current.stopRequest === "cancel") return abort("cancelled");
        await states.updateOwned(userId, jobId, { heartbeatAt: new Date() });
      })().catch((error) => logger.warn({ err: error }, "sync heartbeat failed"));
    }, heartbeatMs);
    beat.unref?.();

    const events: ZoteroClientEvents = {
      onWait: ({ reason, ms, status }) => {
        const seconds = Math.round(ms / 100) / 10;
        const event = reason === "backoff" ? "Zotero asked to back off" : reason === "retry-after" ? "Zotero is busy" : "Retrying";
        const details = reason === "retry" ? `waiting ${seconds} s after ${status ? `HTTP ${status}` : "a network error"}` : `waiting ${seconds} s (HTTP ${status})`;
        void log(userId, sessionId, "WARN", event, details, { ms, status });
      },
    };

    try {
      let access: ZoteroAccess;
      try {
        access = await connection.access(userId);
      } catch {
        await log(userId, sessionId, "ERROR", ZOTERO_MESSAGES.syncFailed, ZOTERO_MESSAGES.notConnectedTitle);
        await finish(userId, jobId, { status: state.position > 0 ? "paused" : "idle", message: ZOTERO_MESSAGES.syncFailed, error: ZOTERO_MESSAGES.notConnectedTitle });
        return;
      }
      if (state.mode === "incremental") await runIncremental(userId, jobId, state, access, signal, events);
      else await runFull(userId, jobId, state, access, signal, events);
    } catch (error) {
      await settle(userId, jobId, state, error, signal);
    } finally {
      clearInterval(beat);
      jobSignal?.removeEventListener("abort", onJobAbort);
      await states.deleteOldLogs().catch(() => 0);
    }
  }

  async function settle(userId: string, jobId: string, state: SyncStateRow, error: unknown, signal: AbortSignal): Promise<void> {
    const sessionId = state.sessionId;
    const stop = signal.aborted && signal.reason instanceof SyncStop ? signal.reason : error instanceof SyncStop ? error : null;
    if (stop?.reason === "shutdown" || stop?.reason === "lost") {
      // Left as syncing: the next instance (or the newer job) carries on from the saved position.
      logger.info({ userId, reason: stop.reason }, "zotero sync run ended early; it will be resumed");
      return;
    }
    const current = await states.get(userId);
    const keep = current.position > 0;
    if (stop?.reason === "cancelled" || (error instanceof ZoteroApiError && error.kind === "cancelled")) {
      await log(userId, sessionId, "WARN", ZOTERO_MESSAGES.syncCancelled, keep ? `stopped at ${current.position} of ${current.total}` : undefined);
      await finish(userId, jobId, { status: keep ? "paused" : "idle", message: ZOTERO_MESSAGES.syncCancelled });
      return;
    }
    const failure = error instanceof SyncFailure ? error : new SyncFailure(ZOTERO_MESSAGES.syncFailed, ZOTERO_MESSAGES.syncFailed, error);
    const cause = failure.cause;
    let detail = failure.message;
    let status = failure.status;
    if (cause instanceof ZoteroApiError && cause.kind === "unauthorized") {
      // The key was revoked (or lost its rights) mid-sync: the connection goes inactive, and
      // no batch can follow until the user reconnects.
      await connection.markKeyRefused(userId);
      detail = "Zotero refused the saved key (it may have been revoked). Reconnect Zotero in Settings.";
      status = ZOTERO_MESSAGES.syncFailed;
    }
    logger.warn({ err: cause, userId }, `zotero sync: ${failure.event}`);
    await log(userId, sessionId, "ERROR", failure.event, detail);
    await finish(userId, jobId, { status: keep ? "paused" : "idle", message: status, error: detail });
  }

  /**
   * A Zotero call made again when Zotero stays busy or down beyond the client's own retries (a
   * longer 5xx burst): twice more, after 2 and 4 seconds. A sync is long; it should outlast a
   * bad minute rather than stop.
   */
  async function patiently<T>(call: () => Promise<T>, signal: AbortSignal, onRetry: (waitMs: number, error: ZoteroApiError) => void): Promise<T> {
    for (let round = 0; ; round++) {
      try {
        return await call();
      } catch (error) {
        const transient = error instanceof ZoteroApiError && (error.kind === "server" || error.kind === "rate_limited" || error.kind === "network");
        if (!transient || round >= SYNC_CALL_RETRIES || signal.aborted) throw error;
        const waitMs = 2000 * 2 ** round;
        onRetry(waitMs, error);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          signal.addEventListener("abort", () => {
            clearTimeout(timer);
            resolve();
          }, { once: true });
        });
        if (signal.aborted) throw signal.reason;
      }
    }
  }

  /** Whether Stop was pressed (checked between batches). */
  async function stopRequested(userId: string, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) throw signal.reason instanceof SyncStop ? signal.reason : new SyncStop("cancelled");
    const current = await states.control(userId);
    if (current?.stopRequest === "cancel") throw new SyncStop("cancelled");
    return current?.stopRequest === "stop";
  }

  async function storeBatch(userId: string, jobId: string, items: ZoteroItem[], progress: Parameters<ZoteroSyncRepository["update"]>[1], signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw signal.reason instanceof SyncStop ? signal.reason : new SyncStop("cancelled");
    const now = new Date();
    const rows = items.map((item) => cacheRowFor(userId, item, now));
    if (!(await states.storeBatch(userId, jobId, rows, { ...progress, heartbeatAt: now }))) throw new SyncStop("lost");
  }

  async function runFull(userId: string, jobId: string, state: SyncStateRow, access: ZoteroAccess, signal: AbortSignal, events: ZoteroClientEvents): Promise<void> {
    const sessionId = state.sessionId;
    const oneBatch = state.mode === "batch";
    const resuming = state.position > 0;
    const failed = (event: string, cause: unknown) => new SyncFailure(event, resuming ? ZOTERO_MESSAGES.resumeFailed : event === ZOTERO_MESSAGES.batchItemsFailed ? ZOTERO_MESSAGES.batchFailed : ZOTERO_MESSAGES.syncFailed, cause);
    const rethrowStop = (error: unknown) => {
      if (signal.aborted || error instanceof SyncStop) throw signal.reason instanceof SyncStop ? signal.reason : error;
    };

    const retrying = (waitMs: number, error: ZoteroApiError) => void log(userId, sessionId, "WARN", "Retrying", `waiting ${waitMs / 1000} s after ${error.status ? `HTTP ${error.status}` : "a network error"}`);
    let size;
    try {
      size = await patiently(() => api.items(access, { ...CACHED_ITEMS, limit: 1, signal }, events), signal, retrying);
    } catch (error) {
      rethrowStop(error);
      throw failed(ZOTERO_MESSAGES.librarySizeFailed, error);
    }
    let position = state.position;
    let total = size.totalResults;
    let passVersion = state.passVersion;
    let passStartedAt = state.passStartedAt;
    if (position === 0 || passVersion === null) {
      position = 0;
      passVersion = size.libraryVersion;
      passStartedAt = new Date();
    }
    await states.updateOwned(userId, jobId, { total, current: Math.min(position, total), passVersion, passStartedAt });
    await log(userId, sessionId, "INFO", resuming ? "Resuming sync" : oneBatch ? "Syncing one batch" : "Full sync started", `${position} of ${total} items done; batches of ${state.batchSize}`, {
      libraryVersion: size.libraryVersion,
    });

    let batches = 0;
    while (position < total) {
      if (await stopRequested(userId, signal)) {
        await log(userId, sessionId, "INFO", "Sync stopped", `paused at ${position} of ${total}`);
        await finish(userId, jobId, { status: "paused", message: "Sync paused", current: position });
        return;
      }
      let page;
      try {
        page = await patiently(() => api.items(access, { ...CACHED_ITEMS, sort: "dateAdded", direction: "asc", start: position, limit: state.batchSize, signal }, events), signal, retrying);
      } catch (error) {
        rethrowStop(error);
        throw failed(position === 0 ? ZOTERO_MESSAGES.initialBatchFailed : ZOTERO_MESSAGES.batchItemsFailed, error);
      }
      total = page.totalResults;
      const covered = page.items.length + page.malformed;
      if (covered === 0) break; // The library shrank under the pass; the reconcile catches up.
      const next = position + covered;
      await storeBatch(userId, jobId, page.items, { position: next, current: Math.min(next, total), total: Math.max(total, next) }, signal);
      position = next;
      batches += 1;
      if (page.malformed > 0) await log(userId, sessionId, "WARN", "Malformed items skipped", `${page.malformed} item${page.malformed === 1 ? "" : "s"} Zotero sent could not be read`);
      await log(userId, sessionId, "INFO", "Batch synced", `${position} of ${total} items`, { batch: batches, items: page.items.length });
      if (oneBatch && position < total) {
        await finish(userId, jobId, { status: "paused", message: `Synced one batch: ${position} of ${total}` });
        return;
      }
    }

    // The pass is through: make the cache match the library exactly.
    let reconciled;
    try {
      reconciled = await reconcile(userId, access, signal, events);
    } catch (error) {
      rethrowStop(error);
      throw failed(ZOTERO_MESSAGES.batchItemsFailed, error);
    }
    await states.updateOwned(userId, jobId, {});
    await settings.update(userId, { zoteroLibraryVersion: reconciled.libraryVersion });
    const count = (await cache.status(userId)).count;
    await log(userId, sessionId, "INFO", "Sync complete", `${count} items cached (library version ${reconciled.libraryVersion}); ${reconciled.fetched} fetched again, ${reconciled.removed} removed`);
    await finish(userId, jobId, {
      status: "idle",
      position: 0,
      current: count,
      total: count,
      passVersion: null,
      passStartedAt: null,
      libraryVersion: reconciled.libraryVersion,
      lastSyncedAt: new Date(),
      message: `Sync complete: ${count} items`,
    });
  }

  /** Makes the cache equal Zotero's version list: fetch what is missing or newer, remove what is gone. */
  async function reconcile(userId: string, access: ZoteroAccess, signal: AbortSignal, events: ZoteroClientEvents) {
    const { versions, libraryVersion } = await api.itemVersions(access, { ...CACHED_ITEMS, signal }, events);
    const cached = await cache.versions(userId);
    const stale = Object.entries(versions)
      .filter(([key, version]) => cached.get(key) !== version)
      .map(([key]) => key);
    const gone = [...cached.keys()].filter((key) => !(key in versions));
    let fetched = 0;
    if (stale.length > 0) {
      const { items } = await api.itemsByKey(access, stale, signal, events);
      if (signal.aborted) throw signal.reason;
      await cache.upsert(items.map((item) => cacheRowFor(userId, item, new Date())));
      fetched = items.length;
    }
    const removed = gone.length > 0 ? await cache.removeKeys(userId, gone) : 0;
    return { libraryVersion, fetched, removed };
  }

  async function runIncremental(userId: string, jobId: string, state: SyncStateRow, access: ZoteroAccess, signal: AbortSignal, events: ZoteroClientEvents): Promise<void> {
    const sessionId = state.sessionId;
    const since = state.libraryVersion ?? (await settings.get(userId)).zoteroLibraryVersion ?? null;
    const failed = (cause: unknown) => new SyncFailure(ZOTERO_MESSAGES.incrementalFailed, ZOTERO_MESSAGES.incrementalFailed, cause);
    if (since === null || since <= 0) throw failed(new Error("No library version is kept yet: run a full sync first."));
    try {
      let start = 0;
      let changed = 0;
      let version = since;
      for (;;) {
        const page = await api.items(access, { ...CACHED_ITEMS, since, start, limit: ZOTERO_INCREMENTAL_PAGE_SIZE, ...(start === 0 ? { ifModifiedSince: since } : {}), signal }, events);
        if (page.notModified) {
          await log(userId, sessionId, "INFO", ZOTERO_MESSAGES.noRecentChanges, `library version ${since}`);
          await finish(userId, jobId, { status: "idle", current: 0, total: 0, message: ZOTERO_MESSAGES.noRecentChanges, lastSyncedAt: new Date() });
          return;
        }
        version = Math.max(version, page.libraryVersion);
        const covered = page.items.length + page.malformed;
        changed += page.items.length;
        await storeBatch(userId, jobId, page.items, { current: changed, total: page.totalResults }, signal);
        start += covered;
        if (covered === 0 || start >= page.totalResults) break;
      }
      const deleted = await api.deletedSince(access, since, signal, events);
      const trashed = await api.trashedSince(access, since, signal, events);
      version = Math.max(version, deleted.libraryVersion, trashed.libraryVersion);
      const removed = await cache.removeKeys(userId, [...deleted.items, ...trashed.keys]);
      await settings.update(userId, { zoteroLibraryVersion: version });
      const nothing = changed === 0 && removed === 0;
      const message = nothing ? ZOTERO_MESSAGES.noRecentChanges : `Incremental sync: ${changed} updated, ${removed} removed`;
      await log(userId, sessionId, "INFO", nothing ? ZOTERO_MESSAGES.noRecentChanges : "Incremental sync complete", `${changed} updated, ${removed} removed; library version ${since} -> ${version}`);
      await finish(userId, jobId, { status: "idle", libraryVersion: version, lastSyncedAt: new Date(), message, current: changed, total: changed });
    } catch (error) {
      if (signal.aborted || error instanceof SyncStop || (error instanceof ZoteroApiError && error.kind === "cancelled")) throw error;
      throw failed(error);
    }
  }

  /** Jobs whose process died: cancel the orphaned job and queue a new one that carries on. */
  async function recoverStale(): Promise<number> {
    if (!deps.queue) return 0;
    const boss = await deps.queue;
    const orphans = await states.stale(new Date(Date.now() - staleAfterMs));
    for (const orphan of orphans) {
      if (orphan.jobId) await boss.cancel(ZOTERO_SYNC_QUEUE, orphan.jobId).catch(() => undefined);
      await states.update(orphan.userId, { heartbeatAt: new Date() });
      await log(orphan.userId, orphan.sessionId, "WARN", "Sync interrupted", `resuming at ${orphan.position} of ${orphan.total}`);
      await enqueue(orphan.userId);
    }
    return orphans.length;
  }

  return {
    async state(userId: string): Promise<ZoteroSyncState> {
      return toSyncState(await states.get(userId));
    },

    /**
     * Sync One Batch and Full Sync start from idle, Resume from paused, Incremental from idle;
     * Stop and Cancel act on a running sync; Reset on one that is not running.
     */
    async act(userId: string, action: ZoteroSyncAction, batchSize: number): Promise<ZoteroSyncState> {
      if (action === "stop" || action === "cancel") {
        await states.requestStop(userId, action);
        return toSyncState(await states.get(userId));
      }
      if (action === "reset") {
        const row = await states.reset(userId);
        if (!row) throw errors.conflict("A sync is running. Stop it before resetting.");
        await log(userId, row.sessionId, "INFO", "Sync reset", "position back to 0");
        return toSyncState(row);
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
        if (current.status === "syncing") return toSyncState(current);
        throw errors.conflict(action === "resume" ? "There is no paused sync to resume." : "A sync is paused: Resume it or Reset it first.");
      }
      try {
        await enqueue(userId);
      } catch (error) {
        await states.update(userId, { status: claimed.position > 0 ? "paused" : "idle", message: ZOTERO_MESSAGES.syncFailed, error: "The sync could not be queued." });
        throw error instanceof AppError ? error : errors.unavailable("The sync could not be queued.");
      }
      return toSyncState((await states.get(userId))!);
    },

    async logs(userId: string, sessionId?: string): Promise<ZoteroSyncLogEntry[]> {
      const rows = await states.logs(userId, { sessionId, limit: sessionId ? ZOTERO_SYNC_LOG_SESSION_LIMIT : ZOTERO_SYNC_LOG_QUERY_LIMIT });
      return rows.map((row) => ({ id: row.id, timestamp: row.timestamp.toISOString(), event: row.event, details: row.details, level: row.level, sessionId: row.sessionId }));
    },

    run,
    recoverStale,

    /**
     * Registers the worker and the orphan recovery. `stop()` takes this instance's worker off the
     * queue and ends its runs early, leaving their state as syncing: another instance (or this
     * one after a restart) carries on from the saved position.
     */
    async startWorker(options: { recoverEveryMs?: number } = {}): Promise<{ stop(): Promise<void> }> {
      if (!deps.queue) return { stop: async () => {} };
      const boss = await deps.queue;
      const shutdown = new AbortController();
      await boss.createQueue(ZOTERO_SYNC_QUEUE, { policy: "exclusive", retryLimit: 3, retryDelay: 2, expireInSeconds: 6 * 60 * 60 });
      const workerId = await boss.work<JobData>(ZOTERO_SYNC_QUEUE, { pollingIntervalSeconds: 0.5, localConcurrency: 2 }, async (jobs) => {
        for (const job of jobs) await run(job.data.userId, job.id, AbortSignal.any([job.signal, shutdown.signal]));
      });
      await recoverStale().catch((error) => logger.warn({ err: error }, "zotero sync recovery failed"));
      const timer = setInterval(() => {
        if (!shutdown.signal.aborted) void recoverStale().catch((error) => logger.warn({ err: error }, "zotero sync recovery failed"));
      }, options.recoverEveryMs ?? staleAfterMs);
      timer.unref?.();
      return {
        async stop() {
          clearInterval(timer);
          shutdown.abort();
          await boss.offWork(ZOTERO_SYNC_QUEUE, { id: workerId, wait: true }).catch((error) => logger.warn({ err: error }, "could not stop the sync worker"));
        },
      };
    },
  };
}
export type ZoteroSyncService = ReturnType<typeof zoteroSyncService>;
