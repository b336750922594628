import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { userPreferences } from "@/server/db/schema";
import { SEARCH_STATE_KEY } from "@/shared/user-data";

export type PreferenceRow = typeof userPreferences.$inferSelect;

/**
 * On conflict the stored value is replaced, except that a stored `searchState` object is
 * merged with the new object (top-level keys), in the same statement so concurrent saves compose.
 */
const mergedValue = sql`case
  when ${userPreferences.preferenceKey} = ${SEARCH_STATE_KEY}
    and jsonb_typeof(${userPreferences.preferenceValue}) = 'object'
    and jsonb_typeof(excluded.preference_value) = 'object'
  then ${userPreferences.preferenceValue} || excluded.preference_value
  else excluded.preference_value
end`;

export function preferencesRepository(db: Database) {
  return {
    async list(userId: string): Promise<PreferenceRow[]> {
      return db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).orderBy(asc(userPreferences.preferenceKey));
    },

    async find(userId: string, key: string): Promise<PreferenceRow | null> {
      const [row] = await db
        .select()
        .from(userPreferences)
        .where(and(eq(userPreferences.userId, userId), eq(userPreferences.preferenceKey, key)));
      return row ?? null;
    },

    /** Upserts every entry in one statement; keys must be distinct. */
    async upsertMany(userId: string, entries: { key: string; value: unknown }[]): Promise<PreferenceRow[]> {
      if (entries.length === 0) return [];
      return db
        .insert(userPreferences)
        .values(entries.map((entry) => ({ userId, preferenceKey: entry.key, preferenceValue: entry.value })))
        .onConflictDoUpdate({
          target: [userPreferences.userId, userPreferences.preferenceKey],
          set: { preferenceValue: mergedValue, updatedAt: sql`now()` },
        })
        .returning();
    },

    async delete(userId: string, key: string): Promise<number> {
      const rows = await db
        .delete(userPreferences)
        .where(and(eq(userPreferences.userId, userId), eq(userPreferences.preferenceKey, key)))
        .returning({ id: userPreferences.id });
      return rows.length;
    },

    async deleteAll(userId: string): Promise<number> {
      const rows = await db.delete(userPreferences).where(eq(userPreferences.userId, userId)).returning({ id: userPreferences.id });
      return rows.length;
    },
  };
}
export type PreferencesRepository = ReturnType<typeof preferencesRepository>;
