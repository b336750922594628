import { eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { userSettings } from "@/server/db/schema";

export type SettingsRow = typeof userSettings.$inferSelect;

export function settingsRepository(db: Database) {
  return {
    async find(userId: string): Promise<SettingsRow | null> {
      const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
      return row ?? null;
    },

    /** Inserts `settings` unless the user already has a row; answers the row either way. */
    async findOrInsert(userId: string, settings: Record<string, unknown>): Promise<SettingsRow> {
      await db.insert(userSettings).values({ userId, settings }).onConflictDoNothing({ target: userSettings.userId });
      const row = await this.find(userId);
      if (!row) throw new Error("user_settings row vanished right after insert");
      return row;
    },

    /**
     * Merges `patch` over the stored document in one statement (top-level keys, like `{...a, ...b}`),
     * so two concurrent saves of different fields both survive; `initial` is stored when there is no row.
     */
    async mergePatch(userId: string, initial: Record<string, unknown>, patch: Record<string, unknown>): Promise<SettingsRow> {
      const [row] = await db
        .insert(userSettings)
        .values({ userId, settings: initial })
        .onConflictDoUpdate({
          target: userSettings.userId,
          set: {
            settings: sql`${userSettings.settings} || ${JSON.stringify(patch)}::jsonb`,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      if (!row) throw new Error("user_settings upsert returned no row");
      return row;
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
