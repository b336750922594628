import path from "node:path";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { configuredProviders } from "@/server/auth/auth";
import { withSessionMemo } from "@/server/auth/session-memo";
import { refuseUnstorableInput } from "@/server/http/validation";
import type { ServerGraph } from "@/server/composition";
import { limitRequestBody } from "@/server/http/body-limit";
import { ANALYTICS_BATCH_MAX_BYTES } from "@/shared/analytics";
import { AppError, envelope, errors } from "@/server/errors";
import { analyticsRoutes } from "@/server/features/analytics/analytics.routes";
import { adminRoutes } from "@/server/features/admin/admin.routes";
import { arxivIndexRoutes } from "@/server/features/arxiv-index/arxiv-index.routes";
import { devRoutes } from "@/server/features/dev/dev.routes";
import { entitiesRoutes } from "@/server/features/entities/entities.routes";
import { healthRoutes } from "@/server/features/health/health.routes";
import { htmlRoutes } from "@/server/features/html/html.routes";
import { catchupRoutes } from "@/server/features/catchup/catchup.routes";
import { authorsRoutes } from "@/server/features/authors/authors.routes";
import { feedMarksRepository } from "@/server/features/feed-marks/feed-marks.repository";
import { feedMarksService } from "@/server/features/feed-marks/feed-marks.service";
import { emailRoutes } from "@/server/features/email/email.routes";
import { llmRoutes } from "@/server/features/llm/llm.routes";
import { createMeRoutes } from "@/server/features/me/me.routes";
import { pdfProxyRoutes } from "@/server/features/pdf/pdf-proxy.routes";
import { pdfCacheRoutes } from "@/server/features/pdf-cache/pdf-cache.routes";
import { BLOB_URL_PATH } from "@/server/storage/blob-url-signer";
import { blobUrlRoutes } from "@/server/storage/blob-url.routes";
import { papersRoutes } from "@/server/features/papers/papers.routes";
import { earlySearch, searchRoutes } from "@/server/features/search/search.routes";
import { searchPagePreview } from "@/server/features/search/search-preview";
import { earlyPaper, paperPagePreview } from "@/server/features/papers/paper-preview";
import { landingPagePreview } from "@/server/features/landing/landing-preview";
import { zoteroRoutes } from "@/server/features/zotero/zotero.routes";
import type { AppEnv } from "@/server/http/context";
import { clientIp, withClientIp } from "@/server/http/client-ip";
import { csrfProtection, originPolicy } from "@/server/http/csrf";
import { requestContext } from "@/server/http/request-context";
import { nativeAppCors } from "@/server/http/native-cors";
import { createSecurityHeaders } from "@/server/http/security-headers";
import { mountStaticSite } from "@/server/http/static-site";
import { appRoot } from "@/server/lib/app-root";
import type { BootReport } from "@/server/lib/boot-phases";

/** What the routes are mounted on: the server's object graph (composition.ts) less its background work. */
export type AppDeps = Omit<ServerGraph, "jobs" | "close" | "mailer" | "secret" | "zotero"> & {
  /** The Zotero integration (/api/auth-zotero, /api/zotero-ops, /api/zotero/*); those routes exist only when it is given. */
  zotero?: ServerGraph["zotero"];
  /** The built SPA; defaults to dist/web (or $QUIRE_BUILD_DIR/web) under the project root. */
  webDistDir?: string;
  startedAt?: Date;
  /** How long start-up took, phase by phase (main.ts); /api/health reports it. */
  boot?: () => BootReport;
};

