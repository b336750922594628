import { Hono } from "hono";
import type { SignedInEnv } from "@/server/auth/session";
import { readJson, readParam } from "@/server/http/validation";
import { feedMarkBatchSchema, putFeedMarkSchema } from "@/shared/feed/feed-mark-schemas";
import { paperIdSchema } from "@/shared/paper";
import type { FeedMarksService } from "./feed-marks.service";

/**
 * /api/me/feed-marks: the signed-in user's Relevant / Not relevant marks.
 *   GET /                 -> { marks: FeedMarkEntry[] } (newest first)
 *   PUT /:paperId         { kind, paper, markedAt? } -> { mark } (idempotent)
 *   DELETE /:paperId      -> 204 (a paper without a mark too)
 *   POST /batch           { marks: [...] } -> { saved } (the sign-in move; the later mark of a paper wins)
 */
export function feedMarksRoutes(service: FeedMarksService) {
  return new Hono<SignedInEnv>()
    .get("/", async (c) => c.json({ marks: await service.list(c.var.user.id) }))
    .post("/batch", async (c) => {
      const body = await readJson(c, feedMarkBatchSchema);
      return c.json(await service.importMany(c.var.user.id, body.marks));
    })
    .put("/:paperId", async (c) => {
      const body = await readJson(c, putFeedMarkSchema);
      return c.json({ mark: await service.set(c.var.user.id, readParam(c, "paperId", paperIdSchema), body) });
    })
    .delete("/:paperId", async (c) => {
      await service.remove(c.var.user.id, readParam(c, "paperId", paperIdSchema));
      return c.body(null, 204);
    });
}
