import {
  SEARCH_HISTORY_DUPLICATE_WINDOW_MS,
  SEARCH_HISTORY_SIGNED_IN_KEEP_MS,
  SEARCH_HISTORY_SIGNED_IN_MAX_ENTRIES,
  SEARCH_HISTORY_SIGNED_IN_SAVE_DEBOUNCE_MS,
} from "@/shared/constants";
import type { SearchHistoryResponse } from "@/shared/user-data";
import { api } from "@/web/lib/api";
import {
  addSearchToHistory,
  pruneSearchHistory,
  type SearchHistoryEntry,
  type SearchHistoryHolder,
  type SearchHistoryLimits,
  type SearchHistoryStore,
} from "@/web/lib/user-data/search-history-store";
import { createRemoteValue, type LoadStatus } from "@/web/lib/user-data/remote-value";

/** Signed-in search history: 10 entries, 30 days, saved 1 s after the search. */
export const SIGNED_IN_SEARCH_HISTORY_LIMITS: SearchHistoryLimits = {
  maxEntries: SEARCH_HISTORY_SIGNED_IN_MAX_ENTRIES,
  keepMs: SEARCH_HISTORY_SIGNED_IN_KEEP_MS,
  duplicateWindowMs: SEARCH_HISTORY_DUPLICATE_WINDOW_MS,
  saveDebounceMs: SEARCH_HISTORY_SIGNED_IN_SAVE_DEBOUNCE_MS,
};

export type ServerSearchHistoryStore = SearchHistoryStore & { getStatus(): LoadStatus; load(): Promise<unknown>; dispose(): void };

function toHolder(response: SearchHistoryResponse): SearchHistoryHolder {
  return { searches: response.searches as SearchHistoryEntry[], lastUpdated: response.lastUpdated };
}

/**
 * A signed-in user's search history in `/api/me/search-history`, with the same rules as the
 * device's (duplicate window, newest first) and the signed-in limits. The contract has no
 * route for one entry, so removing one rewrites the list (delete all, then add the rest).
 */
export function createServerSearchHistoryStore(options: { ready?: () => Promise<unknown>; now?: () => number } = {}): ServerSearchHistoryStore {
  const limits = SIGNED_IN_SEARCH_HISTORY_LIMITS;
  const now = options.now ?? Date.now;
  const value = createRemoteValue<SearchHistoryHolder>({
    initial: { searches: [], lastUpdated: 0 },
    fetch: async () => {
      await options.ready?.().catch(() => undefined);
      return toHolder(await api.get<SearchHistoryResponse>("/api/me/search-history"));
    },
  });
  let snapshotOf: SearchHistoryHolder | undefined;
  let snapshot: readonly SearchHistoryEntry[] = [];

  return {
    limits,
    getSnapshot() {
      const holder = value.get();
      if (holder !== snapshotOf) {
        snapshotOf = holder;
        snapshot = pruneSearchHistory(holder.searches, limits.keepMs, now());
      }
      return snapshot;
    },
    getStatus: value.getStatus,
    subscribe: value.subscribe,
    load: value.load,
    dispose: value.dispose,
    async save(params, results) {
      if (value.getStatus() !== "ready") await value.load().catch(() => undefined);
      const before = value.get();
      const result = addSearchToHistory(before, params, results, now(), limits);
      if (!result.saved) return false;
      const added = result.holder.searches[0]!;
      value.set(result.holder);
      try {
        const saved = await api.post<SearchHistoryResponse>("/api/me/search-history", { entries: [added] });
        if (value.get() === result.holder) value.set(toHolder(saved));
        return true;
      } catch (error) {
        if (value.get() === result.holder) value.set(before);
        throw error;
      }
    },
    async remove(timestamp) {
      if (value.getStatus() !== "ready") await value.load().catch(() => undefined);
      const before = value.get();
      const remaining = before.searches.filter((entry) => entry.timestamp !== timestamp);
      const next = { searches: remaining, lastUpdated: now() };
      value.set(next);
      try {
        await api.delete("/api/me/search-history");
        if (remaining.length > 0) {
          const saved = await api.post<SearchHistoryResponse>("/api/me/search-history", { entries: remaining });
          if (value.get() === next) value.set(toHolder(saved));
        }
      } catch (error) {
        if (value.get() === next) value.set(before);
        throw error;
      }
    },
    async clear() {
      const before = value.get();
      const next = { searches: [], lastUpdated: now() };
      value.set(next);
      try {
        await api.delete("/api/me/search-history");
      } catch (error) {
        if (value.get() === next) value.set(before);
        throw error;
      }
    },
  };
}
