import { networkError } from "@/web/lib/api";
import { readSearchState, searchRequest, writeSearchState, type SearchRequest } from "./search-url";

/** What public/search-prefetch.js leaves on window for a /search?... page load. */
type EarlySearch = { search: string; response: Promise<Response> };

declare global {
  interface Window {
    __quireEarlySearch?: EarlySearch;
  }
}

/**
 * The response of the search the page started before the app loaded, if it is the one
 * `request` asks for; taken once. It counts only when the URL was in the form the app writes
 * itself: a URL the app would correct (a page size not offered, a page past the cap) or send
 * differently (a title sort) meant a different request to the server.
 */
export function takeEarlySearch(request: SearchRequest): Promise<Response> | null {
  const early = typeof window === "undefined" ? undefined : window.__quireEarlySearch;
  if (!early) return null;
  delete window.__quireEarlySearch;
  const params = new URLSearchParams(early.search);
  const state = readSearchState(params);
  if (writeSearchState(state).toString() !== params.toString()) return null;
  // Title sorts are sent as relevance by the app; the raw URL would ask the server for another order.
  if (searchRequest(state).sort !== state.sort) return null;
  if (JSON.stringify(searchRequest(state)) !== JSON.stringify(request)) return null;
  return early.response.catch(() => {
    throw networkError();
  });
}
