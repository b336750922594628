import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { AuthorIdentity } from "@/shared/author-identity";
import { user } from "./auth";

/**
 * The OpenAlex identities a user linked to their profile's author names (one per name). Kept
 * beside user_profiles rather than in it: a profile without a row here is a names-only profile,
 * as every profile was before identities.
 */
export const profileAuthorIdentities = pgTable("profile_author_identities", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  identities: jsonb("identities").$type<AuthorIdentity[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
