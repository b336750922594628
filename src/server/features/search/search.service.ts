import { shortAuthorId } from "@/shared/author-identity";
import { SEARCH_TOTAL_CAP } from "@/shared/constants";
import { hasSearchCriteria, parseSort, type SearchParams, type SearchResponse } from "@/shared/search-params";
import { buildArxivQuery, isFieldQuery, shouldParseQuery, validateArxivQuery, validateOpenAlexFilter } from "@/shared/search-query";
import type { ParsedQuery } from "@/shared/llm/parsed-query";
import { formatForArxiv, formatForOpenAlex } from "@/shared/llm/query-format";
import { hasSearchableParts } from "@/shared/llm/parsed-query";
import { AppError, errors } from "@/server/errors";
import { ArxivFeedError, ArxivMalformedError } from "@/shared/sources/arxiv/arxiv-atom";
import { ARXIV_SEARCH_DEADLINE_MS, type ArxivSortBy } from "@/server/sources/arxiv/arxiv-source";
import { CrossrefRejectedError } from "@/server/sources/crossref/crossref-source";
import { UpstreamBusyError, UpstreamError } from "@/server/sources/http/upstream-error";
import { InvalidUpstreamIdError } from "@/server/sources/http/upstream-path";
import type { Sources } from "@/server/sources/sources";
import type { ArxivSearchService, SearchSourceName } from "@/server/features/arxiv-index/arxiv-search.service";

/** Upstream failures in the words the spec gives them ("ArXiv API error: {status} {statusText}"). */
export function sourceError(label: string, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof InvalidUpstreamIdError) return errors.validation(error.message);
  if (error instanceof UpstreamBusyError) {
    // arXiv was never asked: Quire's share of its one request every 3 s is taken for now.
    const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 0) / 1000));
    const name = label === "ArXiv" ? "arXiv" : label;
    return Object.assign(new AppError("upstream_busy", `Quire is busy with other ${name} searches; try again in ${seconds} s`, 503), { retryAfter: seconds });
  }
  if (error instanceof UpstreamError && error.status === 0 && error.statusText === "Network error") {
    // Nothing answered at all (no route, refused, no DNS): said plainly, not as the upstream's error.
    return new AppError("upstream_unreachable", `Quire could not reach ${label === "ArXiv" ? "arXiv" : label}: no network`, 502);
  }
  if (error instanceof UpstreamError) {
    const detail = error.status === 0 ? error.statusText : `${error.status} ${error.statusText}`.trim();
    const failure = new AppError("upstream_error", `${label} API error: ${detail}`, error.status === 429 ? 503 : error.status === 504 ? 504 : 502);
    // The upstream's own Retry-After goes on to the client (app.ts sets the header).
    if (error.retryAfterMs !== null) return Object.assign(failure, { retryAfter: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) });
    return failure;
  }
  if (error instanceof ArxivFeedError || error instanceof CrossrefRejectedError) {
    return new AppError("upstream_rejected", `${label} API error: ${error.message}`, 400);
  }
  if (error instanceof SyntaxError || (error instanceof Error && error.name === "ZodError")) {
    return new AppError("upstream_malformed", `${label} API error: the response could not be read`, 502);
  }
  if (error instanceof ArxivMalformedError) {
    return new AppError("upstream_malformed", `${label} API error: the response could not be read (${error.message})`, 502);
  }
  throw error;
}

/** Fielded terms of an arXiv-style query, for the sources that take fields as parameters. */
export function splitFieldQuery(q: string): { text: string[]; title: string[]; author: string[]; abstract: string[] } {
  const parts = { text: [] as string[], title: [] as string[], author: [] as string[], abstract: [] as string[] };
  const pattern = /(?:([A-Za-z]+):)?("([^"]*)"|\(([^)]*)\)|(\S+))/g;
  for (const match of q.matchAll(pattern)) {
    const value = (match[3] ?? match[4] ?? match[5] ?? "").trim();
    if (!value || /^(AND|OR|ANDNOT)$/.test(value)) continue;
    const prefix = match[1]?.toLowerCase();
    if (prefix === "ti") parts.title.push(value);
    else if (prefix === "au") parts.author.push(value.replace(/_/g, " "));
    else if (prefix === "abs") parts.abstract.push(value);
    else parts.text.push(value);
  }
  return parts;
}

/** A filter value must not carry OpenAlex's separators. */
const filterValue = (value: string) => value.replace(/[,|:]/g, " ").replace(/\s+/g, " ").trim();

