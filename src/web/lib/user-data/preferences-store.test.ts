// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { encodePreferenceKey } from "@/shared/user-data";
import { mswServer } from "@/test/unit-setup";
import {
  createDevicePreferencesStore,
  createServerPreferencesStore,
  DEVICE_PREFERENCES_KEY,
  PREFERENCE_DUPLICATE_WINDOW_MS,
  PREFERENCE_LOCAL_SAVE_DEBOUNCE_MS,
  preferencePath,
} from "@/web/lib/user-data/preferences-store";
import { createFakeMeApi } from "@/web/lib/user-data/testing/fake-me-api";
import { UserDataInputError } from "@/web/lib/user-data/user-data-errors";

const stored = () => JSON.parse(window.localStorage.getItem(DEVICE_PREFERENCES_KEY) ?? "null") as Record<string, unknown> | null;

describe("device preferences", () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1_000_000;
  });
  afterEach(() => {
    vi.useRealTimers();
    window.localStorage.clear();
  });

  const createStore = () => createDevicePreferencesStore({ now: () => clock });

  it("shows a change at once and writes it 500 ms after the last change", async () => {
    const store = createStore();
    const seen = vi.fn();
    store.subscribe(seen);
    await store.set("pageSize", 20);
    expect(store.get("pageSize")).toBe(20);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(stored()).toBeNull();

    vi.advanceTimersByTime(300);
    await store.set("pageSize", 50);
    vi.advanceTimersByTime(PREFERENCE_LOCAL_SAVE_DEBOUNCE_MS - 1);
    expect(stored()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(stored()).toEqual({ pageSize: 50 });
  });

  it("skips the same key and value saved again within 1 s, not after", async () => {
    const store = createStore();
    expect(await store.set("sort", "title")).toBe(true);
    clock += PREFERENCE_DUPLICATE_WINDOW_MS - 1;
    expect(await store.set("sort", "title")).toBe(false);
    expect(await store.set("sort", "date")).toBe(true);
    clock += PREFERENCE_DUPLICATE_WINDOW_MS;
    expect(await store.set("sort", "date")).toBe(true);
  });

  it("merges searchState into the stored one", async () => {
    const store = createStore();
    await store.set("searchState", { query: "transformers", page: 2 });
    await store.set("searchState", { page: 0, source: "openalex" });
    expect(store.get("searchState")).toEqual({ query: "transformers", page: 0, source: "openalex" });
    // Any other object is replaced.
    await store.set("filters", { a: 1 });
    await store.set("filters", { b: 2 });
    expect(store.get("filters")).toEqual({ b: 2 });
  });

  it("stores keys encoded and hands them back plain", async () => {
    const store = createStore();
    await store.set("paper-list.bookmarks/sort", "title");
    await store.flush();
    expect(stored()).toEqual({ "paper%2Dlist%2Ebookmarks%2Fsort": "title" });
    expect(store.getSnapshot()).toEqual({ "paper-list.bookmarks/sort": "title" });
    expect(createStore().get("paper-list.bookmarks/sort")).toBe("title");
  });

  it("refuses an over-long key or a value that is not JSON, before storing anything", async () => {
    const store = createStore();
    await expect(store.set("x".repeat(201), 1)).rejects.toThrow(UserDataInputError);
    await expect(store.set("é".repeat(40), 1)).rejects.toThrow(/longer than 200/);
    await expect(store.set("fn", undefined)).rejects.toThrow(/not JSON/);
    await expect(store.set("big", "x".repeat(70 * 1024))).rejects.toThrow(/64 KB/);
    expect(store.getSnapshot()).toEqual({});
  });

  it("reset empties everything, pending writes included", async () => {
    const store = createStore();
    await store.set("a", 1);
    await store.flush();
    await store.set("b", 2);
    store.reset();
    vi.advanceTimersByTime(PREFERENCE_LOCAL_SAVE_DEBOUNCE_MS);
    expect(stored()).toBeNull();
    expect(store.getSnapshot()).toEqual({});
  });
});

describe("server preferences", () => {
  let clock = 0;
  let api: ReturnType<typeof createFakeMeApi>;
  beforeEach(() => {
    clock = 1_000_000;
    api = createFakeMeApi();
    mswServer.use(...api.handlers);
  });

  const createStore = () => createServerPreferencesStore({ now: () => clock });

  it("loads once, decodes keys, and saves a change at once", async () => {
    api.state.preferences = { [encodePreferenceKey("table.sort")]: "title" };
    const store = createStore();
    await store.load();
    await store.load();
    expect(store.getSnapshot()).toEqual({ "table.sort": "title" });
    expect(await store.set("table.sort", "date")).toBe(true);
    expect(api.state.preferences).toEqual({ "table%2Esort": "date" });
    expect(api.requests.filter((request) => request.method === "GET")).toHaveLength(1);
  });

  it("puts the encoded key in the path, escaped once more for the router", async () => {
    const store = createStore();
    await store.set("../x", 1);
    expect(preferencePath(encodePreferenceKey("../x"))).toBe("/api/me/preferences/%252E%252E%252Fx");
    expect(api.writes()).toEqual(["PUT /api/me/preferences/%252E%252E%252Fx"]);
    expect(api.state.preferences).toEqual({ "%2E%2E%2Fx": 1 });
  });

  it("skips a duplicate save within 1 s", async () => {
    const store = createStore();
    await store.set("size", 50);
    clock += 500;
    expect(await store.set("size", 50)).toBe(false);
    clock += PREFERENCE_DUPLICATE_WINDOW_MS;
    expect(await store.set("size", 50)).toBe(true);
    expect(api.writes()).toHaveLength(2);
  });

  it("sends searchState changes as patches the server merges, and shows the merge at once", async () => {
    api.state.preferences = { searchState: { query: "q", page: 3, source: "arxiv" } };
    const store = createStore();
    await store.set("searchState", { page: 0 });
    expect(api.requests.at(-1)?.body).toEqual({ value: { page: 0 } });
    expect(store.get("searchState")).toEqual({ query: "q", page: 0, source: "arxiv" });
  });

  it("puts a failed save back", async () => {
    api.state.preferences = { size: 20 };
    const store = createStore();
    await store.load();
    api.fail("PUT", /preferences\/size/);
    await expect(store.set("size", 100)).rejects.toThrow();
    expect(store.get("size")).toBe(20);
  });
});
