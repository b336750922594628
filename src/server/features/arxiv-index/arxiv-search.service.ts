import { availableParallelism } from "node:os";
import { createMemoryCache } from "@/server/lib/memory-cache";
import { createSemaphore } from "@/server/sources/http/rate-limit";
import { UpstreamBusyError } from "@/server/sources/http/upstream-error";
import { queryKeepsToSets } from "@/shared/arxiv-query/query-coverage";
import { setHoldsCategory } from "@/shared/arxiv-query/arxiv-sets";
import type { CatchupPaperIndex } from "@/server/features/catchup/catchup.service";
import { parseQuery, QuerySyntaxError, type QueryNode } from "@/shared/arxiv-query/query-parser";
import type { Paper } from "@/shared/paper";
import { parseArxivId } from "@/shared/arxiv-id";
import type { ArxivQueryParams, ArxivSource } from "@/server/sources/arxiv/arxiv-source";
import type { ArxivIndexStatus } from "@/shared/arxiv-index";
import type { ArxivHarvestRepository, HarvestState } from "./arxiv-harvest.repository";
import type { ArxivHarvestService } from "./arxiv-harvest.service";
import type { ArxivIndexRepository } from "./arxiv-index.repository";
import { indexedPaperToPaper, searchIndex } from "./index-search";

/** Which answered a search: Quire's own index, or arXiv's query API. */
export type SearchSourceName = "index" | "arxiv";

export type ArxivSearchResult = { total: number; papers: Paper[]; source: SearchSourceName };

/**
 * A harvested set still counts as current this long after its last finished run: a day's
 * run, and room for one that failed and is retried.
 */
export const HARVEST_CURRENT_MS = 36 * 60 * 60 * 1000;

/** How long this instance trusts what it read of the harvests' state. */
const COVERAGE_MEMO_MS = 10_000;

/**
 * What the index can answer: `all` of arXiv, or these sets; nothing while no harvest is current.
 * `refreshedAt` is when the least recent of those harvests last finished.
 */
export type IndexCoverage = { all: boolean; sets: string[]; refreshedAt: Date | null };

/** The sets a harvest covers, from their states: each finished once, and recently. */
export function coverageOf(states: HarvestState[], scopes: readonly string[], now: number): IndexCoverage {
  const current = (state: HarvestState) => state.initialDoneAt !== null && state.lastSuccessAt !== null && now - state.lastSuccessAt.getTime() < HARVEST_CURRENT_MS;
  const currentStates = states.filter((state) => scopes.includes(state.scope) && current(state));
  const currentScopes = currentStates.map((state) => state.scope);
  const times = currentStates.map((state) => state.lastSuccessAt!.getTime());
  return { all: currentScopes.includes("all"), sets: currentScopes.filter((scope) => scope !== "all"), refreshedAt: times.length ? new Date(Math.min(...times)) : null };
}

/**
 * How many searches of the index this instance runs at once, per CPU core of its host, unless
 * INDEX_SEARCH_CONCURRENCY says: the others wait their turn. A search is CPU work for
 * PostgreSQL, and more of them at once than it has cores only share the cores worse. Two
 * instances on one 2-core PostgreSQL, 200 distinct searches at once: with up to 20 running
 * (each instance's whole pool) PostgreSQL spent 5.1-5.6 s of CPU on them, with 4 per instance
 * 2.4-2.8 s, and the slowest answer came in 2.2-2.5 s instead of 4.3.
 */
export const INDEX_SEARCHES_PER_CORE = 2;
/** A search waits at most this long for its turn; then it is told Quire is busy (503, Retry-After). */
export const INDEX_SEARCH_MAX_WAIT_MS = 10_000;

/** The turns searches of the index take (INDEX_SEARCH_CONCURRENCY, or per core), first come first served. */
export function indexSearchSlots(concurrency = INDEX_SEARCHES_PER_CORE * availableParallelism()) {
  return createSemaphore(concurrency);
}
export type IndexSearchSlots = ReturnType<typeof indexSearchSlots>;

/**
 * How long this instance answers a search of the index again from its memory. The index
 * changes when a harvest run stores what arXiv announced (once a day): the instance that ran it
 * forgets its answers then, another serves the last run's answers at most this long after it.
 */
