import type { SettingsService } from "@/server/features/settings/settings.service";
import type { Logger } from "@/server/logger";
import type { ZoteroAccess, ZoteroApi } from "@/server/sources/zotero/zotero-api";
import { ZoteroApiError, type ZoteroClientEvents } from "@/server/sources/zotero/zotero-client";
import { ZOTERO_MESSAGES } from "@/shared/zotero/zotero-messages";
import type { ZoteroCacheRepository } from "./zotero-cache.repository";
import type { ZoteroConnectionService } from "./zotero-connection.service";
import { fullSync } from "./zotero-full-sync";
import { incrementalSync } from "./zotero-incremental-sync";
import type { SyncStateRow, ZoteroSyncRepository } from "./zotero-sync.repository";
import { SyncFailure, SyncStop, type SyncSteps } from "./zotero-sync-steps";

/**
 * One run of the sync job for a user, from the claimed state to its end state. While it runs it
 * beats every `heartbeatMs` (the orphan recovery goes by the beat) and watches the state row: a
 * Cancel aborts the request in flight and drops its batch, a newer job owning the state ends
 * this run. Cancel and failures leave the sync paused with its position (idle when nothing was
 * stored yet); a run ended by this instance's shutdown, or taken over, stays syncing, for the
 * next job to carry on from the saved position.
 */
export function syncRunner(deps: {
  states: ZoteroSyncRepository;
  cache: ZoteroCacheRepository;
  connection: ZoteroConnectionService;
  api: ZoteroApi;
  settings: SettingsService;
  logger: Logger;
  steps: SyncSteps;
  heartbeatMs: number;
}) {
  const { states, connection, logger, heartbeatMs } = deps;
  const { log, finish } = deps.steps;
  const runFull = fullSync(deps);
  const runIncremental = incrementalSync({ ...deps, rebuild: runFull });

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

  /** One run of the job for a user. */
  return async function run(userId: string, jobId: string, jobSignal: AbortSignal | undefined): Promise<void> {
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
      const syncRun = { userId, jobId, state, access, signal, events };
      if (state.mode === "incremental") await runIncremental(syncRun);
      else await runFull(syncRun);
    } catch (error) {
      await settle(userId, jobId, state, error, signal);
    } finally {
      clearInterval(beat);
      jobSignal?.removeEventListener("abort", onJobAbort);
      await states.deleteOldLogs().catch(() => 0);
    }
  };
}
