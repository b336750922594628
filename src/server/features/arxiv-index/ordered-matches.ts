import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { queryRows, type Database } from "@/server/db/client";
import { arxivPapers } from "@/server/db/schema/arxiv-index";
import type { Condition, DateRanges } from "./query-sql";

/**
 * The first matches of a search in a date order, found at a cost that does not depend on
 * how well PostgreSQL guesses how many papers match.
 *
 * Two ways answer "the newest n papers matching W": walk the date index newest first,
 * testing each paper until n match (cheap when W is common: n / frequency papers), or take
 * every match from the GIN indexes and sort them (cheap when W is rare). The planner picks
 * between them by its estimate of W, and on 3 million records that estimate is good for
 * common words and poor for rare ones, whose estimate is a floor the statistics give every
 * word they do not list. Its mistakes were the slowest searches by far: `medsam2` (200
 * papers, estimated 19,000) walked 238,000 papers for a third page, 15 s; `cat:cs.CV` in
 * 2014 by last-updated date walked 2 million, 22 s.
 *
 * So the walk is taken only where the estimate is high enough that a wrong guess still
 * leaves a walk short (common words, where the statistics know the count); everywhere else
 * the matches come from the GIN indexes within a window of the newest papers (a bitmap of the
 * date index joined to theirs, so only the window's matches are read), widened until it holds
 * n matches. The window's size comes from the estimate, but the answer never does: a window
 * that holds n matches holds the newest n, and one that does not is widened, up to the
 * whole index.
 */

export type DateKey = "submittedDate" | "lastUpdatedDate";
export type MatchOrder = { key: DateKey; ascending: boolean };
export type MatchPlan = "walk" | "window";

/**
 * What testing one paper on the date-index walk costs against reading one entry of a GIN
 * posting list, measured on 3 million records: ~15 µs against ~0.2 µs when the test reads the
 * abstract's vector (kept out of line, in TOAST), a few times a posting entry when it reads
 * only what the row holds (title, authors, categories, dates).
 */
const WALK_COST_PER_PAPER = { outOfLine: 75, inRow: 4 };
/** The vectors kept out of line: a test that reads them costs a TOAST lookup a paper. */
const OUT_OF_LINE = /"fts_abstract"|"fts_meta"/;
const dialect = new PgDialect();
/** The window starts this many times larger than the estimate says it needs... */
const WINDOW_MARGIN = 4;
/** ...and grows this many times when it holds too few matches. */
const WINDOW_GROWTH = 8;
/** A window is marked out only when it holds at most 1/this of the papers. */
const WINDOW_MAX_SHARE = 4;
/** Every this-many-th date of each order is kept to place windows. */
const QUANTILE_STEP = 1000;
/** How long the kept dates serve before they are read again (a harvest only adds newer papers). */
const QUANTILES_TTL_MS = 15 * 60_000;

const COLUMN = { submittedDate: arxivPapers.submittedAt, lastUpdatedDate: arxivPapers.updatedAt } as const;
const COLUMN_NAME = { submittedDate: "submitted_at", lastUpdatedDate: "updated_at" } as const;

/**
 * Newest first, ties by id: the order of the date index `(submitted_at desc nulls last, id)`.
 * The dates are never null, but PostgreSQL matches an ORDER BY to an index by its NULLS
 * placement too: a plain `desc` (nulls first) cannot walk that index, and on 3 million records
 * a common word (`abs:model`, 60 % of them) then took a sort of every match, 40 to 60 s,
 * where the index walk takes 20 ms for a page and 300 ms for the relevance candidates.
 */
export const NEWEST = sql`${arxivPapers.submittedAt} desc nulls last, ${arxivPapers.id} asc`;

/** arXiv's order for a date sort, as the date indexes `(date desc nulls last, id)` hold it. */
export function dateOrder(key: DateKey, order: "ascending" | "descending"): SQL {
  // Walked forwards for descending, backwards (`asc nulls first`) for ascending; ties then
  // come in NEWEST's order (an incremental sort).
  const direction = order === "ascending" ? sql`asc nulls first` : sql`desc nulls last`;
  return sql`${COLUMN[key]} ${direction}, ${NEWEST}`;
}

/** `id = any(ids)`, the ids as one array literal (one parameter, however many they are). */
export function idIn(ids: readonly string[]): SQL {
  return sql`${arxivPapers.id} = any(${`{${ids.map((id) => `"${id.replace(/["\\]/g, "\\$&")}"`).join(",")}}`}::text[])`;
}

