/**
 * Signing in at the sandbox's OAuth providers without a browser (plain `fetch`): what a user
 * does on the sign-in form, for integration tests that follow an app's "Sign in with ..." flow
 * over HTTP. The client ids and secrets are in sandbox/oauth/clients.ts.
 *
 * ```ts
 * const callback = await submitConsent(authorizeUrlFromTheApp, { email: "ada@example.test" });
 * // callback.searchParams.get("code"), .get("state"); then GET it against the app
 * ```
 */

export interface ConsentInput {
  email: string;
  name?: string;
  /** "deny" presses Cancel. */
  decision?: "allow" | "deny";
  /** GitHub: tick "Keep my email address private". */
  privateEmail?: boolean;
}

/**
 * Opens the authorize URL (the provider's form must show), submits the form and returns where
 * the provider redirects: the client's redirect URI with `code` and `state`, or with `error`.
 */
export async function submitConsent(authorizeUrl: string | URL, input: ConsentInput): Promise<URL> {
  const page = await fetch(authorizeUrl, { redirect: "manual" });
  const location = page.headers.get("location");
  if (page.status === 302 && location) return new URL(location, authorizeUrl);
  if (page.status !== 200) throw new Error(`The authorize page answered ${page.status}: ${(await page.text()).slice(0, 500)}`);
  await page.arrayBuffer();
  const form = new URLSearchParams({ email: input.email, name: input.name ?? "", decision: input.decision ?? "allow" });
  if (input.privateEmail) form.set("private_email", "1");
  const answer = await fetch(authorizeUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
  const next = answer.headers.get("location");
  if (answer.status !== 302 || !next) throw new Error(`The sign-in form answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`);
  return new URL(next, authorizeUrl);
}
