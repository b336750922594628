/**
 * The arXiv API's `/api/query` over the corpus: parameter checks in arXiv's order and wording,
 * id_list lookups, searches, paging, and the Atom answer (see atom-feed.ts).
 *
 * Behaviour taken from the recorded 2026 responses and arXiv's documentation:
 * - Bad parameters answer HTTP 400 with an Atom error feed ("incorrect id format for abc",
 *   "start must be non-negative", "max_results must be less than or equal to 30000", ...).
 * - id_list alone returns those papers in the order given; a versioned id (`2104.12255v1`)
 *   returns that version; well-formed ids that do not exist (`0808.05394`) are left out.
 * - id_list with search_query returns the listed papers that match the query. As arXiv does,
 *   only unversioned ids take part in that filter.
 * - Neither parameter: an empty feed (totalResults 0).
 */
import { getCorpus, type Paper } from "../corpus";
import { canonicalArxivId, parseArxivId } from "./arxiv-ids";
import { renderErrorFeed, renderFeed, type FeedEntry } from "./atom-feed";
import { parseQuery, QuerySyntaxError } from "../../src/shared/arxiv-query/query-parser";
import { getSearchIndex, type SortBy, type SortOrder } from "./search-index";

/** arXiv refuses larger pages. */
export const MAX_RESULTS_LIMIT = 30_000;
const DEFAULT_MAX_RESULTS = 10;
const SORT_BY: readonly SortBy[] = ["relevance", "lastUpdatedDate", "submittedDate"];
const SORT_ORDER: readonly SortOrder[] = ["ascending", "descending"];

export interface ApiAnswer {
  status: number;
  body: string;
}

/**
 * Papers a test changed through the control API (oaipmh/live-state.ts): the changed paper, null
 * once deleted, undefined when unchanged. The search index is not rebuilt: a search finds
 * changed papers by their indexed words and shows their new state, and no longer shows deleted
 * ones; new papers are found by id only.
 */
export interface PaperChanges {
  paperChange(id: string): Paper | null | undefined;
  readonly changedPaperCount: number;
}

class ApiError extends Error {}

function integerParam(params: URLSearchParams, name: string, fallback: number): number {
  const raw = params.get(name);
  if (raw === null || raw.trim() === "") return fallback;
  if (!/^\s*[+-]?\d+\s*$/.test(raw)) throw new ApiError(`${name} must be an integer`);
  const value = Number(raw);
  if (value < 0) throw new ApiError(`${name} must be non-negative`);
  return value;
}

interface RequestedId {
  id: string;
  version?: number;
}

function parseIdList(raw: string): RequestedId[] {
  if (raw.trim() === "") return [];
  return raw.split(",").map((item) => {
    const trimmed = item.trim();
    const parsed = parseArxivId(trimmed);
    if (!parsed) throw new ApiError(`incorrect id format for ${trimmed}`);
    return parsed.version === undefined ? { id: canonicalArxivId(parsed.id) } : { id: canonicalArxivId(parsed.id), version: parsed.version };
  });
}

/** Answers one API request; `now` becomes the feed's <updated>. */
export function answerArxivQuery(params: URLSearchParams, now: Date = new Date(), changes?: PaperChanges): ApiAnswer {
  try {
    return answer(params, now, changes?.changedPaperCount ? changes : undefined);
  } catch (error) {
    if (error instanceof ApiError || error instanceof QuerySyntaxError) return { status: 400, body: renderErrorFeed(error.message, now) };
    throw error;
  }
}

function answer(params: URLSearchParams, now: Date, changes: PaperChanges | undefined): ApiAnswer {
  const rawIdList = params.get("id_list") ?? "";
  const requestedIds = parseIdList(rawIdList);
  const maxResults = integerParam(params, "max_results", DEFAULT_MAX_RESULTS);
  const start = integerParam(params, "start", 0);
  const sortBy = (params.get("sortBy") ?? "relevance") as SortBy;
  if (!SORT_BY.includes(sortBy)) throw new ApiError(`sortBy must be in: ${SORT_BY.join(", ")}`);
  const sortOrder = (params.get("sortOrder") ?? "descending") as SortOrder;
  if (!SORT_ORDER.includes(sortOrder)) throw new ApiError(`sortOrder must be in: ${SORT_ORDER.join(", ")}`);
  if (maxResults > MAX_RESULTS_LIMIT) throw new ApiError(`max_results must be less than or equal to ${MAX_RESULTS_LIMIT}`);

  const rawQuery = (params.get("search_query") ?? "").trim();
  const parsed = rawQuery ? parseQuery(rawQuery) : undefined;
  if (parsed) {
    const index = getSearchIndex();
    const restrictTo = requestedIds.length > 0 ? new Set(requestedIds.filter((r) => r.version === undefined).map((r) => r.id)) : undefined;
    const found = index.search(parsed.ast, sortBy, sortOrder, restrictTo);
    const matches = changes ? found.filter((doc) => changes.paperChange(index.paperAt(doc).id) !== null) : found;
    const page = matches.subarray(start, start + maxResults);
    const entries = Array.from(page, (doc) => {
      const indexed = index.paperAt(doc);
      const paper = changes?.paperChange(indexed.id) ?? indexed;
      return { paper, version: paper.version };
    });
    return feed(parsed.normalized, rawIdList, start, maxResults, entries, matches.length, now);
  }

  const corpus = getCorpus();
  const found = requestedIds.flatMap(({ id, version }): FeedEntry[] => {
    const changed = changes?.paperChange(id);
    const paper: Paper | undefined = changed === null ? undefined : (changed ?? corpus.byId.get(id));
    if (!paper) return [];
    if (version === undefined) return [{ paper, version: paper.version }];
    return paper.versions.some((known) => known.version === version) ? [{ paper, version }] : [];
  });
  return feed("", rawIdList, start, maxResults, found.slice(start, start + maxResults), found.length, now);
}

function feed(searchQuery: string, idList: string, start: number, maxResults: number, entries: FeedEntry[], total: number, now: Date): ApiAnswer {
  return { status: 200, body: renderFeed({ searchQuery, idList, start, maxResults }, entries, total, now) };
}
