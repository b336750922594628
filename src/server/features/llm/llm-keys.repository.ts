import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { userApiKeys } from "@/server/db/schema";

export type ApiKeyRow = typeof userApiKeys.$inferSelect;

/** The user's provider keys and custom providers (user_api_keys); every query takes the user id. */
export function llmKeysRepository(db: Database) {
  return {
    async list(userId: string): Promise<ApiKeyRow[]> {
      return db.select().from(userApiKeys).where(eq(userApiKeys.userId, userId)).orderBy(asc(userApiKeys.createdAt));
    },

    async find(userId: string, providerName: string): Promise<ApiKeyRow | null> {
      const [row] = await db
        .select()
        .from(userApiKeys)
        .where(and(eq(userApiKeys.userId, userId), eq(userApiKeys.providerName, providerName)));
      return row ?? null;
    },

    async countCustom(userId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(userApiKeys)
        .where(and(eq(userApiKeys.userId, userId), eq(userApiKeys.isCustom, true)));
      return row?.value ?? 0;
    },

    /** Stores a catalogue provider's key; a new key is untested until a test says otherwise. */
    async upsertKey(userId: string, providerName: string, encryptedApiKey: string): Promise<ApiKeyRow> {
      const [row] = await db
        .insert(userApiKeys)
        .values({ userId, providerName, encryptedApiKey, isCustom: false })
        .onConflictDoUpdate({
          target: [userApiKeys.userId, userApiKeys.providerName],
          set: { encryptedApiKey, isConnected: false, lastTested: null, updatedAt: sql`now()` },
        })
        .returning();
      return row!;
    },

    /** Adds a custom provider; null when the user already has one by that name. */
    async insertCustom(userId: string, values: { providerName: string; baseUrl: string; models: string[]; encryptedApiKey: string }): Promise<ApiKeyRow | null> {
      const [row] = await db
        .insert(userApiKeys)
        .values({ userId, ...values, isCustom: true })
        .onConflictDoNothing({ target: [userApiKeys.userId, userApiKeys.providerName] })
        .returning();
      return row ?? null;
    },

    /** Edits a custom provider (its name stays); the key only when a new one is given. */
    async updateCustom(userId: string, providerName: string, values: { baseUrl: string; models: string[]; encryptedApiKey?: string }): Promise<ApiKeyRow | null> {
      const [row] = await db
        .update(userApiKeys)
        .set({ ...values, isConnected: false, lastTested: null, updatedAt: sql`now()` })
        .where(and(eq(userApiKeys.userId, userId), eq(userApiKeys.providerName, providerName), eq(userApiKeys.isCustom, true)))
        .returning();
      return row ?? null;
    },

    async setTestResult(userId: string, providerName: string, isConnected: boolean): Promise<void> {
      await db
        .update(userApiKeys)
        .set({ isConnected, lastTested: sql`now()` })
        .where(and(eq(userApiKeys.userId, userId), eq(userApiKeys.providerName, providerName)));
    },

    async remove(userId: string, providerName: string): Promise<boolean> {
      const removed = await db
        .delete(userApiKeys)
        .where(and(eq(userApiKeys.userId, userId), eq(userApiKeys.providerName, providerName)))
        .returning({ id: userApiKeys.id });
      return removed.length > 0;
    },
  };
}
export type LlmKeysRepository = ReturnType<typeof llmKeysRepository>;
