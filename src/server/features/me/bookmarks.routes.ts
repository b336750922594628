import { Hono } from "hono";
import type { SignedInEnv } from "@/server/auth/session";
import { readJson } from "@/server/http/validation";
import { putBookmarkSchema } from "@/shared/user-data";
import type { BookmarksService } from "./bookmarks.service";

/** /api/me/bookmarks and /api/me/bookmarks/:paperId (a DOI's slash travels as %2F). */
export function bookmarksRoutes(service: BookmarksService) {
  return new Hono<SignedInEnv>()
    .get("/", async (c) => c.json({ bookmarks: await service.list(c.var.user.id) }))
    .delete("/", async (c) => {
      await service.clear(c.var.user.id);
      return c.body(null, 204);
    })
    .put("/:paperId", async (c) => {
      const body = await readJson(c, putBookmarkSchema);
      return c.json({ bookmark: await service.put(c.var.user.id, c.req.param("paperId"), body) });
    })
    .delete("/:paperId", async (c) => {
      await service.delete(c.var.user.id, c.req.param("paperId"));
      return c.body(null, 204);
    });
}
