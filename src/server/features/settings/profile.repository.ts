import { eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { profileAuthorIdentities, userProfiles } from "@/server/db/schema";
import type { AuthorIdentity } from "@/shared/author-identity";
import type { Role } from "@/shared/constants";
import type { ProfilePatch } from "@/shared/user-data";

/** A profile row with the author identities kept beside it. */
export type ProfileRow = typeof userProfiles.$inferSelect & { authorIdentities: AuthorIdentity[] };

export function profileRepository(db: Database) {
  async function identities(userId: string): Promise<AuthorIdentity[]> {
    const [row] = await db.select({ identities: profileAuthorIdentities.identities }).from(profileAuthorIdentities).where(eq(profileAuthorIdentities.userId, userId));
    return row?.identities ?? [];
  }

  return {
    async find(userId: string): Promise<ProfileRow | null> {
      const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
      if (!row) return null;
      return { ...row, authorIdentities: await identities(userId) };
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
      const { authorIdentities, ...columns } = patch;
      if (authorIdentities) {
        await db
          .insert(profileAuthorIdentities)
          .values({ userId, identities: authorIdentities })
          .onConflictDoUpdate({ target: profileAuthorIdentities.userId, set: { identities: authorIdentities, updatedAt: sql`now()` } });
      }
      const [row] = await db
        .update(userProfiles)
        .set({ ...columns, role: server.role, isPublic: true, lastActiveAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(userProfiles.userId, userId))
        .returning();
      if (!row) return null;
      return { ...row, authorIdentities: await identities(userId) };
    },
  };
}
export type ProfileRepository = ReturnType<typeof profileRepository>;
