import { z } from "zod";
import { errors } from "@/server/errors";
import { openJson, sealJson, secretBox, SecretBoxError, type SecretBox } from "@/server/lib/secret-box";
import type { Logger } from "@/server/logger";
import type { ZoteroAccess, ZoteroApi } from "@/server/sources/zotero/zotero-api";
import { ZoteroApiError } from "@/server/sources/zotero/zotero-client";
import type { ZoteroOAuth } from "@/server/sources/zotero/zotero-oauth";
import { APP_NAME } from "@/shared/constants";
import { ZOTERO_CREDENTIALS_TTL_MS, ZOTERO_OAUTH_COOKIE_MAX_AGE_SECONDS, ZOTERO_STATUS_RECHECK_MS } from "@/shared/zotero/zotero-constants";
import type { ZoteroConnectionMethod, ZoteroDisconnectResult, ZoteroStatus } from "@/shared/zotero/zotero-contract";
import { ZOTERO_MESSAGES } from "@/shared/zotero/zotero-messages";
import type { ZoteroConnectionRepository } from "./zotero-connection.repository";

/** The stored credentials, sealed at rest. */
const credentialsSchema = z.object({
  access_token: z.string(),
  /** The API key requests carry (Zotero's OAuth hands it over as the token secret). */
  access_token_secret: z.string().min(1),
  user_id: z.string().min(1),
  username: z.string(),
  method: z.enum(["oauth", "manual"]),
});
type Credentials = z.infer<typeof credentialsSchema>;

/** The OAuth handshake's state between the redirect to Zotero and its return (in a sealed cookie). */
const handshakeSchema = z.object({ token: z.string(), secret: z.string(), userId: z.string(), at: z.number() });

/** The OAuth return's error codes. */
export type OAuthReturnCode = "missing_params" | "token_mismatch" | "auth_failed";

/**
 * The Zotero connection: OAuth or a
 * manual key, credentials sealed at rest and scoped by user, expiring 30 days after saving;
 * soft disconnect (kept, inactive), reconnect, and disconnect with revocation. The key never
 * leaves the server: the status says who is connected and how, nothing more.
 */
