import nodemailer from "nodemailer";
import { APP_NAME } from "@/shared/constants";
import type { Config } from "@/server/config";
import type { Logger } from "@/server/logger";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on digests. */
  headers?: Record<string, string>;
};

/** Sends e-mail. Callers decide whether a failure matters (the welcome e-mail's is only logged). */
export interface Mailer {
  readonly kind: "smtp" | "log";
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when `SMTP_URL` is set (smtp://user:pass@host:port, smtps:// for TLS); otherwise the
 * message is written to the log, so a developer running `npm start` can still follow a
 * verification link.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; logger: Logger }): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    return {
      kind: "log",
      async send(message) {
        logger.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, "e-mail (no SMTP_URL set, logged instead)");
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    kind: "smtp",
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      logger.info({ mail: { to: message.to, subject: message.subject, messageId: info.messageId } }, "e-mail sent");
    },
    close: () => transport.close(),
  };
}

/** MAIL_FROM, else "Quire <CONTACT_EMAIL>", else a no-reply address at the public host. */
export function mailFrom(config: Pick<Config, "MAIL_FROM" | "CONTACT_EMAIL" | "publicUrl">): string {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  const address = config.CONTACT_EMAIL ?? `no-reply@${new URL(config.publicUrl).hostname}`;
  return `${APP_NAME} <${address}>`;
}
