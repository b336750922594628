import type { Logger } from "@/server/logger";
import type { ZoteroAccess } from "@/server/sources/zotero/zotero-api";
import { ZoteroApiError, type ZoteroClientEvents } from "@/server/sources/zotero/zotero-client";
import type { ZoteroItem } from "@/shared/zotero/zotero-item";
import { cacheRowFor } from "./zotero-cache.repository";
import type { SyncLogLevel, SyncStatePatch, SyncStateRow, ZoteroSyncRepository } from "./zotero-sync.repository";

/** Times a sync makes a failed Zotero call again, after the client's own retries. */
const SYNC_CALL_RETRIES = 2;
/** Top-level items that are not attachments: what the cache mirrors ("Attachments never cached"). */
export const CACHED_ITEMS = { top: true, itemType: "-attachment" } as const;

/** Why a run stopped before its end. */
export class SyncStop extends Error {
  constructor(
    readonly reason: "cancelled" | "lost" | "shutdown",
    message = reason,
  ) {
    super(message);
  }
}

/** A failure at a known step, with the spec's words for the log and the status. */
export class SyncFailure extends Error {
  constructor(
    readonly event: string,
    readonly status: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** One run of the sync job: the user, the job that owns the state, the state it started from, and its way to Zotero. */
export type SyncRun = {
  userId: string;
  jobId: string;
  state: SyncStateRow;
  access: ZoteroAccess;
  /** Aborted by Cancel, by a newer job taking over, or by this instance's shutdown (the reason is a SyncStop). */
  signal: AbortSignal;
  events: ZoteroClientEvents;
};

/** The steps every kind of run takes: the sync log, the end state, retries, the Stop check, a batch stored. */
export function syncSteps(deps: { states: ZoteroSyncRepository; logger: Logger }) {
  const { states, logger } = deps;

  async function log(userId: string, sessionId: string | null, level: SyncLogLevel, event: string, details?: string, metadata?: Record<string, unknown>) {
    await states.log(userId, sessionId, level, event, details, metadata).catch((error) => logger.warn({ err: error }, "could not write a sync log entry"));
  }

  /** Moves a run to its end state: idle when nothing is left to do, paused when progress is kept. */
  async function finish(userId: string, jobId: string, patch: SyncStatePatch): Promise<void> {
    await states.updateOwned(userId, jobId, { stopRequest: null, heartbeatAt: null, ...patch });
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

  async function storeBatch(userId: string, jobId: string, items: ZoteroItem[], progress: SyncStatePatch, signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw signal.reason instanceof SyncStop ? signal.reason : new SyncStop("cancelled");
    const now = new Date();
    const rows = items.map((item) => cacheRowFor(userId, item, now));
    if (!(await states.storeBatch(userId, jobId, rows, { ...progress, heartbeatAt: now }))) throw new SyncStop("lost");
  }

  return { log, finish, patiently, stopRequested, storeBatch };
}
export type SyncSteps = ReturnType<typeof syncSteps>;
