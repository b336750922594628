import { Hono } from "hono";
import { z } from "zod";
import { SUGGESTION_LIMIT, type SuggestionsResponse } from "@/shared/suggestions";
import type { AppEnv } from "@/server/http/context";
import { readQuery } from "@/server/http/validation";
import type { ArxivIndexRepository } from "./arxiv-index.repository";
import { suggestPapers } from "./suggestions";

const suggestSchema = z.object({
  q: z.string().max(300, "The text is longer than 300 characters.").default(""),
  limit: z.coerce.number().int().min(1).max(SUGGESTION_LIMIT).default(SUGGESTION_LIMIT),
});

/** GET /api/suggest?q=: papers from Quire's own arXiv index for what a person is typing. */
export function arxivIndexRoutes(deps: { papers: ArxivIndexRepository }) {
  return new Hono<AppEnv>().get("/suggest", async (c) => {
    const { q, limit } = readQuery(c, suggestSchema);
    const body: SuggestionsResponse = { suggestions: await suggestPapers(deps.papers, q, limit) };
    // The same typing from many people: a few seconds in the browser's cache are safe.
    c.header("Cache-Control", "private, max-age=60");
    return c.json(body);
  });
}
