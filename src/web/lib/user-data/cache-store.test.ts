// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "@/test/unit-setup";
import { createDeviceCacheStore, createServerCacheStore, DEVICE_CACHE_PREFIX } from "@/web/lib/user-data/cache-store";
import { createFakeMeApi } from "@/web/lib/user-data/testing/fake-me-api";
import { UserDataInputError } from "@/web/lib/user-data/user-data-errors";

describe("device cache", () => {
  let clock = Date.parse("2026-06-01T10:00:00Z");
  const createStore = () => createDeviceCacheStore({ now: () => clock });
  afterEach(() => window.localStorage.clear());

  it("keeps an entry under its prefix until it expires", async () => {
    const store = createStore();
    await store.set("profile-papers-u1", { papers: [1, 2] }, 60);
    expect(Object.keys(window.localStorage)).toEqual([`${DEVICE_CACHE_PREFIX}profile-papers-u1`]);
    expect(await store.get("profile-papers-u1")).toEqual({ papers: [1, 2] });
    expect(JSON.parse(window.localStorage.getItem(`${DEVICE_CACHE_PREFIX}profile-papers-u1`)!).accessCount).toBe(1);
    clock += 60_000;
    expect(await store.get("profile-papers-u1")).toBeUndefined();
    expect(window.localStorage.length).toBe(0);
  });

  it("lists, clears the expired and clears all", async () => {
    const store = createStore();
    await store.set("bookmarkFilters", { author: "Ada" });
    await store.set("short", 1, 1);
    await store.set("long", 2, 3600);
    expect((await store.listKeys()).sort()).toEqual(["bookmarkFilters", "long", "short"]);
    clock += 2000;
    expect((await store.listKeys()).sort()).toEqual(["bookmarkFilters", "long"]);
    expect(await store.clearExpired()).toBe(1);
    expect(await store.clearAll()).toBe(2);
    expect(await store.listKeys()).toEqual([]);
  });

  it("refuses bad keys and lifetimes", async () => {
    const store = createStore();
    await expect(store.set("has space", 1)).rejects.toThrow(UserDataInputError);
    await expect(store.set("ok", 1, -5)).rejects.toThrow(/ttlSeconds/);
    await expect(store.set("ok", undefined)).rejects.toThrow(/no data/);
  });

  it("words a refused key or lifetime exactly as the server's zod schemas do", async () => {
    const { cacheKeySchema, cachePutSchema } = await import("@/shared/user-data");
    const zodMessage = (what: string, result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      result.success ? undefined : `${what}: ${result.error!.issues.map((issue) => issue.message).join("; ")}`;
    const refusal = (attempt: Promise<unknown>) => attempt.then(() => undefined, (error: Error) => error.message);
    const store = createStore();
    for (const key of ["", "ok", "has space", "x".repeat(200), "x".repeat(201), `${"x".repeat(201)} `, "a.b_c:d-e", "é", 5, null, NaN]) {
      const expected = zodMessage(`Cache key "${String(key)}" refused`, cacheKeySchema.safeParse(key));
      expect({ key, message: await refusal(store.set(key as string, 1)) }).toEqual({ key, message: expected });
    }
    const what = "Cache entry not saved: ttlSeconds must be a whole number of seconds up to a year";
    for (const ttl of [undefined, 1, 0, -1, 1.5, -1.5, 365 * 24 * 3600, 365 * 24 * 3600 + 1, 2 ** 60, -(2 ** 60), NaN, Infinity, -Infinity, "5", null]) {
      const result = cachePutSchema.shape.ttlSeconds.safeParse(ttl);
      expect({ ttl, message: await refusal(store.set("ok", 1, ttl as number)) }).toEqual({ ttl, message: zodMessage(what, result) });
    }
  });

  it("reads only well-formed entries, with their fields alone", async () => {
    const { cacheEntrySchema } = await import("@/shared/user-data");
    const entry = { key: "k", data: { a: 1 }, expiresAt: null, cachedAt: "2026-06-01T09:00:00.000Z", accessCount: 0, lastAccessed: "2026-06-01T09:00:00.000Z" };
    const samples: unknown[] = [
      entry,
      { ...entry, extra: true },
      { ...entry, data: null },
      { ...entry, expiresAt: "2099-01-01T00:00:00.000Z" },
      { ...entry, accessCount: 1.5 },
      { ...entry, accessCount: "1" },
      { ...entry, cachedAt: 5 },
      { ...entry, expiresAt: undefined },
      (({ data: _data, ...rest }) => rest)(entry),
      [entry],
      "entry",
    ];
    for (const [index, sample] of samples.entries()) {
      window.localStorage.setItem(`${DEVICE_CACHE_PREFIX}k`, JSON.stringify(sample));
      const parsed = cacheEntrySchema.safeParse(JSON.parse(JSON.stringify(sample)));
      expect({ index, entries: createStore().listEntries() }).toEqual({ index, entries: parsed.success ? [parsed.data] : [] });
    }
  });
});

describe("server cache", () => {
  let api: ReturnType<typeof createFakeMeApi>;
  beforeEach(() => {
    api = createFakeMeApi();
    mswServer.use(...api.handlers);
  });

  it("speaks /api/me/cache: put with ttl, get, missing as undefined, list, remove, clear", async () => {
    const store = createServerCacheStore();
    await store.set("bookmarkFilters", { a: 1 }, 120);
    expect(api.requests.at(-1)).toMatchObject({ method: "PUT", path: "/api/me/cache/bookmarkFilters", body: { data: { a: 1 }, ttlSeconds: 120 } });
    expect(await store.get("bookmarkFilters")).toEqual({ a: 1 });
    expect(await store.get("missing")).toBeUndefined();
    expect(await store.listKeys()).toEqual(["bookmarkFilters"]);
    await store.remove("bookmarkFilters");
    await store.set("x", 1);
    expect(await store.clearExpired()).toBe(1);
    expect(api.requests.at(-1)?.path).toBe("/api/me/cache?expired=true");
    expect(await store.clearAll()).toBe(0);
  });

  it("tells an entry holding null from no entry: the server answers a miss with null, not a 404", async () => {
    const store = createServerCacheStore();
    await store.set("profile-papers-u1", null);
    expect(await store.get("profile-papers-u1")).toBeNull();
    expect(await store.get("bookmarkFilters")).toBeUndefined();
  });

  it("refuses a bad key before sending", async () => {
    await expect(createServerCacheStore().set("../etc", 1)).rejects.toThrow(UserDataInputError);
    expect(api.requests).toEqual([]);
  });
});
