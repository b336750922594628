import { useEffect } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { SEARCH_EVENT } from "@/shared/admin";
import { hasSearchCriteria } from "@/shared/search-options";
import type { SearchResponse } from "@/shared/search-params";
import { track } from "@/web/lib/analytics";
import type { SearchState } from "./search-url";

/**
 * Counts each search that answered as a `search` event with its source (the analytics page's
 * searches per source). Paging and sorting the same search count again; the analytics client
 * drops a repeat of the very same event within 2 s.
 */
export function useTrackSearch(state: SearchState, results: UseQueryResult<SearchResponse>): void {
  const answered = results.isSuccess && !results.isPlaceholderData;
  const criteria = hasSearchCriteria(state);
  const { source, searchType, page, q, title, sort } = state;
  const authors = state.authors.join("|");
  useEffect(() => {
    if (!answered || !criteria) return;
    track(SEARCH_EVENT, { source, searchType, page });
    // The search itself (not its text) is what is counted; the text is never sent.
  }, [answered, criteria, source, searchType, page, q, title, authors, sort]);
}
