/**
 * A GitHub-like OAuth 2.0 provider (an OAuth app) at `/oauth/github` (route name `oauth-github`):
 * `/login/oauth/authorize` (a sign-in form), `/login/oauth/access_token`, and the two REST calls
 * a sign-in needs, `/api/user` and `/api/user/emails`. Point the app at it with
 * `GITHUB_AUTHORIZATION_URL=<sandbox>/oauth/github/login/oauth/authorize`,
 * `GITHUB_TOKEN_URL=<sandbox>/oauth/github/login/oauth/access_token`,
 * `GITHUB_API_URL=<sandbox>/oauth/github/api` and the client in oauth/clients.ts.
 *
 * As GitHub does, the token endpoint answers its errors with HTTP 200 and an `error` field
 * (`incorrect_client_credentials`, `bad_verification_code`, `redirect_uri_mismatch`), JSON with
 * `Accept: application/json`, else form-encoded; tokens do not expire and come without a
 * refresh token; the API wants a User-Agent.
 */
import type { Context } from "hono";
import { registerAuthorizeEndpoint } from "../oauth/authorize-endpoint";
import { SANDBOX_OAUTH_CLIENTS } from "../oauth/clients";
import { bearerToken, clientCredentials, OAuthGrants, randomToken, requestParams, type Grant } from "../oauth/grants";
import { avatarSvg, githubIdFor, githubLoginFor } from "../oauth/identity";
import type { Upstream } from "../upstream";

export const OAUTH_GITHUB_ROUTE = "oauth-github";
const PREFIX = "/oauth/github";
const DOCS = "https://docs.github.com";
const TOKEN_ERRORS_URI = "/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors";
const TOKEN_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `gho_` and 36 letters and digits, like GitHub's OAuth tokens. */
function newAccessToken(): string {
  const bytes = Buffer.from(randomToken(36, "hex"), "hex");
  return `gho_${[...bytes].map((byte) => TOKEN_CHARS[byte % TOKEN_CHARS.length]).join("")}`;
}

/** GitHub's token answer says the scopes comma-separated. */
function grantedScopes(grant: Grant): string[] {
  return [...new Set(grant.request.scope.split(/[\s,]+/).filter(Boolean))];
}

function canReadEmails(grant: Grant): boolean {
  return grantedScopes(grant).some((scope) => scope === "user" || scope === "user:email");
}

