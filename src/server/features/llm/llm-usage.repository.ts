import { desc, eq } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { llmUsage } from "@/server/db/schema";

export type LlmUsageValues = typeof llmUsage.$inferInsert;

/** One row per model call (llm_usage), for usage reporting; anonymous calls have no user. */
export function llmUsageRepository(db: Database) {
  return {
    async insert(values: LlmUsageValues): Promise<void> {
      await db.insert(llmUsage).values(values);
    },

    /** A user's calls, newest first (their data export). */
    async listForUser(userId: string, limit = 1000) {
      return db.select().from(llmUsage).where(eq(llmUsage.userId, userId)).orderBy(desc(llmUsage.createdAt)).limit(limit);
    },
  };
}
export type LlmUsageRepository = ReturnType<typeof llmUsageRepository>;
