import { and, desc, eq, isNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { feedMarks, userBookmarks, userReadingHistory } from "@/server/db/schema";
import type { MarkedPaper, UserFeedMarkKind } from "@/shared/feed/feed-mark-api";

export type FeedMarkRow = typeof feedMarks.$inferSelect;
export type FeedMarkValues = { paperId: string; kind: UserFeedMarkKind; paperData: MarkedPaper; markedAt: Date };

/** A stored paper (a bookmark's or a reading history entry's) as the learned feed reads it. */
export type StoredSignal = { paperId: string; paperData: Record<string, unknown> | null };

export function feedMarksRepository(db: Database) {
  return {
    /** Newest first, at most `limit`. */
    async list(userId: string, limit: number): Promise<FeedMarkRow[]> {
      return db.select().from(feedMarks).where(eq(feedMarks.userId, userId)).orderBy(desc(feedMarks.markedAt), desc(feedMarks.id)).limit(limit);
    },

    /** Sets a paper's mark (the kind, the paper's text and the time), whatever it was. */
    async upsert(userId: string, values: FeedMarkValues): Promise<FeedMarkRow> {
      const [row] = await db
        .insert(feedMarks)
        .values({ userId, ...values })
        .onConflictDoUpdate({
          target: [feedMarks.userId, feedMarks.paperId],
          set: { kind: values.kind, paperData: values.paperData, markedAt: values.markedAt, updatedAt: sql`now()` },
        })
        .returning();
      return row!;
    },

    /**
     * Marks from elsewhere (a device at sign-in): each is written unless the account holds a
     * later mark of the paper. Returns how many were written.
     */
    async upsertNewer(userId: string, values: FeedMarkValues[]): Promise<number> {
      if (values.length === 0) return 0;
      const rows = await db
        .insert(feedMarks)
        .values(values.map((value) => ({ userId, ...value })))
        .onConflictDoUpdate({
          target: [feedMarks.userId, feedMarks.paperId],
          set: { kind: sql`excluded.kind`, paperData: sql`excluded.paper_data`, markedAt: sql`excluded.marked_at`, updatedAt: sql`now()` },
          setWhere: sql`excluded.marked_at > ${feedMarks.markedAt}`,
        })
        .returning({ id: feedMarks.id });
      return rows.length;
    },

    async delete(userId: string, paperId: string): Promise<void> {
      await db.delete(feedMarks).where(and(eq(feedMarks.userId, userId), eq(feedMarks.paperId, paperId)));
    },

    /** Drops all but the newest `keep` marks. */
    async prune(userId: string, keep: number): Promise<void> {
      const kept = db.select({ id: feedMarks.id }).from(feedMarks).where(eq(feedMarks.userId, userId)).orderBy(desc(feedMarks.markedAt), desc(feedMarks.id)).limit(keep);
      await db.delete(feedMarks).where(and(eq(feedMarks.userId, userId), notInArray(feedMarks.id, kept)));
    },

    /** The newest bookmarks in the library (not Trash): weaker positives. */
    async bookmarkedPapers(userId: string, limit: number): Promise<StoredSignal[]> {
      return db
        .select({ paperId: userBookmarks.paperId, paperData: userBookmarks.paperData })
        .from(userBookmarks)
        .where(and(eq(userBookmarks.userId, userId), isNull(userBookmarks.deletedAt)))
        .orderBy(desc(userBookmarks.bookmarkedAt))
        .limit(limit);
    },

    /** The most recently read papers, one entry each: the weakest positives. */
    async readPapers(userId: string, limit: number): Promise<StoredSignal[]> {
      const latest = db
        .selectDistinctOn([userReadingHistory.paperId], { paperId: userReadingHistory.paperId, paperData: userReadingHistory.paperData, readAt: userReadingHistory.readAt })
        .from(userReadingHistory)
        .where(eq(userReadingHistory.userId, userId))
        .orderBy(userReadingHistory.paperId, desc(userReadingHistory.readAt))
        .as("latest");
      return db.select({ paperId: latest.paperId, paperData: latest.paperData }).from(latest).orderBy(desc(latest.readAt)).limit(limit);
    },
  };
}
export type FeedMarksRepository = ReturnType<typeof feedMarksRepository>;
