/**
 * A Google-like OpenID Connect provider at `/oauth/google` (route name `oauth-google`):
 * discovery, authorize (a sign-in form instead of a Google account), token (authorization_code
 * and refresh_token grants, client_secret_post or client_secret_basic, PKCE), RS256 ID tokens,
 * userinfo, JWKS, revoke. Point the app at it with
 * `GOOGLE_DISCOVERY_URL=<sandbox>/oauth/google/.well-known/openid-configuration` and the client in
 * oauth/clients.ts. The issuer is `<sandbox>/oauth/google` (as the request's Host names it).
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";
import { registerAuthorizeEndpoint } from "../oauth/authorize-endpoint";
import { SANDBOX_OAUTH_CLIENTS } from "../oauth/clients";
import { bearerToken, clientCredentials, OAuthGrants, randomToken, requestParams, type Grant } from "../oauth/grants";
import { avatarSvg, googleSubFor } from "../oauth/identity";
import { createSigningKey } from "../oauth/signing-key";
import type { Upstream } from "../upstream";

export const OAUTH_GOOGLE_ROUTE = "oauth-google";
const PREFIX = "/oauth/google";
/** Google's access tokens live an hour and say 3599 s. */
const ACCESS_TOKEN_TTL_S = 3599;
const ID_TOKEN_TTL_S = 3600;

const SCOPE_URLS: Record<string, string> = {
  email: "https://www.googleapis.com/auth/userinfo.email",
  profile: "https://www.googleapis.com/auth/userinfo.profile",
};

function scopesOf(grant: Grant): string[] {
  return grant.request.scope.split(/\s+/).filter(Boolean);
}

/** Google answers the short scope names expanded to their URLs. */
function grantedScope(grant: Grant): string {
  return scopesOf(grant)
    .map((scope) => SCOPE_URLS[scope] ?? scope)
    .join(" ");
}

function hasScope(grant: Grant, name: "email" | "profile" | "openid"): boolean {
  const scopes = scopesOf(grant);
  return scopes.includes(name) || (name !== "openid" && scopes.includes(SCOPE_URLS[name]!));
}

function splitName(name: string): { given: string; family: string | undefined } {
  const [given = "", ...rest] = name.trim().split(/\s+/);
  return { given, family: rest.length > 0 ? rest.join(" ") : undefined };
}

function baseUrl(c: Context): string {
  return `${new URL(c.req.url).origin}${PREFIX}`;
}

/** The claims a grant's scopes release (ID token and userinfo alike). */
function userClaims(c: Context, grant: Grant): Record<string, unknown> {
  const { user } = grant;
  const sub = googleSubFor(user.email);
  const claims: Record<string, unknown> = { sub };
  if (hasScope(grant, "email")) Object.assign(claims, { email: user.email, email_verified: true });
  if (hasScope(grant, "profile")) {
    const { given, family } = splitName(user.name);
    Object.assign(claims, { name: user.name, picture: `${baseUrl(c)}/avatar/${sub}`, given_name: given });
    if (family) claims.family_name = family;
  }
  return claims;
}

function noStore(c: Context): void {
  c.header("Cache-Control", "no-store");
  c.header("Pragma", "no-cache");
}

function tokenError(c: Context, status: 400 | 401, error: string, description: string): Response {
  noStore(c);
  return c.json({ error, error_description: description }, status);
}

