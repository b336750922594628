import { Hono } from "hono";
import { z } from "zod";
import type { SignedInEnv } from "@/server/auth/session";
import { readJson, readParam } from "@/server/http/validation";
import { paperIdSchema } from "@/shared/paper";
import { PAPER_CHANGES_LIST_MAX } from "@/shared/paper-changes";
import { storedPaperSchema } from "@/shared/user-data";
import type { PaperChangesService } from "./paper-changes.service";

const changeIdSchema = z.uuid({ error: "The change id is not valid." });
const seenSchema = z.object({ ids: z.array(changeIdSchema).max(PAPER_CHANGES_LIST_MAX).optional() }).strict();
const observeSchema = z.object({ paper: storedPaperSchema }).strict();

/**
 * The version watch, at /api/me/paper-changes:
 *   GET    /                       -> { changes }   the open changes, newest first
 *   POST   /seen        { ids? }   -> { seen }      marks them (all when no ids) seen
 *   POST   /observed    { paper }  -> { changes }   a paper just opened, compared with the bookmark
 *   POST   /:id/dismiss            -> { change }
 *   POST   /bookmarks/:paperId/update -> { bookmark }  moves the bookmark to the new version
 */
export function paperChangesRoutes(service: PaperChangesService) {
  return new Hono<SignedInEnv>()
    .get("/", async (c) => c.json({ changes: await service.list(c.var.user.id) }))
    .post("/seen", async (c) => {
      const body = await readJson(c, seenSchema);
      return c.json({ seen: await service.markSeen(c.var.user.id, body.ids) });
    })
    .post("/observed", async (c) => {
      const body = await readJson(c, observeSchema);
      return c.json({ changes: await service.observe(c.var.user.id, body.paper) });
    })
    .post("/:id/dismiss", async (c) => c.json({ change: await service.dismiss(c.var.user.id, readParam(c, "id", changeIdSchema)) }))
    .post("/bookmarks/:paperId/update", async (c) =>
      c.json({ bookmark: await service.applyToBookmark(c.var.user.id, readParam(c, "paperId", paperIdSchema)) }),
    );
}
