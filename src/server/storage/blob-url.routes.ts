import { Hono } from "hono";
import type { Auth } from "@/server/auth/auth";
import { AppError, errors } from "@/server/errors";
import type { AppEnv } from "@/server/http/context";
import type { BlobStore } from "./blob-store";
import { BLOB_URL_PATH, type BlobUrlSigner } from "./blob-url-signer";

/**
 * GET /api/blobs/{key}?user=&expires=&name=&signature=: the file store's signed URLs. The
 * signature (server secret), the expiry and the reader all count: the URL was made for one
 * signed-in user, and another user (or nobody) holding it is refused.
 */
export function blobUrlRoutes(deps: { store: BlobStore; signer: BlobUrlSigner; auth: Pick<Auth, "api"> }) {
  const app = new Hono<AppEnv>();
  app.get("/*", async (c) => {
    let key: string;
    try {
      key = c.req.path.slice(BLOB_URL_PATH.length + 1).split("/").map(decodeURIComponent).join("/");
    } catch {
      throw errors.badRequest("Invalid signed URL.");
    }
    const check = deps.signer.verify(key, c.req.query());
    if (!check.ok) {
      if (check.reason === "expired") throw new AppError("signed_url_expired", "This signed URL has expired.", 403);
      throw new AppError("signed_url_invalid", "This signed URL is not valid.", 403);
    }
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (!session?.user) throw errors.unauthorized("Sign in to open this file.");
    if (session.user.id !== check.grant.userId) throw new AppError("signed_url_other_user", "This signed URL was made for another user.", 403);

    const object = await deps.store.get(key);
    if (!object) throw errors.notFound("File not found");
    return new Response(object.body, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Length": String(object.size),
        "Cache-Control": "private, no-store",
        "Content-Disposition": `inline; filename="${check.grant.fileName.replace(/["\\\r\n]/g, "_")}"`,
      },
    });
  });
  return app;
}