/** JSON when the client asks for it (`Accept: application/json`), else form-encoded, as GitHub does. */
function tokenEndpointAnswer(c: Context, fields: Record<string, string>): Response {
  c.header("Cache-Control", "no-store");
  if ((c.req.header("accept") ?? "").includes("application/json")) return c.json(fields);
  return c.body(new URLSearchParams(fields).toString(), 200, { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8" });
}

function tokenError(c: Context, error: string, description: string, anchor: string): Response {
  return tokenEndpointAnswer(c, { error, error_description: description, error_uri: `${TOKEN_ERRORS_URI}#${anchor}` });
}

function apiError(c: Context, status: 401 | 403 | 404, message: string, documentation: string): Response {
  return c.json({ message, documentation_url: `${DOCS}${documentation}`, status: String(status) }, status);
}

export const oauthGithubUpstream: Upstream = {
  name: "oauth-github",
  routes: [OAUTH_GITHUB_ROUTE],
  register(app, context) {
    const route = context.route(OAUTH_GITHUB_ROUTE);
    const clients = SANDBOX_OAUTH_CLIENTS.github;
    const grants = new OAuthGrants({ clients });
    /** Names for the avatars, by user id. */
    const names = new Map<string, string>();

    registerAuthorizeEndpoint(app, `${PREFIX}/login/oauth/authorize`, route, {
      providerName: "Sandbox GitHub",
      clients,
      rules: { requireResponseType: false, requireScope: false },
      grants,
      newCode: () => randomToken(10, "hex"),
      // GitHub shows its 404 page for an unknown client_id.
      pageStatus: (reason) => (reason === "unknown_client" ? 404 : 400),
      deniedParams: {
        error_description: "The user has denied your application access.",
        error_uri: "/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#access-denied",
      },
      privateEmailOption: true,
      describeScopes: (request) => request.scope.split(/[\s,]+/).filter(Boolean),
      onSignIn: (user) => names.set(String(githubIdFor(user.email)), user.name),
    });

    app.post(`${PREFIX}/login/oauth/access_token`, route, async (c) => {
      const params = await requestParams(c.req.raw);
      const { clientId, clientSecret } = clientCredentials(c.req.header("authorization"), params);
      const client = grants.authenticateClient(clientId, clientSecret);
      if (!client) return tokenError(c, "incorrect_client_credentials", "The client_id and/or client_secret passed are incorrect.", "incorrect-client-credentials");
      const grantType = params.get("grant_type");
      if (grantType && grantType !== "authorization_code") return tokenError(c, "unsupported_grant_type", `The grant type ${grantType} is not supported.`, "unsupported-grant-type");
      const result = grants.redeemCode({
        code: params.get("code") ?? "",
        clientId: client.clientId,
        redirectUri: params.get("redirect_uri") || undefined,
        codeVerifier: params.get("code_verifier") ?? undefined,
        requireRedirectUri: false,
      });
      if (!result.ok) {
        if (result.reason === "redirect_uri_mismatch") {
          return tokenError(c, "redirect_uri_mismatch", "The redirect_uri MUST match the registered callback URL for this application.", "redirect-uri-mismatch2");
        }
        return tokenError(c, "bad_verification_code", `The code passed is incorrect or expired. (${result.description})`, "bad-verification-code");
      }
      const accessToken = newAccessToken();
      grants.addAccessToken(accessToken, result.grant, undefined, result.code);
      return tokenEndpointAnswer(c, { access_token: accessToken, token_type: "bearer", scope: grantedScopes(result.grant).join(",") });
    });

    /** The grant behind the request's token, or GitHub's refusal. */
    const authenticate = (c: Context, documentation: string): Grant | Response => {
      if (!c.req.header("user-agent")) {
        return c.text(
          "Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required). Check https://developer.github.com for other possible causes.",
          403,
        );
      }
      const authorization = c.req.header("authorization");
      if (!authorization) return apiError(c, 401, "Requires authentication", documentation);
      const token = bearerToken(authorization, ["bearer", "token"]);
      const entry = token === undefined ? undefined : grants.accessToken(token);
      if (!entry) return apiError(c, 401, "Bad credentials", "/rest");
      c.header("X-OAuth-Scopes", grantedScopes(entry.grant).join(", "));
      c.header("X-GitHub-Media-Type", "github.v3; format=json");
      c.header("X-RateLimit-Limit", "5000");
      c.header("X-RateLimit-Remaining", "4999");
      return entry.grant;
    };

    app.get(`${PREFIX}/api/user`, route, (c) => {
      const grant = authenticate(c, "/rest/users/users#get-the-authenticated-user");
      if (grant instanceof Response) return grant;
      c.header("X-Accepted-OAuth-Scopes", "");
      const { user } = grant;
      const id = githubIdFor(user.email);
      const login = githubLoginFor(user.email);
      const api = `${new URL(c.req.url).origin}${PREFIX}/api`;
      const created = new Date(Date.UTC(2012, 0, 1) + (id % 3650) * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");
      return c.json({
        login,
        id,
        node_id: `U_kgDO${Buffer.from(String(id)).toString("base64url")}`,
        avatar_url: `${new URL(c.req.url).origin}${PREFIX}/avatars/u/${id}?v=4`,
        gravatar_id: "",
        url: `${api}/users/${login}`,
        html_url: `https://github.com/${login}`,
        type: "User",
        site_admin: false,
        name: user.nameGiven ? user.name : null,
        company: null,
        blog: "",
        location: null,
        email: user.emailPrivate ? null : user.email,
        hireable: null,
        bio: null,
        twitter_username: null,
        public_repos: 0,
        public_gists: 0,
        followers: 0,
        following: 0,
        created_at: created,
        updated_at: created,
      });
    });

    app.get(`${PREFIX}/api/user/emails`, route, (c) => {
      const documentation = "/rest/users/emails#list-email-addresses-for-the-authenticated-user";
      const grant = authenticate(c, documentation);
      if (grant instanceof Response) return grant;
      c.header("X-Accepted-OAuth-Scopes", "user, user:email");
      // Without the user:email (or user) scope GitHub answers 404.
      if (!canReadEmails(grant)) return apiError(c, 404, "Not Found", documentation);
      const { user } = grant;
      return c.json([{ email: user.email, primary: true, verified: true, visibility: user.emailPrivate ? "private" : "public" }]);
    });

    app.get(`${PREFIX}/avatars/u/:id`, route, (c) => {
      const id = c.req.param("id");
      c.header("Cache-Control", "public, max-age=86400");
      return c.body(avatarSvg(names.get(id) ?? "", id), 200, { "Content-Type": "image/svg+xml" });
    });
  },
};
