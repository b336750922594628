import type { Logger } from "@/server/logger";
import type { BackgroundJob } from "./background-job";
import { createNotifiedQueue, wakeAfter, type JobQueue } from "./queue";

const PAPER_CHANGES_QUEUE = "paper-changes-check";
const RETRY_DELAY_SECONDS = 60;
/**
 * The version watch's own schedule (UTC), besides the check each finished harvest asks for:
 * a harvest that failed or is switched off still leaves changes seen by other instances or
 * written by hand to be found.
 */
export const PAPER_CHANGES_CRON = "35 */6 * * *";

export type PaperChangesJob = BackgroundJob & {
  /** Asks for a check soon (after a harvest run): one waits at a time, whoever asks. */
  request(): void;
};

/**
 * The version watch's check on the job queue: every watching user's kept papers against the
 * arXiv index, and OpenAlex and Crossref asked about the publications arXiv does not name. One check runs at a time across instances, and one waits at most (a stately queue): a check asked for
 * while one waits is the same check.
 */
export function paperChangesJob(deps: {
  queue: JobQueue;
  check(): Promise<number>;
  logger: Logger;
  /** The cron schedule; false (tests) for checks asked for only. */
  schedule: boolean;
}): PaperChangesJob {
  const { queue, logger } = deps;
  let started: Promise<void> | null = null;
  let workerId: string | null = null;

  async function begin(): Promise<void> {
    const boss = await queue.boss();
    await createNotifiedQueue(boss, PAPER_CHANGES_QUEUE, { policy: "stately", retryLimit: 2, retryDelay: RETRY_DELAY_SECONDS });
    // Woken when a check is queued (the schedule's too); a 30-s backstop poll.
    workerId = await boss.work(PAPER_CHANGES_QUEUE, { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 30 }, async () => {
      try {
        const found = await deps.check();
        logger.info({ found }, "version watch checked the kept papers");
      } catch (error) {
        wakeAfter(boss, workerId, RETRY_DELAY_SECONDS);
        throw error;
      }
    });
    if (deps.schedule) await boss.schedule(PAPER_CHANGES_QUEUE, PAPER_CHANGES_CRON, null, { tz: "UTC" });
  }

  return {
    name: "the version watch",
    async start() {
      started ??= begin();
      await started;
    },
    async stop() {
      await started?.catch(() => undefined);
      if (!workerId) return;
      const boss = await queue.boss().catch(() => null);
      await boss?.offWork(PAPER_CHANGES_QUEUE, { id: workerId, wait: true }).catch((error) => logger.warn({ err: error }, "could not stop the version watch worker"));
      workerId = null;
    },
    request() {
      // Not started (a server without the job): the next scheduled check elsewhere finds the changes.
      if (!started) return;
      void (async () => {
        await started;
        const boss = await queue.boss();
        await boss.send(PAPER_CHANGES_QUEUE, {}, { singletonKey: PAPER_CHANGES_QUEUE });
      })().catch((error) => logger.warn({ err: error }, "could not queue a version watch check"));
    },
  };
}
