import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { highlights } from "@/server/db/schema";

export type HighlightRow = typeof highlights.$inferSelect;
export type HighlightValues = Pick<HighlightRow, "paperId" | "pageNumber" | "coordinates" | "rects" | "selectedText" | "color">;

export function highlightsRepository(db: Database) {
  return {
    /** One paper's highlights of one user, oldest first (later ones paint on top). */
    async listForPaper(userId: string, paperId: string): Promise<HighlightRow[]> {
      return db
        .select()
        .from(highlights)
        .where(and(eq(highlights.userId, userId), eq(highlights.paperId, paperId)))
        .orderBy(asc(highlights.createdAt));
    },
    /** Every highlight of one user (the data export), by paper, then oldest first. */
    async listAll(userId: string): Promise<HighlightRow[]> {
      return db.select().from(highlights).where(eq(highlights.userId, userId)).orderBy(asc(highlights.paperId), asc(highlights.createdAt));
    },
    /**
     * Creates or replaces a highlight by its id. A row with that id that belongs to someone
     * else is left alone and null comes back.
     */
    async upsert(userId: string, id: string, values: HighlightValues): Promise<HighlightRow | null> {
      const [row] = await db
        .insert(highlights)
        .values({ id, userId, ...values })
        .onConflictDoUpdate({
          target: highlights.id,
          set: {
            paperId: sql`excluded.paper_id`,
            pageNumber: sql`excluded.page_number`,
            coordinates: sql`excluded.coordinates`,
            rects: sql`excluded.rects`,
            selectedText: sql`excluded.selected_text`,
            color: sql`excluded.color`,
            updatedAt: sql`now()`,
          },
          setWhere: eq(highlights.userId, userId),
        })
        .returning();
      return row ?? null;
    },
    async setColor(userId: string, id: string, color: string): Promise<HighlightRow | null> {
      const [row] = await db
        .update(highlights)
        .set({ color, updatedAt: sql`now()` })
        .where(and(eq(highlights.userId, userId), eq(highlights.id, id)))
        .returning();
      return row ?? null;
    },
    async delete(userId: string, id: string): Promise<void> {
      await db.delete(highlights).where(and(eq(highlights.userId, userId), eq(highlights.id, id)));
    },
  };
}
export type HighlightsRepository = ReturnType<typeof highlightsRepository>;
