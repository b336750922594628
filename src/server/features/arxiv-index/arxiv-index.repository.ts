import { inArray, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "@/server/db/client";
import { arxivPapers } from "@/server/db/schema/arxiv-index";
import type { IndexRow } from "./index-document";
import { WORD_PAIRS_INDEX } from "./word-pairs";
import { NEWEST, NO_PARALLEL_WORKERS, orderedMatches, type MatchPlan } from "./ordered-matches";
import { relevanceScore, type Condition, type RankQueries } from "./query-sql";

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

export { dateOrder, NEWEST } from "./ordered-matches";

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

/**
 * The share of titles holding each of the most common title words (lexemes), as the database's
 * statistics count them, and the smallest share listed: a word not listed is rarer than it.
 */
export type TitleWordShares = { shares: ReadonlyMap<string, number>; floor: number };

/** How long the title words' shares are kept before they are read again (in the background). */
const WORD_SHARES_TTL_MS = 15 * 60_000;

/**
 * How long whether the word-pairs index is usable is kept before it is read again (in the
 * background): a minute once it is, a few seconds while it is not, so every instance uses it
 * soon after one of them has built it.
 */
const WORD_PAIRS_TTL_MS = { valid: 60_000, missing: 5_000 };

export function arxivIndexRepository(db: Database, readDb: Database = db, options: { plan?: MatchPlan } = {}) {
  const matches = orderedMatches(readDb, options);
  let wordShares: (TitleWordShares & { readAt: number }) | null = null;
  let readingShares: Promise<void> | null = null;
  let pairs: { valid: boolean; readAt: number } | null = null;
  let readingPairs: Promise<void> | null = null;

  /** Reads whether the database searched has a valid word-pairs index (a build under way leaves it invalid). */
  function readWordPairs(): Promise<void> {
    readingPairs ??= queryRows<{ valid: boolean | null }>(readDb, sql`select (select indisvalid from pg_index where indexrelid = to_regclass(${WORD_PAIRS_INDEX})) as valid`)
      .then(([row]) => void (pairs = { valid: row?.valid === true, readAt: Date.now() }))
      .catch(() => undefined)
      .finally(() => (readingPairs = null));
    return readingPairs;
  }

  /** The title words' shares, read in the background when missing or old; null until read (or with no statistics yet). */
  function titleWordShares(): TitleWordShares | null {
    if ((!wordShares || Date.now() - wordShares.readAt > WORD_SHARES_TTL_MS) && !readingShares) {
      readingShares = queryRows<{ words: string[] | null; shares: number[] | null }>(
        readDb,
        sql`select most_common_elems::text::text[] as words, most_common_elem_freqs::float8[] as shares
            from pg_stats where schemaname = current_schema() and tablename = 'arxiv_papers' and attname = 'fts_title'`,
      )
        .then(([row]) => {
          const words = row?.words ?? [];
          // After one share per word come the smallest, the largest and the share of nulls.
          const shares = (row?.shares ?? []).slice(0, words.length).map(Number);
          wordShares = { shares: new Map(words.map((word, at) => [word, shares[at]!])), floor: shares.length > 0 ? Math.min(...shares) : 0, readAt: Date.now() };
        })
        .catch(() => undefined)
        .finally(() => (readingShares = null));
    }
    return wordShares && wordShares.shares.size > 0 ? wordShares : null;
  }
  /** Papers by id, in the order of `ids`. */
  async function inOrder(ids: string[]): Promise<IndexedPaperFields[]> {
    if (ids.length === 0) return [];
    const rows = new Map((await readDb.select(paperColumns).from(arxivPapers).where(inArray(arxivPapers.id, ids))).map((row) => [row.id, row]));
    return ids.flatMap((id) => rows.get(id) ?? []);
  }
  /**
   * How many papers match any of `arms` (query-sql.ts), counted up to `cap` (a search shows at
   * most that many): one arm as ordered-matches.ts counts it; several each on its own up to
   * `cap` (their union holds `cap` if any arm does), without parallel workers, as a search by
   * word pairs runs.
   */
  async function countAny(arms: readonly Condition[], cap: number): Promise<number> {
    if (arms.length === 1) return matches.count(arms[0]!, cap);
    const each = arms.map((arm) => sql`(select ${arxivPapers.id} from ${arxivPapers} where ${arm.indexed ?? arm.where} limit ${cap})`);
    const [row] = await readDb.transaction(async (tx) => {
      await tx.execute(sql`select ${NO_PARALLEL_WORKERS}`);
      return queryRows<{ n: number | string }>(tx, sql`select count(*)::int as n from (${sql.join(each, sql` union `)}) as matched`);
    });
    return Math.min(cap, Number(row?.n ?? 0));
  }
  return {
    /** Stores records, a newer version replacing the row it updates. */
    upsert: (rows: IndexRow[]) => upsertIndexRows(db, rows),

    /** Removes records arXiv deleted. */
    async remove(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(arxivPapers).where(inArray(arxivPapers.id, ids));
    },

    /**
     * One page of the papers matching any of `arms` (queryToSql's) and how many match (counted up to `countCap`):
     * by a date in arXiv's order, or by relevance (the weighted rank of the searched fields)
     * among the newest RELEVANCE_CANDIDATES matches, ties newer first. The matches are found
     * by `ordered-matches.ts`, at a cost that does not hang on the planner's guesses.
     */
    async search(options: { arms: readonly Condition[]; rank: RankQueries; sortBy: IndexSortBy; sortOrder: IndexSortOrder; start: number; limit: number; countCap: number }): Promise<{ rows: IndexedPaperFields[]; total: number }> {
      const { arms, sortBy, sortOrder, start, limit, countCap } = options;
      const order = sortBy === "relevance" ? { key: "submittedDate" as const, ascending: false } : { key: sortBy, ascending: sortOrder === "ascending" };
      // Relevance ranks all its candidates; a date page needs the matches up to its end.
      const need = sortBy === "relevance" ? Math.max(start + limit, RELEVANCE_CANDIDATES) : start + limit;
      // A date page is short of the count cap, and most have more matches than the page: the
      // count runs beside the search, on a connection of its own, rather than after it (it
      // reads the same postings; on 3 million papers `cat:cs.CV AND abs:agent` takes 5 ms to
      // find its page and 150 ms to count). Not awaited when the search finds every match.
      const counting = need < countCap ? countAny(arms, countCap) : null;
      counting?.catch(() => undefined);
      const found = await matches.firstOfAny(arms, order, need, sortBy === "relevance" ? relevanceScore(options.rank) : undefined);
      const total = !found.more ? found.ids.length : countCap <= found.ids.length ? countCap : await (counting ?? countAny(arms, countCap));
      let pageIds: string[];
      if (sortBy !== "relevance") pageIds = found.ids.slice(start, start + limit);
      else {
        // The scores are float4s, as PostgreSQL compares them; a stable sort leaves ties in
        // the matches' order, newest first.
        const scores = found.scores ?? [];
        const sign = sortOrder === "ascending" ? 1 : -1;
        const ranked = found.ids.map((id, at) => ({ id, score: scores[at] ?? 0 }));
        ranked.sort((a, b) => sign * (a.score - b.score));
        pageIds = ranked.slice(start, start + limit).map((row) => row.id);
      }
      return { rows: await inOrder(pageIds), total };
    },

    /** Reads what places the searches' windows (see ordered-matches.ts) before the first search needs it. */
    async warm(): Promise<void> {
      titleWordShares();
      await Promise.all([matches.warm(), readingShares, readWordPairs()]);
    },

    titleWordShares,

    /** Whether phrases in the abstracts may be found by their word pairs (word-pairs.ts); false until read. */
    wordPairs(): boolean {
      if (!pairs || Date.now() - pairs.readAt > WORD_PAIRS_TTL_MS[pairs.valid ? "valid" : "missing"]) void readWordPairs();
      return pairs?.valid ?? false;
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
    async suggest(input: { idPrefix?: string; doiPrefix?: string; titlePrefix?: string; titleWords?: string; titleFragments?: string[]; authorWords?: string; limit: number }): Promise<(IndexedPaperFields & { matched: "id" | "doi" | "title" | "author" })[]> {
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
      const newest = { key: "submittedDate" as const, ascending: false };
      const newestMatching = async (where: SQL) => inOrder((await matches.first({ where }, newest, limit)).ids);
      if (input.idPrefix) {
        // In byte order, as the index `(id collate "C")` holds them: a range of it, read backwards.
        const byteOrder = sql`${arxivPapers.id} collate "C"`;
        take(await readDb.select(paperColumns).from(arxivPapers).where(sql`${byteOrder} like ${`${escapeLike(input.idPrefix)}%`}`).orderBy(sql`${byteOrder} desc`).limit(limit), "id");
      }
      if (input.doiPrefix && found.length < limit) take(await newestMatching(sql`${arxivPapers.doiKey} like ${`${escapeLike(input.doiPrefix)}%`}`), "doi");
      if (input.titlePrefix && found.length < limit) take(await newestMatching(sql`${arxivPapers.titleKey} like ${`${escapeLike(input.titlePrefix)}%`}`), "title");
      if (input.titleWords && found.length < limit) {
        // Full words through the GIN index; a word being typed, when given as fragments, checked
        // as the start of one of the title's words.
        const words = sql`' ' || ${arxivPapers.titleKey}`;
        const starts = (input.titleFragments ?? []).map((start) => sql`${words} like ${`% ${escapeLike(start)}%`}`);
        const fragment = starts.length > 0 ? sql` and (${sql.join(starts, sql` or `)})` : sql``;
        take(await newestMatching(sql`${arxivPapers.ftsTitle} @@ ${input.titleWords}::tsquery${fragment}`), "title");
      }
      if (input.authorWords && found.length < limit) take(await newestMatching(sql`${arxivPapers.ftsAuthors} @@ ${input.authorWords}::tsquery`), "author");
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
