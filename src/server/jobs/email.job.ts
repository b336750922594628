import type { PgBoss } from "pg-boss";
import type { DigestFrequency } from "@/server/features/email/digest-period";
import type { Logger } from "@/server/logger";
import type { MailMessage, Mailer } from "@/server/mail/mailer";
import type { BackgroundJob } from "./background-job";
import { createNotifiedQueue, wakeAfter, type JobQueue } from "./queue";

const EMAIL_QUEUE = "email";

/** The digest_deliveries row a digest e-mail settles once SMTP has taken it. */
export type DigestDelivery = { userId: string; frequency: DigestFrequency; period: string };
/** One queued e-mail. */
export type EmailJobData = { message: MailMessage; delivery?: DigestDelivery };

export type EmailJob = BackgroundJob & {
  /** Queues an e-mail (waits for the queue to exist; fails when it could not start). */
  send(data: EmailJobData, options?: { singletonKey: string }): Promise<void>;
};

/**
 * Outgoing e-mail through the job queue: `send` queues a message and the worker hands it to
 * SMTP, retrying with backoff while the server is down (20 tries, from `retryDelaySeconds`,
 * default 60, doubling up to an hour). A digest's delivery is marked sent once SMTP took it.
 * Its worker ends with the queue, whose graceful stop waits for the sends in flight.
 */
export function emailJob(deps: {
  queue: JobQueue;
  mailer: Mailer;
  markSent(delivery: DigestDelivery): Promise<void>;
  logger: Logger;
  retryDelaySeconds?: number;
}): EmailJob {
  const { mailer, logger } = deps;
  const retryDelaySeconds = deps.retryDelaySeconds ?? 60;
  let creating: Promise<PgBoss> | null = null;
  const created = () =>
    (creating ??= (async () => {
      const boss = await deps.queue.boss();
      await createNotifiedQueue(boss, EMAIL_QUEUE, {
        retryLimit: 20,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: 60 * 60,
      });
      return boss;
    })());

  return {
    name: "the e-mail queue",
    async send(data, options) {
      const boss = await created();
      await boss.send(EMAIL_QUEUE, data, options);
    },
    async start() {
      const boss = await created();
      // Batches of 25, each job settled on its own: one refused message is retried alone, and the
      // others of its batch are never sent twice. Woken when an e-mail is queued; the first
      // retry wakes it (wakeAfter), later ones (backed off, minutes) are found by the 5-s backstop.
      let workerId: string | null = null;
      workerId = await boss.work<EmailJobData, unknown, { pollingIntervalSeconds: number; notifyPollingIntervalSeconds: number; batchSize: number; perJobResults: true }>(
        EMAIL_QUEUE,
        { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 5, batchSize: 25, perJobResults: true },
        async (jobs) => {
          const results = [];
          for (const job of jobs) {
            try {
              await mailer.send(job.data.message);
            } catch (error) {
              logger.warn({ err: error, to: job.data.message.to }, "e-mail not sent; it will be retried");
              results.push({ id: job.id, status: "failed" as const, output: { message: error instanceof Error ? error.message : String(error) } });
              continue;
            }
            // Sent: the job is done whatever happens to the bookkeeping (a retry would send it twice).
            results.push({ id: job.id, status: "completed" as const });
            const delivery = job.data.delivery;
            if (delivery) await deps.markSent(delivery).catch((error) => logger.warn({ err: error }, "digest sent but not marked"));
          }
          if (results.some((result) => result.status === "failed")) wakeAfter(boss, workerId, retryDelaySeconds);
          return results;
        },
      );
    },
    async stop() {},
  };
}
