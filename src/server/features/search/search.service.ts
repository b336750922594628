import { SEARCH_TOTAL_CAP } from "@/shared/constants";
import { hasSearchCriteria, parseSort, type SearchParams, type SearchResponse } from "@/shared/search-params";
import { buildArxivQuery, validateArxivQuery } from "@/shared/search-query";
import { AppError, errors } from "@/server/errors";
import { ArxivFeedError, ArxivMalformedError } from "@/server/sources/arxiv/arxiv-atom";
import type { ArxivSortBy } from "@/server/sources/arxiv/arxiv-source";
import { UpstreamError } from "@/server/sources/http/upstream-error";
import type { Sources } from "@/server/sources/sources";

/** Upstream failures in the words the spec gives them ("ArXiv API error: {status} {statusText}"). */
export function sourceError(label: string, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof UpstreamError) {
    const detail = error.status === 0 ? error.statusText : `${error.status} ${error.statusText}`.trim();
    return new AppError("upstream_error", `${label} API error: ${detail}`, error.status === 429 ? 503 : 502);
  }
  if (error instanceof ArxivFeedError) return new AppError("upstream_rejected", `${label} API error: ${error.message}`, 400);
  if (error instanceof ArxivMalformedError) {
    return new AppError("upstream_malformed", `${label} API error: the response could not be read (${error.message})`, 502);
  }
  throw error;
}

export function searchService(deps: { sources: Sources }) {
  async function searchArxiv(params: SearchParams): Promise<SearchResponse> {
    const searchQuery = buildArxivQuery({
      q: params.q,
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
      const { total, papers } = await deps.sources.arxiv.search({
        searchQuery,
        start: params.page * params.size,
        maxResults: params.size,
        sortBy,
        sortOrder: order,
      });
      return { papers, total: Math.min(total, SEARCH_TOTAL_CAP), page: params.page, size: params.size };
    } catch (error) {
      throw sourceError("ArXiv", error);
    }
  }

  return {
    async search(params: SearchParams): Promise<SearchResponse> {
      if (!hasSearchCriteria(params)) throw new AppError("empty_query", "No search query provided", 400);
      switch (params.source) {
        case "arxiv":
          return searchArxiv(params);
        default:
          throw new AppError("unknown_source", `Search provider not found for source: ${params.source}`, 400);
      }
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
