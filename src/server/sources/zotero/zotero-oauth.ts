import oauth from "oauth";
import type { Logger } from "@/server/logger";

/**
 * Zotero's OAuth 1.0a key exchange (https://www.zotero.org/support/dev/web_api/v3/oauth):
 * request token -> the user authorizes at `<oauth>/authorize` -> access token. Zotero answers
 * the access step with `oauth_token_secret` = the new API key, plus `userID` and `username`.
 * OAuth is used only to obtain the key; API requests then carry the key itself.
 *
 * The signing and token exchange are `oauth` (ciaranj/node-oauth): of the OAuth 1.0a clients on
 * the registry it is by far the most used (it is what passport-oauth1 builds on), it had
 * releases this year, and it does the whole handshake (HMAC-SHA1 signing, the request- and
 * access-token calls, the form-encoded answers with their extra fields), not only the signature
 * (oauth-1.0a, oauth-sign, oauth-signature leave the HTTP and parsing to the caller).
 */

export type ZoteroOAuthConfig = {
  /** `https://www.zotero.org/oauth` (or the sandbox's): `/request`, `/authorize` and `/access` live under it. */
  oauthUrl: string;
  clientKey: string;
  clientSecret: string;
  logger: Logger;
};

export type RequestToken = { token: string; secret: string };
export type AccessGrant = { token: string; apiKey: string; userId: string; username: string };

/** The handshake failed at Zotero (refused, unreachable or answered something unreadable). */
export class ZoteroOAuthError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ZoteroOAuthError";
  }
}

function failure(error: unknown): ZoteroOAuthError {
  const status = typeof error === "object" && error !== null && "statusCode" in error ? Number((error as { statusCode: unknown }).statusCode) || 0 : 0;
  const data = typeof error === "object" && error !== null && "data" in error ? String((error as { data: unknown }).data ?? "").slice(0, 200) : "";
  const message = error instanceof Error ? error.message : data || `Zotero answered ${status}`;
  return new ZoteroOAuthError(message, status);
}

/** OAuth 1.0a still says `oauth_version=1.0` (RFC 5849); the "a" is the callback and verifier steps. */
const OAUTH_VERSION = "1.0";

export function createZoteroOAuth(config: ZoteroOAuthConfig) {
  const client = (callbackUrl: string | null) =>
    new oauth.OAuth(`${config.oauthUrl}/request`, `${config.oauthUrl}/access`, config.clientKey, config.clientSecret, OAUTH_VERSION, callbackUrl, "HMAC-SHA1");

  return {
    /** Step 1: a request token, with `callbackUrl` where Zotero sends the user back. */
    requestToken(callbackUrl: string): Promise<RequestToken> {
      return new Promise((resolve, reject) => {
        client(callbackUrl).getOAuthRequestToken((error, token, secret) => {
          if (error || !token || !secret) {
            config.logger.warn({ err: error }, "zotero oauth request token failed");
            reject(failure(error ?? new Error("Zotero gave no request token")));
            return;
          }
          resolve({ token, secret });
        });
      });
    },

    /**
     * Step 2: where the user approves Quire, with the permissions asked (read and write access to
     * the personal library and its notes, as the key form's GET values).
     */
    authorizeUrl(requestToken: string, appName: string): string {
      const url = new URL(`${config.oauthUrl}/authorize`);
      url.searchParams.set("oauth_token", requestToken);
      url.searchParams.set("name", appName);
      url.searchParams.set("library_access", "1");
      url.searchParams.set("notes_access", "1");
      url.searchParams.set("write_access", "1");
      url.searchParams.set("all_groups", "none");
      return url.toString();
    },

    /** Step 3: the verifier for the key, the user's id and name. */
    accessToken(request: RequestToken, verifier: string): Promise<AccessGrant> {
      return new Promise((resolve, reject) => {
        client(null).getOAuthAccessToken(request.token, request.secret, verifier, (error, token, secret, results: Record<string, unknown> | undefined) => {
          const userId = results?.userID ?? results?.user_id;
          if (error || !secret || userId === undefined || userId === null || userId === "") {
            config.logger.warn({ err: error }, "zotero oauth access token failed");
            reject(failure(error ?? new Error("Zotero gave no key")));
            return;
          }
          resolve({ token, apiKey: secret, userId: String(userId), username: typeof results?.username === "string" ? results.username : "" });
        });
      });
    },
  };
}

export type ZoteroOAuth = ReturnType<typeof createZoteroOAuth>;
