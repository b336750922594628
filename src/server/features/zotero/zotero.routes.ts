import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { Auth } from "@/server/auth/auth";
import { requireUser, type SignedInEnv } from "@/server/auth/session";
import type { Config } from "@/server/config";
import { errors } from "@/server/errors";
import type { AppEnv } from "@/server/http/context";
import { readJson, readQuery } from "@/server/http/validation";
import { APP_NAME } from "@/shared/constants";
import { ZOTERO_MANUAL_COOKIE_MAX_AGE_SECONDS, ZOTERO_OAUTH_COOKIE_MAX_AGE_SECONDS } from "@/shared/zotero/zotero-constants";
import {
  bibliographyQuerySchema,
  checkExistsQuerySchema,
  deleteQuerySchema,
  exportBatchBodySchema,
  exportBodySchema,
  syncActionSchema,
  syncCredentialsSchema,
  type ZoteroDisconnectResult,
  type ZoteroStatus,
} from "@/shared/zotero/zotero-contract";
import type { ZoteroFeature } from "./zotero.feature";

const OAUTH_COOKIE = "quire_zotero_oauth";
const MANUAL_COOKIE = "quire_zotero_manual";

const authActionSchema = z.object({
  action: z.enum(["status", "login", "callback", "revoke", "disconnect", "reconnect"], { error: "action must be status, login, callback, revoke, disconnect or reconnect" }),
  manual: z.enum(["true", "false", "1", "0"]).optional(),
  soft: z.enum(["true", "false", "1", "0"]).optional(),
});
const opsActionSchema = z.object({ action: z.enum(["check-exists", "export", "export-batch", "delete"], { error: "action must be check-exists, export, export-batch or delete" }) });
const logsQuerySchema = z.object({ sessionId: z.uuid({ error: "sessionId must be a sync session id" }).optional() });

const yes = (value: string | undefined) => value === "true" || value === "1";

/**
 * The Zotero routes (the list and shapes are in
 * src/shared/zotero/zotero-contract.ts), all behind the session: each acts on the signed-in
 * user's own library and credentials, never on an id from the request. Cookie-authenticated
 * writes must come from Quire's own origin.
 */
