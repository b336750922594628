import { and, count, desc, eq, gt, inArray, lt } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { userReadingHistory } from "@/server/db/schema";
import { withUserLock } from "@/server/db/user-lock";

export type ReadingHistoryRow = typeof userReadingHistory.$inferSelect;

function queries(db: Database) {
  return {
    /** Newest first. */
    async list(userId: string, page?: { limit: number; offset: number }): Promise<ReadingHistoryRow[]> {
      const query = db
        .select()
        .from(userReadingHistory)
        .where(eq(userReadingHistory.userId, userId))
        .orderBy(desc(userReadingHistory.readAt), desc(userReadingHistory.id));
      return page ? query.limit(page.limit).offset(page.offset) : query;
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ total: count() }).from(userReadingHistory).where(eq(userReadingHistory.userId, userId));
      return Number(row?.total ?? 0);
    },

    /** The newest entry of this paper and view type read strictly between `from` and `to`. */
    async findNewestBetween(userId: string, paperId: string, viewType: string, from: Date, to: Date): Promise<ReadingHistoryRow | null> {
      const [row] = await db
        .select()
        .from(userReadingHistory)
        .where(
          and(
            eq(userReadingHistory.userId, userId),
            eq(userReadingHistory.paperId, paperId),
            eq(userReadingHistory.viewType, viewType),
            gt(userReadingHistory.readAt, from),
            lt(userReadingHistory.readAt, to),
          ),
        )
        .orderBy(desc(userReadingHistory.readAt))
        .limit(1);
      return row ?? null;
    },

    async insert(
      userId: string,
      values: { paperId: string; paperData: Record<string, unknown>; viewType: string; readAt: Date; entityId: string | null },
    ): Promise<ReadingHistoryRow> {
      const [row] = await db.insert(userReadingHistory).values({ userId, ...values }).returning();
      if (!row) throw new Error("user_reading_history insert returned no row");
      return row;
    },

    async updateRead(userId: string, id: string, values: { readAt: Date; paperData: Record<string, unknown>; entityId: string | null }): Promise<ReadingHistoryRow> {
      const { entityId, ...rest } = values;
      const [row] = await db
        .update(userReadingHistory)
        // An entity found now is kept; none found does not forget one found before.
        .set(entityId ? values : rest)
        .where(and(eq(userReadingHistory.userId, userId), eq(userReadingHistory.id, id)))
        .returning();
      if (!row) throw new Error("user_reading_history row vanished during update");
      return row;
    },

    /** Deletes this paper and view type's entries beyond the newest `keep`. */
    async pruneBeyond(userId: string, paperId: string, viewType: string, keep: number): Promise<void> {
      const doomed = await db
        .select({ id: userReadingHistory.id })
        .from(userReadingHistory)
        .where(and(eq(userReadingHistory.userId, userId), eq(userReadingHistory.paperId, paperId), eq(userReadingHistory.viewType, viewType)))
        .orderBy(desc(userReadingHistory.readAt), desc(userReadingHistory.id))
        .offset(keep);
      if (doomed.length === 0) return;
      await db.delete(userReadingHistory).where(
        and(
          eq(userReadingHistory.userId, userId),
          inArray(
            userReadingHistory.id,
            doomed.map((row) => row.id),
          ),
        ),
      );
    },

    async delete(userId: string, id: string): Promise<number> {
      const rows = await db
        .delete(userReadingHistory)
        .where(and(eq(userReadingHistory.userId, userId), eq(userReadingHistory.id, id)))
        .returning({ id: userReadingHistory.id });
      return rows.length;
    },

    async deleteAll(userId: string): Promise<void> {
      await db.delete(userReadingHistory).where(eq(userReadingHistory.userId, userId));
    },
  };
}
/** The queries, usable alone or inside `locked`. */
export type ReadingHistoryQueries = ReturnType<typeof queries>;

export function readingHistoryRepository(db: Database) {
  return {
    ...queries(db),
    /** Runs `work` with this user's reading history to itself (see withUserLock). */
    locked<T>(userId: string, work: (queries: ReadingHistoryQueries) => Promise<T>): Promise<T> {
      return withUserLock(db, "reading-history", userId, (tx) => work(queries(tx)));
    },
  };
}
export type ReadingHistoryRepository = ReturnType<typeof readingHistoryRepository>;
