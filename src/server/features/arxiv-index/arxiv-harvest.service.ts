import { randomUUID } from "node:crypto";
import type { HarvestProgress } from "@/shared/arxiv-index";
import type { Logger } from "@/server/logger";
import type { ArxivHarvestRepository, HarvestState } from "./arxiv-harvest.repository";
import { indexRow, type IndexRecord } from "./index-document";

/** One record of an OAI-PMH page: a paper, or the id of one arXiv deleted. */
export type HarvestedRecord = { deleted: true; id: string; datestamp: string } | ({ deleted: false } & IndexRecord);

/** A page of a ListRecords answer. */
export type HarvestPage = {
  /** The answer's responseDate, ISO 8601. */
  responseDate: string;
  records: HarvestedRecord[];
  /** The token of the next page; null on the last. */
  resumptionToken: { value: string; cursor: number | null; completeListSize: number | null } | null;
};

/** arXiv's OAI-PMH as the harvest needs it (arxiv-oai-source.ts, through arXiv's shared 3-second slot). */
export type HarvestSource = {
  listRecords(options: { set: string | null; from: string | null }): Promise<HarvestPage>;
  resume(token: string): Promise<HarvestPage>;
};

/** arXiv no longer knows a resumption token (expired, or from another run). */
export class StaleResumptionTokenError extends Error {
  override name = "StaleResumptionTokenError";
}

/** An instance holds a scope's harvest this long past its last stored page. */
export const HARVEST_LEASE_MS = 30_000;

/**
 * What an admin reads of a failed run: the database's or the network's own words (a failed
 * query's error carries them as its cause, after the whole statement), kept short.
 */
export function harvestErrorMessage(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : null;
  const message = cause ?? (error instanceof Error ? error.message : String(error));
  return message.length > 500 ? `${message.slice(0, 499)}…` : message;
}

/** How a scope's harvest ended this time. */
export type HarvestOutcome = "done" | "held-elsewhere" | "stopped";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What is left of a run, in seconds: from the list's size when arXiv gives it, else from how far
 * through the days the run has come (arXiv lists records by datestamp, oldest first), at the
 * run's rate so far; null before either tells anything.
 */
function secondsLeft(state: HarvestState, rate: number | null, now: number): number | null {
  if (!rate) return null;
  if (state.completeListSize !== null) return Math.max(0, (state.completeListSize - state.cursor) / rate);
  if (!state.runFirstDatestamp || !state.runLastDatestamp || !state.runStartedAt) return null;
  const first = Date.parse(state.runFirstDatestamp);
  const reached = Date.parse(state.runLastDatestamp) + DAY_MS;
  const done = (reached - first) / Math.max(DAY_MS, now - first);
  if (done <= 0) return null;
  const elapsed = (now - state.runStartedAt.getTime()) / 1000;
  return Math.max(0, (elapsed * (1 - Math.min(1, done))) / done);
}

export function harvestProgress(state: HarvestState, now: number): HarvestProgress {
  const running = state.leaseUntil !== null && state.leaseUntil.getTime() > now;
  let run: HarvestProgress["run"] = null;
  if (state.runStartedAt) {
    const seconds = (now - state.runStartedAt.getTime()) / 1000;
    const given = state.runRecords + state.runDeleted;
    const rate = seconds > 0 && given > 0 ? given / seconds : null;
    const left = secondsLeft(state, rate, now);
    run = {
      from: state.runFrom,
      cursor: given,
      completeListSize: state.completeListSize,
      recordsPerSecond: rate === null ? null : Math.round(rate * 10) / 10,
      secondsLeft: left === null ? null : Math.round(left),
    };
  }
  return {
    scope: state.scope,
    running,
    records: state.recordsTotal,
    run,
    lastDatestamp: state.lastDatestamp,
    initialDoneAt: state.initialDoneAt?.toISOString() ?? null,
    lastSuccessAt: state.lastSuccessAt?.toISOString() ?? null,
    lastError: state.lastError,
    lastErrorAt: state.lastErrorAt?.toISOString() ?? null,
  };
}

/**
 * The harvest of arXiv into the index: per scope, a first whole harvest, then each day the
 * records changed since the last run's first answer. Every page is stored with its token in
 * one transaction, so a restart (or another instance, once this one's lease has run out)
 * carries on from the last page stored: nothing missed, nothing stored twice. Deleted records
 * leave the index; a new version replaces its paper's row.
 */
