import { and, desc, eq, gte, lt, notInArray, or } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { userSearchHistory } from "@/server/db/schema";
import { withUserLock } from "@/server/db/user-lock";

export type SearchHistoryRow = typeof userSearchHistory.$inferSelect;

function queries(db: Database) {
  return {
    /** Newest first; `since` and `limit` when given. */
    async list(userId: string, options: { since?: Date; limit?: number } = {}): Promise<SearchHistoryRow[]> {
      const query = db
        .select()
        .from(userSearchHistory)
        .where(and(eq(userSearchHistory.userId, userId), options.since ? gte(userSearchHistory.searchedAt, options.since) : undefined))
        .orderBy(desc(userSearchHistory.searchedAt), desc(userSearchHistory.id));
      return options.limit === undefined ? query : query.limit(options.limit);
    },

    async insertMany(userId: string, rows: { params: Record<string, unknown>; results: number; searchedAt: Date }[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(userSearchHistory).values(rows.map((row) => ({ userId, ...row })));
    },

    /** Deletes everything older than `since` and everything beyond the newest `keep`. */
    async prune(userId: string, since: Date, keep: number): Promise<void> {
      const kept = (await queries(db).list(userId, { since, limit: keep })).map((row) => row.id);
      await db
        .delete(userSearchHistory)
        .where(
          and(
            eq(userSearchHistory.userId, userId),
            kept.length > 0 ? or(lt(userSearchHistory.searchedAt, since), notInArray(userSearchHistory.id, kept)) : undefined,
          ),
        );
    },

    async deleteAll(userId: string): Promise<void> {
      await db.delete(userSearchHistory).where(eq(userSearchHistory.userId, userId));
    },
  };
}
/** The queries, usable alone or inside `locked`. */
export type SearchHistoryQueries = ReturnType<typeof queries>;

export function searchHistoryRepository(db: Database) {
  return {
    ...queries(db),
    /** Runs `work` with this user's search history to itself (see withUserLock). */
    locked<T>(userId: string, work: (queries: SearchHistoryQueries) => Promise<T>): Promise<T> {
      return withUserLock(db, "search-history", userId, (tx) => work(queries(tx)));
    },
  };
}
export type SearchHistoryRepository = ReturnType<typeof searchHistoryRepository>;