/**
 * Mounts the middleware and every route on the graph composition.ts built. Order matters: request id and logging first, security headers on
 * every answer, the body limit before any handler reads a body, the API, then the SPA.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config, database, sources, logger, metrics } = deps;
  // Every route reads the session through this one memory (session-memo.ts).
  const auth = withSessionMemo(deps.auth);
  const app = new Hono<AppEnv>();

  app.use("*", requestContext(logger, metrics.recordRequest));
  // API answers and pages go out gzipped to a browser that accepts it (a page of 50 papers
  // shrinks about sixfold). Answers already encoded (the precompressed assets, the streamed
  // search page, a search answer gzipped once with its cached answer in search.routes.ts) and
  // byte ranges are left as they are; PDFs are not a compressible type.
  app.use("*", compress({ encoding: "gzip" }));
  // The page may call the LLM providers that allow browsers (anonymous visitors' own keys).
  app.use("*", createSecurityHeaders({ connectOrigins: sources.llm.directProviders().map((provider) => new URL(provider.baseUrl).origin) }));
  // The Android app's WebView calls /api from its own origin (native-cors.ts).
  app.use("/api/*", nativeAppCors);
  // Before anything reads a body; a product-events batch has a smaller limit of its own (body-limit.ts).
  app.use("/api/*", limitRequestBody(config.BODY_LIMIT_BYTES, { "/api/events": ANALYTICS_BATCH_MAX_BYTES }));
  // NUL, broken UTF-8 and __proto__ keys are refused here, once for every route (validation.ts).
  app.use("/api/*", refuseUnstorableInput);
  // Cookie-authenticated writes from another site are refused once for every route (csrf.ts);
  // better-auth applies the same origins to its own routes.
  const origins = originPolicy(config);
  const forgeryCheck = csrfProtection(origins);
  app.use("/api/*", (c, next) => (c.req.path.startsWith("/api/auth/") ? next() : forgeryCheck(c, next)));

  const currentUserId = async (headers: Headers) => (await auth.api.getSession({ headers }))?.user.id ?? null;

  app.route("/api/health", healthRoutes(database, deps.startedAt ?? new Date(), deps.boot));
  app.route(
    "/api/events",
    analyticsRoutes({
      repository: deps.analytics.events,
      currentUserId,
      clientAddress: (c) => clientIp(c, config.TRUST_PROXY),
      limits: deps.analytics.limits,
    }),
  );
  app.route("/api", searchRoutes({ service: deps.search, sources }));
  app.route("/api", arxivIndexRoutes({ papers: deps.arxivIndex.papers }));
  const { entities } = deps;
  app.route("/api/papers", papersRoutes({ service: deps.papers, onLookedUp: (paper) => void entities.remember(paper) }));
  app.route("/api/html", htmlRoutes({ service: deps.html }));
  app.get("/api/auth-providers", (c) => c.json({ providers: configuredProviders(config) }));
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    // Anything but reading the session may change what a remembered one says: forgotten before and after.
    const changes = c.req.path !== "/api/auth/get-session";
    if (changes) auth.forgetSessions();
    try {
      const body = c.req.method === "POST" ? await c.req.arrayBuffer() : null;
      return await withErrorEnvelope(auth.handler(withClientIp(c.req.raw, clientIp(c, config.TRUST_PROXY), body)));
    } finally {
      if (changes) auth.forgetSessions();
    }
  });

  const { pdfCache } = deps;
  app.route("/api/pdf-proxy", pdfProxyRoutes(deps.pdfProxy, { auth, config }));
  app.route("/api/pdf-cache", pdfCacheRoutes({ service: pdfCache.service, auth, config }));
  if (pdfCache.store.kind === "file") app.route(BLOB_URL_PATH, blobUrlRoutes({ store: pdfCache.store, signer: pdfCache.signer, auth }));
  app.route("/api/me", createMeRoutes({ auth, database, logger, config, arxiv: sources.arxiv, authors: deps.authors }));
  app.route(
    "/api/llm",
    llmRoutes({
      auth,
      directProviders: () => sources.llm.directProviders(),
      keys: deps.llmKeys,
      clientAddress: (c) => clientIp(c, config.TRUST_PROXY),
      anonymousLimit: deps.llmAnonymousLimit,
      service: deps.llm,
    }),
  );
  app.route("/api/authors", authorsRoutes(deps.authors));
  const feedMarks = feedMarksService(feedMarksRepository(database.db));
  app.route("/api/catchup", catchupRoutes(deps.catchup, { currentUserId, trainingMarks: (userId) => feedMarks.trainingMarks(userId) }));
  if (deps.email) app.route("/api/email", emailRoutes({ email: deps.email, auth, config }));
  app.route(
    "/api/entities",
    entitiesRoutes({ service: entities, auth, config }),
  );
  app.route("/api/admin", adminRoutes({ performance: deps.performance, analytics: deps.analytics.report, arxivIndex: deps.arxivIndex, auth, config }));
  app.route("/api/dev", devRoutes({ auth, config }));
  if (deps.zotero) app.route("/api", zoteroRoutes({ feature: deps.zotero, auth, config }));

  app.all("/api/*", () => {
    throw errors.notFound("No such API route.");
  });

  app.get("/search", earlySearch(deps.search));
  for (const page of ["/abs/*", "/paper/*", "/html/*", "/pdf/*"]) app.get(page, earlyPaper(deps.papers));
  const paperPreview = paperPagePreview(config.publicUrl);
  // The npm scripts build into dist/ unless QUIRE_BUILD_DIR names another folder (scripts/lib.mjs).
  mountStaticSite(app, deps.webDistDir ?? path.join(appRoot(), process.env.QUIRE_BUILD_DIR || "dist", "web"), {
    preview: (c) => searchPagePreview(c) ?? paperPreview(c) ?? landingPagePreview(c),
  });

  app.onError((error, c) => {
    const appError = toAppError(error);
    // An AppError is a failure Quire foresaw (an upstream that cannot be reached, say): a line
    // saying which; anything else is a bug, logged with its stack.
    if (!(error instanceof AppError)) c.var.log?.error({ err: error }, "unhandled error");
    else if (appError.status >= 500) c.var.log?.warn({ code: appError.code, status: appError.status }, appError.message);
    else c.var.log?.info({ code: appError.code, status: appError.status }, appError.message);
    const retryAfter = (appError as { retryAfter?: unknown }).retryAfter;
    if (typeof retryAfter === "number" || typeof retryAfter === "string") c.header("Retry-After", String(retryAfter));
    return c.json(envelope(appError), appError.status);
  });
  app.notFound((c) => c.json(envelope(errors.notFound()), 404));

  return app;
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 413) return new AppError("payload_too_large", error.message || "Request body too large.", 413);
    return new AppError(status >= 500 ? "internal_error" : "bad_request", error.message || "Request failed.", status);
  }
  return errors.internal();
}

/**
 * better-auth answers failures as `{ code, message }`. Quire's clients read one envelope,
 * so failures gain `error: { code, message }` while keeping better-auth's own fields for its client.
 */
async function withErrorEnvelope(responsePromise: Promise<Response>): Promise<Response> {
  const response = await responsePromise;
  if (response.status < 400 || !response.headers.get("content-type")?.includes("application/json")) return response;
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // Not JSON after all: keep the text as the message.
    body = { message: text };
  }
  const code = typeof body.code === "string" ? body.code.toLowerCase() : `http_${response.status}`;
  const message = typeof body.message === "string" ? body.message : response.statusText || "Request failed.";
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  // better-auth's per-address limit says when in X-Retry-After only; clients and proxies read Retry-After.
  if (response.status === 429 && !headers.has("retry-after") && headers.has("x-retry-after")) headers.set("Retry-After", headers.get("x-retry-after")!);
  return new Response(JSON.stringify({ ...body, error: { code, message } }), { status: response.status, headers });
}
