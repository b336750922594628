import { Hono } from "hono";
import type { SignedInEnv } from "@/server/auth/session";
import { readJson, readQuery } from "@/server/http/validation";
import { highlightInputSchema, highlightListQuerySchema, highlightPatchSchema } from "@/shared/highlights";
import type { HighlightsService } from "./highlights.service";

/** /api/me/highlights?paperId= and /api/me/highlights/:id (see the route list in src/shared/user-data.ts). */
export function highlightsRoutes(service: HighlightsService) {
  return new Hono<SignedInEnv>()
    .get("/", async (c) => {
      const { paperId } = readQuery(c, highlightListQuerySchema);
      return c.json({ highlights: await service.list(c.var.user.id, paperId) });
    })
    .put("/:id", async (c) => {
      const body = await readJson(c, highlightInputSchema);
      return c.json({ highlight: await service.put(c.var.user.id, c.req.param("id"), body) });
    })
    .patch("/:id", async (c) => {
      const body = await readJson(c, highlightPatchSchema);
      return c.json({ highlight: await service.recolor(c.var.user.id, c.req.param("id"), body.color) });
    })
    .delete("/:id", async (c) => {
      await service.delete(c.var.user.id, c.req.param("id"));
      return c.body(null, 204);
    });
}
