// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ServerBookmark } from "@/shared/user-data";
import { mswServer } from "@/test/unit-setup";
import { toast } from "@/web/components/ui/use-toast";
import type { SearchHistoryParams } from "@/web/lib/user-data/search-history-store";
import { createServerBookmarkStore } from "@/web/lib/user-data/server-bookmark-store";
import { createServerReadingHistoryStore } from "@/web/lib/user-data/server-reading-history-store";
import { createServerSearchHistoryStore, SIGNED_IN_SEARCH_HISTORY_LIMITS } from "@/web/lib/user-data/server-search-history-store";
import { createFakeMeApi } from "@/web/lib/user-data/testing/fake-me-api";
import { makePaper } from "@/web/test/paper-factory";

vi.mock("@/web/components/ui/use-toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/web/components/ui/use-toast")>()),
  toast: vi.fn(),
}));

let api: ReturnType<typeof createFakeMeApi>;
beforeEach(() => {
  api = createFakeMeApi();
  mswServer.use(...api.handlers);
});
afterEach(() => vi.mocked(toast).mockClear());

const toastTitles = () => vi.mocked(toast).mock.calls.map(([input]) => input.title);

const serverBookmark = (paperId: string, tags: string[] = []): ServerBookmark => ({
  id: `b-${paperId}`,
  paperId,
  paperData: makePaper({ id: paperId, title: `Paper ${paperId}` }),
  notes: null,
  tags,
  bookmarkedAt: "2026-05-01T10:00:00.000Z",
});

describe("server bookmarks", () => {
  it("loads the account's ids and collections, never the papers, and pages rows from the server", async () => {
    api.state.bookmarks = [serverBookmark("2401.00001", ["Reading group"]), serverBookmark("2401.00002")];
    const store = createServerBookmarkStore();
    await store.load();
    expect(store.getSnapshot()).toEqual({
      "2401.00001": { paperId: "2401.00001", collections: ["Reading group"] },
      "2401.00002": { paperId: "2401.00002", collections: [] },
    });
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual(["GET /api/me/bookmarks/ids"]);
    const page = await store.page({}, 1, 1);
    expect(page.total).toBe(2);
    expect(page.bookmarks[0]).toMatchObject({ paperId: "2401.00002", title: "Paper 2401.00002", dateAdded: "2026-05-01T10:00:00.000Z" });
    expect(api.requests.at(-1)?.path).toBe("/api/me/bookmarks?limit=1&offset=1");
  });

  it("checks duplicates against the compact keys, asked for once and kept while papers are added", async () => {
    const arxiv = (id: string) => ({ id, arxivId: id, url: `https://arxiv.org/abs/${id}`, doi: null });
    const original = makePaper({ ...arxiv("2401.00001"), title: "Attention Is All You Need", authors: ["Ashish Vaswani", "Noam Shazeer"] });
    api.state.bookmarks = [{ ...serverBookmark("2401.00001"), paperData: original }];
    const store = createServerBookmarkStore();
    await store.load();
    const published = makePaper({ id: "W123", source: "openalex", arxivId: null, url: "", title: "Attention is all you need", authors: ["A. Vaswani", "N. Shazeer"] });
    expect(await store.findDuplicate(published)).toMatchObject({ existing: { id: "2401.00001", title: "Attention Is All You Need" } });
    expect(await store.findDuplicate(original)).toBeNull();
    const other = makePaper({ ...arxiv("2402.00009"), title: "Something Else Entirely", authors: ["Grace Hopper"] });
    expect(await store.findDuplicate(other)).toBeNull();
    await store.add(other);
    // Another version is the same id (the shared rule): the bookmark itself; its OpenAlex record is a duplicate.
    expect(await store.findDuplicate({ ...other, id: "2402.00009v2" })).toBeNull();
    expect(await store.findDuplicate({ ...other, id: "W999", source: "openalex", arxivId: "2402.00009v1" })).toMatchObject({ existing: { id: "2402.00009" } });
    expect(api.requests.filter((request) => request.path === "/api/me/bookmarks/duplicate-keys")).toHaveLength(1);
    // A bookmark that left the library is no longer a duplicate.
    await store.remove("2401.00001");
    expect(await store.findDuplicate(published)).toBeNull();
  });

  it("sets collections with PATCH and lists move to a new revision once the server took a change", async () => {
    api.state.bookmarks = [serverBookmark("2401.00001")];
    const store = createServerBookmarkStore();
    await store.load();
    const before = store.getRevision();
    await store.setCollections("2401.00001", ["thesis"]);
    expect(store.getSnapshot()["2401.00001"]?.collections).toEqual(["thesis"]);
    expect(api.state.bookmarks[0]?.tags).toEqual(["thesis"]);
    expect(api.writes()).toEqual(["PATCH /api/me/bookmarks/2401.00001"]);
    expect(store.getRevision()).toBeGreaterThan(before);
  });

  it("adds and removes at once, then confirms with the server", async () => {
    const store = createServerBookmarkStore();
    await store.load();
    const paper = makePaper({ id: "hep-th/9901001" });
    const adding = store.add(paper);
    expect(store.getSnapshot()["hep-th/9901001"]).toBeDefined();
    await adding;
    expect(api.writes()).toEqual(["PUT /api/me/bookmarks/hep-th%2F9901001"]);
    expect(api.state.bookmarks.map((bookmark) => bookmark.paperId)).toEqual(["hep-th/9901001"]);
    await store.remove("hep-th/9901001");
    expect(store.getSnapshot()).toEqual({});
    expect(api.state.bookmarks).toEqual([]);
  });

  it("puts a refused add or delete back with the spec's message", async () => {
    api.state.bookmarks = [serverBookmark("2401.00001")];
    const store = createServerBookmarkStore();
    await store.load();
    api.fail("PUT", /bookmarks/);
    api.fail("DELETE", /bookmarks/);
    await expect(store.add(makePaper({ id: "2401.00002" }))).rejects.toThrow();
    expect(store.getSnapshot()["2401.00002"]).toBeUndefined();
    await expect(store.remove("2401.00001")).rejects.toThrow();
    expect(store.getSnapshot()["2401.00001"]).toBeDefined();
    expect(toastTitles()).toEqual(["Failed to save bookmark", "Failed to delete bookmark"]);
  });

  it("says so when bookmarks cannot be loaded", async () => {
    api.fail("GET", /bookmarks/);
    const store = createServerBookmarkStore();
    store.subscribe(() => undefined);
    await vi.waitFor(() => expect(store.getStatus()).toBe("error"));
    expect(toastTitles()).toEqual(["Failed to load bookmarks"]);
  });

  it("clears every bookmark, or puts them back when the server refuses", async () => {
    api.state.bookmarks = [serverBookmark("a1"), serverBookmark("a2")];
    const store = createServerBookmarkStore();
    await store.load();
    api.fail("DELETE", /bookmarks$/);
    await expect(store.clear()).rejects.toThrow();
    expect(Object.keys(store.getSnapshot())).toEqual(["a1", "a2"]);
    api.heal();
    await store.clear();
    expect(store.getSnapshot()).toEqual({});
    expect(api.state.bookmarks).toEqual([]);
  });
});

