import { DIGEST_FREQUENCIES, type DigestFrequency } from "@/server/features/email/digest-period";
import type { BackgroundJob } from "./background-job";
import { createNotifiedQueue, wakeAfter, type JobQueue } from "./queue";

const RETRY_DELAY_SECONDS = 300;
const digestQueue = (frequency: DigestFrequency) => `digest-${frequency}`;

/**
 * The daily and weekly catch-up digests on the queue's cron schedules (UTC): one run per tick
 * across all instances, retried twice 5 minutes apart. A run queues its e-mails (email.job.ts);
 * each user and period is claimed once in the database before anything is queued. Without
 * `schedule` (tests) the workers listen but only a run asked for happens. Its workers end with
 * the queue.
 */
export function digestJob(deps: {
  queue: JobQueue;
  runDigest(frequency: DigestFrequency): Promise<unknown>;
  crons: Record<DigestFrequency, string>;
  schedule: boolean;
}): BackgroundJob {
  return {
    name: "the digest schedules",
    async start() {
      const boss = await deps.queue.boss();
      for (const frequency of DIGEST_FREQUENCIES) await createNotifiedQueue(boss, digestQueue(frequency), { retryLimit: 2, retryDelay: RETRY_DELAY_SECONDS });
      for (const frequency of DIGEST_FREQUENCIES) {
        // Woken when a run is queued (the schedule's too); a 30-s backstop poll.
        let workerId: string | null = null;
        workerId = await boss.work(digestQueue(frequency), { notifyPollingIntervalSeconds: 30 }, async () => {
          try {
            await deps.runDigest(frequency);
          } catch (error) {
            wakeAfter(boss, workerId, RETRY_DELAY_SECONDS);
            throw error;
          }
        });
      }
      if (deps.schedule) {
        for (const frequency of DIGEST_FREQUENCIES) await boss.schedule(digestQueue(frequency), deps.crons[frequency], null, { tz: "UTC" });
      }
    },
    async stop() {},
  };
}
