import { z } from "zod";
import { paperIdSchema } from "@/shared/paper";
import { FEED_MARK_BATCH_MAX, FEED_MARK_LIMITS, FEED_MARKS_REQUEST_MAX, USER_FEED_MARK_KINDS } from "./feed-mark-api";
import { FEED_MARK_KINDS } from "./feed-marks";

const { title, abstract, authors, author, categories, category, date } = FEED_MARK_LIMITS;

/** The text fields of a marked paper (feed-mark-api.ts MarkedPaper). */
export const markedPaperSchema = z
  .object({
    id: paperIdSchema,
    title: z.string().max(title),
    abstract: z.string().max(abstract).default(""),
    authors: z.array(z.string().max(author)).max(authors).default([]),
    categories: z.array(z.string().max(category)).max(categories).default([]),
    publishedDate: z.string().max(date).nullable().default(null),
  });

/** `PUT /api/me/feed-marks/:paperId`: the mark and its paper. */
export const putFeedMarkSchema = z
  .object({
    kind: z.enum(USER_FEED_MARK_KINDS),
    paper: markedPaperSchema,
    markedAt: z.string().datetime({ offset: true }).optional(),
  })
  .strict();

/** One mark of a batch (the sign-in move): the whole mark, so a retried batch writes the same rows. */
export const batchFeedMarkSchema = z
  .object({
    kind: z.enum(USER_FEED_MARK_KINDS),
    paper: markedPaperSchema,
    markedAt: z.string().datetime({ offset: true }),
  })
  .strict();

export const feedMarkBatchSchema = z.object({ marks: z.array(batchFeedMarkSchema).min(1).max(FEED_MARK_BATCH_MAX) }).strict();

/**
 * The marks an anonymous visitor's feed request carries (bookmarks and reads included, as
 * weaker positives). Past the cap the request is refused with this message.
 */
export const requestFeedMarksSchema = z
  .array(z.object({ kind: z.enum(FEED_MARK_KINDS), paper: markedPaperSchema }).strict())
  .max(FEED_MARKS_REQUEST_MAX, `A feed request carries at most ${FEED_MARKS_REQUEST_MAX} marks.`);
