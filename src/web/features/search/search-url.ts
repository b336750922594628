import { PAGE_SIZE_OPTIONS, SEARCH_DEFAULT_PAGE_SIZE, SEARCH_TOTAL_CAP } from "@/shared/constants";
import { DEFAULT_SORT, SEARCH_SOURCES, SORT_FIELDS, SORT_ORDERS, parseSort, type SearchSource } from "@/shared/search-options";

/**
 * The search state that lives in the URL. It reads
 * and writes the same parameters `searchParamsSchema` (src/shared/search-params.ts) checks on
 * the server, without shipping zod to the browser; search-url.test.ts holds the two together.
 * Structural values the server would refuse (a page size not offered, an unknown sort, a
 * page past the cap) fall back to what the user most likely meant; text is passed on as
 * typed and the server's message explains any problem.
 */
export type SearchState = {
  q: string;
  source: SearchSource;
  /** 0-based. */
  page: number;
  size: number;
  searchType: "basic" | "advanced";
  /** field-order, e.g. "relevance-descending". */
  sort: string;
  title: string;
  authors: string[];
  dateFrom: string;
  dateTo: string;
  /** Language-model parsing asked for; carried along on every link the page makes. */
  llm: boolean;
};

export const DEFAULT_SEARCH_STATE: SearchState = {
  q: "",
  source: "arxiv",
  page: 0,
  size: SEARCH_DEFAULT_PAGE_SIZE,
  searchType: "basic",
  sort: DEFAULT_SORT,
  title: "",
  authors: [],
  dateFrom: "",
  dateTo: "",
  llm: false,
};

const DATE_PATTERN = /^\d{4}(-\d{2}(-\d{2})?)?$/;
const SORT_PATTERN = new RegExp(`^(${SORT_FIELDS.join("|")})-(${SORT_ORDERS.join("|")})$`);

/** The last page the total cap allows for a page size. */
export function lastAllowedPage(size: number): number {
  return Math.max(0, Math.floor(SEARCH_TOTAL_CAP / size) - 1);
}

export function readSearchState(params: URLSearchParams): SearchState {
  const source = SEARCH_SOURCES.find((candidate) => candidate === params.get("source")) ?? DEFAULT_SEARCH_STATE.source;
  const sizeValue = Number(params.get("size"));
  const size = (PAGE_SIZE_OPTIONS as readonly number[]).includes(sizeValue) ? sizeValue : DEFAULT_SEARCH_STATE.size;
  const pageText = params.get("page") ?? "";
  const pageValue = /^\s*\d+\s*$/.test(pageText) ? Number(pageText) : 0;
  const sort = params.get("sort") ?? "";
  const dateFrom = params.get("dateFrom")?.trim() ?? "";
  const dateTo = params.get("dateTo")?.trim() ?? "";
  return {
    q: params.get("q") ?? "",
    source,
    page: Math.min(pageValue, lastAllowedPage(size)),
    size,
    searchType: params.get("searchType") === "advanced" ? "advanced" : "basic",
    sort: SORT_PATTERN.test(sort) ? sort : DEFAULT_SORT,
    title: params.get("title") ?? "",
    authors: params.getAll("authors").map((author) => author.trim()).filter(Boolean),
    dateFrom: DATE_PATTERN.test(dateFrom) ? dateFrom : "",
    dateTo: DATE_PATTERN.test(dateTo) ? dateTo : "",
    llm: params.get("llm") === "true",
  };
}

/** The URL query for a state; values equal to their defaults are left out to keep links short. */
export function writeSearchState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.source !== DEFAULT_SEARCH_STATE.source) params.set("source", state.source);
  if (state.page !== 0) params.set("page", String(state.page));
  if (state.size !== DEFAULT_SEARCH_STATE.size) params.set("size", String(state.size));
  if (state.searchType !== "basic") params.set("searchType", state.searchType);
  if (state.sort !== DEFAULT_SORT) params.set("sort", state.sort);
  if (state.title) params.set("title", state.title);
  for (const author of state.authors) if (author.trim()) params.append("authors", author.trim());
  if (state.dateFrom) params.set("dateFrom", state.dateFrom);
  if (state.dateTo) params.set("dateTo", state.dateTo);
  if (state.llm) params.set("llm", "true");
  return params;
}

/** "/search?..." for a state. */
export function searchHref(state: SearchState): string {
  const query = writeSearchState(state).toString();
  return query ? `/search?${query}` : "/search";
}

/** Title is sorted on the client (the spec's client-side sort for non-date sorts); the server ranks by relevance. */
export function serverSort(sort: string): string {
  return parseSort(sort).field === "title" ? DEFAULT_SORT : sort;
}

/**
 * The GET /api/search parameters for a state: only what changes the server's answer. With
 * llm=true, `parsed` is the page's parse of the query (JSON), which the search is built from.
 */
export function searchRequest(state: SearchState, parsed = "") {
  return {
    source: state.source,
    q: state.q,
    page: state.page,
    size: state.size,
    sort: serverSort(state.sort),
    searchType: state.searchType,
    title: state.title,
    authors: state.authors,
    dateFrom: state.dateFrom,
    dateTo: state.dateTo,
    llm: state.llm,
    parsed: state.llm ? parsed : "",
  };
}
export type SearchRequest = ReturnType<typeof searchRequest>;

/* The page's transitions. Each returns the next state. */

/** The main box's Search: a basic search for `q` from page 0. */
export function basicSearch(state: SearchState, q: string): SearchState {
  return { ...state, q: q.trim(), page: 0, searchType: "basic", title: "", authors: [], dateFrom: "", dateTo: "" };
}

export type AdvancedFields = { title: string; authors: string[]; dateFrom: string; dateTo: string };

/** Advanced Search: the main query plus title, the non-blank authors and the dates, from page 0. */
export function advancedSearch(state: SearchState, q: string, fields: AdvancedFields): SearchState {
  return {
    ...state,
    q: q.trim(),
    page: 0,
    searchType: "advanced",
    title: fields.title.trim(),
    authors: fields.authors.map((author) => author.trim()).filter(Boolean),
    dateFrom: fields.dateFrom,
    dateTo: fields.dateTo,
  };
}

/** Clicking an author: au:"{author}" on arXiv, the plain name elsewhere; llm is carried. */
export function authorSearch(state: SearchState, author: string): SearchState {
  const name = author.replace(/"/g, "").trim();
  return basicSearch(state, state.source === "arxiv" ? `au:"${name}"` : name);
}

export function withSource(state: SearchState, source: SearchSource): SearchState {
  return { ...state, source, page: 0 };
}

export function withSort(state: SearchState, sort: string): SearchState {
  return { ...state, sort, page: 0 };
}

export function withPage(state: SearchState, page: number): SearchState {
  return { ...state, page: Math.max(0, Math.min(page, lastAllowedPage(state.size))) };
}

export function withSize(state: SearchState, size: number): SearchState {
  return { ...state, size, page: 0 };
}

/** Refresh: back to arXiv, page 0, size 50, basic, relevance-descending, keeping the query. */
export function refreshedState(state: SearchState): SearchState {
  return { ...DEFAULT_SEARCH_STATE, q: state.q, llm: state.llm };
}

/** Clear: no query and no filters, keeping source, sort, size and llm. */
export function clearedState(state: SearchState): SearchState {
  return { ...basicSearch(state, ""), size: state.size };
}
