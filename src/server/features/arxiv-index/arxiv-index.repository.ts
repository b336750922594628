import { inArray, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "@/server/db/client";
import { arxivPapers } from "@/server/db/schema/arxiv-index";
import type { IndexRow } from "./index-document";

export type IndexSortBy = "relevance" | "submittedDate" | "lastUpdatedDate";
export type IndexSortOrder = "ascending" | "descending";

/** A stored paper as searches read it back. */
export type IndexedPaper = typeof arxivPapers.$inferSelect;

/** Relevance weights of the fields in `fts` ({D, C, B, A}: abstract C, authors B, title A). */
const RANK_WEIGHTS = "{0.1, 0.4, 0.8, 1.0}";

/** Every column but the text vectors, which only the database reads. */
const paperColumns = {
  id: arxivPapers.id,
  version: arxivPapers.version,
  versions: arxivPapers.versions,
  title: arxivPapers.title,
  authors: arxivPapers.authors,
  abstract: arxivPapers.abstract,
  categories: arxivPapers.categories,
  comments: arxivPapers.comments,
  journalRef: arxivPapers.journalRef,
  doi: arxivPapers.doi,
  reportNo: arxivPapers.reportNo,
  license: arxivPapers.license,
  submittedAt: arxivPapers.submittedAt,
  updatedAt: arxivPapers.updatedAt,
  datestamp: arxivPapers.datestamp,
};
export type IndexedPaperFields = { [K in keyof typeof paperColumns]: IndexedPaper[K] };

/**
 * The order arXiv gives: by the sort key in the asked direction; ties newer first, then by
 * id, so every page of every run agrees.
 */
function orderBy(sortBy: IndexSortBy, order: IndexSortOrder, rank: string | null): SQL {
  const direction = order === "ascending" ? sql`asc` : sql`desc`;
  const tie = sql`${arxivPapers.submittedAt} desc, ${arxivPapers.id} asc`;
  if (sortBy === "relevance") {
    if (!rank) return sql`${tie}`;
    return sql`ts_rank(${RANK_WEIGHTS}::float4[], ${arxivPapers.fts}, ${rank}::tsquery) ${direction}, ${tie}`;
  }
  const key = sortBy === "submittedDate" ? arxivPapers.submittedAt : arxivPapers.updatedAt;
  return sql`${key} ${direction}, ${tie}`;
}

export function arxivIndexRepository(db: Database, readDb: Database = db) {
  return {
    /** Stores records, a newer version replacing the row it updates. */
    async upsert(rows: IndexRow[]): Promise<void> {
      if (rows.length === 0) return;
      const values = rows.map((row) => ({
        id: row.id,
        version: row.version,
        versions: row.versions,
        title: row.title,
        authors: row.authors,
        abstract: row.abstract,
        categories: row.categories,
        comments: row.comments,
        journalRef: row.journalRef,
        doi: row.doi,
        reportNo: row.reportNo,
        license: row.license,
        submittedAt: row.submittedAt,
        updatedAt: row.updatedAt,
        datestamp: row.datestamp,
        fts: row.fts,
        ftsMeta: row.ftsMeta,
        titleKey: row.titleKey,
        doiKey: row.doiKey,
      }));
      const excluded = (name: string) => sql.raw(`excluded.${name}`);
      await db
        .insert(arxivPapers)
        .values(values)
        .onConflictDoUpdate({
          target: arxivPapers.id,
          set: Object.fromEntries(
            Object.entries(arxivPapers)
              .filter(([key, value]) => key !== "id" && typeof value === "object" && value !== null && "name" in value)
              .map(([key, value]) => [key, excluded((value as { name: string }).name)]),
          ),
        });
    },

    /** Removes records arXiv deleted. */
    async remove(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(arxivPapers).where(inArray(arxivPapers.id, ids));
    },

    /** One page of the papers matching `where`, in arXiv's order. */
    async page(options: { where: SQL; rank: string | null; sortBy: IndexSortBy; sortOrder: IndexSortOrder; start: number; limit: number }): Promise<IndexedPaperFields[]> {
      return readDb
        .select(paperColumns)
        .from(arxivPapers)
        .where(options.where)
        .orderBy(orderBy(options.sortBy, options.sortOrder, options.rank))
        .limit(options.limit)
        .offset(options.start);
    },

    /** How many papers match, counted up to `cap` (a search shows at most that many). */
    async count(where: SQL, cap: number): Promise<number> {
      const [row] = await queryRows<{ n: number | string }>(
        readDb,
        sql`select count(*)::int as n from (select 1 from ${arxivPapers} where ${where} limit ${cap}) as matched`,
      );
      return Number(row?.n ?? 0);
    },

    /** Papers by id (versions stripped), in no particular order. */
    async byIds(ids: string[]): Promise<IndexedPaperFields[]> {
      if (ids.length === 0) return [];
      return readDb.select(paperColumns).from(arxivPapers).where(inArray(arxivPapers.id, ids));
    },

    /** How many papers the index holds. */
    async size(): Promise<number> {
      const [row] = await queryRows<{ n: number | string }>(readDb, sql`select count(*)::bigint as n from ${arxivPapers}`);
      return Number(row?.n ?? 0);
    },
  };
}

export type ArxivIndexRepository = ReturnType<typeof arxivIndexRepository>;
