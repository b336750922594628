import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SANDBOX_OAUTH_CLIENTS } from "./clients";
import { checkAuthorizationRequest, clientCredentials, OAuthGrants, redirectWith, type AuthorizationRequest } from "./grants";
import { githubIdFor, githubLoginFor, googleSubFor, nameFromEmail, sandboxUser } from "./identity";

const CLIENT = SANDBOX_OAUTH_CLIENTS.google[0]!;
const RULES = { requireResponseType: true, requireScope: true };
const VERIFIER = "v".repeat(20) + "-._~0123456789abcdefghijklmnop";

function request(extra: Partial<AuthorizationRequest> = {}): AuthorizationRequest {
  return { clientId: CLIENT.clientId, redirectUri: "http://app.test/cb", responseType: "code", scope: "openid", ...extra };
}

function setup() {
  let now = 1_000_000;
  const grants = new OAuthGrants({ clients: SANDBOX_OAUTH_CLIENTS.google, now: () => now });
  return { grants, advance: (ms: number) => (now += ms) };
}

const redeem = (grants: OAuthGrants, code: string, extra: { redirectUri?: string; codeVerifier?: string; clientId?: string } = {}) =>
  grants.redeemCode({ code, clientId: extra.clientId ?? CLIENT.clientId, redirectUri: extra.redirectUri ?? "http://app.test/cb", codeVerifier: extra.codeVerifier, requireRedirectUri: true });

describe("checkAuthorizationRequest", () => {
  const params = (query: Record<string, string>) => new URLSearchParams(query);
  const valid = { client_id: CLIENT.clientId, redirect_uri: "http://app.test/cb?x=1", response_type: "code", scope: "openid email", state: "s 1" };

  it("accepts a complete request and keeps what the token answer needs", () => {
    const result = checkAuthorizationRequest(params({ ...valid, nonce: "n", access_type: "offline", prompt: "consent", login_hint: "a@b.test", code_challenge: "x".repeat(43), code_challenge_method: "S256" }), SANDBOX_OAUTH_CLIENTS.google, RULES);
    expect(result).toEqual({
      ok: true,
      request: expect.objectContaining({ state: "s 1", nonce: "n", accessType: "offline", prompt: "consent", loginHint: "a@b.test", codeChallengeMethod: "S256" }),
    });
  });

  it("refuses on a page what cannot be sent back, and redirects the rest", () => {
    expect(checkAuthorizationRequest(params({ ...valid, client_id: "nope" }), SANDBOX_OAUTH_CLIENTS.google, RULES)).toMatchObject({ kind: "page", reason: "unknown_client" });
    expect(checkAuthorizationRequest(params({ ...valid, redirect_uri: "javascript:alert(1)" }), SANDBOX_OAUTH_CLIENTS.google, RULES)).toMatchObject({ kind: "page", reason: "invalid_redirect_uri" });
    expect(checkAuthorizationRequest(params({ ...valid, response_type: "token" }), SANDBOX_OAUTH_CLIENTS.google, RULES)).toMatchObject({ kind: "redirect", error: "unsupported_response_type", state: "s 1" });
    expect(checkAuthorizationRequest(params({ ...valid, code_challenge: "short" }), SANDBOX_OAUTH_CLIENTS.google, RULES)).toMatchObject({ kind: "redirect", error: "invalid_request" });
    expect(checkAuthorizationRequest(params({ ...valid, prompt: "none" }), SANDBOX_OAUTH_CLIENTS.google, RULES)).toMatchObject({ kind: "redirect", error: "login_required" });
  });

  it("defaults the PKCE method to plain, as RFC 7636 says", () => {
    const result = checkAuthorizationRequest(params({ ...valid, code_challenge: VERIFIER }), SANDBOX_OAUTH_CLIENTS.google, RULES);
    expect(result.ok && result.request.codeChallengeMethod).toBe("plain");
  });
});

