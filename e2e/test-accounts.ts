import { expect, type APIRequestContext } from "@playwright/test";
import { mailLink, waitForMail } from "../sandbox/test-support/mail";
import { baseURL } from "../playwright.config";

/** The sandbox the demo server runs against (its SMTP sink, faults, request log). */
export const sandboxUrl = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 4110}`;
export const PASSWORD = "correct horse battery";
/** How long a sign-up's confirmation mail may take to reach the SMTP sink (see createConfirmedAccount). */
const CONFIRMATION_MAIL_WAIT_MS = 45_000;

/** A fresh address per test and viewport, so runs and projects never meet. */
export function uniqueEmail(label: string, project: string): string {
  return `${label}-${project}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@quire.invalid`;
}

/** Signs up and confirms through the API and the SMTP sink (for tests about what comes after). */
export async function createConfirmedAccount(request: APIRequestContext, email: string): Promise<void> {
  const since = Date.now();
  const signUp = await request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name: email.split("@")[0], callbackURL: "/auth?verified=1" },
    headers: { Origin: baseURL },
  });
  expect(signUp.status()).toBe(200);
  // The demo server's first arXiv harvest runs in-process on the embedded database just after it
  // starts answering, and on a busy machine holds its event loop for tens of seconds at a time:
  // the mail is sent late then, not lost.
  const mail = await waitForMail(sandboxUrl, { to: email, subject: /Confirm/, since, timeoutMs: CONFIRMATION_MAIL_WAIT_MS });
  const confirm = await request.get(mailLink(mail, "/api/auth/verify-email"), { maxRedirects: 0 });
  expect(confirm.status()).toBe(302);
}

/** A confirmed account, signed in: the request context's cookies hold the session. */
export async function signedInAccount(request: APIRequestContext, email: string): Promise<void> {
  await createConfirmedAccount(request, email);
  const signIn = await request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { Origin: baseURL } });
  expect(signIn.status()).toBe(200);
}