export function arxivHarvestService(deps: {
  repository: ArxivHarvestRepository;
  source: HarvestSource;
  logger: Logger;
  holder?: string;
  now?: () => number;
  /** Told when a run has finished (the search planner then reads the coverage again). */
  onRunFinished?: (scope: string) => void;
}) {
  const { repository, source, logger } = deps;
  const holder = deps.holder ?? randomUUID();
  const now = deps.now ?? Date.now;

  async function store(scope: string, page: HarvestPage): Promise<void> {
    const rows = [];
    const deleted: string[] = [];
    let newest: string | null = null;
    let oldest: string | null = null;
    for (const record of page.records) {
      if (!newest || record.datestamp > newest) newest = record.datestamp;
      if (!oldest || record.datestamp < oldest) oldest = record.datestamp;
      if (record.deleted) deleted.push(record.id);
      else rows.push(indexRow(record));
    }
    const token = page.resumptionToken;
    const stored = await repository.storePage(
      scope,
      holder,
      rows,
      deleted,
      {
        resumptionToken: token?.value ?? null,
        cursor: token?.cursor ?? 0,
        completeListSize: token?.completeListSize ?? null,
        oldestDatestamp: oldest,
        newestDatestamp: newest,
        stored: rows.length,
        deleted: deleted.length,
      },
      HARVEST_LEASE_MS,
    );
    if (!stored) throw new Error(`The harvest of ${scope} was taken over by another instance.`);
  }

  /** The first page of a run: resumed from the stored token, or a new run from `nextFrom`. */
  async function firstPage(scope: string, state: HarvestState): Promise<HarvestPage> {
    const set = scope === "all" ? null : scope;
    if (state.resumptionToken) {
      try {
        logger.info({ scope, cursor: state.cursor }, "arXiv harvest resumes from its last page");
        return await source.resume(state.resumptionToken);
      } catch (error) {
        if (!(error instanceof StaleResumptionTokenError)) throw error;
        logger.warn({ scope }, "arXiv no longer knows the harvest's token; the run starts again from its beginning");
        await repository.restartRun(scope);
        return source.listRecords({ set, from: state.runFrom });
      }
    }
    const from = state.runStartedAt ? state.runFrom : state.nextFrom;
    const page = await source.listRecords({ set, from });
    await repository.startRun(scope, { from, responseDate: page.responseDate.slice(0, 10) });
    logger.info({ scope, from: from ?? "the beginning", records: page.resumptionToken?.completeListSize ?? page.records.length }, "arXiv harvest started");
    return page;
  }

  /** Harvests one scope to the end of its list (or until `signal` stops it between pages). */
  async function harvestScope(scope: string, signal?: AbortSignal): Promise<HarvestOutcome> {
    await repository.ensure(scope);
    const state = await repository.claim(scope, holder, HARVEST_LEASE_MS);
    if (!state) return "held-elsewhere";
    const started = now();
    let records = 0;
    try {
      let page = await firstPage(scope, state);
      for (;;) {
        const token = page.resumptionToken;
        // The next page is asked for before this one is stored: its wait for arXiv's
        // 3-second slot and its download overlap the storing, so a harvest keeps to arXiv's
        // pace rather than adding the database's time to every page.
        const next = token && !signal?.aborted ? source.resume(token.value) : null;
        next?.catch(() => undefined);
        await store(scope, page);
        records += page.records.length;
        if (token) logger.debug({ scope, cursor: token.cursor, of: token.completeListSize }, "arXiv harvest page stored");
        if (!token) break;
        if (!next) {
          logger.info({ scope, cursor: token.cursor }, "arXiv harvest paused; it carries on from here");
          return "stopped";
        }
        page = await next;
      }
      await repository.finishRun(scope);
      const seconds = (now() - started) / 1000;
      logger.info({ scope, records, seconds: Math.round(seconds) }, "arXiv harvest finished");
      // After the run is recorded as done: at arXiv's size this takes tens of seconds, longer
      // than the lease, and the run must not look abandoned meanwhile. A failure only leaves the
      // pending entries and the statistics to autovacuum.
      if (records > 0) {
        await repository
          .mergePendingIndexEntries()
          .then((pages) => pages > 0 && logger.info({ scope, pages }, "arXiv index: the run's pending index entries merged"))
          .catch((error) => logger.warn({ scope, err: error }, "could not merge the arXiv index's pending entries"));
      }
      await repository
        .refreshStatistics(records)
        .then((ran) => ran && logger.info({ scope, records }, "arXiv index statistics refreshed"))
        .catch((error) => logger.warn({ scope, err: error }, "could not refresh the arXiv index's statistics"));
      // Only then what follows a run: the word-pairs index it asks for is built by CREATE INDEX
      // CONCURRENTLY, and an ANALYZE that waits behind that build deadlocks with it (the build
      // waits for the ANALYZE's transaction to end); PostgreSQL broke the tie by ending the build.
      deps.onRunFinished?.(scope);
      return "done";
    } catch (error) {
      const message = harvestErrorMessage(error);
      logger.warn({ scope, err: error }, "arXiv harvest failed; it carries on from its last page next time");
      await repository.recordError(scope, message).catch(() => undefined);
      throw error;
    } finally {
      await repository.release(scope, holder).catch(() => undefined);
    }
  }

  return {
    holder,
    harvestScope,

    /** Whether a scope has work: never harvested whole, a run left half-way, or a day's changes due. */
    due(state: HarvestState | undefined, boundary: Date): boolean {
      if (!state || !state.initialDoneAt || state.runStartedAt) return true;
      return !state.lastSuccessAt || state.lastSuccessAt < boundary;
    },

    async progress(scopes: readonly string[]): Promise<HarvestProgress[]> {
      const states = new Map((await repository.states([...scopes])).map((state) => [state.scope, state]));
      return scopes.map((scope) => {
        const state = states.get(scope);
        return state
          ? harvestProgress(state, now())
          : { scope, running: false, records: 0, run: null, lastDatestamp: null, initialDoneAt: null, lastSuccessAt: null, lastError: null, lastErrorAt: null };
      });
    },
  };
}

export type ArxivHarvestService = ReturnType<typeof arxivHarvestService>;
