import { Hono } from "hono";
import type { SignedInEnv } from "@/server/auth/session";
import { readJson, readQuery } from "@/server/http/validation";
import { readingHistoryImportSchema, readingHistoryListQuerySchema, recordReadingSchema } from "@/shared/user-data";
import type { ReadingHistoryService } from "./reading-history.service";

/** /api/me/history. */
export function readingHistoryRoutes(service: ReadingHistoryService) {
  return new Hono<SignedInEnv>()
    .get("/", async (c) => c.json(await service.list(c.var.user.id, readQuery(c, readingHistoryListQuerySchema))))
    .post("/", async (c) => {
      const body = await readJson(c, recordReadingSchema);
      return c.json({ entry: await service.record(c.var.user.id, body) });
    })
    .post("/import", async (c) => {
      const body = await readJson(c, readingHistoryImportSchema);
      return c.json({ imported: await service.import(c.var.user.id, body.entries) });
    })
    .delete("/", async (c) => {
      await service.clear(c.var.user.id);
      return c.body(null, 204);
    })
    .delete("/:id", async (c) => {
      await service.delete(c.var.user.id, c.req.param("id"));
      return c.body(null, 204);
    });
}
