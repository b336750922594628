import type { Logger } from "@/server/logger";
import { workerJob, type BackgroundJob } from "./background-job";
import { createNotifiedQueue, wakeAfter, type JobQueue } from "./queue";

const ZOTERO_SYNC_QUEUE = "zotero-sync";
/** A failed run is tried again this long after (no NOTIFY for it: wakeAfter). */
const RETRY_DELAY_SECONDS = 2;

type ZoteroSyncJobData = { userId: string };

/** What the Zotero sync service asks of the queue. */
export type ZoteroSyncQueue = {
  /** Queues the user's sync; null when a job for this user is already queued or running. */
  enqueue(userId: string): Promise<string | null>;
  /** Cancels a job (one whose process died). */
  cancel(jobId: string): Promise<void>;
};

/** The library sync's jobs: one per user at a time (the singleton key). */
export function zoteroSyncQueue(queue: JobQueue): ZoteroSyncQueue {
  return {
    async enqueue(userId) {
      const boss = await queue.boss();
      return boss.send(ZOTERO_SYNC_QUEUE, { userId } satisfies ZoteroSyncJobData, { singletonKey: userId });
    },
    async cancel(jobId) {
      const boss = await queue.boss();
      await boss.cancel(ZOTERO_SYNC_QUEUE, jobId);
    },
  };
}

/**
 * The library sync's worker: runs queued syncs (two at a time on an instance; a run may last
 * up to 6 hours, retried 3 times), and every `recoverEveryMs` restarts the syncs whose process
 * died. `stop()` takes this instance's worker off the queue and ends its runs early, leaving
 * their state as syncing: another instance (or this one after a restart) carries on from the
 * saved position.
 */
export function zoteroSyncWorker(deps: {
  queue: JobQueue;
  sync: {
    run(userId: string, jobId: string, signal: AbortSignal): Promise<void>;
    recoverStale(): Promise<number>;
  };
  logger: Logger;
  recoverEveryMs: number;
}): BackgroundJob {
  const { sync, logger } = deps;

  async function begin(): Promise<{ stop(): Promise<void> }> {
    const boss = await deps.queue.boss();
    const shutdown = new AbortController();
    await createNotifiedQueue(boss, ZOTERO_SYNC_QUEUE, { policy: "exclusive", retryLimit: 3, retryDelay: RETRY_DELAY_SECONDS, expireInSeconds: 6 * 60 * 60 });
    // Woken when a sync is queued; polled every 30 s as a backstop (every 0.5 s without NOTIFY).
    let workerId: string | null = null;
    workerId = await boss.work<ZoteroSyncJobData>(
      ZOTERO_SYNC_QUEUE,
      { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 30, localConcurrency: 2 },
      async (jobs) => {
        try {
          for (const job of jobs) await sync.run(job.data.userId, job.id, AbortSignal.any([job.signal, shutdown.signal]));
        } catch (error) {
          wakeAfter(boss, workerId, RETRY_DELAY_SECONDS);
          throw error;
        }
      },
    );
    await sync.recoverStale().catch((error) => logger.warn({ err: error }, "zotero sync recovery failed"));
    const timer = setInterval(() => {
      if (!shutdown.signal.aborted) void sync.recoverStale().catch((error) => logger.warn({ err: error }, "zotero sync recovery failed"));
    }, deps.recoverEveryMs);
    timer.unref?.();
    return {
      async stop() {
        clearInterval(timer);
        shutdown.abort();
        await boss.offWork(ZOTERO_SYNC_QUEUE, { id: workerId, wait: true }).catch((error) => logger.warn({ err: error }, "could not stop the sync worker"));
      },
    };
  }

  return workerJob("the Zotero sync worker", begin);
}
