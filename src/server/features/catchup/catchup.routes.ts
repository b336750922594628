import { Hono } from "hono";
import { z } from "zod";
import {
  CATCHUP_DEFAULT_RANGE,
  CATCHUP_FILTERS,
  CATCHUP_MAX_AUTHORS,
  CATCHUP_MAX_BOOKMARK_IDS,
  CATCHUP_MAX_CATEGORIES,
  CATCHUP_MAX_TERMS,
  CATCHUP_RANGES,
  CATCHUP_TABS,
  CATCHUP_THRESHOLD_DEFAULT,
  CATCHUP_THRESHOLD_MAX,
  CATCHUP_THRESHOLD_MIN,
} from "@/shared/catchup";
import { profileAuthorSchema } from "@/shared/author-identity";
import type { AppEnv } from "@/server/http/context";
import { readJson } from "@/server/http/validation";
import { requestFeedMarksSchema } from "@/shared/feed/feed-mark-schemas";
import { FEED_EXPLICIT_MARKS } from "@/shared/feed/feed-marks";
import type { CatchupService, FeedLearning } from "./catchup.service";

/** An arXiv category code such as cs.AI, math.CO, hep-th or q-bio.NC. */
export const categoryCodeSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z-]{0,15}(\.[A-Za-z][A-Za-z-]{0,15})?$/, "Unknown category code");

// Feed terms are matched, never stored, so the request takes what a stored profile may hold
// (an older one may predate a rule) within the same size limits.
const term = z.string().max(200);
const feedRequestSchema = z
  .object({
    profile: z
      .object({
        // A bare name (older clients, name-only authors) or a name with its OpenAlex identity.
        authors: z.array(z.union([term, profileAuthorSchema])).max(CATCHUP_MAX_AUTHORS).default([]),
        categories: z.array(categoryCodeSchema).max(CATCHUP_MAX_CATEGORIES).default([]),
        keywords: z.array(term).max(CATCHUP_MAX_TERMS).default([]),
        excludeTerms: z.array(term).max(CATCHUP_MAX_TERMS).default([]),
      })
      .strict()
      .default({ authors: [], categories: [], keywords: [], excludeTerms: [] }),
    categories: z.array(categoryCodeSchema).max(CATCHUP_MAX_CATEGORIES).optional(),
    range: z.enum(CATCHUP_RANGES).default(CATCHUP_DEFAULT_RANGE),
    threshold: z.number().min(CATCHUP_THRESHOLD_MIN).max(CATCHUP_THRESHOLD_MAX).default(CATCHUP_THRESHOLD_DEFAULT),
    tab: z.enum(CATCHUP_TABS).default("all"),
    filter: z.enum(CATCHUP_FILTERS).default("all"),
    author: z.string().max(200).optional(),
    bookmarkedIds: z.array(z.string().max(300)).max(CATCHUP_MAX_BOOKMARK_IDS).optional(),
    marks: requestFeedMarksSchema.optional(),
    page: z.number().int().min(0).max(10_000).default(0),
  })
  .strict();

export type CatchupRouteDeps = {
  /** The signed-in user's id, or null for an anonymous visitor. */
  currentUserId: (headers: Headers) => Promise<string | null>;
  /** A signed-in user's marks, bookmarks and reads (feed-marks.service.ts). */
  trainingMarks: (userId: string) => Promise<FeedLearning>;
};

/**
 *   POST /api/catchup/feed  CatchupFeedRequest -> CatchupFeedResponse (src/shared/catchup.ts)
 *
 * Open to anonymous visitors: the profile and their marks come in the body (theirs live on the
 * device), and the answer is computed from the shared index only. A signed-in user's marks are
 * read from their account instead.
 */
export function catchupRoutes(service: CatchupService, deps?: CatchupRouteDeps) {
  return new Hono<AppEnv>().post("/feed", async (c) => {
    const { marks = [], ...request } = await readJson(c, feedRequestSchema);
    const userId = deps ? await deps.currentUserId(c.req.raw.headers) : null;
    const learning: FeedLearning =
      userId && deps ? await deps.trainingMarks(userId) : { marks, explicit: marks.filter((mark) => FEED_EXPLICIT_MARKS.includes(mark.kind)).length };
    return c.json(await service.feed(request, learning));
  });
}
