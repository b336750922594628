// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_SETTINGS } from "@/shared/user-data";
import { mswServer } from "@/test/unit-setup";
import { createLocalBookmarkStore } from "@/web/lib/user-data/bookmark-store";
import { createLocalReadingHistoryStore } from "@/web/lib/user-data/reading-history-store";
import { createLocalSearchHistoryStore, type SearchHistoryParams } from "@/web/lib/user-data/search-history-store";
import { createDeviceCacheStore } from "@/web/lib/user-data/cache-store";
import { createDevicePreferencesStore } from "@/web/lib/user-data/preferences-store";
import {
  ensureSignInMigration,
  forgetSignInMigrations,
  migrateDeviceData,
  SIGN_IN_MIGRATION_LOCK,
  type DeviceDataSource,
} from "@/web/lib/user-data/sign-in-migration";
import { createFakeMeApi } from "@/web/lib/user-data/testing/fake-me-api";
import { makePaper } from "@/web/test/paper-factory";
import { registerFeatureDeviceData } from "@/web/register-device-data";

// The features' parts of the device data, as main.tsx registers them at start.
registerFeatureDeviceData();

const params = (q: string): SearchHistoryParams => ({ q, author: "", source: "arxiv", llm: false, sort: "relevance", order: "descending", page: 0, size: 50 });

function createDevice(): DeviceDataSource {
  return {
    bookmarks: createLocalBookmarkStore(),
    searchHistory: createLocalSearchHistoryStore(),
    readingHistory: createLocalReadingHistoryStore(),
    preferences: createDevicePreferencesStore(),
    cache: createDeviceCacheStore(),
  };
}

/** An anonymous visitor's device with something in every store. */
async function fillDevice(device: DeviceDataSource): Promise<void> {
  window.localStorage.setItem("settings", JSON.stringify({ ...DEFAULT_SETTINGS, autoLoadCatchup: true, citeKeyFormat: "custom" }));
  window.localStorage.setItem("profile", JSON.stringify({ researchCategories: ["cs.AI"], affiliation: "Device University" }));
  await device.preferences.set("table.sort", "title");
  await device.preferences.set("pageSize", 100);
  await device.cache.set("bookmarkFilters", { author: "Ada" }, 3600);
  await device.cache.set("profile-papers-u1", [1]);
  await device.searchHistory.save(params("graphs"), 4);
  await device.readingHistory.record(makePaper({ id: "2401.00009" }), "abs");
  await device.bookmarks.add(makePaper({ id: "2401.00001" }));
  await device.bookmarks.add(makePaper({ id: "2401.00002" }));
}

let api: ReturnType<typeof createFakeMeApi>;
beforeEach(() => {
  api = createFakeMeApi();
  mswServer.use(...api.handlers);
});
afterEach(() => {
  window.localStorage.clear();
  forgetSignInMigrations();
  vi.unstubAllGlobals();
});

