import type { PgBoss } from "pg-boss";
import { CATCHUP_THRESHOLD_DEFAULT, feedCategories, recommend, type CatchupProfile } from "@/shared/catchup";
import type { Config } from "@/server/config";
import type { Database, DatabaseHandle } from "@/server/db/client";
import type { CatchupService } from "@/server/features/catchup/catchup.service";
import { acquireQueue } from "@/server/jobs/queue";
import type { Clock } from "@/server/lib/clock";
import type { Logger } from "@/server/logger";
import type { MailMessage, Mailer } from "@/server/mail/mailer";
import { DIGEST_MAX_PAPERS, digestEmail } from "./digest-emails";
import { digestRepository } from "./digest.repository";
import { unsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token";

export const DIGEST_FREQUENCIES = ["daily", "weekly"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

const EMAIL_QUEUE = "email";
const digestQueue = (frequency: DigestFrequency) => `digest-${frequency}`;

type EmailJob = { message: MailMessage; delivery?: { userId: string; frequency: DigestFrequency; period: string } };

/** The digest period a moment falls in: its UTC date (daily) or its ISO week's Monday (weekly). */
export function periodKey(frequency: DigestFrequency, now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (frequency === "weekly") day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** What a digest run did (the spec's response: processed, success, errors, message). */
export type DigestRunResult = { processed: number; success: number; errors: number; skipped: number; message: string };

/**
 * E-mail through the job queue: the outbox (welcome e-mails, digests, admin sends) queues a
 * job and a worker hands it to SMTP, retrying with backoff while the server is down; the
 * daily and weekly digests run on pg-boss schedules (one run per schedule tick across all
 * instances) and each user+period is claimed once in the database before anything is queued.
 */
/** The signed link that turns a user's digests off without signing in. */
function unsubscribeLink(publicUrl: string, secret: string, userId: string): string {
  return `${publicUrl}/api/email/unsubscribe?u=${encodeURIComponent(userId)}&t=${unsubscribeToken(secret, userId)}`;
}

export async function startEmailFeature(deps: {
  database: Pick<DatabaseHandle, "db" | "kind" | "pglite" | "connectionString">;
  config: Pick<Config, "publicUrl" | "DIGEST_DAILY_CRON" | "DIGEST_WEEKLY_CRON">;
  secret: string;
  mailer: Mailer;
  catchup: CatchupService;
  clock: Clock;
  logger: Logger;
  /** Seconds before the first retry of a failed send (doubling after); default 60. */
  retryDelaySeconds?: number;
  /** Whether to run the cron schedules (tests trigger runs themselves); default true. */
  schedule?: boolean;
}) {
  const { config, secret, mailer, catchup, clock, logger } = deps;
  const db: Database = deps.database.db;
  const repository = digestRepository(db);
  const queue = acquireQueue(deps.database, logger);
  const boss: PgBoss = await queue.boss;
  await boss.createQueue(EMAIL_QUEUE, {
    retryLimit: 20,
    retryDelay: deps.retryDelaySeconds ?? 60,
    retryBackoff: true,
    retryDelayMax: 60 * 60,
  });
  for (const frequency of DIGEST_FREQUENCIES) await boss.createQueue(digestQueue(frequency), { retryLimit: 2, retryDelay: 300 });

  const outbox: Mailer = {
    kind: "smtp",
    async send(message) {
      await boss.send(EMAIL_QUEUE, { message } satisfies EmailJob);
    },
    close() {},
  };

  const unsubscribeUrl = (userId: string) => unsubscribeLink(config.publicUrl, secret, userId);

  async function runDigest(frequency: DigestFrequency): Promise<DigestRunResult> {
    const period = periodKey(frequency, clock.now());
    const recipients = await repository.recipients(frequency);
    let success = 0;
    let errors = 0;
    let skipped = 0;
    for (const recipient of recipients) {
      let claimed = false;
      try {
        claimed = await repository.claim(recipient.userId, frequency, period);
        if (!claimed) {
          skipped++;
          continue;
        }
        const profile: CatchupProfile = {
          categories: recipient.categories,
          keywords: recipient.keywords,
          authors: recipient.authors,
          excludeTerms: recipient.excludeTerms,
        };
        const { all } = await catchup.scoredInRange(feedCategories(profile), profile, frequency);
        const top = recommend(all, CATCHUP_THRESHOLD_DEFAULT).slice(0, DIGEST_MAX_PAPERS);
        if (top.length === 0) {
          // Nothing to say this period: the claim stays, so no empty e-mail follows later.
          skipped++;
          continue;
        }
        const message = digestEmail({ to: recipient.email, frequency, papers: top, appUrl: config.publicUrl, unsubscribeUrl: unsubscribeUrl(recipient.userId) });
        await boss.send(EMAIL_QUEUE, { message, delivery: { userId: recipient.userId, frequency, period } } satisfies EmailJob, {
          singletonKey: `digest:${recipient.userId}:${frequency}:${period}`,
        });
        success++;
      } catch (error) {
        errors++;
        logger.warn({ err: error, userId: recipient.userId, frequency }, "digest not queued");
        if (claimed) await repository.release(recipient.userId, frequency, period).catch(() => {});
      }
    }
    const message = `Queued ${success} ${frequency} digest${success === 1 ? "" : "s"} for ${period}; ${skipped} skipped, ${errors} failed.`;
    logger.info({ frequency, period, processed: recipients.length, success, skipped, errors }, "digest run");
    return { processed: recipients.length, success, errors, skipped, message };
  }

  // Batches of 25, each job settled on its own: one refused message is retried alone, and the
  // others of its batch are never sent twice.
  await boss.work<EmailJob, unknown, { pollingIntervalSeconds: number; batchSize: number; perJobResults: true }>(
    EMAIL_QUEUE,
    { pollingIntervalSeconds: 1, batchSize: 25, perJobResults: true },
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
        if (delivery) {
          await repository.markSent(delivery.userId, delivery.frequency, delivery.period).catch((error) => logger.warn({ err: error }, "digest sent but not marked"));
        }
      }
      return results;
    },
  );
  for (const frequency of DIGEST_FREQUENCIES) {
    await boss.work(digestQueue(frequency), async () => {
      await runDigest(frequency);
    });
  }
  if (deps.schedule !== false) {
    await boss.schedule(digestQueue("daily"), config.DIGEST_DAILY_CRON, null, { tz: "UTC" });
    await boss.schedule(digestQueue("weekly"), config.DIGEST_WEEKLY_CRON, null, { tz: "UTC" });
  }

  return {
    outbox,
    runDigest,
    /** Turns digests off for the user when the token is theirs. */
    async unsubscribe(userId: string, token: string): Promise<boolean> {
      if (!verifyUnsubscribeToken(secret, userId, token)) return false;
      return repository.unsubscribe(userId);
    },
    unsubscribeUrl,
    async stop(): Promise<void> {
      await queue.release({ graceful: true, timeout: 5000 });
    },
  };
}
export type EmailFeature = Awaited<ReturnType<typeof startEmailFeature>>;

/**
 * The e-mail feature with its queue starting in the background, so the server answers at once:
 * pg-boss's first start creates its schema, which takes seconds on the embedded database. Mail
 * sent and digests asked for meanwhile wait for the queue; a queue that cannot start is logged
 * and each call then fails on its own.
 */
export function startEmailFeatureInBackground(deps: Parameters<typeof startEmailFeature>[0]): EmailFeature {
  const started = startEmailFeature(deps);
  started.catch((error) => deps.logger.error({ err: error }, "the e-mail queue did not start"));
  return {
    outbox: {
      kind: "smtp",
      async send(message) {
        await (await started).outbox.send(message);
      },
      close() {},
    },
    runDigest: async (frequency) => (await started).runDigest(frequency),
    unsubscribe: async (userId, token) => (await started).unsubscribe(userId, token),
    unsubscribeUrl: (userId) => unsubscribeLink(deps.config.publicUrl, deps.secret, userId),
    async stop() {
      const feature = await started.catch(() => null);
      await feature?.stop();
    },
  };
}
