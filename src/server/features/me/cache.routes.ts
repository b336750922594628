import { Hono } from "hono";
import { z } from "zod";
import type { SignedInEnv } from "@/server/auth/session";
import { readJson, readQuery } from "@/server/http/validation";
import { cachePutSchema } from "@/shared/user-data";
import type { CacheService } from "./cache.service";

const clearQuerySchema = z.object({ expired: z.enum(["true", "false"]).optional() }).strict();

/** /api/me/cache and /api/me/cache/:key. */
export function cacheRoutes(service: CacheService) {
  return new Hono<SignedInEnv>()
    .get("/", async (c) => c.json({ keys: await service.listKeys(c.var.user.id) }))
    .delete("/", async (c) => {
      const query = readQuery(c, clearQuerySchema);
      return c.json({ removed: await service.clear(c.var.user.id, { expiredOnly: query.expired === "true" }) });
    })
    // A missing entry is 200 with null: asking is how a client learns there is none, and a 404
    // would be a failed request in every browser console.
    .get("/:key", async (c) => c.json(await service.get(c.var.user.id, c.req.param("key"))))
    .put("/:key", async (c) => {
      const body = await readJson(c, cachePutSchema);
      return c.json(await service.put(c.var.user.id, c.req.param("key"), body));
    })
    .delete("/:key", async (c) => {
      await service.delete(c.var.user.id, c.req.param("key"));
      return c.body(null, 204);
    });
}
