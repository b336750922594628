import { and, eq, getTableName, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { queryRows, type Database } from "@/server/db/client";
import { arxivHarvests, arxivPapers } from "@/server/db/schema/arxiv-index";
import { catchupCategories } from "@/server/db/schema/catchup";
import { userProfiles } from "@/server/db/schema/user-data";
import { upsertIndexRows } from "./arxiv-index.repository";
import type { IndexRow } from "./index-document";

export type HarvestState = typeof arxivHarvests.$inferSelect;

/** Where a run stands after a page: what the next request continues from. */
export type PageProgress = {
  resumptionToken: string | null;
  cursor: number;
  completeListSize: number | null;
  /** The oldest and newest record datestamps on the page. */
  oldestDatestamp: string | null;
  newestDatestamp: string | null;
  stored: number;
  deleted: number;
};

/**
 * Rows per statement while a page is stored: small enough that a query waiting behind one on
 * the embedded database waits tens of milliseconds, not seconds.
 */
export const HARVEST_ROWS_PER_PART = 100;

/** autovacuum's defaults: statistics are gathered again once 50 rows and a tenth of the table changed. */
const STATISTICS_MIN_CHANGES = 50;
const STATISTICS_CHANGED_SHARE = 0.1;

/** How long the statistics' ANALYZE waits for its lock before it leaves them to autovacuum. */
const STATISTICS_LOCK_WAIT_MS = 500;

/** The harvest's state per scope, and the storing of a page with its progress. */
export function arxivHarvestRepository(db: Database) {
  return {
    async states(scopes?: string[]): Promise<HarvestState[]> {
      const query = db.select().from(arxivHarvests);
      return scopes ? query.where(inArray(arxivHarvests.scope, scopes)) : query;
    },

    /** The scope's row, made on first use. */
    async ensure(scope: string): Promise<HarvestState> {
      await db.insert(arxivHarvests).values({ scope }).onConflictDoNothing();
      const [row] = await db.select().from(arxivHarvests).where(eq(arxivHarvests.scope, scope));
      return row!;
    },

    /**
     * Takes (or renews) the right to harvest a scope until `until`: only one instance harvests
     * a scope at a time, and one that died loses it when its lease runs out.
     */
    async claim(scope: string, holder: string, leaseMs: number): Promise<HarvestState | null> {
      const [row] = await db
        .update(arxivHarvests)
        .set({ leaseHolder: holder, leaseUntil: sql`clock_timestamp() + ${`${leaseMs} milliseconds`}::interval`, updatedAt: sql`clock_timestamp()` })
        .where(and(eq(arxivHarvests.scope, scope), or(isNull(arxivHarvests.leaseUntil), lt(arxivHarvests.leaseUntil, sql`clock_timestamp()`), eq(arxivHarvests.leaseHolder, holder))))
        .returning();
      return row ?? null;
    },

    async release(scope: string, holder: string): Promise<void> {
      await db
        .update(arxivHarvests)
        .set({ leaseHolder: null, leaseUntil: null })
        .where(and(eq(arxivHarvests.scope, scope), eq(arxivHarvests.leaseHolder, holder)));
    },

    /** Starts a run from `from` (null: the whole scope), dated by arXiv's first answer. */
    async startRun(scope: string, run: { from: string | null; responseDate: string }): Promise<void> {
      await db
        .update(arxivHarvests)
        .set({
          runFrom: run.from,
          runStartedAt: sql`clock_timestamp()`,
          runResponseDate: run.responseDate,
          runFirstDatestamp: null,
          runLastDatestamp: null,
          resumptionToken: null,
          cursor: 0,
          completeListSize: null,
          runRecords: 0,
          runDeleted: 0,
          updatedAt: sql`clock_timestamp()`,
        })
        .where(eq(arxivHarvests.scope, scope));
    },

    /**
     * Stores a page of records and deletions, then the run's progress: after a crash the
     * harvest resumes from the token of the last page whose progress was stored, so nothing is
     * missed, and a page stored in part is stored again over itself (rows are upserted by id,
     * deletions repeat), so nothing is doubled. The rows go in parts of HARVEST_ROWS_PER_PART,
     * each its own statement, with a turn of the event loop between them, not in one
     * transaction: on the embedded database (one connection) a page's transaction held every
     * other query, a person's search or sign-up included, for as long as 1,000 rows took.
     * Only the lease holder may write.
     */
    async storePage(scope: string, holder: string, rows: IndexRow[], deletedIds: string[], progress: PageProgress, leaseMs: number): Promise<boolean> {
      const [holding] = await db
        .select({ scope: arxivHarvests.scope })
        .from(arxivHarvests)
        .where(and(eq(arxivHarvests.scope, scope), eq(arxivHarvests.leaseHolder, holder)));
      if (!holding) return false;
      for (let start = 0; start < rows.length; start += HARVEST_ROWS_PER_PART) {
        await upsertIndexRows(db, rows.slice(start, start + HARVEST_ROWS_PER_PART));
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      if (deletedIds.length > 0) await db.delete(arxivPapers).where(inArray(arxivPapers.id, deletedIds));
      const [held] = await db
        .update(arxivHarvests)
        .set({
          resumptionToken: progress.resumptionToken,
          cursor: progress.cursor,
          completeListSize: progress.completeListSize,
          runRecords: sql`${arxivHarvests.runRecords} + ${progress.stored}`,
          runDeleted: sql`${arxivHarvests.runDeleted} + ${progress.deleted}`,
          recordsTotal: sql`${arxivHarvests.recordsTotal} + ${progress.stored}`,
          lastDatestamp: progress.newestDatestamp
            ? sql`greatest(${arxivHarvests.lastDatestamp}, ${progress.newestDatestamp}::date)`
            : arxivHarvests.lastDatestamp,
          runFirstDatestamp: progress.oldestDatestamp
            ? sql`least(${arxivHarvests.runFirstDatestamp}, ${progress.oldestDatestamp}::date)`
            : arxivHarvests.runFirstDatestamp,
          runLastDatestamp: progress.newestDatestamp
            ? sql`greatest(${arxivHarvests.runLastDatestamp}, ${progress.newestDatestamp}::date)`
            : arxivHarvests.runLastDatestamp,
          leaseUntil: sql`clock_timestamp() + ${`${leaseMs} milliseconds`}::interval`,
          lastError: null,
          updatedAt: sql`clock_timestamp()`,
        })
        .where(and(eq(arxivHarvests.scope, scope), eq(arxivHarvests.leaseHolder, holder)))
        .returning({ scope: arxivHarvests.scope });
      return Boolean(held);
    },

    /** Ends a run: the next one starts from the day this one's first answer was dated. */
    async finishRun(scope: string): Promise<void> {
      await db
        .update(arxivHarvests)
        .set({
          nextFrom: sql`${arxivHarvests.runResponseDate}`,
          lastSuccessAt: sql`clock_timestamp()`,
          initialDoneAt: sql`coalesce(${arxivHarvests.initialDoneAt}, clock_timestamp())`,
          runFrom: null,
          runStartedAt: null,
          runResponseDate: null,
          resumptionToken: null,
          updatedAt: sql`clock_timestamp()`,
        })
        .where(eq(arxivHarvests.scope, scope));
    },

    /**
     * Fresh planner statistics for the index after a run that changed at least a tenth of it
     * (a first pass always does): searches are planned by them. PostgreSQL's autovacuum gathers
     * them on the same rule, but only on its next round, minutes after a first pass, and the
     * embedded database has no autovacuum at all. Until then every estimate is a default one:
     * on a fresh 30,000-record index, `all:` searches by relevance took 197 ms each (79 once
     * analysed) and plain words by last-updated date 68 ms (29), a rare word 323. Whether it ran.
     */
    async refreshStatistics(changed: number): Promise<boolean> {
      const [table] = await queryRows<{ rows: number }>(db, sql`select reltuples::float8 as rows from pg_class where oid = to_regclass(${getTableName(arxivPapers)})`);
      // reltuples is -1 (or 0 before PostgreSQL 14) for a table never analysed.
      const known = table?.rows ?? -1;
      if (known > 0 && changed < Math.max(STATISTICS_MIN_CHANGES, known * STATISTICS_CHANGED_SHARE)) return false;
      // It gives way rather than wait behind another ANALYZE or a word-pairs build (whose lock
      // it needs), and gives way before the deadlock check (`deadlock_timeout`, 1 s): queued
      // behind a build, it would deadlock with it, and the build, not it, could be the one ended.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('lock_timeout', ${String(STATISTICS_LOCK_WAIT_MS)}, true)`);
        await tx.execute(sql`analyze ${arxivPapers}`);
      });
      return true;
    },

    /**
     * Moves what a run added to the index's GIN indexes out of their pending lists and into the
     * indexes proper; the pages of pending entries it cleared. Rows written to a GIN index
     * (`fastupdate`, PostgreSQL's default) wait in an unordered list, up to 4 MB per index, that
     * every search through the index reads whole: after the first harvest of a 30,000-record
     * corpus the categories' list held all 29,995 rows and the words' lists 150-350 pages each,
     * and 200 distinct searches at once took PostgreSQL 1.1-1.5 s of CPU (0.47-0.66 s once
     * cleared). Only autovacuum clears them (a manual ANALYZE does not), at a time of its own,
     * and the embedded database has no autovacuum: its lists stayed until they filled.
     */
    async mergePendingIndexEntries(): Promise<number> {
      const [row] = await queryRows<{ pages: number | string }>(
        db,
        sql`select coalesce(sum(gin_clean_pending_list(i.indexrelid)), 0)::int as pages from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam where a.amname = 'gin' and i.indrelid = to_regclass(${getTableName(arxivPapers)}) and i.indisvalid and i.indisready`,
      );
      return Number(row?.pages ?? 0);
    },

    /** A token arXiv no longer knows: the run starts again from its own beginning. */
    async restartRun(scope: string): Promise<void> {
      await db.update(arxivHarvests).set({ resumptionToken: null, cursor: 0, updatedAt: sql`clock_timestamp()` }).where(eq(arxivHarvests.scope, scope));
    },

    /** Every category a research profile names or a catch-up feed has shown. */
    async followedCategories(): Promise<string[]> {
      const rows = await queryRows<{ category: string }>(
        db,
        sql`select distinct jsonb_array_elements_text(${userProfiles.researchCategories}) as category from ${userProfiles}
            union select ${catchupCategories.category} from ${catchupCategories}`,
      );
      return rows.map((row) => row.category);
    },

    async recordError(scope: string, message: string): Promise<void> {
      await db
        .update(arxivHarvests)
        .set({ lastError: message.slice(0, 1000), lastErrorAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
        .where(eq(arxivHarvests.scope, scope));
    },
  };
}

export type ArxivHarvestRepository = ReturnType<typeof arxivHarvestRepository>;
