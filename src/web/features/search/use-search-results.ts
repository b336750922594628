import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { hasSearchCriteria } from "@/shared/search-options";
import { searchResultsOptions } from "./search-queries";
import { searchRequest, type SearchRequest, type SearchState } from "./search-url";

/** Two requests for the same search that differ only in page, size or sort. */
function sameSearch(a: SearchRequest, b: SearchRequest): boolean {
  return (
    a.source === b.source &&
    a.q === b.q &&
    a.searchType === b.searchType &&
    a.title === b.title &&
    a.authors.join("\u0000") === b.authors.join("\u0000") &&
    a.dateFrom === b.dateFrom &&
    a.dateTo === b.dateTo &&
    a.llm === b.llm &&
    a.parsed === b.parsed
  );
}

/**
 * The results for the URL's search. Runs only when there is something to search for (and,
 * for a plain-language search, once the query is parsed);
 * while the next page of the same search loads, the current one stays on screen.
 */
export function useSearchResults(state: SearchState, plainLanguage: { parsed: string; settled: boolean } = { parsed: "", settled: true }) {
  const request = searchRequest(state, plainLanguage.parsed);
  // A plain-language search waits for its parse (usePlainLanguageParse).
  const enabled = hasSearchCriteria(state) && plainLanguage.settled;
  return useQuery({
    ...searchResultsOptions(request),
    enabled,
    // The result is handed to the lazily loaded results list, which may first read it after
    // the answer arrived; with tracked properties that change would have notified no one.
    notifyOnChangeProps: "all",
    placeholderData: (previous, previousQuery) => {
      const previousRequest = previousQuery?.queryKey[2] as SearchRequest | undefined;
      return previousRequest && sameSearch(previousRequest, request) ? keepPreviousData(previous) : undefined;
    },
  });
}
