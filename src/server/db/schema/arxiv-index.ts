import { sql } from "drizzle-orm";
import { bigint, customType, date, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** PostgreSQL's full-text vector, written as a tsvector literal (the index builds its own lexemes). */
const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

/** One version of a paper as arXiv's OAI-PMH lists it (arXivRaw). */
export type ArxivIndexVersion = {
  version: number;
  /** When this version was submitted, ISO 8601 UTC. */
  submitted: string;
  /** arXiv's size string ("23kb"), when it gave one. */
  size?: string | null;
};

export type ArxivIndexAuthor = { name: string; affiliations: string[] };

/**
 * Quire's own arXiv index: every harvested paper (OAI-PMH, arXivRaw), one row per paper with
 * its newest version, answering arXiv searches, suggestions and the catch-up feed without
 * arXiv's query API. Text is matched through vectors whose lexemes Quire cuts itself
 * (src/shared/arxiv-query/text-analysis.ts, the same rule arXiv search follows), one per field
 * people search (title, authors, abstract: a GIN index then answers a field's words exactly,
 * with no weights to check row by row), and one for the rest: comments (weight A), journal
 * reference (B), report number (C) and categories (D).
 */
export const arxivPapers = pgTable(
  "arxiv_papers",
  {
    /** arXiv id without version: "2401.12345", "hep-th/9901001". */
    id: text("id").primaryKey(),
    /** The newest version's number. */
    version: integer("version").notNull(),
    versions: jsonb("versions").$type<ArxivIndexVersion[]>().notNull(),
    title: text("title").notNull(),
    authors: jsonb("authors").$type<ArxivIndexAuthor[]>().notNull(),
    abstract: text("abstract").notNull(),
    /** Primary category first, as arXiv lists them. */
    categories: text("categories").array().notNull(),
    comments: text("comments"),
    journalRef: text("journal_ref"),
    doi: text("doi"),
    reportNo: text("report_no"),
    license: text("license"),
    /** The first version's submission: what arXiv's submittedDate sorts and filters on. */
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
    /** The newest version's submission: arXiv's lastUpdatedDate. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    /** The record's OAI-PMH datestamp (the day arXiv last changed it). */
    datestamp: date("datestamp", { mode: "string" }).notNull(),
    ftsTitle: tsvector("fts_title").notNull(),
    ftsAuthors: tsvector("fts_authors").notNull(),
    ftsAbstract: tsvector("fts_abstract").notNull(),
    ftsMeta: tsvector("fts_meta").notNull(),
    /** The categories lower case, as `cat:` matches them. */
    categoryKeys: text("category_keys").array().notNull(),
    /** The title folded for prefix suggestions (lower case, accents and punctuation gone, spaces single). */
    titleKey: text("title_key").notNull(),
    /** The DOI folded to lower case, for lookups by DOI. */
    doiKey: text("doi_key"),
  },
  (t) => [
    index("arxiv_papers_fts_title_idx").using("gin", t.ftsTitle),
    index("arxiv_papers_fts_authors_idx").using("gin", t.ftsAuthors),
    index("arxiv_papers_fts_abstract_idx").using("gin", t.ftsAbstract),
    index("arxiv_papers_fts_meta_idx").using("gin", t.ftsMeta),
    index("arxiv_papers_category_keys_idx").using("gin", t.categoryKeys),
    index("arxiv_papers_submitted_idx").on(t.submittedAt.desc(), t.id),
    index("arxiv_papers_updated_idx").on(t.updatedAt.desc(), t.id),
    index("arxiv_papers_doi_idx").on(sql`${t.doiKey} text_pattern_ops`).where(sql`${t.doiKey} is not null`),
    // Byte order: it answers id prefixes (LIKE, anchored patterns) and walks them in order.
    index("arxiv_papers_id_prefix_idx").on(sql`${t.id} collate "C"`),
    index("arxiv_papers_title_key_idx").on(sql`${t.titleKey} text_pattern_ops`),
    index("arxiv_papers_datestamp_idx").on(t.datestamp),
  ],
);

/**
 * The harvest of one OAI-PMH scope (`all`, or one of arXiv's sets such as `cs` or
 * `physics:hep-th`): where the current run stands (its resumption token, so a restart goes on
 * from the last page stored), what the last complete run reached, and how it went.
 */
export const arxivHarvests = pgTable("arxiv_harvests", {
  /** `all` or an arXiv set spec. */
  scope: text("scope").primaryKey(),
  /** The day the current run harvests from (inclusive); null for a first, whole harvest. */
  runFrom: date("run_from", { mode: "string" }),
  /** When the current run began; null when none is under way. */
  runStartedAt: timestamp("run_started_at", { withTimezone: true }),
  /** The oldest and newest record datestamps the current run has stored (its progress through the days). */
  runFirstDatestamp: date("run_first_datestamp", { mode: "string" }),
  runLastDatestamp: date("run_last_datestamp", { mode: "string" }),
  /** The day the current run's first answer was dated: the next run starts from it. */
  runResponseDate: date("run_response_date", { mode: "string" }),
  /** The token of the next page of the current run; null before its first page. */
  resumptionToken: text("resumption_token"),
  /** Records the current run has been given so far, and how many the list holds in all. */
  cursor: integer("cursor").notNull().default(0),
  completeListSize: integer("complete_list_size"),
  runRecords: integer("run_records").notNull().default(0),
  runDeleted: integer("run_deleted").notNull().default(0),
  /** The first whole harvest of this scope finished. */
  initialDoneAt: timestamp("initial_done_at", { withTimezone: true }),
  /** The last run that finished, and the day the next one starts from. */
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  nextFrom: date("next_from", { mode: "string" }),
  /** The newest record datestamp harvested. */
  lastDatestamp: date("last_datestamp", { mode: "string" }),
  /** Records stored over every run. */
  recordsTotal: bigint("records_total", { mode: "number" }).notNull().default(0),
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
  /** The instance running the harvest holds it until this moment (renewed with every page). */
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  leaseHolder: text("lease_holder"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
