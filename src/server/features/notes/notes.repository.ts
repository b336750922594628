import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { userPaperNotes } from "@/server/db/schema";

export type NoteRow = typeof userPaperNotes.$inferSelect;

export function notesRepository(db: Database) {
  return {
    /** Newest first. */
    async list(userId: string): Promise<NoteRow[]> {
      return db.select().from(userPaperNotes).where(eq(userPaperNotes.userId, userId)).orderBy(desc(userPaperNotes.updatedAt));
    },
    async get(userId: string, paperId: string): Promise<NoteRow | null> {
      const [row] = await db
        .select()
        .from(userPaperNotes)
        .where(and(eq(userPaperNotes.userId, userId), eq(userPaperNotes.paperId, paperId)));
      return row ?? null;
    },
    async upsert(userId: string, paperId: string, content: string): Promise<NoteRow> {
      const [row] = await db
        .insert(userPaperNotes)
        .values({ userId, paperId, content })
        .onConflictDoUpdate({ target: [userPaperNotes.userId, userPaperNotes.paperId], set: { content: sql`excluded.content`, updatedAt: sql`now()` } })
        .returning();
      return row!;
    },
    async delete(userId: string, paperId: string): Promise<void> {
      await db.delete(userPaperNotes).where(and(eq(userPaperNotes.userId, userId), eq(userPaperNotes.paperId, paperId)));
    },
  };
}
export type NotesRepository = ReturnType<typeof notesRepository>;
