import { Hono } from "hono";
import type { Auth } from "@/server/auth/auth";
import { requireRole, requireUser, type SignedInEnv } from "@/server/auth/session";
import type { Config } from "@/server/config";
import { errors } from "@/server/errors";
import { pdfProxyArxivId, PDF_MESSAGES } from "@/shared/pdf";
import type { PdfCacheService } from "./pdf-cache.service";

/** A cached paper's id as the routes carry it (URL-encoded, old-style ids keep their slash). */
function paperIdParam(raw: string | undefined): string {
  const id = raw ? pdfProxyArxivId(raw) : null;
  if (!id) throw errors.validation(PDF_MESSAGES.invalidId);
  return id;
}

/**
 * /api/pdf-cache, the Cloud PDF Cache card's calls (signed-in only): the list, the stats,
 * removing one file, clearing all, and a signed URL of one file.
 */
export function pdfCacheRoutes(deps: { service: PdfCacheService; auth: Pick<Auth, "api">; config: Pick<Config, "publicUrl"> }) {
  const { service } = deps;
  return new Hono<SignedInEnv>()
    .use("*", requireUser(deps.auth))
    .get("/", async (c) => c.json({ files: await service.list(c.var.user.id) }))
    .delete("/", async (c) => c.json({ removed: await service.clear(c.var.user.id) }))
    .get("/stats", async (c) => c.json(await service.stats(c.var.user.id)))
    .get("/stats/all", requireRole("admin"), async (c) => c.json(await service.globalStats()))
    .get("/files/:paperId{.+}/url", async (c) => c.json(await service.signedUrl(c.var.user.id, paperIdParam(c.req.param("paperId")))))
    .delete("/files/:paperId{.+}", async (c) => {
      await service.remove(c.var.user.id, paperIdParam(c.req.param("paperId")));
      return c.body(null, 204);
    });
}
