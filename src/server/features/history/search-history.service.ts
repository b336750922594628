import { SEARCH_HISTORY_SIGNED_IN_KEEP_MS, SEARCH_HISTORY_SIGNED_IN_MAX_ENTRIES } from "@/shared/constants";
import type { ApiSearchHistoryEntry, SearchHistoryResponse } from "@/shared/user-data";
import type { SearchHistoryRepository, SearchHistoryRow } from "./search-history.repository";

/**
 * A signed-in user's search history: the newest 10 searches of the
 * last 30 days. A POST merges entries (the device's own saves, and its anonymous history on
 * sign-in): an entry with the same timestamp and parameters as a stored one is the same search.
 */
export function searchHistoryService(repository: SearchHistoryRepository, clock: () => Date = () => new Date()) {
  const cutoff = () => new Date(clock().getTime() - SEARCH_HISTORY_SIGNED_IN_KEEP_MS);

  return {
    async list(userId: string): Promise<SearchHistoryResponse> {
      return toResponse(await repository.list(userId, { since: cutoff(), limit: SEARCH_HISTORY_SIGNED_IN_MAX_ENTRIES }));
    },

    async merge(userId: string, entries: ApiSearchHistoryEntry[]): Promise<SearchHistoryResponse> {
      return repository.locked(userId, async (locked) => {
        const since = cutoff();
        const seen = new Set((await locked.list(userId)).map((row) => identity(row.searchedAt.getTime(), row.params)));
        const fresh: { params: Record<string, unknown>; results: number; searchedAt: Date }[] = [];
        for (const entry of entries) {
          if (entry.timestamp < since.getTime()) continue;
          const id = identity(entry.timestamp, entry.params);
          if (seen.has(id)) continue;
          seen.add(id);
          fresh.push({ params: entry.params, results: entry.results, searchedAt: new Date(entry.timestamp) });
        }
        await locked.insertMany(userId, fresh);
        await locked.prune(userId, since, SEARCH_HISTORY_SIGNED_IN_MAX_ENTRIES);
        return toResponse(await locked.list(userId, { since, limit: SEARCH_HISTORY_SIGNED_IN_MAX_ENTRIES }));
      });
    },

    async clear(userId: string): Promise<void> {
      await repository.deleteAll(userId);
    },
  };
}
export type SearchHistoryService = ReturnType<typeof searchHistoryService>;

function toResponse(rows: SearchHistoryRow[]): SearchHistoryResponse {
  const searches = rows.map(
    (row): ApiSearchHistoryEntry => ({
      timestamp: row.searchedAt.getTime(),
      params: row.params as ApiSearchHistoryEntry["params"],
      results: row.results ?? 0,
    }),
  );
  return { searches, lastUpdated: searches[0]?.timestamp ?? 0 };
}

/** Timestamp plus parameters with keys sorted, so the stored (jsonb-reordered) copy compares equal. */
function identity(timestamp: number, params: unknown): string {
  return `${timestamp}|${stableJson(params)}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
