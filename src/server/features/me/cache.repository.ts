import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { userCache } from "@/server/db/schema";

export type CacheRow = typeof userCache.$inferSelect;

const unexpiredAt = (now: Date) => or(isNull(userCache.expiresAt), gt(userCache.expiresAt, now));

export function cacheRepository(db: Database) {
  return {
    async listKeys(userId: string, now: Date): Promise<string[]> {
      const rows = await db
        .select({ key: userCache.cacheKey })
        .from(userCache)
        .where(and(eq(userCache.userId, userId), unexpiredAt(now)))
        .orderBy(asc(userCache.cacheKey));
      return rows.map((row) => row.key);
    },

    /** Every entry, expired ones included (for the data export). */
    async listAll(userId: string): Promise<CacheRow[]> {
      return db.select().from(userCache).where(eq(userCache.userId, userId)).orderBy(asc(userCache.cacheKey));
    },

    /** Reads an unexpired entry and counts the access, in one statement. */
    async readAndTouch(userId: string, key: string, now: Date): Promise<CacheRow | null> {
      const [row] = await db
        .update(userCache)
        .set({ accessCount: sql`${userCache.accessCount} + 1`, lastAccessed: now })
        .where(and(eq(userCache.userId, userId), eq(userCache.cacheKey, key), unexpiredAt(now)))
        .returning();
      return row ?? null;
    },

    /** Stores a fresh entry under the key, replacing any earlier one (its access count restarts). */
    async put(userId: string, key: string, data: unknown, expiresAt: Date | null, now: Date): Promise<CacheRow> {
      const values = { paperData: data, expiresAt, cachedAt: now, accessCount: 0, lastAccessed: now };
      const [row] = await db
        .insert(userCache)
        .values({ userId, cacheKey: key, ...values })
        .onConflictDoUpdate({ target: [userCache.userId, userCache.cacheKey], set: values })
        .returning();
      if (!row) throw new Error("user_cache upsert returned no row");
      return row;
    },

    async delete(userId: string, key: string): Promise<number> {
      const rows = await db
        .delete(userCache)
        .where(and(eq(userCache.userId, userId), eq(userCache.cacheKey, key)))
        .returning({ id: userCache.id });
      return rows.length;
    },

    async deleteAll(userId: string): Promise<number> {
      const rows = await db.delete(userCache).where(eq(userCache.userId, userId)).returning({ id: userCache.id });
      return rows.length;
    },

    async deleteExpired(userId: string, now: Date): Promise<number> {
      const rows = await db
        .delete(userCache)
        .where(and(eq(userCache.userId, userId), lte(userCache.expiresAt, now)))
        .returning({ id: userCache.id });
      return rows.length;
    },
  };
}
export type CacheRepository = ReturnType<typeof cacheRepository>;
