import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { MarkedPaper } from "@/shared/feed/feed-mark-api";
import { user } from "./auth";

/**
 * A user's Relevant / Not relevant marks for the learned feed, one per paper (its canonical
 * id, as bookmarks are keyed). The paper's text fields travel with the mark: a paper marked in
 * a search result is rarely in the feed being ranked, yet still teaches the model.
 */
export const feedMarks = pgTable(
  "feed_marks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    paperId: text("paper_id").notNull(),
    kind: text("kind", { enum: ["relevant", "not-relevant"] }).notNull(),
    paperData: jsonb("paper_data").$type<MarkedPaper>().notNull(),
    /** When the user gave this mark (kept as the device said on a sign-in move). */
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("feed_marks_user_paper_uq").on(t.userId, t.paperId),
    index("feed_marks_user_marked_at_idx").on(t.userId, t.markedAt.desc()),
    check("feed_marks_kind_check", sql`${t.kind} in ('relevant', 'not-relevant')`),
  ],
);
