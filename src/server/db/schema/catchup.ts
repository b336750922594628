import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Paper } from "@/shared/paper";
import { user } from "./auth";

/**
 * The shared catch-up index: one row per arXiv category anyone's feed asked for, with when it
 * was last refreshed from the arXiv API and the last failure. Every user's feed reads it.
 */
export const catchupCategories = pgTable("catchup_categories", {
  category: text("category").primaryKey(),
  /** The last refresh that succeeded; the feed is as fresh as this. */
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }),
  /** The last refresh started by any instance (a claim: one instance refreshes at a time). */
  attemptedAt: timestamp("attempted_at", { withTimezone: true }),
  /** Why the last refresh failed; null after a success. */
  lastError: text("last_error"),
});

/** The newest papers of each category, as the arXiv API listed them (newest first). */
export const catchupPapers = pgTable(
  "catchup_papers",
  {
    category: text("category")
      .notNull()
      .references(() => catchupCategories.category, { onDelete: "cascade" }),
    paperId: text("paper_id").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    paper: jsonb("paper").$type<Paper>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.category, t.paperId] }), index("catchup_papers_category_published_idx").on(t.category, t.publishedAt.desc())],
);

/**
 * One row per user and digest period: claimed in a transaction before the e-mail is sent, so
 * each user gets each digest once even when two instances run the schedule.
 */
export const digestDeliveries = pgTable(
  "digest_deliveries",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    frequency: text("frequency", { enum: ["daily", "weekly"] }).notNull(),
    /** The period's key: the UTC date (daily) or the ISO week's Monday (weekly), YYYY-MM-DD. */
    period: text("period").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set once the SMTP server accepted the message. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("digest_deliveries_user_period_uq").on(t.userId, t.frequency, t.period)],
);
