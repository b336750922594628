import { Hono } from "hono";
import type { SignedInEnv } from "@/server/auth/session";
import { readJson } from "@/server/http/validation";
import { searchHistoryPostSchema } from "@/shared/user-data";
import type { SearchHistoryService } from "./search-history.service";

/** /api/me/search-history. */
export function searchHistoryRoutes(service: SearchHistoryService) {
  return new Hono<SignedInEnv>()
    .get("/", async (c) => c.json(await service.list(c.var.user.id)))
    .post("/", async (c) => {
      const body = await readJson(c, searchHistoryPostSchema);
      return c.json(await service.merge(c.var.user.id, body.entries));
    })
    .delete("/", async (c) => {
      await service.clear(c.var.user.id);
      return c.body(null, 204);
    });
}