export const oauthGoogleUpstream: Upstream = {
  name: "oauth-google",
  routes: [OAUTH_GOOGLE_ROUTE],
  register(app, context) {
    const route = context.route(OAUTH_GOOGLE_ROUTE);
    const clients = SANDBOX_OAUTH_CLIENTS.google;
    const grants = new OAuthGrants({ clients });
    /** Made in the background; the first token or JWKS request waits for it. */
    const signingKey = createSigningKey();
    signingKey.catch((error: unknown) => console.error("[sandbox] oauth-google: could not make the signing key", error));
    /** Names for the avatars, by subject. */
    const names = new Map<string, string>();

    const idToken = async (c: Context, grant: Grant, accessToken: string): Promise<string> => {
      const key = await signingKey;
      const now = Math.floor(grants.now() / 1000);
      const { sub, ...claims } = userClaims(c, grant);
      const digest = createHash("sha256").update(accessToken).digest();
      return key.sign({
        iss: baseUrl(c),
        azp: grant.request.clientId,
        aud: grant.request.clientId,
        sub: sub as string,
        at_hash: digest.subarray(0, digest.length / 2).toString("base64url"),
        ...(grant.request.nonce ? { nonce: grant.request.nonce } : {}),
        ...claims,
        iat: now,
        exp: now + ID_TOKEN_TTL_S,
      });
    };

    const tokenAnswer = async (c: Context, grant: Grant, options: { code?: string; withRefreshToken: boolean }) => {
      const accessToken = `ya29.${randomToken(64)}`;
      grants.addAccessToken(accessToken, grant, ACCESS_TOKEN_TTL_S * 1000, options.code);
      const body: Record<string, unknown> = { access_token: accessToken, expires_in: ACCESS_TOKEN_TTL_S };
      if (options.withRefreshToken) {
        const refreshToken = `1//${randomToken(64)}`;
        grants.addRefreshToken(refreshToken, grant, options.code);
        body.refresh_token = refreshToken;
      }
      body.scope = grantedScope(grant);
      body.token_type = "Bearer";
      if (hasScope(grant, "openid")) body.id_token = await idToken(c, grant, accessToken);
      noStore(c);
      return c.json(body);
    };

    app.get(`${PREFIX}/.well-known/openid-configuration`, route, (c) => {
      const base = baseUrl(c);
      return c.json({
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        userinfo_endpoint: `${base}/userinfo`,
        revocation_endpoint: `${base}/revoke`,
        jwks_uri: `${base}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
        token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
        claims_supported: ["aud", "email", "email_verified", "exp", "family_name", "given_name", "iat", "iss", "name", "picture", "sub", "nonce", "at_hash", "azp"],
        code_challenge_methods_supported: ["S256", "plain"],
        grant_types_supported: ["authorization_code", "refresh_token"],
      });
    });

    app.get(`${PREFIX}/jwks`, route, async (c) => {
      const key = await signingKey;
      c.header("Cache-Control", "public, max-age=300");
      return c.json({ keys: [key.publicJwk] });
    });

    registerAuthorizeEndpoint(app, `${PREFIX}/authorize`, route, {
      providerName: "Sandbox Google",
      clients,
      rules: { requireResponseType: true, requireScope: true },
      grants,
      newCode: () => `4/0${randomToken(48)}`,
      pageStatus: (reason) => (reason === "unknown_client" ? 401 : 400),
      privateEmailOption: false,
      describeScopes: (request) =>
        request.scope
          .split(/\s+/)
          .filter(Boolean)
          .map((scope) => ({ openid: "Associate you with your personal info", email: "See your email address", profile: "See your name and picture" })[scope] ?? scope),
      onSignIn: (user) => names.set(googleSubFor(user.email), user.name),
    });

    app.post(`${PREFIX}/token`, route, async (c) => {
      const params = await requestParams(c.req.raw);
      const grantType = params.get("grant_type") ?? "";
      if (grantType !== "authorization_code" && grantType !== "refresh_token") return tokenError(c, 400, "unsupported_grant_type", `Invalid grant_type: ${grantType}`);
      const { clientId, clientSecret } = clientCredentials(c.req.header("authorization"), params);
      const client = grants.authenticateClient(clientId, clientSecret);
      if (!client) {
        const known = clients.some((candidate) => candidate.clientId === clientId);
        return tokenError(c, 401, "invalid_client", known ? "Unauthorized" : "The OAuth client was not found.");
      }

      if (grantType === "refresh_token") {
        const refreshToken = params.get("refresh_token");
        if (!refreshToken) return tokenError(c, 400, "invalid_request", "Missing required parameter: refresh_token");
        const grant = grants.refreshToken(refreshToken, client.clientId);
        if (!grant) return tokenError(c, 400, "invalid_grant", "Token has been expired or revoked.");
        return tokenAnswer(c, grant, { withRefreshToken: false });
      }

      const code = params.get("code");
      if (!code) return tokenError(c, 400, "invalid_request", "Missing required parameter: code");
      const result = grants.redeemCode({
        code,
        clientId: client.clientId,
        redirectUri: params.get("redirect_uri") ?? undefined,
        codeVerifier: params.get("code_verifier") ?? undefined,
        requireRedirectUri: true,
      });
      if (!result.ok) return tokenError(c, 400, result.reason === "redirect_uri_missing" ? "invalid_request" : "invalid_grant", result.description);
      return tokenAnswer(c, result.grant, { code: result.code, withRefreshToken: result.grant.request.accessType === "offline" });
    });

    const userinfo = (c: Context) => {
      const token = bearerToken(c.req.header("authorization"));
      const entry = token === undefined ? undefined : grants.accessToken(token);
      if (!entry) {
        c.header("WWW-Authenticate", `Bearer realm="${baseUrl(c)}", error="invalid_token"`);
        return c.json({ error: "invalid_request", error_description: "Invalid Credentials" }, 401);
      }
      return c.json(userClaims(c, entry.grant));
    };
    app.get(`${PREFIX}/userinfo`, route, userinfo);
    app.post(`${PREFIX}/userinfo`, route, userinfo);

    app.post(`${PREFIX}/revoke`, route, async (c) => {
      const token = (await requestParams(c.req.raw)).get("token") ?? "";
      if (!grants.revoke(token)) return c.json({ error: "invalid_token", error_description: "Token expired or revoked" }, 400);
      return c.json({});
    });

    app.get(`${PREFIX}/avatar/:sub`, route, (c) => {
      const sub = c.req.param("sub");
      c.header("Cache-Control", "public, max-age=86400");
      return c.body(avatarSvg(names.get(sub) ?? "", sub), 200, { "Content-Type": "image/svg+xml" });
    });
  },
};
