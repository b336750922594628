import { createHash, randomBytes } from "node:crypto";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import type { RecordedRequest } from "../control/request-log";
import { SANDBOX_GOOGLE_CLIENT_ID as CLIENT_ID, SANDBOX_GOOGLE_CLIENT_SECRET as CLIENT_SECRET } from "../oauth/clients";
import { submitConsent } from "../test-support/oauth";
import { useSandbox } from "../test-support/use-sandbox";

const sandbox = useSandbox();
const REDIRECT = "http://127.0.0.1:3999/api/auth/oauth2/callback/google";

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  [key: string]: unknown;
}

async function discovery(): Promise<Discovery> {
  const response = await sandbox.get("/oauth/google/.well-known/openid-configuration");
  expect(response.status).toBe(200);
  return (await response.json()) as Discovery;
}

function authorizeUrl(config: Discovery, params: Record<string, string>): string {
  const url = new URL(config.authorization_endpoint);
  for (const [name, value] of Object.entries({ client_id: CLIENT_ID, redirect_uri: REDIRECT, response_type: "code", scope: "openid email profile", ...params })) url.searchParams.set(name, value);
  return url.toString();
}

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

async function token(config: Discovery, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(config.token_endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", ...headers },
    body: new URLSearchParams(fields),
  });
  const text = await response.text();
  const json = (response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : { text }) as Record<string, unknown>;
  return { status: response.status, headers: response.headers, json };
}

/** Authorize (with PKCE) as `email`, returning the code and what the token request needs. */
async function signIn(config: Discovery, email: string, params: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const callback = await submitConsent(authorizeUrl(config, { state: "st", code_challenge: challenge, code_challenge_method: "S256", ...params }), { email, name: "Ada Lovelace" });
  const code = callback.searchParams.get("code");
  expect(code).toBeTruthy();
  return { code: code!, verifier, callback };
}

const exchange = (config: Discovery, code: string, verifier: string, extra: Record<string, string> = {}) =>
  token(config, { grant_type: "authorization_code", code, redirect_uri: REDIRECT, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, code_verifier: verifier, ...extra });

