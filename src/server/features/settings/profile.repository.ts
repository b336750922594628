import { eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { userProfiles } from "@/server/db/schema";
import type { Role } from "@/shared/constants";
import type { ProfilePatch } from "@/shared/user-data";

export type ProfileRow = typeof userProfiles.$inferSelect;

export function profileRepository(db: Database) {
  return {
    async find(userId: string): Promise<ProfileRow | null> {
      const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
      return row ?? null;
    },

    /** Creates the profile with the column defaults unless one exists; answers the row either way. */
    async findOrCreate(userId: string, values: { email: string; role: Role }): Promise<ProfileRow> {
      await db
        .insert(userProfiles)
        .values({ userId, email: values.email, role: values.role, isPublic: true })
        .onConflictDoNothing({ target: userProfiles.userId });
      const row = await this.find(userId);
      if (!row) throw new Error("user_profiles row vanished right after insert");
      return row;
    },

    /** Applies the user's patch; `role` and `is_public` are the server's to set. */
    async update(userId: string, patch: ProfilePatch, server: { role: Role }): Promise<ProfileRow | null> {
      const [row] = await db
        .update(userProfiles)
        .set({ ...patch, role: server.role, isPublic: true, lastActiveAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(userProfiles.userId, userId))
        .returning();
      return row ?? null;
    },
  };
}
export type ProfileRepository = ReturnType<typeof profileRepository>;
