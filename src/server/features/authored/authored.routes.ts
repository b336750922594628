import { Hono } from "hono";
import type { SignedInEnv } from "@/server/auth/session";
import { readJson, readParam } from "@/server/http/validation";
import { paperIdSchema } from "@/shared/paper";
import type { ProfileService } from "@/server/features/settings/profile.service";
import { addAuthoredPaperSchema, refreshAuthoredSchema, updateVerificationSchema } from "@/shared/authored-papers";
import { importAuthoredSchema } from "@/shared/author-identity";
import type { AuthoredService } from "./authored.service";

/** /api/me/authored-papers (the route list is in src/shared/user-data.ts; a DOI's slash travels as %2F). */
export function authoredRoutes(service: AuthoredService, profiles: ProfileService) {
  return new Hono<SignedInEnv>()
    .get("/", async (c) => c.json({ papers: await service.list(c.var.user.id) }))
    .post("/", async (c) => {
      const body = await readJson(c, addAuthoredPaperSchema);
      const names = body.verificationMethod === "auto_arxiv_match" ? (await profiles.get(c.var.user)).authorNames : [];
      return c.json({ paper: await service.add(c.var.user.id, body.paper, body.verificationMethod, names) }, 201);
    })
    .post("/refresh", async (c) => {
      const body = await readJson(c, refreshAuthoredSchema);
      const profile = await profiles.get(c.var.user);
      return c.json(await service.refresh(c.var.user.id, profile.authorNames, body));
    })
    .post("/import", async (c) => {
      const body = await readJson(c, importAuthoredSchema);
      return c.json(await service.importByIdentity(c.var.user.id, body.identifier));
    })
    .patch("/:paperId", async (c) => {
      const body = await readJson(c, updateVerificationSchema);
      const names = body.verificationMethod === "auto_arxiv_match" ? (await profiles.get(c.var.user)).authorNames : [];
      return c.json({ paper: await service.updateVerification(c.var.user.id, readParam(c, "paperId", paperIdSchema), body.verificationMethod, names) });
    })
    .delete("/:paperId", async (c) => {
      await service.remove(c.var.user.id, readParam(c, "paperId", paperIdSchema));
      return c.body(null, 204);
    });
}