/** "2023" -> "2023-01-01" (from) / "2023-12-31" (to); "2023-05" -> the month's bounds. */
function fullDate(date: string, edge: "from" | "to"): string {
  const [year, month, day] = date.split("-");
  if (day) return date;
  if (month) return edge === "from" ? `${year}-${month}-01` : `${year}-${month}-${new Date(Number(year), Number(month), 0).getDate()}`;
  return edge === "from" ? `${year}-01-01` : `${year}-12-31`;
}

/**
 * The parse a plain-language search (llm=true) is built from, when the page sent one that has
 * something to search for; field-prefixed queries are searched as typed.
 */
/**
 * An author of the advanced form or `au:` as an OpenAlex filter: an OpenAlex author id
 * ("A5023888391" or its openalex.org address) is that person's works, anything else a name.
 */
export function openAlexAuthorFilter(author: string): string {
  const id = shortAuthorId(author);
  return id ? `authorships.author.id:${id}` : `raw_author_name.search:${filterValue(author)}`;
}

function usableParse(params: SearchParams): ParsedQuery | null {
  const parsed = params.llm ? params.parsed : undefined;
  return parsed && shouldParseQuery(params.q) && hasSearchableParts(parsed) ? parsed : null;
}

/** A search's answer, and (for arXiv) whether Quire's own index or arXiv's API gave it. */
export type SearchResult = SearchResponse & { answeredBy?: SearchSourceName };

