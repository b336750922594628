import { Hono } from "hono";
import type { Auth } from "@/server/auth/auth";
import { requireUser, type SignedInEnv } from "@/server/auth/session";
import type { Config } from "@/server/config";
import { PDF_MESSAGES, PDF_PROXY_HEADER_LIMIT } from "@/shared/pdf";
import { AppError, envelope, errors } from "@/server/errors";
import type { AppEnv } from "@/server/http/context";
import type { PdfProxyService } from "./pdf-proxy.service";

/** Characters the request headers take when written out as `Name: value` lines. */
export function serializedHeaderLength(headers: Headers): number {
  let length = 0;
  headers.forEach((value, name) => {
    length += name.length + 2 + value.length + 2;
  });
  return length;
}

/** The signed-in user's id, read only when the request carries a session at all (anonymous reads stay free of it). */
async function optionalUserId(auth: Pick<Auth, "api"> | undefined, headers: Headers): Promise<string | null> {
  if (!auth || !(headers.get("cookie") || /^bearer\s/i.test(headers.get("authorization") ?? ""))) return null;
  try {
    return (await auth.api.getSession({ headers }))?.user.id ?? null;
  } catch {
    // A forged or stale token reads the PDF as anyone would.
    return null;
  }
}

/**
 * GET /api/pdf-proxy?paperId=: a paper's PDF from the configured arXiv PDF host (through the
 * signed-in reader's cloud cache). POST /api/pdf-proxy?action=setup: creates the cache's storage.
 */
export function pdfProxyRoutes(service: PdfProxyService, deps: { auth?: Pick<Auth, "api">; config?: Pick<Config, "publicUrl"> } = {}) {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    if (serializedHeaderLength(c.req.raw.headers) >= PDF_PROXY_HEADER_LIMIT) {
      throw new AppError("headers_too_large", PDF_MESSAGES.headersTooLarge, 431 as never);
    }
    // Noted before the session is read: a download of this paper that ends meanwhile is followed.
    const arrival = service.arrive(c.req.query("paperId"));
    try {
      return await service.proxy({
        paperId: c.req.query("paperId"),
        range: c.req.header("range"),
        signal: c.req.raw.signal,
        userId: await optionalUserId(deps.auth, c.req.raw.headers),
        ifNoneMatch: c.req.header("if-none-match"),
        arrival,
      });
    } catch (error) {
      // A 429 keeps its Retry-After so the client (or a person) knows when to try again.
      if (error instanceof AppError && "retryAfter" in error) {
        return c.json(envelope(error), error.status, { "Retry-After": String(error.retryAfter) });
      }
      throw error;
    } finally {
      arrival.leave();
    }
  });
  if (deps.auth) {
    const signedIn = new Hono<SignedInEnv>().post(
      "/",
      requireUser(deps.auth),
      async (c) => {
        if (c.req.query("action") !== "setup") throw errors.badRequest("Unknown action: use ?action=setup.");
        return c.json(await service.setup());
      },
    );
    app.route("/", signedIn as unknown as Hono<AppEnv>);
  }
  return app;
}
