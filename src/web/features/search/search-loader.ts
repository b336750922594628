import type { LoaderFunctionArgs } from "react-router";
import { hasSearchCriteria } from "@/shared/search-options";
import { createModuleLoader } from "@/web/lib/module-loader";
import { getAppQueryClient } from "@/web/lib/query-client";
import { searchResultsOptions } from "./search-queries";
import { readSearchState, searchRequest } from "./search-url";

/** The results list's code, shared with the page so both wait on one download. */
export const searchResultsModule = createModuleLoader(() => import("./search-results"));

/**
 * Runs as soon as this small module arrives, in parallel with the page's own code: when the
 * URL holds a search, the results and the list's code start loading at once instead of after
 * the page renders. Never waits: the page shows its skeleton meanwhile.
 */
export function searchLoader({ request }: LoaderFunctionArgs): null {
  const state = readSearchState(new URL(request.url).searchParams);
  if (hasSearchCriteria(state)) {
    void searchResultsModule.load().catch(() => undefined);
    // Respects staleTime: a search already in the cache is not fetched again. A plain-language
    // search (llm=true) is sent by the page once it has parsed the query.
    if (!state.llm) void getAppQueryClient()?.prefetchQuery(searchResultsOptions(searchRequest(state)));
  }
  return null;
}
