import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** Papers the app has stored (authored papers, the catch-up index), keyed by Quire's paper id. */
export const papers = pgTable(
  "papers",
  {
    id: text("id").primaryKey(),
    arxivId: text("arxiv_id"),
    title: text("title").notNull(),
    authors: jsonb("authors").$type<string[]>().notNull().default([]),
    abstract: text("abstract"),
    categories: jsonb("categories").$type<string[]>().notNull().default([]),
    publishedDate: timestamp("published_date", { withTimezone: true }),
    updatedDate: timestamp("updated_date", { withTimezone: true }),
    source: text("source").notNull().default("arxiv"),
    pdfUrl: text("pdf_url"),
    journalRef: text("journal_ref"),
    comments: text("comments"),
    doi: text("doi"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("papers_arxiv_id_idx").on(t.arxivId),
    index("papers_doi_idx").on(t.doi),
    index("papers_published_date_idx").on(t.publishedDate.desc()),
    index("papers_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
  ],
);

/** A paper's fields as a user sent them, kept on their own row (dates as ISO strings). */
export type UserPaperData = {
  id: string;
  arxivId: string | null;
  title: string;
  authors: string[];
  abstract: string | null;
  categories: string[];
  publishedDate: string | null;
  updatedDate: string | null;
  source: string;
  pdfUrl: string | null;
  journalRef: string | null;
  comments: string | null;
  doi: string | null;
};

/** Papers a user wrote; verified only when matched automatically or through ORCID. */
export const userAuthoredPapers = pgTable(
  "user_authored_papers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * The paper: the shared `papers` row when Quire fetched it from an upstream, else only
     * this row's own `paper_data` (what the user sent stays the user's; no foreign key, since
     * such a paper has no shared row).
     */
    paperId: text("paper_id").notNull(),
    /** The paper as the user sent it (manual adds); null when the shared row, from an upstream, is the paper. */
    paperData: jsonb("paper_data").$type<UserPaperData>(),
    isVerified: boolean("is_verified").notNull().default(false),
    verificationMethod: text("verification_method", {
      enum: ["manual", "auto_arxiv_match", "orcid_verification"],
    })
      .notNull()
      .default("manual"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_authored_papers_user_paper_uq").on(t.userId, t.paperId),
    index("user_authored_papers_user_added_at_idx").on(t.userId, t.addedAt.desc()),
    check(
      "user_authored_papers_method_check",
      sql`${t.verificationMethod} in ('manual', 'auto_arxiv_match', 'orcid_verification')`,
    ),
  ],
);

/** A highlight rectangle on a PDF page; coordinates are fractions of the page. */
export const highlights = pgTable(
  "highlights",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    paperId: text("paper_id").notNull(),
    pageNumber: integer("page_number").notNull(),
    coordinates: jsonb("coordinates").$type<{ x: number; y: number; width: number; height: number }>().notNull(),
    /** One rect per selected line (coordinates is their bounding box); a dragged area is one rect. */
    rects: jsonb("rects").$type<{ x: number; y: number; width: number; height: number }[]>().notNull().default([]),
    /** The selected text, for lists and export; empty for an area. */
    selectedText: text("selected_text").notNull().default(""),
    color: text("color").notNull().default("#FFFF00"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("highlights_user_paper_idx").on(t.userId, t.paperId)],
);

/**
 * The unified entity: one row per paper, whatever source it
 * was found through, merging its arXiv, OpenAlex and Crossref records. Each identifier is
 * unique, so two records of one paper cannot become two entities.
 */
export const paperEntities = pgTable(
  "paper_entities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    authors: jsonb("authors").$type<string[]>().notNull().default([]),
    abstract: text("abstract"),
    url: text("url"),
    categories: jsonb("categories").$type<string[]>().notNull().default([]),
    category: text("category").notNull().default("unknown"),
    /** The paper's id at each source that knows it: { arxiv, openalex, crossref, doi }. */
    sourceIds: jsonb("source_ids").$type<Record<string, string>>().notNull().default({}),
    /** The bare arXiv id (no version), lower case; the identity keys below mirror source_ids. */
    arxivId: text("arxiv_id"),
    /** The DOI, bare and lower case. */
    doi: text("doi"),
    /** The OpenAlex work id, W followed by digits. */
    openalexId: text("openalex_id"),
    primarySource: text("primary_source").notNull(),
    /** ISO date (or a bare year) the preprint was submitted. */
    submissionDate: text("submission_date"),
    /** ISO date (or a bare year) the version of record was published. */
    publicationDate: text("publication_date"),
    dateAdded: timestamp("date_added", { withTimezone: true }).notNull().defaultNow(),
    dateModified: timestamp("date_modified", { withTimezone: true }).notNull().defaultNow(),
    /** What each source contributed and when: [{ source, id, action, at, fields }]. */
    sourceHistory: jsonb("source_history").$type<Record<string, unknown>[]>().notNull().default([]),
    /** journal, publisher, volume, issue, pages, type. */
    publicationInfo: jsonb("publication_info").$type<Record<string, string>>().notNull().default({}),
    /** citationCount, license. */
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** Each source's own record ({ arxiv, openalex, crossref }), from which the fields above are derived. */
    sourceRecords: jsonb("source_records").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("paper_entities_arxiv_id_uq").on(t.arxivId).where(sql`${t.arxivId} is not null`),
    uniqueIndex("paper_entities_doi_uq").on(t.doi).where(sql`${t.doi} is not null`),
    uniqueIndex("paper_entities_openalex_id_uq").on(t.openalexId).where(sql`${t.openalexId} is not null`),
  ],
);
