import type { Highlight, HighlightInput } from "@/shared/highlights";
import { highlightIdSchema } from "@/shared/highlights";
import type { HighlightColor } from "@/shared/pdf";
import { PAPER_ID_MAX_LENGTH } from "@/shared/user-data";
import { AppError, errors } from "@/server/errors";
import type { HighlightRow, HighlightsRepository } from "./highlights.repository";

function toHighlight(row: HighlightRow): Highlight {
  const rects = row.rects.length > 0 ? row.rects : [row.coordinates];
  return {
    id: row.id,
    paperId: row.paperId,
    pageNumber: row.pageNumber,
    coordinates: row.coordinates,
    rects,
    color: row.color as HighlightColor,
    text: row.selectedText,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function boundingBox(rects: HighlightInput["rects"]): Highlight["coordinates"] {
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return { x, y, width: Math.max(...rects.map((r) => r.x + r.width)) - x, height: Math.max(...rects.map((r) => r.y + r.height)) - y };
}

function checkId(id: string): void {
  if (!highlightIdSchema.safeParse(id).success) throw errors.validation("id: a highlight id is a UUID.");
}

function checkPaperId(paperId: string): void {
  if (paperId.length === 0 || paperId.length > PAPER_ID_MAX_LENGTH || paperId.includes("\0")) {
    throw errors.validation(`paperId: a paper id has 1 to ${PAPER_ID_MAX_LENGTH} characters.`);
  }
}

/** The signed-in user's highlights. Ids come from the device so a retried save is the same save. */
export function highlightsService(repository: HighlightsRepository) {
  return {
    async list(userId: string, paperId: string): Promise<Highlight[]> {
      checkPaperId(paperId);
      return (await repository.listForPaper(userId, paperId)).map(toHighlight);
    },
    /** Every paper's highlights, for the data export. */
    async exportAll(userId: string): Promise<Highlight[]> {
      return (await repository.listAll(userId)).map(toHighlight);
    },
    async put(userId: string, id: string, input: HighlightInput): Promise<Highlight> {
      checkId(id);
      checkPaperId(input.paperId);
      const row = await repository.upsert(userId, id, {
        paperId: input.paperId,
        pageNumber: input.pageNumber,
        rects: input.rects,
        coordinates: boundingBox(input.rects),
        selectedText: input.text,
        color: input.color,
      });
      // The id is someone else's: answer as if it did not exist, telling nothing about it.
      if (!row) throw new AppError("conflict", "This highlight id is taken.", 409);
      return toHighlight(row);
    },
    async recolor(userId: string, id: string, color: HighlightColor): Promise<Highlight> {
      checkId(id);
      const row = await repository.setColor(userId, id, color);
      if (!row) throw errors.notFound("No such highlight.");
      return toHighlight(row);
    },
    async delete(userId: string, id: string): Promise<void> {
      checkId(id);
      await repository.delete(userId, id);
    },
  };
}
export type HighlightsService = ReturnType<typeof highlightsService>;
