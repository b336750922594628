import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RecordedRequest } from "../control/request-log";
import { SANDBOX_GITHUB_CLIENT_ID as CLIENT_ID, SANDBOX_GITHUB_CLIENT_SECRET as CLIENT_SECRET } from "../oauth/clients";
import { submitConsent, type ConsentInput } from "../test-support/oauth";
import { useSandbox } from "../test-support/use-sandbox";

const sandbox = useSandbox();
const REDIRECT = "http://127.0.0.1:3999/api/auth/oauth2/callback/github";

function authorizeUrl(params: Record<string, string> = {}): string {
  const url = new URL(`${sandbox.url}/oauth/github/login/oauth/authorize`);
  for (const [name, value] of Object.entries({ client_id: CLIENT_ID, redirect_uri: REDIRECT, scope: "read:user user:email", state: "st", ...params })) url.searchParams.set(name, value);
  return url.toString();
}

async function signIn(input: ConsentInput, params: Record<string, string> = {}): Promise<string> {
  const callback = await submitConsent(authorizeUrl(params), input);
  expect(callback.searchParams.get("state")).toBe(params.state ?? "st");
  return callback.searchParams.get("code")!;
}

/** `accept: null` sends no Accept header (fetch then sends its own default, "any type"). */
async function accessToken(fields: Record<string, string>, accept: string | null = "application/json") {
  const response = await fetch(`${sandbox.url}/oauth/github/login/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(accept ? { Accept: accept } : {}) },
    body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uri: REDIRECT, ...fields }),
  });
  return { status: response.status, type: response.headers.get("content-type") ?? "", text: await response.text() };
}

async function tokenFor(input: ConsentInput, params: Record<string, string> = {}): Promise<string> {
  const answer = await accessToken({ code: await signIn(input, params) });
  return (JSON.parse(answer.text) as { access_token: string }).access_token;
}

const api = (path: string, token: string | undefined, scheme = "Bearer") =>
  fetch(`${sandbox.url}/oauth/github/api${path}`, { headers: { "User-Agent": "quire-test", ...(token ? { Authorization: `${scheme} ${token}` } : {}) } });

describe("GitHub-like OAuth provider", () => {
  it("shows its sign-in form with the private-email option", async () => {
    const response = await fetch(authorizeUrl({ login: "ada@example.test" }));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<h1>Sign in to Sandbox GitHub</h1>");
    expect(html).toContain('name="email" value="ada@example.test"');
    expect(html).toContain("Keep my email address private");
    expect(html).toContain("<li>read:user</li><li>user:email</li>");
  });

  it("answers the token request in JSON with Accept: application/json, else form-encoded", async () => {
    const json = await accessToken({ code: await signIn({ email: "ada@example.test" }) });
    expect(json.status).toBe(200);
    expect(json.type).toMatch(/^application\/json/);
    expect(JSON.parse(json.text)).toEqual({ access_token: expect.stringMatching(/^gho_[A-Za-z0-9]{36}$/), token_type: "bearer", scope: "read:user,user:email" });

    const form = await accessToken({ code: await signIn({ email: "ada@example.test" }) }, null);
    expect(form.type).toBe("application/x-www-form-urlencoded; charset=utf-8");
    const fields = Object.fromEntries(new URLSearchParams(form.text));
    expect(fields).toEqual({ access_token: expect.stringMatching(/^gho_/), token_type: "bearer", scope: "read:user,user:email" });
  });

  it("serves /user and /user/emails for the token, with stable ids per address", async () => {
    const token = await tokenFor({ email: "Ada.Lovelace@Example.test", name: "Ada Lovelace" });
    const user = await api("/user", token);
    expect(user.status).toBe(200);
    expect(user.headers.get("x-oauth-scopes")).toBe("read:user, user:email");
    const profile = (await user.json()) as Record<string, unknown>;
    expect(profile).toMatchObject({
      login: "ada-lovelace",
      id: expect.any(Number),
      name: "Ada Lovelace",
      email: "ada.lovelace@example.test",
      avatar_url: `${sandbox.url}/oauth/github/avatars/u/${profile.id}?v=4`,
      type: "User",
    });
    const avatar = await fetch(profile.avatar_url as string);
    expect(avatar.headers.get("content-type")).toBe("image/svg+xml");

    const emails = await api("/user/emails", token, "token");
    expect(await emails.json()).toEqual([{ email: "ada.lovelace@example.test", primary: true, verified: true, visibility: "public" }]);

    const again = (await (await api("/user", await tokenFor({ email: "ada.lovelace@example.test" }))).json()) as Record<string, unknown>;
    expect(again.id).toBe(profile.id);
    // No name typed: GitHub users without a name have `name: null`.
    expect(again.name).toBeNull();
    const other = (await (await api("/user", await tokenFor({ email: "grace@example.test" }))).json()) as Record<string, unknown>;
    expect(other.id).not.toBe(profile.id);
  });

  it("hides a private address from /user but lists it in /user/emails", async () => {
    const token = await tokenFor({ email: "private@example.test", privateEmail: true });
    expect(((await (await api("/user", token)).json()) as { email: unknown }).email).toBeNull();
    expect(await (await api("/user/emails", token)).json()).toEqual([{ email: "private@example.test", primary: true, verified: true, visibility: "private" }]);
  });

  it("needs the user:email scope for /user/emails, a token and a User-Agent", async () => {
    const token = await tokenFor({ email: "noscope@example.test" }, { scope: "read:user" });
    expect((await api("/user", token)).status).toBe(200);
    expect((await api("/user/emails", token)).status).toBe(404);
    const missing = await api("/user", undefined);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: "Requires authentication" });
    const bad = await api("/user", "gho_nope");
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ message: "Bad credentials" });
    // Node's fetch always sends a User-Agent; a bare request without one is refused, as GitHub does.
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${sandbox.url}/oauth/github/api/user`);
      request({ host: url.hostname, port: url.port, path: url.pathname, headers: { Authorization: `Bearer ${token}` } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .on("error", reject)
        .end();
    });
    expect(status).toBe(403);
  });

  it("answers bad requests as GitHub does: HTTP 200 with an error", async () => {
    const code = await signIn({ email: "eve@example.test" });
    const error = async (fields: Record<string, string>) => {
      const answer = await accessToken(fields);
      expect(answer.status).toBe(200);
      return (JSON.parse(answer.text) as { error: string }).error;
    };
    expect(await error({ code, client_secret: "wrong" })).toBe("incorrect_client_credentials");
    expect(await error({ code, client_id: "someone-else" })).toBe("incorrect_client_credentials");
    expect(await error({ code, redirect_uri: "http://127.0.0.1:3999/elsewhere" })).toBe("redirect_uri_mismatch");
    expect(await error({ code: "0123456789abcdef0123" })).toBe("bad_verification_code");
    // redirect_uri may be left out, as GitHub allows.
    const { redirect_uri: _omitted, ...withoutRedirect } = { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uri: REDIRECT, code };
    const first = await fetch(`${sandbox.url}/oauth/github/login/oauth/access_token`, { method: "POST", headers: { Accept: "application/json" }, body: new URLSearchParams(withoutRedirect) });
    expect(await first.json()).toMatchObject({ access_token: expect.any(String) });
    expect(await error({ code })).toBe("bad_verification_code");

    const form = await accessToken({ code }, null);
    expect(Object.fromEntries(new URLSearchParams(form.text))).toMatchObject({ error: "bad_verification_code", error_description: expect.any(String) });
  });

  it("checks PKCE when a code_challenge was sent", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const code = await signIn({ email: "pkce@example.test" }, { code_challenge: challenge, code_challenge_method: "S256" });
    const wrong = await accessToken({ code, code_verifier: randomBytes(32).toString("base64url") });
    expect(JSON.parse(wrong.text)).toMatchObject({ error: "bad_verification_code" });
    const again = await signIn({ email: "pkce@example.test" }, { code_challenge: challenge, code_challenge_method: "S256" });
    expect(JSON.parse((await accessToken({ code: again, code_verifier: verifier })).text)).toMatchObject({ access_token: expect.any(String) });
  });

  it("sends Cancel back with error=access_denied and the state, and logs the requests", async () => {
    const callback = await submitConsent(authorizeUrl({ state: "s/1" }), { email: "", decision: "deny" });
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe("s/1");
    expect((await fetch(authorizeUrl({ client_id: "unknown" }))).status).toBe(404);

    const { requests } = (await (await sandbox.get("/__control/requests?route=oauth-github")).json()) as { requests: RecordedRequest[] };
    expect(requests[0]!.path).toContain("/oauth/github/login/oauth/authorize?client_id=quire-github-client&redirect_uri=");
  });
});
