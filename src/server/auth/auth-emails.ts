import { APP_NAME } from "@/shared/constants";
import type { MailMessage } from "@/server/mail/mailer";

/** The e-mails the account flow sends. Plain text first; the HTML is the same words. */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`).join("");
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="margin:0 0 16px;color:#555;font-size:13px">Or paste this address into your browser: ${escapeHtml(link.href)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">${body}${button}<p style="color:#777;font-size:12px">${APP_NAME}</p></body></html>`;
}

export function verificationEmail(options: { to: string; url: string }): MailMessage {
  const lines = [
    `Welcome to ${APP_NAME}.`,
    "Confirm your e-mail address to finish creating your account. The link works for 24 hours.",
    "If you did not sign up, ignore this message.",
  ];
  return {
    to: options.to,
    subject: `Confirm your e-mail for ${APP_NAME}`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${options.url}\n\n${lines[2]}\n`,
    html: layout(lines, { href: options.url, label: "Confirm e-mail" }),
  };
}

export function welcomeEmail(options: { to: string; name: string | null; appUrl: string }): MailMessage {
  const greeting = options.name ? `Hello ${options.name},` : "Hello,";
  const lines = [
    greeting,
    `your ${APP_NAME} account is ready. Search arXiv, OpenAlex and Crossref, read papers in the built-in reader, keep them in collections and get a daily catch-up feed.`,
    "Set your research interests in your profile to get recommendations.",
  ];
  const searchUrl = `${options.appUrl}/search`;
  return {
    to: options.to,
    subject: `Welcome to ${APP_NAME}`,
    text: `${lines.join("\n\n")}\n\n${searchUrl}\n`,
    html: layout(lines, { href: searchUrl, label: `Open ${APP_NAME}` }),
  };
}

/**
 * Sent instead of a second account when someone signs up with an address that has one: the
 * sign-up page answers as for a new address (no one learns who has an account), and the
 * address's owner hears what happened.
 */
export function alreadyRegisteredEmail(options: { to: string; appUrl: string }): MailMessage {
  const lines = [
    `Someone, probably you, tried to create a ${APP_NAME} account with this e-mail address, which already has one.`,
    "Sign in instead. If you forgot your password, choose \"Forgot password?\" on the sign-in page.",
    "If it was not you, ignore this message: nothing has changed.",
  ];
  const signInUrl = `${options.appUrl}/auth`;
  return {
    to: options.to,
    subject: `You already have a ${APP_NAME} account`,
    text: `${lines.join("\n\n")}\n\n${signInUrl}\n`,
    html: layout(lines, { href: signInUrl, label: "Sign in" }),
  };
}
