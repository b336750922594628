import { Hono } from "hono";
import type { SignedInEnv } from "@/server/auth/session";
import { readJson } from "@/server/http/validation";
import { preferencePutSchema, preferencesPutSchema } from "@/shared/user-data";
import type { PreferencesService } from "./preferences.service";

/** /api/me/preferences and /api/me/preferences/:key (the key is an encoded key, URL-encoded once more). */
export function preferencesRoutes(service: PreferencesService) {
  return new Hono<SignedInEnv>()
    .get("/", async (c) => c.json({ preferences: await service.list(c.var.user.id) }))
    .put("/", async (c) => {
      const body = await readJson(c, preferencesPutSchema);
      return c.json({ preferences: await service.putMany(c.var.user.id, body.preferences) });
    })
    .delete("/", async (c) => {
      await service.deleteAll(c.var.user.id);
      return c.body(null, 204);
    })
    .get("/:key", async (c) => c.json(await service.get(c.var.user.id, c.req.param("key"))))
    .put("/:key", async (c) => {
      const body = await readJson(c, preferencePutSchema);
      return c.json(await service.put(c.var.user.id, c.req.param("key"), body.value));
    })
    .delete("/:key", async (c) => {
      await service.delete(c.var.user.id, c.req.param("key"));
      return c.body(null, 204);
    });
}
