import { Hono } from "hono";
import type { AppEnv } from "@/server/http/context";
import { readQuery } from "@/server/http/validation";
import { authorCandidatesQuerySchema } from "@/shared/author-identity";
import type { AuthorsService } from "./authors.service";

/**
 *   GET /api/authors/candidates?name=  -> { candidates: AuthorCandidate[] }
 *
 * Open to anonymous visitors too: their profile lives on the device and links identities the same way.
 */
export function authorsRoutes(service: AuthorsService) {
  return new Hono<AppEnv>().get("/candidates", async (c) => {
    const { name } = readQuery(c, authorCandidatesQuerySchema);
    return c.json({ candidates: await service.candidates(name) });
  });
}
