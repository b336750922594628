// @vitest-environment jsdom
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SEARCH_KEEP_MS, STORAGE_KEYS } from "@/shared/constants";
import { persistSearchCache, SEARCH_CACHE_MAX_QUERIES } from "./search-cache-persistence";
import { searchKeys } from "./search-queries";
import { readSearchState, searchRequest } from "./search-url";

const keyFor = (q: string) => searchKeys.result(searchRequest(readSearchState(new URLSearchParams({ q }))));
const answer = (q: string) => ({ papers: [], total: q.length, page: 0, size: 50 });

describe("persistSearchCache", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it("saves search results at most once a second and restores them in a new session", () => {
    const first = new QueryClient();
    const stop = persistSearchCache(first);
    first.setQueryData(keyFor("graph"), answer("graph"));
    first.setQueryData(keyFor("transformer"), answer("transformer"));
    first.setQueryData(["other"], { unrelated: true });
    expect(localStorage.getItem(STORAGE_KEYS.searchCache)).toBeNull();
    vi.advanceTimersByTime(1000);
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.searchCache)!) as { state: { queries: unknown[] } };
    expect(saved.state.queries).toHaveLength(2);
    stop();

    const second = new QueryClient();
    persistSearchCache(second);
    expect(second.getQueryData(keyFor("transformer"))).toEqual(answer("transformer"));
    expect(second.getQueryData(["other"])).toBeUndefined();
  });

  it("keeps the newest pages only and drops what is older than 24 hours", () => {
    const client = new QueryClient();
    persistSearchCache(client);
    for (let i = 0; i < SEARCH_CACHE_MAX_QUERIES + 3; i++) {
      vi.advanceTimersByTime(10);
      client.setQueryData(keyFor(`q${i}`), answer(`q${i}`));
    }
    vi.advanceTimersByTime(1000);
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.searchCache)!) as { state: { queries: unknown[] } };
    expect(saved.state.queries).toHaveLength(SEARCH_CACHE_MAX_QUERIES);

    vi.advanceTimersByTime(SEARCH_KEEP_MS);
    const later = new QueryClient();
    persistSearchCache(later);
    expect(later.getQueryData(keyFor(`q${SEARCH_CACHE_MAX_QUERIES + 2}`))).toBeUndefined();
  });

  it("survives a corrupt entry", () => {
    localStorage.setItem(STORAGE_KEYS.searchCache, "{not json");
    expect(() => persistSearchCache(new QueryClient())).not.toThrow();
  });
});
