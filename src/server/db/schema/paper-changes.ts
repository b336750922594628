import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * The version watch: what changed in a paper a user keeps since they kept it (a new arXiv
 * version, a publication), one row per user, paper and change (`change_key`: `v3`, or
 * `published`), so a check run again finds nothing new. The user reads, dismisses or applies it
 * (moves the bookmark to the new version); the digest says it once (`digested_at`).
 */
export const paperChanges = pgTable(
  "paper_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Quire's paper id, as the bookmark or history row keeps it. */
    paperId: text("paper_id").notNull(),
    /** `version` or `published`. */
    kind: text("kind", { enum: ["version", "published"] }).notNull(),
    /** `v<N>` for a version change, `published` for a publication. */
    changeKey: text("change_key").notNull(),
    /** Which kept papers it came from: `bookmark` or `history`. */
    origin: text("origin", { enum: ["bookmark", "history"] }).notNull(),
    /** `index` (Quire's arXiv index), `opened` (a paper answer the user opened), `openalex` or `crossref` (the watch's own look-up of a published version). */
    source: text("source", { enum: ["index", "opened", "openalex", "crossref"] }).notNull(),
    /** The paper's title when the change was found (for the lists and the digest). */
    title: text("title").notNull(),
    fromVersion: integer("from_version"),
    toVersion: integer("to_version"),
    /** When the new version was submitted. */
    versionDate: timestamp("version_date", { withTimezone: true }),
    comment: text("comment"),
    doi: text("doi"),
    journalRef: text("journal_ref"),
    detectedAt: timestamp("detected_at", { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp("seen_at", { withTimezone: true }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    /** When the user moved the bookmark to it. */
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    /** When a digest e-mail listed it. */
    digestedAt: timestamp("digested_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("paper_changes_user_paper_key_uq").on(t.userId, t.paperId, t.changeKey),
    // The open changes of a user, newest first: the badge route, the catch-up section and the digest.
    index("paper_changes_user_open_idx").on(t.userId, t.detectedAt.desc()).where(sql`${t.dismissedAt} is null and ${t.appliedAt} is null`),
    check("paper_changes_kind_check", sql`${t.kind} in ('version', 'published')`),
  ],
);

/**
 * The version watch's look-ups of a kept arXiv paper's published version outside arXiv (OpenAlex,
 * Crossref), one row per paper (not per user: every user keeping it shares the answer). A paper
 * whose arXiv record names no DOI or journal reference is asked about again only once
 * `checked_at` is older than the check interval; once a publication is found it is not asked
 * about again, and the users keeping it are told (a `published` change).
 */
export const paperPublications = pgTable(
  "paper_publications",
  {
    /** The arXiv id without version ("2401.12345"). */
    paperId: text("paper_id").primaryKey(),
    /** When OpenAlex and Crossref were last asked. */
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    /** The published version's DOI and journal reference (arXiv's form: "Journal 12 (2026) 345"), once found. */
    doi: text("doi"),
    journalRef: text("journal_ref"),
    /** Which upstream found it: `openalex` or `crossref`. */
    source: text("source", { enum: ["openalex", "crossref"] }),
    foundAt: timestamp("found_at", { withTimezone: true }),
  },
  // The papers not found yet, least recently asked first: the check's next batch.
  (t) => [index("paper_publications_unfound_checked_idx").on(t.checkedAt).where(sql`${t.doi} is null`)],
);
