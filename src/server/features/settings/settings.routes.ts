import { Hono } from "hono";
import type { SignedInEnv } from "@/server/auth/session";
import { readJson } from "@/server/http/validation";
import { settingsPatchSchema } from "@/shared/user-data";
import type { SettingsService } from "./settings.service";

/** GET/PUT /api/me/settings. */
export function settingsRoutes(service: SettingsService) {
  return new Hono<SignedInEnv>()
    .get("/", async (c) => c.json({ settings: await service.get(c.var.user.id) }))
    .put("/", async (c) => {
      const patch = await readJson(c, settingsPatchSchema);
      return c.json({ settings: await service.update(c.var.user.id, patch) });
    });
}