const params = (q: string): SearchHistoryParams => ({ q, author: "", source: "arxiv", llm: false, sort: "relevance", order: "descending", page: 0, size: 50 });

describe("server search history", () => {
  it("has the signed-in limits: 10 entries, 30 days, 1 s save debounce", () => {
    const store = createServerSearchHistoryStore();
    expect(store.limits).toBe(SIGNED_IN_SEARCH_HISTORY_LIMITS);
    expect(store.limits).toMatchObject({ maxEntries: 10, keepMs: 30 * 24 * 3600 * 1000, saveDebounceMs: 1000, duplicateWindowMs: 30_000 });
  });

  it("saves a search, skipping the same search again within 30 s", async () => {
    let clock = Date.parse("2026-06-01T10:00:00Z");
    const store = createServerSearchHistoryStore({ now: () => clock });
    expect(await store.save(params("graphs"), 12)).toBe(true);
    expect(api.requests.at(-1)).toMatchObject({ method: "POST", path: "/api/me/search-history", body: { entries: [{ timestamp: clock, params: params("graphs"), results: 12 }] } });
    clock += 10_000;
    expect(await store.save(params("graphs"), 12)).toBe(false);
    expect(await store.save(params("trees"), 3)).toBe(true);
    expect(store.getSnapshot().map((entry) => entry.params.q)).toEqual(["trees", "graphs"]);
  });

  it("removes one entry by rewriting the list, and clears", async () => {
    const now = Date.now();
    api.state.searches = [
      { timestamp: now - 1000, params: params("a"), results: 1 },
      { timestamp: now - 2000, params: params("b"), results: 2 },
    ];
    const store = createServerSearchHistoryStore();
    await store.load();
    await store.remove(now - 1000);
    expect(store.getSnapshot().map((entry) => entry.params.q)).toEqual(["b"]);
    expect(api.writes()).toEqual(["DELETE /api/me/search-history", "POST /api/me/search-history"]);
    await store.clear();
    expect(api.state.searches).toEqual([]);
  });
});

describe("server reading history", () => {
  it("records a read through POST /api/me/history, shown at once", async () => {
    const store = createServerReadingHistoryStore({ isEnabled: async () => true });
    await store.load();
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().map((entry) => entry.id).join(",")));
    await store.record(makePaper(), "paper");
    // The pending entry first, then the server's.
    expect(seen).toEqual([expect.stringMatching(/^pending-/), "h1"]);
    expect(api.requests.at(-1)).toMatchObject({ method: "POST", path: "/api/me/history", body: { viewType: "paper" } });
    expect(store.getSnapshot()[0]?.id).toBe("h1");
  });

  it("records nothing while enableReadingHistory is off", async () => {
    const store = createServerReadingHistoryStore({ isEnabled: async () => false });
    await store.record(makePaper(), "paper");
    expect(api.writes()).toEqual([]);
  });

  it("says so when the history cannot be loaded", async () => {
    api.fail("GET", /history/);
    const store = createServerReadingHistoryStore({ isEnabled: async () => true });
    await expect(store.load()).rejects.toThrow();
    expect(toastTitles()).toEqual(["Failed to load reading history"]);
  });
});