export function searchService(deps: { sources: Sources; arxivSearch: Pick<ArxivSearchService, "search"> }) {
  async function searchArxiv(params: SearchParams): Promise<SearchResult> {
    const parsed = usableParse(params);
    const searchQuery = buildArxivQuery({
      q: parsed ? formatForArxiv(parsed).queryString || params.q : params.q,
      title: params.searchType === "advanced" || params.title ? params.title : undefined,
      authors: params.authors,
      dateFrom: params.dateFrom || undefined,
      dateTo: params.dateTo || undefined,
    });
    const problems = validateArxivQuery(searchQuery);
    if (problems.length > 0) throw errors.validation(problems.map((problem) => problem.message).join(" "), problems);
    const { field, order } = parseSort(params.sort);
    // arXiv sorts by relevance and dates itself; a title sort is applied to the page by the client.
    const sortBy: ArxivSortBy = field === "title" ? "relevance" : field;
    try {
      const { total, papers, source } = await deps.arxivSearch.search({
        searchQuery,
        start: params.page * params.size,
        maxResults: params.size,
        sortBy,
        sortOrder: order,
        deadlineMs: ARXIV_SEARCH_DEADLINE_MS,
        countCap: SEARCH_TOTAL_CAP,
      });
      return { papers, total: Math.min(total, SEARCH_TOTAL_CAP), page: params.page, size: params.size, answeredBy: source };
    } catch (error) {
      throw sourceError("ArXiv", error);
    }
  }

  /** Title, author and date parts of a query, from field syntax and the advanced form alike. */
  function structured(params: SearchParams) {
    const parsed = usableParse(params);
    if (parsed) {
      const fromYear = parsed.yearRange && parsed.yearRange.start > 1900 ? `${parsed.yearRange.start}-01-01` : null;
      const toYear = parsed.yearRange?.end !== undefined ? `${parsed.yearRange.end}-12-31` : null;
      return {
        text: [...parsed.topics, ...parsed.venues].join(" "),
        title: [parsed.fieldSearches.title, params.title.trim()].filter(Boolean).join(" "),
        authors: [...parsed.authors, ...params.authors.map((author) => author.trim())].filter(Boolean),
        abstract: parsed.fieldSearches.abstract ?? "",
        dateFrom: params.dateFrom ? fullDate(params.dateFrom, "from") : fromYear,
        dateTo: params.dateTo ? fullDate(params.dateTo, "to") : toYear,
      };
    }
    const q = params.q.trim();
    const fielded = q && isFieldQuery(q) ? splitFieldQuery(q) : { text: q ? [q] : [], title: [], author: [], abstract: [] };
    return {
      text: fielded.text.join(" "),
      title: [...fielded.title, params.title.trim()].filter(Boolean).join(" "),
      authors: [...fielded.author, ...params.authors.map((author) => author.trim())].filter(Boolean),
      abstract: fielded.abstract.join(" "),
      dateFrom: params.dateFrom ? fullDate(params.dateFrom, "from") : null,
      dateTo: params.dateTo ? fullDate(params.dateTo, "to") : null,
    };
  }

  async function searchOpenAlex(params: SearchParams): Promise<SearchResponse> {
    const parsed = usableParse(params);
    if (parsed) return searchOpenAlexParsed(params, parsed);
    const parts = structured(params);
    const filters: string[] = [];
    if (parts.title) filters.push(`title.search:${filterValue(parts.title)}`);
    if (parts.abstract) filters.push(`abstract.search:${filterValue(parts.abstract)}`);
    for (const author of parts.authors) filters.push(openAlexAuthorFilter(author));
    if (parts.dateFrom) filters.push(`from_publication_date:${parts.dateFrom}`);
    if (parts.dateTo) filters.push(`to_publication_date:${parts.dateTo}`);
    const filter = filters.join(",");
    const problems = filter ? validateOpenAlexFilter(filter) : [];
    if (problems.length > 0) throw errors.validation(problems.map((problem) => problem.message).join(" "), problems);
    const { field, order } = parseSort(params.sort);
    const direction = order === "ascending" ? "asc" : "desc";
    const sort =
      field === "submittedDate" || field === "lastUpdatedDate"
        ? `publication_date:${direction}`
        : field === "relevance" && parts.text
          ? "relevance_score:desc"
          : undefined;
    try {
      const result = await deps.sources.openalex.searchWorks({
        search: parts.text || undefined,
        filter: filter || undefined,
        sort,
        page: params.page + 1,
        perPage: params.size,
      });
      return { papers: result.papers, total: Math.min(result.count, SEARCH_TOTAL_CAP), page: params.page, size: params.size };
    } catch (error) {
      throw sourceError("OpenAlex", error);
    }
  }

  /** OpenAlex for a parsed query: its search text and its filters (citations, affiliations, open access...), plus the advanced form's. */
  async function searchOpenAlexParsed(params: SearchParams, parsed: ParsedQuery): Promise<SearchResponse> {
    const formatted = formatForOpenAlex(parsed);
    const filters = formatted.filterString ? [formatted.filterString] : [];
    if (params.title.trim()) filters.push(`title.search:${filterValue(params.title)}`);
    for (const author of params.authors) if (author.trim()) filters.push(openAlexAuthorFilter(author));
    if (params.dateFrom) filters.push(`from_publication_date:${fullDate(params.dateFrom, "from")}`);
    if (params.dateTo) filters.push(`to_publication_date:${fullDate(params.dateTo, "to")}`);
    const filter = filters.join(",");
    const problems = filter ? validateOpenAlexFilter(filter) : [];
    if (problems.length > 0) throw errors.validation(problems.map((problem) => problem.message).join(" "), problems);
    const { field, order } = parseSort(params.sort);
    const direction = order === "ascending" ? "asc" : "desc";
    const search = formatted.useSearch ? formatted.queryString : undefined;
    const sort = field === "submittedDate" || field === "lastUpdatedDate" ? `publication_date:${direction}` : field === "relevance" && search ? "relevance_score:desc" : undefined;
    try {
      const result = await deps.sources.openalex.searchWorks({ search, filter: filter || undefined, sort, page: params.page + 1, perPage: params.size });
      return { papers: result.papers, total: Math.min(result.count, SEARCH_TOTAL_CAP), page: params.page, size: params.size };
    } catch (error) {
      throw sourceError("OpenAlex", error);
    }
  }

  async function searchCrossref(params: SearchParams): Promise<SearchResponse> {
    const parts = structured(params);
    const filters: string[] = [];
    if (parts.dateFrom) filters.push(`from-pub-date:${parts.dateFrom}`);
    if (parts.dateTo) filters.push(`until-pub-date:${parts.dateTo}`);
    const { field, order } = parseSort(params.sort);
    const sort = field === "submittedDate" ? "published" : field === "lastUpdatedDate" ? "updated" : "relevance";
    try {
      const result = await deps.sources.crossref.searchWorks({
        query: [parts.text, parts.abstract].filter(Boolean).join(" ") || undefined,
        bibliographic: parts.title || undefined,
        author: parts.authors.join(" ") || undefined,
        filter: filters.join(",") || undefined,
        sort,
        order: order === "ascending" ? "asc" : "desc",
        rows: params.size,
        offset: params.page * params.size,
      });
      return { papers: result.papers, total: Math.min(result.total, SEARCH_TOTAL_CAP), page: params.page, size: params.size };
    } catch (error) {
      throw sourceError("Crossref", error);
    }
  }

  return {
    async search(params: SearchParams): Promise<SearchResult> {
      if (!hasSearchCriteria(params)) throw new AppError("empty_query", "No search query provided", 400);
      switch (params.source) {
        case "arxiv":
          return searchArxiv(params);
        case "openalex":
          return searchOpenAlex(params);
        case "crossref":
          return searchCrossref(params);
        default:
          throw new AppError("unknown_source", `Search provider not found for source: ${params.source}`, 400);
      }
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
