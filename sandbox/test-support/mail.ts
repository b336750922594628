/**
 * Reading what the sandbox's SMTP sink received, for Vitest integration tests and Playwright
 * specs alike: plain `fetch` against the control API (`/__control/mail`), nothing Node-only.
 *
 * ```ts
 * const mail = await waitForMail(sandboxUrl, { to: "ada@example.test", subject: /verify/i });
 * await page.goto(mailLink(mail, /verify-email/));
 * ```
 */
import type { SandboxMail } from "../smtp/mail-store";

export type { SandboxMail };

export interface MailQuery {
  /** The recipient (any case). */
  to: string;
  /** A substring of the subject, or a pattern it must match. */
  subject?: string | RegExp;
  /** Only messages received at or after this instant (a Date, epoch ms or ISO text). */
  since?: Date | number | string;
  /** How long to wait (default 10 000 ms). */
  timeoutMs?: number;
  /** How often to ask (default 100 ms). */
  intervalMs?: number;
}

function controlUrl(sandboxUrl: string, query = ""): string {
  return `${sandboxUrl.replace(/\/+$/, "")}/__control/mail${query}`;
}

/** What the sink holds, newest first; only messages to `to` when given. */
export async function listMail(sandboxUrl: string, to?: string): Promise<SandboxMail[]> {
  const response = await fetch(controlUrl(sandboxUrl, to ? `?to=${encodeURIComponent(to)}` : ""));
  if (!response.ok) throw new Error(`GET /__control/mail answered ${response.status}`);
  const { messages } = (await response.json()) as { messages: SandboxMail[] };
  return messages;
}

/** Empties the sink. */
export async function clearMail(sandboxUrl: string): Promise<void> {
  const response = await fetch(controlUrl(sandboxUrl), { method: "DELETE" });
  if (!response.ok) throw new Error(`DELETE /__control/mail answered ${response.status}`);
}

function matches(mail: SandboxMail, query: MailQuery): boolean {
  if (query.subject !== undefined) {
    if (typeof query.subject === "string" ? !mail.subject.includes(query.subject) : !query.subject.test(mail.subject)) return false;
  }
  if (query.since !== undefined) {
    const since = query.since instanceof Date ? query.since.getTime() : typeof query.since === "number" ? query.since : Date.parse(query.since);
    if (Date.parse(mail.date) < since) return false;
  }
  return true;
}

/**
 * The newest message to `query.to` that matches, as soon as there is one; throws after
 * `timeoutMs`, naming what did arrive for that address.
 */
export async function waitForMail(sandboxUrl: string, query: MailQuery): Promise<SandboxMail> {
  const timeoutMs = query.timeoutMs ?? 10_000;
  const intervalMs = query.intervalMs ?? 100;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await listMail(sandboxUrl, query.to);
    const found = messages.find((mail) => matches(mail, query));
    if (found) return found;
    if (Date.now() >= deadline) {
      const seen = messages.map((mail) => JSON.stringify(mail.subject)).join(", ") || "none";
      throw new Error(`No e-mail to ${query.to}${query.subject === undefined ? "" : ` with subject ${String(query.subject)}`} within ${timeoutMs} ms (messages to that address: ${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))));
  }
}

/** The first link in the message containing `pattern` (a substring) or matching it (a RegExp); throws if none does. */
export function mailLink(mail: SandboxMail, pattern: string | RegExp): string {
  const link = mail.links.find((url) => (typeof pattern === "string" ? url.includes(pattern) : pattern.test(url)));
  if (!link) throw new Error(`No link matching ${String(pattern)} in "${mail.subject}": ${mail.links.join(", ") || "no links"}`);
  return link;
}