/** For one transaction: no parallel workers (a search by word pairs, see first()). */
export const NO_PARALLEL_WORKERS = sql`set_config('max_parallel_workers_per_gather', '0', true)`;

type Quantiles = { dates: Date[]; readAt: number };

export type OrderedMatches = {
  /** The first `need` matching ids in order. */
  ids: string[];
  /** Each one's score, when one was asked for (in the order of `ids`). */
  scores: number[] | null;
  /** Whether more papers match than `need`. */
  more: boolean;
  /** How they were found: the walk, or the windows' edges tried in turn (null: the whole index). */
  plan: MatchPlan;
  edges: (Date | null)[];
};

export function orderedMatches(readDb: Database, options: { plan?: MatchPlan } = {}) {
  const quantiles = new Map<DateKey, Quantiles>();
  const reading = new Map<DateKey, Promise<void>>();
  let papers: { count: number; readAt: number } | null = null;

  /** Every QUANTILE_STEP-th date of `key`, newest first, read in the background when missing or old. */
  function datesOf(key: DateKey): Date[] | null {
    const kept = quantiles.get(key);
    if ((!kept || Date.now() - kept.readAt > QUANTILES_TTL_MS) && !reading.has(key)) {
      const column = sql.raw(COLUMN_NAME[key]);
      const read = queryRows<{ at: Date | string }>(
        readDb,
        sql`select at from (select ${column} as at, row_number() over (order by ${column} desc nulls last) as n from ${arxivPapers}) as ranked where n % ${QUANTILE_STEP} = 0 order by n`,
      )
        .then((rows) => void quantiles.set(key, { dates: rows.map((row) => new Date(row.at)), readAt: Date.now() }))
        .catch(() => undefined)
        .finally(() => reading.delete(key));
      reading.set(key, read);
    }
    return kept?.dates ?? null;
  }

  /** How many papers the index holds, as the statistics say (read at most once a minute). */
  async function paperCount(): Promise<number> {
    if (papers && Date.now() - papers.readAt < 60_000) return papers.count;
    const [row] = await queryRows<{ n: number | string }>(readDb, sql`select greatest(reltuples, 0)::bigint as n from pg_class where oid = ${"arxiv_papers"}::regclass`);
    papers = { count: Number(row?.n ?? 0), readAt: Date.now() };
    return papers.count;
  }

  /** The planner's estimate of how many papers match `where`. */
  const estimating = new Map<string, Promise<number>>();
  /**
   * The planner's estimate of how many papers match `where`, asked once for calls that overlap
   * (a date page's count starts beside its search, both for the same condition).
   */
  function estimate(where: SQL): Promise<number> {
    const query = dialect.sqlToQuery(where);
    const key = JSON.stringify([query.sql, query.params]);
    let estimated = estimating.get(key);
    if (!estimated) {
      estimated = queryRows<Record<string, unknown>>(readDb, sql`explain (format json) select 1 from ${arxivPapers} where ${where}`)
        .then(([row]) => {
          let plan = row ? Object.values(row)[0] : null;
          if (typeof plan === "string") plan = JSON.parse(plan);
          return Number((plan as { Plan?: { "Plan Rows"?: number } }[] | null)?.[0]?.Plan?.["Plan Rows"] ?? 0);
        })
        .finally(() => estimating.delete(key));
      estimating.set(key, estimated);
    }
    return estimated;
  }

  /** Papers before those a condition's dates allow, how many it allows, and how many there are. */
  type Span = { before: number; size: number; total: number };

  /**
   * Where the papers a condition's dates allow lie in the order (its date range on the order's
   * key, see query-sql.ts): how many come before the first of them, and how many there are
   * (both to the kept dates' step); the whole index without a range or kept dates.
   */
  function span(order: MatchOrder, ranges: DateRanges | undefined, total: number): Span {
    const range = ranges?.[order.key];
    const dates = datesOf(order.key);
    // The statistics may not have counted the papers yet; the kept dates did.
    if (dates) total = Math.max(total, dates.length * QUANTILE_STEP);
    if (!range || !dates) return { before: 0, size: total, total };
    // Kept dates newer than the range's end, and newer than or at its start: papers newest first.
    const newer = range.toMs === null ? 0 : dates.filter((date) => date.getTime() > range.toMs!).length * QUANTILE_STEP;
    const notOlder = range.fromMs === null ? total : Math.min(total, (dates.filter((date) => date.getTime() >= range.fromMs!).length + 1) * QUANTILE_STEP);
    const size = Math.max(notOlder - newer, QUANTILE_STEP);
    return { before: order.ascending ? total - notOlder : newer, size, total };
  }

  /**
   * The date at or past which the `size` first papers of the order that the condition's
   * dates allow lie (every such paper has it or an earlier one in the order's sense); null when
   * the window is all of them.
   */
  function windowEdge(order: MatchOrder, size: number, within: Span): Date | null {
    const dates = datesOf(order.key);
    if (!dates) return null;
    const { total } = within;
    // A window of much of the papers allowed costs more to mark out than it saves.
    if (size * WINDOW_MAX_SHARE >= within.size) return null;
    const reach = within.before + size;
    if (!order.ascending) {
      const index = Math.ceil(reach / QUANTILE_STEP) - 1;
      return index < dates.length ? dates[index]! : null;
    }
    // The reach-th oldest is the (total - reach + 1)-th newest; a kept date at or before that position bounds the window.
    const index = Math.floor((total - reach + 1) / QUANTILE_STEP) - 1;
    return index >= 0 && index < dates.length ? dates[index]! : null;
  }

  /**
   * Whether walking the date index until `need` papers match `where` reads fewer entries, each
   * tested (WALK_COST_PER_PAPER), than the GIN indexes hold for its `expected` matches among
   * `papers`: need * papers / expected * cost against expected.
   */
  function walkIsShorter(where: SQL, expected: number, need: number, papers: number): boolean {
    const walkCost = OUT_OF_LINE.test(dialect.sqlToQuery(where).sql) ? WALK_COST_PER_PAPER.outOfLine : WALK_COST_PER_PAPER.inRow;
    return expected > Math.sqrt(need * papers * walkCost);
  }

  type Found = { id: string; score?: number | string };

  /**
   * The first need + 1 matches in order, with their scores when asked: scored after the limit
   * (the subquery takes the table's name, so the score's columns are its own), so a window
   * that holds many matches sorts their ids, not their word vectors, and scores need + 1.
   */
  function firstRows(where: SQL, order: MatchOrder, need: number, score: SQL | undefined): SQL {
    const sorted = dateOrder(order.key, order.ascending ? "ascending" : "descending");
    const matched = sql`select ${arxivPapers.id} as id from ${arxivPapers} where ${where} order by ${sorted} limit ${need + 1}`;
    if (!score) return matched;
    const t = arxivPapers;
    return sql`select ${t.id} as id, ${score} as score from (select ${t.id}, ${t.submittedAt}, ${t.updatedAt}, ${t.ftsTitle}, ${t.ftsAuthors}, ${t.ftsAbstract} from ${t} where ${where} order by ${sorted} limit ${need + 1}) as ${t} order by ${sorted}`;
  }

  async function walk(where: SQL, order: MatchOrder, need: number, score: SQL | undefined): Promise<Found[]> {
    return queryRows<Found>(readDb, firstRows(where, order, need, score));
  }

  /** The matches inside the window, through the indexes' bitmaps only (no walk, no scan of the table). */
  async function inWindow(where: SQL, order: MatchOrder, need: number, edge: Date | null, score: SQL | undefined, serial: boolean): Promise<Found[]> {
    const column = COLUMN[order.key];
    const bounded = edge ? sql`(${where}) and ${column} ${order.ascending ? sql`<=` : sql`>=`} ${edge.toISOString()}::timestamptz` : where;
    return readDb.transaction(async (tx) => {
      // A plan that still needs a switched-off scan is costed 10^10, past jit_above_cost:
      // compiling it would cost more than running it.
      // A serial search (by the word pairs, see first()) starts no parallel workers: planned
      // for the pairs index's floor estimate, starting them took 25-30 ms of a 1 ms search.
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('jit', 'off', true)${serial ? sql`, ${NO_PARALLEL_WORKERS}` : sql``}`);
      return queryRows<Found>(tx, firstRows(bounded, order, need, score));
    });
  }

  return {
    /**
     * The first `need` papers matching `condition` in `order`, exactly as a sort of every match
     * gives them, each with `score` when one is given (computed on the rows the search reads
     * anyway: relevance needs no second visit to its candidates). `indexed` is the same
     * condition as the indexes answer it best (query-sql.ts): the windows take it, the walk
     * tests each paper by `where`, and the estimate is `where`'s. The statistics estimate a
     * phrase from its words, closely enough; a pair of words they do not list, they estimate at
     * a floor (13,622 of 3 million papers for a pair no abstract holds), which sized windows
     * for thousands of matches and widened them three times to find none.
     */
    async first(condition: Condition, order: MatchOrder, need: number, score?: SQL): Promise<OrderedMatches> {
      const { where, indexed = where, ranges } = condition;
      const [expected, total] = await Promise.all([estimate(where), paperCount()]);
      // A date range on the order's key: the walk starts at its end and the windows at its
      // start, and the matches are spread over its papers, not the index's (`cat:cs.CL AND
      // submittedDate:[2020 TO 2020]` by date: 18,000 matches among 158,000 papers).
      const within = span(order, ranges, Math.max(total, 1));
      const plan: MatchPlan = options.plan ?? (walkIsShorter(where, expected, need, within.size) ? "walk" : "window");
      let rows: Found[];
      const edges: (Date | null)[] = [];
      if (plan === "walk") rows = await walk(where, order, need, score);
      else {
        let size = Math.ceil((need * within.size * WINDOW_MARGIN) / Math.max(expected, 1));
        for (;;) {
          const edge = windowEdge(order, size, within);
          edges.push(edge);
          rows = await inWindow(indexed, order, need, edge, score, indexed !== where);
          if (rows.length > need || edge === null) break;
          size *= WINDOW_GROWTH;
        }
      }
      const kept = rows.slice(0, need);
      return { ids: kept.map((row) => row.id), scores: score ? kept.map((row) => Number(row.score)) : null, more: rows.length > need, plan, edges };
    },

    /**
     * The same for a condition that is any of `arms` (query-sql.ts), each arm found on its own
     * (its own estimate, walk or window) and the first `need` of their union taken in order
     * and scored by one query on their ids: exact, since the first `need` of a union lie among
     * each arm's first `need`.
     */
    async firstOfAny(arms: readonly Condition[], order: MatchOrder, need: number, score?: SQL): Promise<OrderedMatches> {
      if (arms.length === 1) return this.first(arms[0]!, order, need, score);
      const found = await Promise.all(arms.map((arm) => this.first(arm, order, need)));
      const union = [...new Set(found.flatMap((one) => one.ids))];
      const rows = union.length === 0 ? [] : await queryRows<Found>(readDb, firstRows(idIn(union), order, need, score));
      const kept = rows.slice(0, need);
      return {
        ids: kept.map((row) => row.id),
        scores: score ? kept.map((row) => Number(row.score)) : null,
        more: rows.length > need || found.some((one) => one.more),
        plan: found[0]!.plan,
        edges: found.flatMap((one) => one.edges),
      };
    },

    /**
     * How many papers match `condition`, counted up to `cap` (a search shows at most that
     * many). Through the indexes, unless the matches are so common that walking the date index
     * to `cap` of them is shorter, by first()'s rule: the planner, which does not cost a GIN
     * index's postings by their number, read all 271,000 of `ti:multi*` (prefix-matched words)
     * to count 2,000 on 3 million papers, 228 ms, where the walk reads 18,000 titles.
     */
    async count(condition: Condition, cap: number): Promise<number> {
      const { where, indexed = where } = condition;
      const [expected, total] = await Promise.all([estimate(where), paperCount()]);
      const walks = options.plan ? options.plan === "walk" : walkIsShorter(where, expected, cap, Math.max(total, 1));
      const counted = (db: Database, matching: SQL) => queryRows<{ n: number | string }>(db, sql`select count(*)::int as n from (${matching} limit ${cap}) as matched`);
      const [row] = walks
        ? await readDb.transaction(async (tx) => {
            await tx.execute(sql`select set_config('enable_bitmapscan', 'off', true)`);
            return counted(tx, sql`select 1 from ${arxivPapers} where ${where} order by ${NEWEST}`);
          })
        : await counted(readDb, sql`select 1 from ${arxivPapers} where ${indexed}`);
      return Number(row?.n ?? 0);
    },

    /** Reads the dates that place windows now (a server reads them on its first search). */
    async warm(): Promise<void> {
      datesOf("submittedDate");
      datesOf("lastUpdatedDate");
      await Promise.all(reading.values());
    },
  };
}

export type OrderedMatchesFinder = ReturnType<typeof orderedMatches>;
