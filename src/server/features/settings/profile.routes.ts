import { Hono } from "hono";
import type { SignedInEnv } from "@/server/auth/session";
import { readJson } from "@/server/http/validation";
import { profilePatchSchema } from "@/shared/user-data";
import type { ProfileService } from "./profile.service";

/** GET/PUT /api/me/profile. */
export function profileRoutes(service: ProfileService) {
  return new Hono<SignedInEnv>()
    .get("/", async (c) => c.json({ profile: await service.get(c.var.user) }))
    .put("/", async (c) => {
      const patch = await readJson(c, profilePatchSchema);
      return c.json({ profile: await service.update(c.var.user, patch) });
    });
}
