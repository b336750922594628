// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  addSearchToHistory,
  ANONYMOUS_SEARCH_HISTORY_LIMITS,
  createLocalSearchHistoryStore,
  decodeSearchHistory,
  encodeSearchHistory,
  shouldSaveSearch,
  type SearchHistoryParams,
} from "@/web/lib/user-data/search-history-store";

const base: SearchHistoryParams = {
  q: "transformer",
  author: "",
  source: "arxiv",
  llm: false,
  sort: "relevance",
  order: "descending",
  page: 0,
  size: 50,
};
const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

describe("the anonymous limits", () => {
  it("are the spec's: 5 entries, 7 days, 30 s duplicate window, 0.5 s debounce", () => {
    expect(ANONYMOUS_SEARCH_HISTORY_LIMITS).toEqual({ maxEntries: 5, keepMs: 7 * DAY, duplicateWindowMs: 30 * SECOND, saveDebounceMs: 500 });
  });
});

describe("shouldSaveSearch (the 30 s rule)", () => {
  const last = { timestamp: 100 * SECOND, params: base, results: 10 };

  it("saves when there is no earlier save", () => {
    expect(shouldSaveSearch(undefined, base, 0)).toBe(true);
  });

  it("skips a save under 30 s after the last one when q, author and source are unchanged", () => {
    expect(shouldSaveSearch(last, { ...base, page: 3, sort: "title" }, 129 * SECOND)).toBe(false);
  });

  it("saves under 30 s when q, author or source changed", () => {
    expect(shouldSaveSearch(last, { ...base, q: "graph" }, 101 * SECOND)).toBe(true);
    expect(shouldSaveSearch(last, { ...base, author: "Ada Lovelace" }, 101 * SECOND)).toBe(true);
    expect(shouldSaveSearch(last, { ...base, source: "openalex" }, 101 * SECOND)).toBe(true);
  });

  it("saves again once 30 s have passed", () => {
    expect(shouldSaveSearch(last, base, 130 * SECOND)).toBe(true);
  });
});

describe("addSearchToHistory", () => {
  const empty = { searches: [], lastUpdated: 0 };

  it("keeps the newest 5, newest first, and moves a repeated search to the front", () => {
    let holder = empty as ReturnType<typeof addSearchToHistory>["holder"];
    for (let index = 0; index < 7; index++) {
      holder = addSearchToHistory(holder, { ...base, q: `q${index}` }, index, index * 60 * SECOND, ANONYMOUS_SEARCH_HISTORY_LIMITS).holder;
    }
    expect(holder.searches.map((entry) => entry.params.q)).toEqual(["q6", "q5", "q4", "q3", "q2"]);
    holder = addSearchToHistory(holder, { ...base, q: "q3", page: 2 }, 3, 10 * 60 * SECOND, ANONYMOUS_SEARCH_HISTORY_LIMITS).holder;
    expect(holder.searches.map((entry) => entry.params.q)).toEqual(["q3", "q6", "q5", "q4", "q2"]);
    expect(holder.searches[0]!.params.page).toBe(2);
    expect(holder.lastUpdated).toBe(10 * 60 * SECOND);
  });

  it("drops entries older than 7 days", () => {
    const old = addSearchToHistory(empty, { ...base, q: "old" }, 1, 0, ANONYMOUS_SEARCH_HISTORY_LIMITS).holder;
    const next = addSearchToHistory(old, { ...base, q: "new" }, 1, 7 * DAY, ANONYMOUS_SEARCH_HISTORY_LIMITS).holder;
    expect(next.searches.map((entry) => entry.params.q)).toEqual(["new"]);
  });

  it("reports a skipped save and leaves the history as it was", () => {
    const first = addSearchToHistory(empty, base, 1, 0, ANONYMOUS_SEARCH_HISTORY_LIMITS).holder;
    const second = addSearchToHistory(first, { ...base, page: 1 }, 1, 5 * SECOND, ANONYMOUS_SEARCH_HISTORY_LIMITS);
    expect(second.saved).toBe(false);
    expect(second.holder).toBe(first);
  });
});

describe("encoding", () => {
  it("round-trips through base64 of the JSON, any script included", () => {
    const holder = { searches: [{ timestamp: 1, params: { ...base, q: "Schrödinger 量子 ∑" }, results: 3 }], lastUpdated: 1 };
    const encoded = encodeSearchHistory(holder);
    expect(encoded).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(encoded).not.toContain("transformer");
    expect(JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0))))).toEqual(holder);
    expect(decodeSearchHistory(encoded)).toEqual(holder);
  });

  it("reads missing, corrupt or plain-JSON values as an empty history", () => {
    expect(decodeSearchHistory(null)).toEqual({ searches: [], lastUpdated: 0 });
    expect(decodeSearchHistory("%%%")).toEqual({ searches: [], lastUpdated: 0 });
    expect(decodeSearchHistory(JSON.stringify({ searches: [] }))).toEqual({ searches: [], lastUpdated: 0 });
  });
});

describe("the device store", () => {
  afterEach(() => window.localStorage.clear());

  it("saves under search-history, encoded, and hides expired entries", async () => {
    let now = 1_000_000;
    const store = createLocalSearchHistoryStore({ now: () => now });
    expect(await store.save(base, 854)).toBe(true);
    expect(await store.save({ ...base, page: 1 }, 854)).toBe(false);
    const raw = window.localStorage.getItem("search-history")!;
    expect(decodeSearchHistory(raw).searches).toHaveLength(1);
    expect(store.getSnapshot()).toEqual([{ timestamp: 1_000_000, params: base, results: 854 }]);
    // The snapshot is stable until something changes.
    expect(store.getSnapshot()).toBe(store.getSnapshot());

    now += 7 * DAY;
    const fresh = createLocalSearchHistoryStore({ now: () => now });
    expect(fresh.getSnapshot()).toEqual([]);
  });

  it("notifies subscribers and clears", async () => {
    const store = createLocalSearchHistoryStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    await store.save(base, 1);
    await store.clear();
    unsubscribe();
    expect(calls).toBe(2);
    expect(store.getSnapshot()).toEqual([]);
  });
});
