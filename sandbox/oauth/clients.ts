/**
 * The OAuth clients the sandbox's providers know (`/oauth/google`, `/oauth/github`, and the
 * OAuth 1.0a consumer of the sandbox's zotero.org at `/zotero-web/oauth`). Shared by
 * the providers, tests and `scripts/demo.mjs` (which imports this file directly through Node's
 * type stripping, so it must stay free of imports and of TypeScript-only runtime syntax).
 */

export const SANDBOX_GOOGLE_CLIENT_ID = "quire-google-client";
export const SANDBOX_GOOGLE_CLIENT_SECRET = "quire-google-secret";
export const SANDBOX_GITHUB_CLIENT_ID = "quire-github-client";
export const SANDBOX_GITHUB_CLIENT_SECRET = "quire-github-secret";
/** The Zotero OAuth 1.0a consumer ("client key" and "client secret" on zotero.org/oauth/apps). */
export const SANDBOX_ZOTERO_CLIENT_KEY = "quire-zotero-client";
export const SANDBOX_ZOTERO_CLIENT_SECRET = "quire-zotero-secret";

export interface SandboxOAuthClient {
  clientId: string;
  clientSecret: string;
}

/** Per provider: the registered clients. Any http(s) redirect URI (Zotero: callback) is accepted for them. */
export const SANDBOX_OAUTH_CLIENTS: { google: readonly SandboxOAuthClient[]; github: readonly SandboxOAuthClient[]; zotero: readonly SandboxOAuthClient[] } = {
  google: [{ clientId: SANDBOX_GOOGLE_CLIENT_ID, clientSecret: SANDBOX_GOOGLE_CLIENT_SECRET }],
  github: [{ clientId: SANDBOX_GITHUB_CLIENT_ID, clientSecret: SANDBOX_GITHUB_CLIENT_SECRET }],
  zotero: [{ clientId: SANDBOX_ZOTERO_CLIENT_KEY, clientSecret: SANDBOX_ZOTERO_CLIENT_SECRET }],
};