describe("OAuthGrants", () => {
  const user = sandboxUser("ada@example.test", "Ada");

  it("redeems a code once; a replay fails and revokes the tokens it gave", () => {
    const { grants } = setup();
    const code = grants.issueCode({ request: request(), user }, "c1");
    const first = redeem(grants, code);
    expect(first.ok).toBe(true);
    grants.addAccessToken("t1", { request: request(), user }, 60_000, code);
    expect(grants.accessToken("t1")).toBeDefined();
    expect(redeem(grants, code)).toMatchObject({ ok: false, reason: "replayed_code" });
    expect(grants.accessToken("t1")).toBeUndefined();
  });

  it("lets codes expire after 60 s and access tokens after their lifetime", () => {
    const { grants, advance } = setup();
    grants.issueCode({ request: request(), user }, "c1");
    grants.issueCode({ request: request(), user }, "c2");
    advance(59_999);
    expect(redeem(grants, "c1").ok).toBe(true);
    advance(1);
    expect(redeem(grants, "c2")).toMatchObject({ ok: false, reason: "expired_code" });
    grants.addAccessToken("t", { request: request(), user }, 1000);
    advance(1000);
    expect(grants.accessToken("t")).toBeUndefined();
  });

  it("checks the client, the redirect URI and PKCE (S256 and plain)", () => {
    const { grants } = setup();
    const s256 = createHash("sha256").update(VERIFIER).digest("base64url");
    grants.issueCode({ request: request(), user }, "a");
    expect(redeem(grants, "a", { clientId: "other" })).toMatchObject({ reason: "client_mismatch" });
    expect(redeem(grants, "a", { redirectUri: "http://app.test/other" })).toMatchObject({ reason: "redirect_uri_mismatch" });
    expect(redeem(grants, "a", { codeVerifier: VERIFIER })).toMatchObject({ reason: "code_verifier_unexpected" });
    grants.issueCode({ request: request({ codeChallenge: s256, codeChallengeMethod: "S256" }), user }, "b");
    expect(redeem(grants, "b")).toMatchObject({ reason: "code_verifier_missing" });
    expect(redeem(grants, "b", { codeVerifier: `${VERIFIER}x` })).toMatchObject({ reason: "code_verifier_mismatch" });
    expect(redeem(grants, "b", { codeVerifier: VERIFIER }).ok).toBe(true);
    grants.issueCode({ request: request({ codeChallenge: VERIFIER, codeChallengeMethod: "plain" }), user }, "c");
    expect(redeem(grants, "c", { codeVerifier: VERIFIER }).ok).toBe(true);
  });

  it("authenticates clients by id and secret", () => {
    const { grants } = setup();
    expect(grants.authenticateClient(CLIENT.clientId, CLIENT.clientSecret)).toBe(CLIENT);
    expect(grants.authenticateClient(CLIENT.clientId, "wrong")).toBeUndefined();
    expect(grants.authenticateClient("unknown", CLIENT.clientSecret)).toBeUndefined();
    expect(grants.authenticateClient(CLIENT.clientId, undefined)).toBeUndefined();
  });
});

describe("helpers", () => {
  it("reads client_secret_basic (form-encoded parts) before the body", () => {
    const basic = `Basic ${Buffer.from("my%3Aclient:s%C3%A9cret+1").toString("base64")}`;
    expect(clientCredentials(basic, new URLSearchParams("client_id=x&client_secret=y"))).toEqual({ clientId: "my:client", clientSecret: "sécret 1" });
    expect(clientCredentials(undefined, new URLSearchParams("client_id=x&client_secret=y"))).toEqual({ clientId: "x", clientSecret: "y" });
  });

  it("adds parameters to a redirect URI that has a query already", () => {
    expect(redirectWith("http://app.test/cb?a=1", { code: "c/d", state: "x y&z", skipped: undefined })).toBe("http://app.test/cb?a=1&code=c%2Fd&state=x+y%26z");
  });

  it("derives stable ids from the address, in any case", () => {
    expect(googleSubFor("Ada@Example.test")).toBe(googleSubFor(" ada@example.test "));
    expect(googleSubFor("ada@example.test")).toMatch(/^1\d{20}$/);
    expect(googleSubFor("ada@example.test")).not.toBe(googleSubFor("bob@example.test"));
    expect(githubIdFor("ADA@example.test")).toBe(githubIdFor("ada@example.test"));
    expect(githubLoginFor("Ada.Lovelace+quire@example.test")).toBe("ada-lovelace-quire");
    expect(nameFromEmail("ada.lovelace+x@example.test")).toBe("Ada Lovelace");
  });
});
