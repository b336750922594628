import { CATCHUP_THRESHOLD_DEFAULT, feedCategories, recommend, type CatchupProfile } from "@/shared/catchup";
import type { Config } from "@/server/config";
import type { CatchupService } from "@/server/features/catchup/catchup.service";
import type { PaperChangesService } from "@/server/features/paper-changes/paper-changes.service";
import type { EmailJob } from "@/server/jobs/email.job";
import type { Clock } from "@/server/lib/clock";
import type { Logger } from "@/server/logger";
import type { Mailer } from "@/server/mail/mailer";
import { DIGEST_MAX_PAPERS, digestEmail } from "./digest-emails";
import { periodKey, type DigestFrequency } from "./digest-period";
import type { DigestRepository } from "./digest.repository";
import { unsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token";

/** What a digest run did (the spec's response: processed, success, errors, message). */
export type DigestRunResult = { processed: number; success: number; errors: number; skipped: number; message: string };

/** The signed link that turns a user's digests off without signing in. */
function unsubscribeLink(publicUrl: string, secret: string, userId: string): string {
  return `${publicUrl}/api/email/unsubscribe?u=${encodeURIComponent(userId)}&t=${unsubscribeToken(secret, userId)}`;
}

/**
 * E-mail through the job queue (jobs/email.job.ts): the outbox (welcome e-mails, admin sends)
 * and the digests queue their messages, and the queue's worker hands them to SMTP. A digest run
 * claims each user and period once in the database before anything is queued, so each user
 * gets each digest once per period, also with several instances. The runs are started by the
 * queue's schedules (jobs/digest.job.ts) or by an admin.
 */
export function emailService(deps: {
  repository: DigestRepository;
  /** Queues an e-mail. */
  send: EmailJob["send"];
  catchup: CatchupService;
  /** The version watch: a digest lists the changes to the user's papers no digest has listed yet. */
  paperChanges?: Pick<PaperChangesService, "forDigest">;
  clock: Clock;
  config: Pick<Config, "publicUrl">;
  secret: string;
  logger: Logger;
}) {
  const { repository, send, catchup, clock, config, secret, logger } = deps;

  const outbox: Mailer = {
    kind: "smtp",
    async send(message) {
      await send({ message });
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
        const changes = (await deps.paperChanges?.forDigest(recipient.userId)) ?? { changes: [], markDigested: async () => {} };
        if (top.length === 0 && changes.changes.length === 0) {
          // Nothing to say this period: the claim stays, so no empty e-mail follows later.
          skipped++;
          continue;
        }
        const message = digestEmail({ to: recipient.email, frequency, papers: top, changes: changes.changes, appUrl: config.publicUrl, unsubscribeUrl: unsubscribeUrl(recipient.userId) });
        await send({ message, delivery: { userId: recipient.userId, frequency, period } }, { singletonKey: `digest:${recipient.userId}:${frequency}:${period}` });
        await changes.markDigested();
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

  return {
    outbox,
    runDigest,
    /** Turns digests off for the user when the token is theirs. */
    async unsubscribe(userId: string, token: string): Promise<boolean> {
      if (!verifyUnsubscribeToken(secret, userId, token)) return false;
      return repository.unsubscribe(userId);
    },
    unsubscribeUrl,
  };
}
export type EmailService = ReturnType<typeof emailService>;