describe("sign-in migration", () => {
  it("sends nothing when the device holds nothing", async () => {
    const report = await migrateDeviceData(createDevice());
    expect(Object.values(report).every((outcome) => outcome === "nothing")).toBe(true);
    expect(api.requests).toEqual([]);
  });

  it("uploads settings, profile, preferences and cache only where the account has none", async () => {
    const device = createDevice();
    await fillDevice(device);
    api.state.settings = { ...DEFAULT_SETTINGS, citeKeyFormat: "title_year" };
    api.state.profile = { ...api.state.profile, affiliation: "Account Institute" };
    api.state.preferences = { "table%2Esort": "date" };
    api.state.cache.set("profile-papers-u1", { key: "profile-papers-u1", data: ["server"], expiresAt: null, cachedAt: "", accessCount: 0, lastAccessed: "" });

    await migrateDeviceData(device);

    const body = (path: string) => api.requests.find((request) => request.method !== "GET" && request.path === path)?.body;
    expect(body("/api/me/settings")).toEqual({ autoLoadCatchup: true });
    expect(api.state.settings.citeKeyFormat).toBe("title_year");
    expect(body("/api/me/profile")).toEqual({ researchCategories: ["cs.AI"] });
    expect(api.state.profile.affiliation).toBe("Account Institute");
    expect(body("/api/me/preferences")).toEqual({ preferences: { pageSize: 100 } });
    expect(api.state.preferences).toEqual({ "table%2Esort": "date", pageSize: 100 });
    expect(api.writes().filter((write) => write.includes("/cache/"))).toEqual(["PUT /api/me/cache/bookmarkFilters"]);
    expect(api.requests.find((request) => request.path === "/api/me/cache/bookmarkFilters")?.body).toEqual({ data: { author: "Ada" }, ttlSeconds: 3600 });
    expect(api.state.cache.get("profile-papers-u1")?.data).toEqual(["server"]);
  });

  it("merges the histories and adds the bookmarks the account lacks, then empties the device but for differing bookmarks", async () => {
    const device = createDevice();
    await fillDevice(device);
    api.state.bookmarks = [{ id: "b", paperId: "2401.00002", paperData: makePaper({ id: "2401.00002" }), notes: null, tags: [], bookmarkedAt: "2026-01-01T00:00:00.000Z" }];

    const report = await migrateDeviceData(device);

    expect(report).toEqual({
      settings: "moved",
      profile: "moved",
      preferences: "moved",
      cache: "moved",
      searchHistory: "moved",
      readingHistory: "moved",
      bookmarks: "moved",
      notes: "nothing",
      highlights: "nothing",
      llmKeys: "nothing",
      feedMarks: "nothing",
    });
    expect(api.state.searches.map((entry) => entry.params.q)).toEqual(["graphs"]);
    expect(api.requests.find((request) => request.path === "/api/me/history/import")?.body).toMatchObject({ entries: [{ paperId: "2401.00009", viewType: "abs" }] });
    expect(api.writes().filter((write) => write.includes("/bookmarks/"))).toEqual(["PUT /api/me/bookmarks/2401.00001"]);
    expect(api.state.bookmarks.map((bookmark) => bookmark.paperId).sort()).toEqual(["2401.00001", "2401.00002"]);

    // Nothing of the visitor's is left on the device, except the bookmark the account holds
    // differently (added on another date): it waits there for the Sync menu, where the user chooses.
    expect(Object.keys(window.localStorage).filter((key) => key !== "bookmarks")).toEqual([]);
    expect(Object.keys(device.bookmarks.getSnapshot())).toEqual(["2401.00002"]);
    expect(device.searchHistory.getSnapshot()).toEqual([]);
    expect(device.readingHistory.getSnapshot()).toEqual([]);
    expect(device.preferences.getSnapshot()).toEqual({});
  });

  it("keeps a part's device copy when the server refused it, and moves the rest next time", async () => {
    const device = createDevice();
    await fillDevice(device);
    api.fail("PUT", /bookmarks\/2401\.00002/);
    api.fail("POST", /search-history/);

    const first = await migrateDeviceData(device);
    expect(first).toMatchObject({ bookmarks: "failed", searchHistory: "failed", settings: "moved", readingHistory: "moved" });
    expect(Object.keys(device.bookmarks.getSnapshot())).toEqual(["2401.00002"]);
    expect(device.searchHistory.getSnapshot()).toHaveLength(1);
    expect(window.localStorage.getItem("settings")).toBeNull();

    api.heal();
    api.requests.length = 0;
    const second = await migrateDeviceData(device);
    expect(second).toMatchObject({ bookmarks: "moved", searchHistory: "moved", settings: "nothing", readingHistory: "nothing", preferences: "nothing" });
    expect(api.writes()).toEqual(["POST /api/me/search-history", "PUT /api/me/bookmarks/2401.00002"]);
    expect(device.bookmarks.getSnapshot()).toEqual({});
  });

  it("runs once per sign-in however often it is asked, under a cross-tab lock", async () => {
    const device = createDevice();
    await fillDevice(device);
    const request = vi.fn((_name: string, _options: unknown, task: () => Promise<unknown>) => task());
    vi.stubGlobal("navigator", { ...navigator, locks: { request } });

    const [a, b] = await Promise.all([ensureSignInMigration("user-1", device), ensureSignInMigration("user-1", device)]);
    await ensureSignInMigration("user-1", device);
    expect(a).toBe(b);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.[0]).toBe(SIGN_IN_MIGRATION_LOCK);
    expect(api.writes().filter((write) => write === "POST /api/me/search-history")).toHaveLength(1);

    // A later sign-in (after sign-out) runs again, and finds nothing left to move.
    forgetSignInMigrations();
    api.requests.length = 0;
    await ensureSignInMigration("user-1", device);
    expect(api.requests).toEqual([]);
  });
  it("moves the device's highlights into the account under their own ids, and keeps one the server refuses", async () => {
    const rect = { x: 0.1, y: 0.2, width: 0.5, height: 0.02 };
    const kept = { id: crypto.randomUUID(), paperId: "2401.00003", pageNumber: 1, rects: [rect], color: "#FFFF00", text: "refused", coordinates: rect, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" };
    const first = { ...kept, id: crypto.randomUUID(), paperId: "2401.00001", pageNumber: 2, color: "#98FB98", text: "first" };
    const second = { ...kept, id: crypto.randomUUID(), paperId: "2401.00001", pageNumber: 5, text: "second" };
    window.localStorage.setItem("highlights", JSON.stringify({ "2401.00001": [first, second], "2401.00003": [kept] }));
    api.fail("PUT", new RegExp(`highlights/${kept.id}`), 500);

    const report = await migrateDeviceData(createDevice());

    expect(report.highlights).toBe("failed");
    expect([...api.state.highlights.values()].map((h) => [h.id, h.paperId, h.pageNumber, h.color, h.text]).sort()).toEqual(
      [
        [first.id, "2401.00001", 2, "#98FB98", "first"],
        [second.id, "2401.00001", 5, "#FFFF00", "second"],
      ].sort(),
    );
    expect(JSON.parse(window.localStorage.getItem("highlights")!)).toEqual({ "2401.00003": [kept] });

    // The next sign-in moves the rest and empties the device; the first ones are not sent again.
    api.heal();
    api.requests.length = 0;
    forgetSignInMigrations();
    expect((await migrateDeviceData(createDevice())).highlights).toBe("moved");
    expect(api.writes()).toEqual([`PUT /api/me/highlights/${kept.id}`]);
    expect(api.state.highlights.size).toBe(3);
    expect(window.localStorage.getItem("highlights")).toBeNull();
  });
});