export function zoteroRoutes(deps: { feature: ZoteroFeature; auth: Pick<Auth, "api">; config: Pick<Config, "publicUrl"> }) {
  const { feature } = deps;
  const secure = deps.config.publicUrl.startsWith("https:");
  const cookieOptions = (maxAge: number) => ({ httpOnly: true, sameSite: "Lax" as const, secure, path: "/api", maxAge });

  const clearCookies = (c: Context) => {
    deleteCookie(c, OAUTH_COOKIE, { path: "/api", secure });
    deleteCookie(c, MANUAL_COOKIE, { path: "/api", secure });
    return true;
  };

  const withManualFlag = (c: Context, status: ZoteroStatus): ZoteroStatus => ({ ...status, manualPending: !status.connected && getCookie(c, MANUAL_COOKIE) === "1" });

  /** Where Zotero's OAuth return lands the user: the settings page, with the outcome. */
  const backToSettings = (c: Context, outcome: { success: string } | { error: string }) => {
    const params = new URLSearchParams({ zotero: "1", ...outcome });
    return c.redirect(`/settings?${params}`, 302);
  };

  const authZotero = new Hono<SignedInEnv>()
    .get("/", async (c) => {
      const { action, manual } = readQuery(c, authActionSchema);
      const userId = c.var.user.id;
      if (action === "status") return c.json(withManualFlag(c, await feature.connection.status(userId)));
      if (action === "login") {
        if (yes(manual) || !feature.connection.oauthAvailable) {
          setCookie(c, MANUAL_COOKIE, "1", cookieOptions(ZOTERO_MANUAL_COOKIE_MAX_AGE_SECONDS));
          return c.redirect(feature.newKeyUrl(APP_NAME), 302);
        }
        try {
          const { authorizeUrl, handshake } = await feature.connection.startOAuth(userId, `${deps.config.publicUrl}/api/auth-zotero?action=callback`);
          setCookie(c, OAUTH_COOKIE, handshake, cookieOptions(ZOTERO_OAUTH_COOKIE_MAX_AGE_SECONDS));
          return c.redirect(authorizeUrl, 302);
        } catch (error) {
          c.var.log?.warn({ err: error }, "zotero oauth could not start");
          return backToSettings(c, { error: "auth_failed" });
        }
      }
      if (action === "callback") {
        // The user pressed Cancel at Zotero (oauth_problem=permission_denied): nothing to exchange.
        const problem = c.req.query("oauth_problem");
        if (problem) {
          deleteCookie(c, OAUTH_COOKIE, { path: "/api", secure });
          return backToSettings(c, { error: problem.replace(/[^a-z_]/gi, "").slice(0, 40) || "auth_failed" });
        }
        const code = await feature.connection.finishOAuth(userId, getCookie(c, OAUTH_COOKIE), {
          token: c.req.query("oauth_token"),
          verifier: c.req.query("oauth_verifier"),
        });
        deleteCookie(c, OAUTH_COOKIE, { path: "/api", secure });
        if (code) return backToSettings(c, { error: code });
        deleteCookie(c, MANUAL_COOKIE, { path: "/api", secure });
        return backToSettings(c, { success: "oauth" });
      }
      throw errors.badRequest(`${action} needs POST`);
    })
    .post("/", async (c) => {
      const { action, soft } = readQuery(c, authActionSchema);
      const userId = c.var.user.id;
      if (action === "reconnect") return c.json(await feature.connection.reconnect(userId));
      if (action === "disconnect" && yes(soft)) {
        const kept = await feature.connection.softDisconnect(userId);
        const cookies = clearCookies(c);
        return c.json({ success: kept || cookies, details: { cookies: { success: cookies }, credentials: { success: kept } } } satisfies ZoteroDisconnectResult);
      }
      if (action === "disconnect" || action === "revoke") {
        const outcome = await feature.connection.revokeAndDelete(userId);
        const cookies = clearCookies(c);
        await feature.sync.forgetCopy(userId);
        return c.json({ success: cookies || outcome.credentials.success, details: { cookies: { success: cookies }, ...outcome } } satisfies ZoteroDisconnectResult);
      }
      throw errors.badRequest(`${action} needs GET`);
    });

  const ops = new Hono<SignedInEnv>()
    .get("/", async (c) => {
      const { action } = readQuery(c, opsActionSchema);
      if (action !== "check-exists") throw errors.badRequest(`${action} needs ${action === "delete" ? "DELETE" : "POST"}`);
      const lookup = readQuery(c, checkExistsQuerySchema);
      if (c.req.query("cacheOnly") === "true") {
        const found = await feature.library.inCacheByLookup(c.var.user.id, lookup);
        return c.json({ exists: found !== null, itemKey: found?.zoteroKey ?? null });
      }
      return c.json(await feature.library.checkExists(c.var.user.id, lookup));
    })
    .post("/", async (c) => {
      const { action } = readQuery(c, opsActionSchema);
      if (action === "export") {
        const { item } = await readJson(c, exportBodySchema);
        return c.json(await feature.library.export(c.var.user.id, item));
      }
      if (action === "export-batch") {
        const { papers, collection } = await readJson(c, exportBatchBodySchema);
        return c.json(await feature.library.exportBatch(c.var.user.id, papers, collection));
      }
      throw errors.badRequest(`${action} needs ${action === "delete" ? "DELETE" : "GET"}`);
    })
    .delete("/", async (c) => {
      const { action } = readQuery(c, opsActionSchema);
      if (action !== "delete") throw errors.badRequest(`${action} needs ${action === "check-exists" ? "GET" : "POST"}`);
      const { itemKey } = readQuery(c, deleteQuerySchema);
      await feature.library.delete(c.var.user.id, itemKey);
      return c.body(null, 204);
    });

  const zotero = new Hono<SignedInEnv>()
    .get("/bibliography", async (c) => {
      const query = readQuery(c, bibliographyQuerySchema);
      const result = await feature.library.bibliography(c.var.user.id, query);
      c.header("Last-Modified-Version", String(result.version));
      return c.json(result);
    })
    .post("/sync-credentials", async (c) => {
      const { apiKey } = await readJson(c, syncCredentialsSchema);
      const status = await feature.connection.connectWithKey(c.var.user.id, apiKey);
      deleteCookie(c, MANUAL_COOKIE, { path: "/api", secure });
      return c.json(status);
    })
    .get("/sync", async (c) => c.json(await feature.sync.state(c.var.user.id)))
    .post("/sync", async (c) => {
      const { action, batchSize } = await readJson(c, syncActionSchema);
      return c.json(await feature.sync.act(c.var.user.id, action, batchSize));
    })
    .get("/sync/logs", async (c) => {
      const { sessionId } = readQuery(c, logsQuerySchema);
      return c.json({ logs: await feature.sync.logs(c.var.user.id, sessionId) });
    })
    .get("/cache", async (c) => c.json(await feature.cache.status(c.var.user.id)))
    .delete("/cache", async (c) => {
      await feature.sync.forgetCopy(c.var.user.id);
      return c.json(await feature.cache.status(c.var.user.id));
    })
    .get("/canonical-ids", async (c) => c.json(await feature.cache.canonicalStats(c.var.user.id)))
    .post("/canonical-ids/batch", async (c) => c.json(await feature.cache.generateCanonicalBatch(c.var.user.id)))
    .get("/arxiv-scan", async (c) => c.json(await feature.cache.scanArxivIds(c.var.user.id)));

  const guarded = <E extends SignedInEnv>(routes: Hono<E>) =>
    new Hono<SignedInEnv>()
      .use("*", requireUser(deps.auth))
      .route("/", routes as unknown as Hono<SignedInEnv>);

  return new Hono<AppEnv>().route("/auth-zotero", guarded(authZotero)).route("/zotero-ops", guarded(ops)).route("/zotero", guarded(zotero));
}
