import { queryOptions } from "@tanstack/react-query";
import { SEARCH_KEEP_MS, SEARCH_STALE_MS } from "@/shared/constants";
import type { SearchResponse } from "@/shared/search-params";
import { api, readApiResponse } from "@/web/lib/api";
import { takeEarlySearch } from "./early-search";
import type { SearchRequest } from "./search-url";

/**
 * Search results (rule 8): the key factory, the fetcher and the query options
 * with the spec's caching (stale after 30 minutes, kept 24 hours, no refetch on focus or
 * mount). The hook is in use-search-results.ts: the route loader in the main bundle imports
 * this module, and the query observer behind the hook is only needed once the page loads.
 */

export const SEARCH_RESULTS_STALE_MS = SEARCH_STALE_MS;
export const SEARCH_RESULTS_GC_MS = SEARCH_KEEP_MS;

export const searchKeys = {
  all: ["search"] as const,
  results: () => [...searchKeys.all, "results"] as const,
  result: (request: SearchRequest) => [...searchKeys.results(), request] as const,
};

export async function fetchSearchResults(request: SearchRequest, signal?: AbortSignal): Promise<SearchResponse> {
  const early = takeEarlySearch(request);
  if (early) return readApiResponse<SearchResponse>(await early);
  return api.get<SearchResponse>("search", {
    signal,
    query: {
      source: request.source,
      q: request.q || undefined,
      page: request.page,
      size: request.size,
      sort: request.sort,
      searchType: request.searchType,
      title: request.title || undefined,
      authors: request.authors.length > 0 ? request.authors : undefined,
      dateFrom: request.dateFrom || undefined,
      dateTo: request.dateTo || undefined,
      llm: request.llm ? "true" : undefined,
      parsed: request.parsed || undefined,
    },
  });
}

export function searchResultsOptions(request: SearchRequest) {
  return queryOptions({
    queryKey: searchKeys.result(request),
    queryFn: ({ signal }) => fetchSearchResults(request, signal),
    staleTime: SEARCH_RESULTS_STALE_MS,
    gcTime: SEARCH_RESULTS_GC_MS,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    // The server already retries the upstream with backoff; retrying here would only
    // hide the upstream's answer and multiply calls against arXiv's 3-second rule.
    retry: false,
  });
}