export const INDEX_ANSWER_FRESH_MS = 10 * 60_000;
/** How much memory those answers may take (by a page's text, estimated). */
const INDEX_ANSWER_CACHE_BYTES = 16 * 1024 * 1024;

type IndexAnswer = { total: number; papers: Paper[] };

/** A page of papers' text, roughly, as the cache counts memory: two bytes a character, and the fields around it. */
function indexAnswerBytes(answer: IndexAnswer): number {
  let bytes = 256;
  for (const paper of answer.papers) bytes += 1024 + 2 * (paper.title.length + paper.abstract.length);
  return bytes;
}

/**
 * The search planner: every arXiv search the index covers (its categories inside the harvested
 * sets, the harvest current) is answered from the index, in milliseconds and without arXiv's
 * one-request-every-3-seconds; anything else goes to arXiv's query API as before.
 */
export function arxivSearchService(deps: {
  index: ArxivIndexRepository;
  /** Searches of the index take turns in these (indexSearchSlots)... */
  searchSlots: IndexSearchSlots;
  /** ...each waiting at most this long (INDEX_SEARCH_MAX_WAIT_MS). */
  searchWaitMs?: number;
  harvests: ArxivHarvestRepository;
  arxiv: ArxivSource;
  /** The harvest's configured scopes (`all`, or set specs); empty when the harvest is off. */
  scopes: () => Promise<readonly string[]>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  let memo: { at: number; coverage: Promise<IndexCoverage> } | null = null;
  // A search people repeat (a popular query, the page's own request behind the server-drawn
  // page's) is answered from memory, and one asked while the same is under way joins it.
  const answers = createMemoryCache<IndexAnswer>({ maxBytes: INDEX_ANSWER_CACHE_BYTES, sizeOf: indexAnswerBytes, now });
  const answering = new Map<string, Promise<IndexAnswer>>();
  /** Bumped when the index changed here: a search under way then is not kept. */
  let generation = 0;

  /** One search of the index, in its turn (searchSlots), kept for INDEX_ANSWER_FRESH_MS. */
  async function answerFromIndex(key: string, query: Parameters<typeof searchIndex>[1]): Promise<IndexAnswer> {
    const started = generation;
    const signal = AbortSignal.timeout(deps.searchWaitMs ?? INDEX_SEARCH_MAX_WAIT_MS);
    const release = await deps.searchSlots.acquire({ signal }).catch((error: unknown) => {
      if (signal.aborted) throw new UpstreamBusyError("arxiv", INDEX_SEARCH_MAX_WAIT_MS);
      throw error;
    });
    try {
      // Shared by everyone who asks the same, as a cached answer of arXiv's is: read only.
      const answer = await searchIndex(deps.index, query);
      if (started === generation) answers.set(key, answer, now() + INDEX_ANSWER_FRESH_MS);
      return answer;
    } finally {
      release();
    }
  }

  function coverage(): Promise<IndexCoverage> {
    if (memo && now() - memo.at < COVERAGE_MEMO_MS) return memo.coverage;
    const reading = (async () => {
      const scopes = await deps.scopes();
      if (scopes.length === 0) return { all: false, sets: [], refreshedAt: null };
      return coverageOf(await deps.harvests.states([...scopes]), scopes, now());
    })();
    memo = { at: now(), coverage: reading };
    reading.catch(() => (memo = null));
    return reading;
  }

  /** Whether the index holds every paper the query can match. */
  async function covers(ast: QueryNode): Promise<boolean> {
    const { all, sets } = await coverage();
    return all || (sets.length > 0 && queryKeepsToSets(ast, sets));
  }

  /** Papers by id from the index, in the order asked; null when one is missing or asked at an older version. */
  async function fromIndexByIds(ids: string[]): Promise<Paper[] | null> {
    const wanted = ids.map((id) => parseArxivId(id));
    if (wanted.some((parsed) => !parsed)) return null;
    // `math.GT/0309136` is stored as `math/0309136`.
    const stored = (id: string) => id.replace(/^([a-z-]+)\.[A-Z]{2}\//, "$1/");
    const rows = await deps.index.byIds(wanted.map((parsed) => stored(parsed!.id)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const papers: Paper[] = [];
    for (const parsed of wanted) {
      const row = byId.get(stored(parsed!.id));
      if (!row || (parsed!.version !== null && parsed!.version !== row.version)) return null;
      papers.push(indexedPaperToPaper(row));
    }
    return papers;
  }

  return {
    coverage,

    /** Reads the harvests' state again at the next search, and searches the index again (a run has just finished here). */
    forgetCoverage(): void {
      memo = null;
      answers.clear();
      answering.clear();
      generation++;
    },

    /**
     * An id lookup answered from what Quire already holds: the index, else a fresh cached
     * answer of arXiv's to the same lookup. Null when only asking arXiv would tell.
     */
    async heldByIds(params: ArxivQueryParams & { idList: string[] }): Promise<ArxivSearchResult | null> {
      const papers = await fromIndexByIds(params.idList);
      if (papers) return { total: papers.length, papers: papers.slice(0, params.maxResults ?? 10), source: "index" };
      const cached = await deps.arxiv.cachedSearch(params);
      return cached ? { ...cached, source: "arxiv" } : null;
    },

    /**
     * One arXiv search (or id lookup), from the index when it covers it, else from arXiv.
     * `countCap` bounds the count the index makes (a search shows at most SEARCH_TOTAL_CAP).
     */
    async search(params: ArxivQueryParams & { countCap: number }): Promise<ArxivSearchResult> {
      const searchQuery = params.searchQuery?.trim() ?? "";
      if (!searchQuery && params.idList?.length) {
        const papers = await fromIndexByIds(params.idList);
        if (papers) {
          const start = params.start ?? 0;
          return { total: papers.length, papers: papers.slice(start, start + (params.maxResults ?? 10)), source: "index" };
        }
      } else if (searchQuery && !params.idList?.length) {
        let ast: QueryNode | null = null;
        try {
          ast = parseQuery(searchQuery).ast;
        } catch (error) {
          // arXiv itself says what is wrong with the query.
          if (!(error instanceof QuerySyntaxError)) throw error;
        }
        if (ast && (await covers(ast))) {
          const query = { ast, start: params.start, maxResults: params.maxResults, sortBy: params.sortBy, sortOrder: params.sortOrder, countCap: params.countCap };
          const key = JSON.stringify([searchQuery, query.start ?? 0, query.maxResults ?? 10, query.sortBy ?? "relevance", query.sortOrder ?? "descending", query.countCap]);
          let answer = answers.get(key) ?? answering.get(key);
          if (!answer) {
            const running: Promise<IndexAnswer> = answerFromIndex(key, query).finally(() => {
              if (answering.get(key) === running) answering.delete(key);
            });
            answering.set(key, running);
            answer = running;
          }
          return { ...(await answer), source: "index" };
        }
      }
      const answer = await deps.arxiv.search(params);
      return { ...answer, source: "arxiv" };
    },
  };
}

export type ArxivSearchService = ReturnType<typeof arxivSearchService>;

/** The index as the catch-up feed and the digests read it: the categories it covers, and a category's papers. */
export function catchupPaperIndex(deps: { search: Pick<ArxivSearchService, "coverage">; papers: Pick<ArxivIndexRepository, "inCategory"> }): CatchupPaperIndex {
  return {
    async covering(categories) {
      const { all, sets, refreshedAt } = await deps.search.coverage();
      const covered = new Map<string, Date>();
      if (!refreshedAt) return covered;
      for (const category of categories) if (all || sets.some((set) => setHoldsCategory(set, category))) covered.set(category, refreshedAt);
      return covered;
    },
    async papersSince(category, since, until) {
      return (await deps.papers.inCategory(category, since, until)).map(indexedPaperToPaper);
    },
  };
}

/** What an admin sees of the index: its scope, size, coverage and each harvest's progress. */
export async function arxivIndexStatus(deps: {
  mode: ArxivIndexStatus["mode"];
  scopes: () => Promise<readonly string[]>;
  papers: Pick<ArxivIndexRepository, "size">;
  harvest: Pick<ArxivHarvestService, "progress">;
  search: Pick<ArxivSearchService, "coverage">;
}): Promise<ArxivIndexStatus> {
  const scopes = [...(await deps.scopes())];
  const [papers, covers, harvests] = await Promise.all([deps.papers.size(), deps.search.coverage(), deps.harvest.progress(scopes)]);
  return { mode: deps.mode, scopes, papers, covers, harvests };
}
