import { Hono } from "hono";
import { z } from "zod";
import { errors } from "@/server/errors";
import type { AppEnv } from "@/server/http/context";
import type { HtmlService } from "./html.service";

const querySchema = z.object({
  paperId: z.string().trim().min(1, "Invalid paper ID or URL").max(200, "Invalid paper ID or URL"),
});

/**
 * GET /api/html?paperId={arXiv id} -> { paperId, title, html, sourceUrl }
 * 404 `html_not_available` when arXiv has no HTML for the paper; 400 for an id that is not an arXiv id.
 */
export function htmlRoutes(deps: { service: HtmlService }) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const parsed = querySchema.safeParse(c.req.query());
    if (!parsed.success) throw errors.validation(parsed.error.issues[0]?.message ?? "Invalid paper ID or URL");
    c.header("Cache-Control", "private, max-age=3600");
    return c.json(await deps.service.get(parsed.data.paperId));
  });
}