describe("Google-like OpenID Connect provider", () => {
  it("publishes its discovery document and keys", async () => {
    const config = await discovery();
    const base = `${sandbox.url}/oauth/google`;
    expect(config).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      userinfo_endpoint: `${base}/userinfo`,
      jwks_uri: `${base}/jwks`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      scopes_supported: expect.arrayContaining(["openid", "email", "profile"]),
      code_challenge_methods_supported: ["S256", "plain"],
      token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
    });
    const jwks = (await (await fetch(config.jwks_uri)).json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", kid: expect.any(String), n: expect.any(String), e: "AQAB" });
    expect(jwks.keys[0]).not.toHaveProperty("d");
  });

  it("shows a sign-in form, prefilled from login_hint, with no external assets", async () => {
    const config = await discovery();
    const response = await fetch(authorizeUrl(config, { state: "abc", login_hint: "ada@example.test" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("<h1>Sign in to Sandbox Google</h1>");
    expect(html).toMatch(/<label for="email">Email<\/label>\s*<input type="email" id="email" name="email" value="ada@example.test"/);
    expect(html).toContain('<label for="name">Name</label>');
    expect(html).toMatch(/<button type="submit" name="decision" value="allow">Continue<\/button>/);
    expect(html).toMatch(/<button [^>]*value="deny"[^>]*>Cancel<\/button>/);
    expect(html).toMatch(/<form method="post"/);
    expect(html).not.toMatch(/<script|<link|src=/);
  });

  it("runs the whole flow: code and state, token exchange with secret and PKCE, a verifiable ID token, userinfo", async () => {
    const config = await discovery();
    const state = "state with spaces & symbols/?=";
    const { code, verifier, callback } = await signIn(config, "Ada@Example.test", { state, nonce: "n-0S6_WzA2Mj" });
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    expect(callback.searchParams.get("state")).toBe(state);

    const answer = await exchange(config, code, verifier);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.json).toMatchObject({
      access_token: expect.stringMatching(/^ya29\./),
      token_type: "Bearer",
      expires_in: 3599,
      scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
      id_token: expect.any(String),
    });
    expect(answer.json).not.toHaveProperty("refresh_token");

    const idToken = answer.json.id_token as string;
    expect(decodeProtectedHeader(idToken)).toMatchObject({ alg: "RS256", kid: expect.any(String) });
    const { payload } = await jwtVerify(idToken, createRemoteJWKSet(new URL(config.jwks_uri)), { issuer: config.issuer, audience: CLIENT_ID });
    expect(payload).toMatchObject({
      iss: `${sandbox.url}/oauth/google`,
      aud: CLIENT_ID,
      azp: CLIENT_ID,
      sub: expect.stringMatching(/^1\d{20}$/),
      email: "ada@example.test",
      email_verified: true,
      name: "Ada Lovelace",
      given_name: "Ada",
      family_name: "Lovelace",
      picture: expect.stringMatching(new RegExp(`^${sandbox.url}/oauth/google/avatar/\\d+$`)),
      nonce: "n-0S6_WzA2Mj",
      at_hash: createHash("sha256")
        .update(answer.json.access_token as string)
        .digest()
        .subarray(0, 16)
        .toString("base64url"),
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(30);

    const userinfo = await fetch(config.userinfo_endpoint, { headers: { Authorization: `Bearer ${answer.json.access_token}` } });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toEqual({
      sub: payload.sub,
      email: "ada@example.test",
      email_verified: true,
      name: "Ada Lovelace",
      given_name: "Ada",
      family_name: "Lovelace",
      picture: payload.picture,
    });
    const avatar = await fetch(payload.picture as string);
    expect(avatar.headers.get("content-type")).toBe("image/svg+xml");
    expect(await avatar.text()).toContain(">AL</text>");

    const noToken = await fetch(config.userinfo_endpoint);
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get("www-authenticate")).toMatch(/^Bearer /);
  });

  it("gives the same subject to the same address (any case) and another to another address", async () => {
    const config = await discovery();
    const subject = async (email: string) => {
      const { code, verifier } = await signIn(config, email);
      const { payload } = await jwtVerify((await exchange(config, code, verifier)).json.id_token as string, createRemoteJWKSet(new URL(config.jwks_uri)));
      return payload.sub;
    };
    const first = await subject("grace@example.test");
    expect(await subject("GRACE@example.test")).toBe(first);
    expect(await subject("alan@example.test")).not.toBe(first);
  });

  it("accepts client_secret_basic and plain PKCE", async () => {
    const config = await discovery();
    const verifier = randomBytes(40).toString("base64url");
    const callback = await submitConsent(authorizeUrl(config, { code_challenge: verifier, code_challenge_method: "plain" }), { email: "basic@example.test" });
    const answer = await token(
      config,
      { grant_type: "authorization_code", code: callback.searchParams.get("code")!, redirect_uri: REDIRECT, code_verifier: verifier },
      { Authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}` },
    );
    expect(answer.status).toBe(200);
    expect(callback.searchParams.has("state")).toBe(false);
  });

  it("rejects a replayed code (and revokes the token it gave), a wrong secret, a redirect_uri mismatch and a wrong PKCE verifier", async () => {
    const config = await discovery();
    const { code, verifier } = await signIn(config, "eve@example.test");

    expect(await exchange(config, code, verifier, { client_secret: "wrong" })).toMatchObject({ status: 401, json: { error: "invalid_client" } });
    expect(await exchange(config, code, verifier, { client_id: "someone-else" })).toMatchObject({ status: 401, json: { error: "invalid_client" } });
    expect(await exchange(config, code, verifier, { redirect_uri: `${REDIRECT}/other` })).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
    expect(await exchange(config, code, "x".repeat(43))).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
    expect(await exchange(config, "4/0-not-a-code", verifier)).toMatchObject({ status: 400, json: { error: "invalid_grant" } });

    const first = await exchange(config, code, verifier);
    expect(first.status).toBe(200);
    expect(await exchange(config, code, verifier)).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
    const userinfo = await fetch(config.userinfo_endpoint, { headers: { Authorization: `Bearer ${first.json.access_token}` } });
    expect(userinfo.status).toBe(401);

    const withoutVerifier = await signIn(config, "eve@example.test");
    expect(await token(config, { grant_type: "authorization_code", code: withoutVerifier.code, redirect_uri: REDIRECT, client_id: CLIENT_ID, client_secret: CLIENT_SECRET })).toMatchObject({
      status: 400,
      json: { error: "invalid_grant" },
    });
    expect(await token(config, { grant_type: "password", client_id: CLIENT_ID, client_secret: CLIENT_SECRET })).toMatchObject({ status: 400, json: { error: "unsupported_grant_type" } });
  });

  it("issues a refresh token only for access_type=offline, and refreshes with it", async () => {
    const config = await discovery();
    const online = await signIn(config, "ref@example.test");
    expect((await exchange(config, online.code, online.verifier)).json).not.toHaveProperty("refresh_token");

    const offline = await signIn(config, "ref@example.test", { access_type: "offline", prompt: "consent" });
    const first = await exchange(config, offline.code, offline.verifier);
    expect(first.json.refresh_token).toEqual(expect.stringMatching(/^1\/\//));

    const refreshed = await token(config, { grant_type: "refresh_token", refresh_token: first.json.refresh_token as string, client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json).toMatchObject({ access_token: expect.stringMatching(/^ya29\./), token_type: "Bearer", expires_in: 3599, id_token: expect.any(String) });
    expect(refreshed.json.access_token).not.toBe(first.json.access_token);
    expect(refreshed.json).not.toHaveProperty("refresh_token");
    const userinfo = await fetch(config.userinfo_endpoint, { headers: { Authorization: `Bearer ${refreshed.json.access_token}` } });
    expect(((await userinfo.json()) as { email: string }).email).toBe("ref@example.test");

    expect(await token(config, { grant_type: "refresh_token", refresh_token: "1//unknown", client_id: CLIENT_ID, client_secret: CLIENT_SECRET })).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
  });

  it("logs the authorize query, so a test can see the app asked for offline access and consent", async () => {
    const config = await discovery();
    await signIn(config, "log@example.test", { access_type: "offline", prompt: "consent" });
    const { requests } = (await (await sandbox.get("/__control/requests?route=oauth-google")).json()) as { requests: RecordedRequest[] };
    const authorize = requests.filter((request) => request.path.startsWith("/oauth/google/authorize?"));
    expect(authorize.map((request) => request.method)).toEqual(["GET", "POST"]);
    const query = new URL(authorize[0]!.path, sandbox.url).searchParams;
    expect(query.get("access_type")).toBe("offline");
    expect(query.get("prompt")).toBe("consent");
    expect(query.get("client_id")).toBe(CLIENT_ID);
  });

  it("sends Cancel back as access_denied with the state, and refuses bad requests", async () => {
    const config = await discovery();
    const cancelled = await submitConsent(authorizeUrl(config, { state: "keep me" }), { email: "", decision: "deny" });
    expect(Object.fromEntries(cancelled.searchParams)).toEqual({ error: "access_denied", state: "keep me" });

    const unknownClient = await fetch(authorizeUrl(config, { client_id: "nope" }));
    expect(unknownClient.status).toBe(401);
    expect(await unknownClient.text()).toContain("invalid_client");
    expect((await fetch(authorizeUrl(config, { redirect_uri: "ftp://x.test/" }))).status).toBe(400);

    const badType = await fetch(authorizeUrl(config, { response_type: "token", state: "s" }), { redirect: "manual" });
    expect(badType.status).toBe(302);
    expect(new URL(badType.headers.get("location")!).searchParams.get("error")).toBe("unsupported_response_type");

    const badEmail = await fetch(authorizeUrl(config, {}), { method: "POST", body: new URLSearchParams({ email: "not an address", decision: "allow" }), redirect: "manual" });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.text()).toContain("Enter an email address.");
  });

  it("takes faults like the other routes", async () => {
    const config = await discovery();
    await sandbox.control("POST", "/__control/faults", { route: "oauth-google", status: 503, match: "/oauth/google/token", times: 1 });
    const { code, verifier } = await signIn(config, "fault@example.test");
    expect((await exchange(config, code, verifier)).status).toBe(503);
    expect((await exchange(config, code, verifier)).status).toBe(200);
  });
});
