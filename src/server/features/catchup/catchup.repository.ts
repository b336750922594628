import { and, desc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { catchupCategories, catchupPapers } from "@/server/db/schema";
import type { Paper } from "@/shared/paper";

export type CategoryState = typeof catchupCategories.$inferSelect;

/** The shared catch-up index in Postgres: categories, their refresh state and their newest papers. */
export function catchupRepository(db: Database) {
  return {
    async states(categories: string[]): Promise<CategoryState[]> {
      if (categories.length === 0) return [];
      return db.select().from(catchupCategories).where(inArray(catchupCategories.category, categories));
    },

    /**
     * Claims the right to refresh a category: true for exactly one caller among instances, and
     * only when the category is older than `staleBefore` and nobody tried since `retryBefore`.
     */
    async claimRefresh(category: string, now: Date, staleBefore: Date, retryBefore: Date): Promise<boolean> {
      await db.insert(catchupCategories).values({ category }).onConflictDoNothing();
      const claimed = await db
        .update(catchupCategories)
        .set({ attemptedAt: now })
        .where(
          and(
            eq(catchupCategories.category, category),
            or(isNull(catchupCategories.refreshedAt), lt(catchupCategories.refreshedAt, staleBefore)),
            or(isNull(catchupCategories.attemptedAt), lt(catchupCategories.attemptedAt, retryBefore)),
          ),
        )
        .returning({ category: catchupCategories.category });
      return claimed.length > 0;
    },

    /** Replaces a category's papers with a fresh listing, in one transaction. */
    async replace(category: string, papers: Paper[], now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(catchupPapers).where(eq(catchupPapers.category, category));
        const seen = new Set<string>();
        const rows = papers
          .filter((paper) => paper.publishedDate && !seen.has(paper.id) && seen.add(paper.id))
          .map((paper) => ({ category, paperId: paper.id, publishedAt: new Date(paper.publishedDate!), paper }));
        for (let start = 0; start < rows.length; start += 200) {
          await tx.insert(catchupPapers).values(rows.slice(start, start + 200));
        }
        await tx.update(catchupCategories).set({ refreshedAt: now, lastError: null }).where(eq(catchupCategories.category, category));
      });
    },

    async recordFailure(category: string, message: string): Promise<void> {
      await db.update(catchupCategories).set({ lastError: message.slice(0, 500) }).where(eq(catchupCategories.category, category));
    },

    /** A category's papers, newest first. */
    async papers(category: string): Promise<Paper[]> {
      const rows = await db
        .select({ paper: catchupPapers.paper })
        .from(catchupPapers)
        .where(eq(catchupPapers.category, category))
        .orderBy(desc(catchupPapers.publishedAt));
      return rows.map((row) => row.paper);
    },
  };
}
export type CatchupRepository = ReturnType<typeof catchupRepository>;
