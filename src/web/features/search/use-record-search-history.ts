import { useEffect, useRef } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { hasSearchCriteria, parseSort } from "@/shared/search-options";
import type { SearchResponse } from "@/shared/search-params";
import type { SearchHistoryParams } from "@/web/lib/user-data/search-history-store";
import { useUserStores } from "@/web/lib/user-data/user-stores";
import type { SearchState } from "./search-url";

export function toHistoryParams(state: SearchState): SearchHistoryParams {
  const { field, order } = parseSort(state.sort);
  return {
    q: state.q,
    author: state.authors.join(", "),
    source: state.source,
    llm: state.llm,
    sort: field,
    order,
    page: state.page,
    size: state.size,
    searchType: state.searchType,
    ...(state.title ? { title: state.title } : {}),
    ...(state.authors.length > 0 ? { authors: state.authors } : {}),
    ...(state.dateFrom ? { dateFrom: state.dateFrom } : {}),
    ...(state.dateTo ? { dateTo: state.dateTo } : {}),
  };
}

/**
 * Saves each search that answered into the search history, after the store's debounce
 * (0.5 s on the device), so paging quickly through results does not write every page. A
 * save still waiting when the page goes away (Read clicked the moment results showed) is
 * made at once, not dropped: only a newer search on the same page replaces it.
 */
export function useRecordSearchHistory(state: SearchState, results: UseQueryResult<SearchResponse>): void {
  const { searchHistory } = useUserStores();
  const answered = results.isSuccess && !results.isPlaceholderData ? results.data : undefined;
  const criteria = hasSearchCriteria(state);
  const params = JSON.stringify(toHistoryParams(state));
  const pendingSave = useRef<(() => void) | null>(null);

  // Declared first, so on unmount its cleanup runs before the one below clears the timer.
  useEffect(() => () => pendingSave.current?.(), []);

  useEffect(() => {
    if (!answered || !criteria) return;
    const save = () => {
      pendingSave.current = null;
      void searchHistory.save(JSON.parse(params) as SearchHistoryParams, answered.total).catch(() => undefined);
    };
    pendingSave.current = save;
    const timer = window.setTimeout(save, searchHistory.limits.saveDebounceMs);
    return () => {
      window.clearTimeout(timer);
      if (pendingSave.current === save) pendingSave.current = null;
    };
  }, [answered, criteria, params, searchHistory]);
}
