import { dehydrate, hydrate, type DehydratedState, type QueryClient } from "@tanstack/react-query";
import { SEARCH_KEEP_MS, STORAGE_KEYS } from "@/shared/constants";
import { readString, writeString } from "@/web/lib/storage";
import { searchKeys } from "./search-queries";

/**
 * The search cache persisted on the device: recent result
 * pages survive a reload or a return visit, kept 24 hours, with writes throttled to 1 s. The
 * in-memory query cache stays the source of truth; this only seeds it at startup.
 */

export const SEARCH_CACHE_WRITE_THROTTLE_MS = 1000;
/** Result pages kept on the device: a page of 50 papers with their abstracts is large, and device storage is small. */
export const SEARCH_CACHE_MAX_QUERIES = 10;

type Persisted = { savedAt: number; state: DehydratedState };

function isSearchQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === searchKeys.all[0] && queryKey[1] === searchKeys.results()[1];
}

/** Restores what was saved (nothing older than 24 hours), then keeps saving. Returns a stop function. */
export function persistSearchCache(queryClient: QueryClient, now: () => number = Date.now): () => void {
  restore(queryClient, now());

  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === "success" && isSearchQuery(query.queryKey),
    });
    state.queries = state.queries
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
      .slice(0, SEARCH_CACHE_MAX_QUERIES);
    const persisted: Persisted = { savedAt: now(), state: { mutations: [], queries: state.queries } };
    writeString(STORAGE_KEYS.searchCache, JSON.stringify(persisted));
  };

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" && event.type !== "removed") return;
    if (!isSearchQuery(event.query.queryKey)) return;
    timer ??= setTimeout(save, SEARCH_CACHE_WRITE_THROTTLE_MS);
  });

  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

function restore(queryClient: QueryClient, at: number): void {
  const raw = readString(STORAGE_KEYS.searchCache);
  if (!raw) return;
  try {
    const persisted = JSON.parse(raw) as Persisted;
    if (!persisted?.state || !Array.isArray(persisted.state.queries)) return;
    const alive = persisted.state.queries.filter(
      (query) => isSearchQuery(query.queryKey) && at - query.state.dataUpdatedAt < SEARCH_KEEP_MS,
    );
    hydrate(queryClient, { mutations: [], queries: alive });
  } catch {
    // A corrupt entry is dropped; the next save replaces it.
  }
}