export function zoteroConnectionService(deps: {
  repository: ZoteroConnectionRepository;
  api: ZoteroApi;
  oauth: ZoteroOAuth | null;
  secret: string;
  logger: Logger;
  now?: () => number;
}) {
  const { repository, api, oauth, logger } = deps;
  const now = deps.now ?? Date.now;
  const box: SecretBox = secretBox(deps.secret, "zotero-credentials");
  const handshakeBox: SecretBox = secretBox(deps.secret, "zotero-oauth-handshake");

  function open(sealed: string): Credentials | null {
    try {
      const parsed = credentialsSchema.safeParse(openJson(box, sealed));
      return parsed.success ? parsed.data : null;
    } catch (error) {
      if (error instanceof SecretBoxError) {
        logger.warn("stored Zotero credentials could not be decrypted (was the server secret changed?)");
        return null;
      }
      throw error;
    }
  }

  async function save(userId: string, credentials: Credentials): Promise<void> {
    const connectedAt = new Date(now()).toISOString();
    await repository.save(userId, {
      sealedCredentials: sealJson(box, credentials),
      metadata: { username: credentials.username, connected_at: connectedAt, validated_at: connectedAt, method: credentials.method, zotero_user_id: credentials.user_id },
      expiresAt: new Date(now() + ZOTERO_CREDENTIALS_TTL_MS),
    });
  }

  /** The stored row, opened; expired rows are deactivated and treated as absent (spec). */
  async function load(userId: string) {
    const row = await repository.find(userId);
    if (!row) return null;
    const credentials = open(row.sealedCredentials);
    if (!credentials) return null;
    if (row.expiresAt && row.expiresAt.getTime() <= now()) {
      if (row.isActive) await repository.setActive(userId, false);
      return null;
    }
    return { row, credentials };
  }

  const notConnected = (): ZoteroStatus => ({
    connected: false,
    state: "not_connected",
    userId: null,
    username: null,
    method: null,
    source: "none",
    expiresAt: null,
    manualPending: false,
    oauthAvailable: oauth !== null,
  });

  function statusOf(credentials: Credentials, active: boolean, expiresAt: Date | null): ZoteroStatus {
    return {
      connected: active,
      state: active ? "connected" : "credentials_saved",
      userId: credentials.user_id,
      username: credentials.username || null,
      method: credentials.method,
      source: "database",
      expiresAt: expiresAt?.toISOString() ?? null,
      manualPending: false,
      oauthAvailable: oauth !== null,
    };
  }

  /** Checks the key with the spec's library call; false when Zotero refuses it (revoked). */
  async function keyStillWorks(credentials: Credentials): Promise<boolean> {
    try {
      await api.validate({ apiKey: credentials.access_token_secret, userId: credentials.user_id });
      return true;
    } catch (error) {
      if (error instanceof ZoteroApiError && (error.kind === "unauthorized" || error.kind === "not_found")) return false;
      // Zotero unreachable: nothing says the key is bad; keep the connection.
      logger.warn({ err: error }, "could not check the Zotero key");
      return true;
    }
  }

  return {
    /**
     * The connection status. An active connection's key is checked against Zotero at most every
     * 5 minutes; a key Zotero refuses leaves the credentials saved but inactive (Reconnect).
     */
    async status(userId: string): Promise<ZoteroStatus> {
      const loaded = await load(userId);
      if (!loaded) return notConnected();
      const { row, credentials } = loaded;
      if (row.isActive) {
        const validatedAt = Date.parse(String(row.metadata.validated_at ?? ""));
        if (!Number.isFinite(validatedAt) || now() - validatedAt >= ZOTERO_STATUS_RECHECK_MS) {
          if (await keyStillWorks(credentials)) {
            await repository.updateMetadata(userId, { ...row.metadata, validated_at: new Date(now()).toISOString() });
          } else {
            await repository.setActive(userId, false);
            return statusOf(credentials, false, row.expiresAt);
          }
        }
      }
      return statusOf(credentials, row.isActive, row.expiresAt);
    },

    /** Whose library and which key, for a call on the user's behalf; 409 not_connected otherwise. */
    async access(userId: string): Promise<ZoteroAccess & { username: string }> {
      const loaded = await load(userId);
      if (!loaded || !loaded.row.isActive) throw errors.notConnected(ZOTERO_MESSAGES.notConnectedTitle);
      return { apiKey: loaded.credentials.access_token_secret, userId: loaded.credentials.user_id, username: loaded.credentials.username };
    },

    /** Zotero refused the key during work (revoked mid-sync): the connection goes inactive. */
    async markKeyRefused(userId: string): Promise<void> {
      await repository.setActive(userId, false);
    },

    /** A key the user made on Zotero's page: checked with Zotero, then saved (method manual). */
    async connectWithKey(userId: string, apiKey: string): Promise<ZoteroStatus> {
      const info = await api.keyInfo(apiKey).catch((error: unknown) => {
        throw errors.upstream(error instanceof Error ? error.message : "Zotero could not be reached");
      });
      if (!info) throw errors.validation("Zotero does not know this API key. Check that you copied all of it.");
      if (!info.canRead) throw errors.validation("This key cannot read your personal library. Create a key with library access.");
      const credentials: Credentials = { access_token: apiKey, access_token_secret: apiKey, user_id: info.userId, username: info.username, method: "manual" };
      await save(userId, credentials);
      return statusOf(credentials, true, new Date(now() + ZOTERO_CREDENTIALS_TTL_MS));
    },

    oauthAvailable: oauth !== null,

    /** OAuth step 1: a request token, the page to send the user to, and the sealed handshake for the cookie. */
    async startOAuth(userId: string, callbackUrl: string): Promise<{ authorizeUrl: string; handshake: string }> {
      if (!oauth) throw errors.unavailable("Connecting with Zotero by OAuth is not configured on this server. Use an API key instead.");
      const request = await oauth.requestToken(callbackUrl).catch((error: unknown) => {
        throw errors.upstream(error instanceof Error ? `Zotero refused the OAuth request: ${error.message}` : "Zotero could not be reached");
      });
      return {
        authorizeUrl: oauth.authorizeUrl(request.token, APP_NAME),
        handshake: sealJson(handshakeBox, { token: request.token, secret: request.secret, userId, at: now() }),
      };
    },

    /** OAuth step 3 (Zotero's return): null on success, else the spec's error code. */
    async finishOAuth(userId: string, handshakeCookie: string | undefined, params: { token?: string; verifier?: string }): Promise<OAuthReturnCode | null> {
      if (!oauth || !params.token || !params.verifier || !handshakeCookie) return "missing_params";
      let handshake: z.infer<typeof handshakeSchema>;
      try {
        const parsed = handshakeSchema.safeParse(openJson(handshakeBox, handshakeCookie));
        if (!parsed.success) return "token_mismatch";
        handshake = parsed.data;
      } catch {
        return "token_mismatch";
      }
      if (handshake.token !== params.token || handshake.userId !== userId || now() - handshake.at > ZOTERO_OAUTH_COOKIE_MAX_AGE_SECONDS * 1000) return "token_mismatch";
      try {
        const grant = await oauth.accessToken({ token: handshake.token, secret: handshake.secret }, params.verifier);
        await save(userId, { access_token: grant.token, access_token_secret: grant.apiKey, user_id: grant.userId, username: grant.username, method: "oauth" });
        return null;
      } catch (error) {
        logger.warn({ err: error }, "zotero oauth access step failed");
        return "auth_failed";
      }
    },

    /** Soft disconnect: the credentials stay (state 'Credentials Saved'), inactive until Reconnect. */
    async softDisconnect(userId: string): Promise<boolean> {
      return repository.setActive(userId, false);
    },

    /** Reactivates saved credentials after checking the key still works. */
    async reconnect(userId: string): Promise<ZoteroStatus> {
      const loaded = await load(userId);
      if (!loaded) throw errors.notConnected("No saved Zotero credentials to reconnect with. You may need to sign in again.");
      if (!(await keyStillWorks(loaded.credentials))) throw errors.unauthorized("Zotero no longer accepts the saved key. You may need to sign in again.");
      await repository.setActive(userId, true, { ...loaded.row.metadata, validated_at: new Date(now()).toISOString() });
      return statusOf(loaded.credentials, true, loaded.row.expiresAt);
    },

    /**
     * Disconnect with revocation: the key is revoked at Zotero, the credentials deleted. Succeeds
     * when the credentials were deleted (the caller adds whether the cookies were cleared).
     */
    async revokeAndDelete(userId: string): Promise<Omit<ZoteroDisconnectResult["details"], "cookies">> {
      const loaded = await load(userId);
      let revoke: { success: boolean; error?: string } = { success: true };
      if (loaded) {
        try {
          await api.revokeKey(loaded.credentials.access_token_secret);
        } catch (error) {
          revoke = { success: false, error: error instanceof Error ? error.message : "Zotero could not be reached" };
          logger.warn({ err: error }, "could not revoke the Zotero key; deleting the credentials anyway");
        }
      }
      const deleted = await repository.remove(userId);
      return { credentials: { success: deleted }, revoke };
    },

    /** The connection method of a status, for logs. */
    describe(method: ZoteroConnectionMethod | null): string {
      return method === "oauth" ? "OAuth" : method === "manual" ? "API key" : "none";
    },
  };
}
export type ZoteroConnectionService = ReturnType<typeof zoteroConnectionService>;
