/**
 * The authorize endpoint both providers share: `GET` checks the request and shows the sign-in
 * form (oauth/pages.ts); `POST` to the same URL (the form) either issues a code and redirects to
 * `redirect_uri?code=...&state=...`, or, for "Cancel", to `redirect_uri?error=access_denied&state=...`.
 */
import type { Context, Hono, MiddlewareHandler } from "hono";
import type { SandboxOAuthClient } from "./clients";
import { checkAuthorizationRequest, redirectWith, type AuthorizationRequest, type AuthorizeCheck, type AuthorizeRules, type OAuthGrants } from "./grants";
import { isEmailAddress, sandboxUser, type SandboxUser } from "./identity";
import { consentPage, errorPage } from "./pages";

export interface AuthorizeEndpointOptions {
  /** "Sandbox Google" */
  providerName: string;
  clients: readonly SandboxOAuthClient[];
  rules: AuthorizeRules;
  grants: OAuthGrants;
  newCode(): string;
  /** HTTP status of the error page for a request that cannot be sent back. */
  pageStatus(reason: Extract<AuthorizeCheck, { kind: "page" }>["reason"]): number;
  /** Added to `error=access_denied` when the user cancels. */
  deniedParams?: Record<string, string>;
  /** Offer "Keep my email address private". */
  privateEmailOption: boolean;
  /** Scopes as the form lists them. */
  describeScopes(request: AuthorizationRequest): string[];
  /** Told about each sign-in (the providers remember users for their avatars). */
  onSignIn(user: SandboxUser): void;
}

function html(c: Context, body: string, status: number): Response {
  return c.body(body, status as 200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
}

export function registerAuthorizeEndpoint(app: Hono, path: string, route: MiddlewareHandler, options: AuthorizeEndpointOptions): void {
  /** The request, or the answer that refuses it. */
  const check = (c: Context): AuthorizationRequest | Response => {
    const result = checkAuthorizationRequest(new URL(c.req.url).searchParams, options.clients, options.rules);
    if (result.ok) return result.request;
    if (result.kind === "page") {
      const status = options.pageStatus(result.reason);
      const error = result.reason === "unknown_client" ? "invalid_client" : "invalid_request";
      return html(c, errorPage(options.providerName, status, error, result.description), status);
    }
    return c.redirect(redirectWith(result.redirectUri, { error: result.error, error_description: result.description, state: result.state }), 302);
  };

  const form = (c: Context, request: AuthorizationRequest, values: { email: string; name: string; error?: string }, status: number) => {
    const url = new URL(c.req.url);
    return html(
      c,
      consentPage({
        provider: options.providerName,
        clientId: request.clientId,
        action: `${url.pathname}${url.search}`,
        email: values.email,
        name: values.name,
        scopes: options.describeScopes(request),
        offline: request.accessType === "offline",
        privateEmailOption: options.privateEmailOption,
        error: values.error,
      }),
      status,
    );
  };

  app.get(path, route, (c) => {
    const request = check(c);
    if (request instanceof Response) return request;
    const hint = request.loginHint ?? "";
    return form(c, request, { email: hint.includes("@") ? hint : "", name: "" }, 200);
  });

  app.post(path, route, async (c) => {
    const request = check(c);
    if (request instanceof Response) return request;
    const body = new URLSearchParams(await c.req.text());
    if (body.get("decision") === "deny") {
      return c.redirect(redirectWith(request.redirectUri, { error: "access_denied", ...options.deniedParams, state: request.state }), 302);
    }
    const email = (body.get("email") ?? "").trim();
    const name = body.get("name") ?? "";
    if (!isEmailAddress(email)) return form(c, request, { email, name, error: "Enter an email address." }, 400);
    const user = sandboxUser(email, name, body.get("private_email") === "1");
    options.onSignIn(user);
    const code = options.grants.issueCode({ request, user }, options.newCode());
    return c.redirect(redirectWith(request.redirectUri, { code, state: request.state }), 302);
  });
}
