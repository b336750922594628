import { z } from "zod";
import { paperIdSchema } from "@/shared/paper";
import { HIGHLIGHT_COLORS } from "@/shared/pdf";

/** A rectangle as fractions of the unrotated page, so it sits right at any zoom and rotation. */
export const pageRectSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1),
});

/** Text kept with a highlight (for lists and export); longer selections are cut. */
export const HIGHLIGHT_TEXT_MAX_LENGTH = 5000;
/** Line rectangles per highlight. */
export const HIGHLIGHT_MAX_RECTS = 300;

/**
 * A highlight as the client sends it. The id is made on the device, so a save that is retried
 * after being offline is the same save (PUT is an upsert) and never a duplicate.
 */
export const highlightInputSchema = z.object({
  paperId: paperIdSchema,
  pageNumber: z.number().int().min(1).max(100_000),
  /** One rect per selected line; a dragged area is one rect. */
  rects: z.array(pageRectSchema).min(1).max(HIGHLIGHT_MAX_RECTS),
  color: z.enum(HIGHLIGHT_COLORS),
  text: z.string().max(HIGHLIGHT_TEXT_MAX_LENGTH).default(""),
});
export type HighlightInput = z.infer<typeof highlightInputSchema>;

/** `GET /api/me/highlights?paperId=`: one paper's highlights, whichever spelling of its id. */
export const highlightListQuerySchema = z.object({ paperId: z.string({ error: "which paper's highlights?" }).pipe(paperIdSchema) });

export const highlightPatchSchema = z.object({ color: z.enum(HIGHLIGHT_COLORS) });

export const highlightIdSchema = z.uuid();

/** The spec's Highlight (paper_id, page_number, coordinates, color, dates) plus its line rects and text. */
export type Highlight = HighlightInput & {
  id: string;
  /** The bounding box of `rects`. */
  coordinates: z.infer<typeof pageRectSchema>;
  createdAt: string;
  updatedAt: string;
};
