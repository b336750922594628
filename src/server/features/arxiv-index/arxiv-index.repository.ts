import { inArray, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "@/server/db/client";
import { arxivPapers } from "@/server/db/schema/arxiv-index";
import type { IndexRow } from "./index-document";
import { relevanceScore, type RankQueries } from "./query-sql";

export type IndexSortBy = "relevance" | "submittedDate" | "lastUpdatedDate";
export type IndexSortOrder = "ascending" | "descending";

/** A stored paper as searches read it back. */
export type IndexedPaper = typeof arxivPapers.$inferSelect;

/**
 * Relevance ranks the newest this many matches: as many as a search can page through
 * (SEARCH_TOTAL_CAP), found through the date index however many papers match, so ranking
 * costs the same for a word in 300 papers and one in 300,000.
 */
export const RELEVANCE_CANDIDATES = 2000;

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
 * The order arXiv gives for a date sort: by the date in the asked direction; ties newer
 * first, then by id, so every page of every run agrees.
 */
/**
 * Newest first, ties by id: the order of the date index `(submitted_at desc nulls last, id)`.
 * The dates are never null, but PostgreSQL matches an ORDER BY to an index by its NULLS
 * placement too: a plain `desc` (nulls first) cannot walk that index, and on 3 million records
 * a common word (`abs:model`, 60 % of them) then took a sort of every match, 40 to 60 s,
 * where the index walk takes 20 ms for a page and 300 ms for the relevance candidates.
 */
export const NEWEST = sql`${arxivPapers.submittedAt} desc nulls last, ${arxivPapers.id} asc`;

export function dateOrder(sortBy: "submittedDate" | "lastUpdatedDate", order: IndexSortOrder): SQL {
  // Each date index is `(date desc nulls last, id)`: walked forwards for descending, backwards
  // (`asc nulls first`) for ascending; ties then come in NEWEST's order (an incremental sort).
  const direction = order === "ascending" ? sql`asc nulls first` : sql`desc nulls last`;
  const key = sortBy === "submittedDate" ? arxivPapers.submittedAt : arxivPapers.updatedAt;
  return sql`${key} ${direction}, ${NEWEST}`;
}

/**
 * Rows per insert statement: PostgreSQL's protocol carries at most 65,535 bind parameters, and
 * a row takes one per column (22), so a whole OAI-PMH page (up to 3,500 records) goes in parts.
 */
export const UPSERT_ROWS_PER_STATEMENT = 1_000;

/** Stores records in `db` (a transaction's, when the harvest stores a page with its progress). */
export async function upsertIndexRows(db: Database, rows: IndexRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += UPSERT_ROWS_PER_STATEMENT) {
    await upsertPart(db, rows.slice(start, start + UPSERT_ROWS_PER_STATEMENT));
  }
}

async function upsertPart(db: Database, rows: IndexRow[]): Promise<void> {
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
    ftsTitle: row.ftsTitle,
    ftsAuthors: row.ftsAuthors,
    ftsAbstract: row.ftsAbstract,
    ftsMeta: row.ftsMeta,
    categoryKeys: row.categoryKeys,
    titleKey: row.titleKey,
    doiKey: row.doiKey,
  }));
  await db
    .insert(arxivPapers)
    .values(values)
    .onConflictDoUpdate({ target: arxivPapers.id, set: UPDATE_ALL });
}

/** On conflict, every column but the id takes the incoming row's value. */
const UPDATE_ALL = Object.fromEntries(
  Object.entries(arxivPapers)
    .filter(([key, value]) => key !== "id" && typeof value === "object" && value !== null && "name" in value && "columnType" in value)
    .map(([key, value]) => [key, sql.raw(`excluded.${(value as { name: string }).name}`)]),
);

