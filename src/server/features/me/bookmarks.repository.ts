import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { userBookmarks } from "@/server/db/schema";

export type BookmarkRow = typeof userBookmarks.$inferSelect;

export function bookmarksRepository(db: Database) {
  return {
    /** Newest first. */
    async list(userId: string): Promise<BookmarkRow[]> {
      return db
        .select()
        .from(userBookmarks)
        .where(eq(userBookmarks.userId, userId))
        .orderBy(desc(userBookmarks.bookmarkedAt), desc(userBookmarks.id));
    },

    /**
     * Inserts or updates the bookmark of `paperId`; on update, tags, notes and bookmarkedAt
     * change only when given.
     */
    async upsert(
      userId: string,
      values: { paperId: string; paperData: Record<string, unknown>; tags?: string[]; notes?: string | null; bookmarkedAt?: Date },
    ): Promise<BookmarkRow> {
      const [row] = await db
        .insert(userBookmarks)
        .values({
          userId,
          paperId: values.paperId,
          paperData: values.paperData,
          tags: values.tags ?? [],
          notes: values.notes ?? null,
          ...(values.bookmarkedAt ? { bookmarkedAt: values.bookmarkedAt } : {}),
        })
        .onConflictDoUpdate({
          target: [userBookmarks.userId, userBookmarks.paperId],
          set: {
            paperData: sql`excluded.paper_data`,
            ...(values.tags !== undefined ? { tags: sql`excluded.tags` } : {}),
            ...(values.notes !== undefined ? { notes: sql`excluded.notes` } : {}),
            ...(values.bookmarkedAt ? { bookmarkedAt: sql`excluded.bookmarked_at` } : {}),
          },
        })
        .returning();
      if (!row) throw new Error("user_bookmarks upsert returned no row");
      return row;
    },

    async delete(userId: string, paperId: string): Promise<number> {
      const rows = await db
        .delete(userBookmarks)
        .where(and(eq(userBookmarks.userId, userId), eq(userBookmarks.paperId, paperId)))
        .returning({ id: userBookmarks.id });
      return rows.length;
    },

    async deleteAll(userId: string): Promise<void> {
      await db.delete(userBookmarks).where(eq(userBookmarks.userId, userId));
    },
  };
}
export type BookmarksRepository = ReturnType<typeof bookmarksRepository>;
