import { Hono } from "hono";
import type { SignedInEnv } from "@/server/auth/session";
import { readJson, readParam, readQuery } from "@/server/http/validation";
import { paperIdSchema } from "@/shared/paper";
import { bookmarkBatchSchema, bookmarkListQuerySchema, patchBookmarkSchema, putBookmarkSchema } from "@/shared/user-data";
import type { BookmarksService } from "./bookmarks.service";

/** /api/me/bookmarks and /api/me/bookmarks/:paperId (a DOI's slash travels as %2F). */
export function bookmarksRoutes(service: BookmarksService) {
  return new Hono<SignedInEnv>()
    .get("/", async (c) => c.json(await service.page(c.var.user.id, readQuery(c, bookmarkListQuerySchema))))
    .get("/ids", async (c) => c.json(await service.ids(c.var.user.id)))
    .get("/duplicate-keys", async (c) => c.json({ keys: await service.duplicateKeys(c.var.user.id) }))
    .post("/batch", async (c) => {
      const body = await readJson(c, bookmarkBatchSchema);
      return c.json(await service.putMany(c.var.user.id, body.bookmarks));
    })
    .delete("/", async (c) => {
      await service.clear(c.var.user.id);
      return c.body(null, 204);
    })
    .put("/:paperId", async (c) => {
      const body = await readJson(c, putBookmarkSchema);
      return c.json({ bookmark: await service.put(c.var.user.id, readParam(c, "paperId", paperIdSchema), body) });
    })
    .patch("/:paperId", async (c) => {
      const body = await readJson(c, patchBookmarkSchema);
      return c.json({ bookmark: await service.setTags(c.var.user.id, readParam(c, "paperId", paperIdSchema), body.tags) });
    })
    .post("/:paperId/trash", async (c) => c.json({ bookmark: await service.trash(c.var.user.id, readParam(c, "paperId", paperIdSchema)) }))
    .post("/:paperId/restore", async (c) => c.json({ bookmark: await service.restore(c.var.user.id, readParam(c, "paperId", paperIdSchema)) }))
    .delete("/:paperId", async (c) => {
      await service.delete(c.var.user.id, readParam(c, "paperId", paperIdSchema));
      return c.body(null, 204);
    });
}
