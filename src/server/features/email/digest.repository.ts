import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { digestDeliveries, profileAuthorIdentities, user, userProfiles } from "@/server/db/schema";
import { profileAuthors, type ProfileAuthor } from "@/shared/author-identity";

export type DigestRecipient = {
  userId: string;
  email: string;
  categories: string[];
  keywords: string[];
  /** The profile's author names, each with the OpenAlex identity the user chose for it. */
  authors: ProfileAuthor[];
  excludeTerms: string[];
};

export function digestRepository(db: Database) {
  return {
    /** Users whose e-mail preferences ask for this frequency and whose address is confirmed. */
    async recipients(frequency: "daily" | "weekly"): Promise<DigestRecipient[]> {
      const rows = await db
        .select({
          userId: user.id,
          email: user.email,
          categories: userProfiles.researchCategories,
          keywords: userProfiles.researchInterests,
          authorNames: userProfiles.authorNames,
          identities: profileAuthorIdentities.identities,
          excludeTerms: userProfiles.excludeTerms,
        })
        .from(userProfiles)
        .innerJoin(user, eq(user.id, userProfiles.userId))
        .leftJoin(profileAuthorIdentities, eq(profileAuthorIdentities.userId, userProfiles.userId))
        .where(and(sql`${userProfiles.emailPreferences}->>'notifications' = ${frequency}`, eq(user.emailVerified, true)))
        .orderBy(user.id);
      return rows.map(({ authorNames, identities, ...rest }) => ({ ...rest, authors: profileAuthors(authorNames, identities ?? []) }));
    },

    /**
     * Claims (user, frequency, period): true for exactly one caller, whatever the number of
     * instances running the schedule, because the row is unique.
     */
    async claim(userId: string, frequency: "daily" | "weekly", period: string): Promise<boolean> {
      const rows = await db
        .insert(digestDeliveries)
        .values({ userId, frequency, period })
        .onConflictDoNothing()
        .returning({ userId: digestDeliveries.userId });
      return rows.length > 0;
    },

    /** Gives a claim back (nothing was queued), so a later run may try again. */
    async release(userId: string, frequency: "daily" | "weekly", period: string): Promise<void> {
      await db
        .delete(digestDeliveries)
        .where(and(eq(digestDeliveries.userId, userId), eq(digestDeliveries.frequency, frequency), eq(digestDeliveries.period, period)));
    },

    async markSent(userId: string, frequency: "daily" | "weekly", period: string): Promise<void> {
      await db
        .update(digestDeliveries)
        .set({ sentAt: new Date() })
        .where(and(eq(digestDeliveries.userId, userId), eq(digestDeliveries.frequency, frequency), eq(digestDeliveries.period, period)));
    },

    async unsubscribe(userId: string): Promise<boolean> {
      const rows = await db
        .update(userProfiles)
        .set({ emailPreferences: sql`jsonb_set(${userProfiles.emailPreferences}, '{notifications}', '"none"')`, updatedAt: sql`now()` })
        .where(eq(userProfiles.userId, userId))
        .returning({ userId: userProfiles.userId });
      return rows.length > 0;
    },
  };
}
export type DigestRepository = ReturnType<typeof digestRepository>;