/** A LIKE pattern's literal part: its wildcards and escape character taken as themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

export function arxivIndexRepository(db: Database, readDb: Database = db) {
  return {
    /** Stores records, a newer version replacing the row it updates. */
    upsert: (rows: IndexRow[]) => upsertIndexRows(db, rows),

    /** Removes records arXiv deleted. */
    async remove(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(arxivPapers).where(inArray(arxivPapers.id, ids));
    },

    /**
     * One page of the papers matching `where`: by a date in arXiv's order, or by relevance
     * (the weighted rank of the searched fields) among the newest RELEVANCE_CANDIDATES
     * matches, ties newer first.
     */
    async page(options: { where: SQL; rank: RankQueries; sortBy: IndexSortBy; sortOrder: IndexSortOrder; start: number; limit: number }): Promise<IndexedPaperFields[]> {
      const { where, sortBy, sortOrder, start, limit } = options;
      if (sortBy !== "relevance") {
        return readDb.select(paperColumns).from(arxivPapers).where(where).orderBy(dateOrder(sortBy, sortOrder)).limit(limit).offset(start);
      }
      const direction = sortOrder === "ascending" ? sql`asc` : sql`desc`;
      const candidates = readDb
        .select({ id: arxivPapers.id })
        .from(arxivPapers)
        .where(where)
        .orderBy(NEWEST)
        .limit(RELEVANCE_CANDIDATES)
        .as("candidates");
      const ranked = readDb
        .select({ id: arxivPapers.id, score: sql<number>`${relevanceScore(options.rank)}`.as("score") })
        .from(arxivPapers)
        .innerJoin(candidates, sql`${arxivPapers.id} = ${candidates.id}`)
        .orderBy(sql`score ${direction}, ${NEWEST}`)
        .limit(limit)
        .offset(start)
        .as("ranked");
      return readDb
        .select(paperColumns)
        .from(arxivPapers)
        .innerJoin(ranked, sql`${arxivPapers.id} = ${ranked.id}`)
        .orderBy(sql`${ranked.score} ${direction}, ${NEWEST}`);
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

    /**
     * Papers whose id, DOI, title or authors begin like what a person is typing, newest first
     * within each kind of match (the caller orders the kinds): every query is an index range
     * or a GIN lookup with a limit.
     */
    async suggest(input: { idPrefix?: string; doiPrefix?: string; titlePrefix?: string; titleWords?: string; authorWords?: string; limit: number }): Promise<(IndexedPaperFields & { matched: "id" | "doi" | "title" | "author" })[]> {
      const { limit } = input;
      const found: (IndexedPaperFields & { matched: "id" | "doi" | "title" | "author" })[] = [];
      const seen = new Set<string>();
      const take = (rows: IndexedPaperFields[], matched: "id" | "doi" | "title" | "author") => {
        for (const row of rows) {
          if (found.length >= limit || seen.has(row.id)) continue;
          seen.add(row.id);
          found.push({ ...row, matched });
        }
      };
      const select = () => readDb.select(paperColumns).from(arxivPapers);
      const newest = NEWEST;
      if (input.idPrefix) take(await select().where(sql`${arxivPapers.id} like ${`${escapeLike(input.idPrefix)}%`}`).orderBy(sql`${arxivPapers.id} desc`).limit(limit), "id");
      if (input.doiPrefix && found.length < limit) {
        take(await select().where(sql`${arxivPapers.doiKey} like ${`${escapeLike(input.doiPrefix)}%`}`).orderBy(newest).limit(limit), "doi");
      }
      if (input.titlePrefix && found.length < limit) {
        take(await select().where(sql`${arxivPapers.titleKey} like ${`${escapeLike(input.titlePrefix)}%`}`).orderBy(newest).limit(limit), "title");
      }
      if (input.titleWords && found.length < limit) {
        take(await select().where(sql`${arxivPapers.ftsTitle} @@ ${input.titleWords}::tsquery`).orderBy(newest).limit(limit), "title");
      }
      if (input.authorWords && found.length < limit) {
        take(await select().where(sql`${arxivPapers.ftsAuthors} @@ ${input.authorWords}::tsquery`).orderBy(newest).limit(limit), "author");
      }
      return found;
    },

    /** Every paper of a category submitted in [since, until], newest first (the catch-up feed's month). */
    async inCategory(category: string, since: Date, until: Date): Promise<IndexedPaperFields[]> {
      return readDb
        .select(paperColumns)
        .from(arxivPapers)
        .where(
          sql`${arxivPapers.categoryKeys} @> array[${category.toLowerCase()}]::text[] and ${arxivPapers.submittedAt} >= ${since.toISOString()}::timestamptz and ${arxivPapers.submittedAt} <= ${until.toISOString()}::timestamptz`,
        )
        .orderBy(NEWEST);
    },

    /** How many papers the index holds. */
    async size(): Promise<number> {
      const [row] = await queryRows<{ n: number | string }>(readDb, sql`select count(*)::bigint as n from ${arxivPapers}`);
      return Number(row?.n ?? 0);
    },
  };
}

export type ArxivIndexRepository = ReturnType<typeof arxivIndexRepository>;
