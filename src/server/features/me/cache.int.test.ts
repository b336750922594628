import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { userCache } from "@/server/db/schema";
import { cacheEntrySchema } from "@/shared/user-data";
import { testDatabaseKind } from "@/test/test-database";
import type { TestServer } from "@/test/test-server";
import type { SignedInUser } from "@/test/test-users";
import { type MeClient, useSignedInServer } from "@/test/me-test-client";

let server: TestServer;
let user: SignedInUser;
let me: MeClient;

useSignedInServer((context) => ({ server, user, me } = context));
beforeEach(async () => {
  await server.database.db.delete(userCache);
});

const storedRows = () => server.database.db.select().from(userCache).where(eq(userCache.userId, user.id));
/** An entry that expired a minute ago, written directly. */
const insertExpired = (key: string) =>
  server.database.db.insert(userCache).values({ userId: user.id, cacheKey: key, paperData: { old: true }, expiresAt: new Date(Date.now() - 60_000) });

describe(`/api/me/cache (${testDatabaseKind})`, () => {
  it("stores an entry and counts every read", async () => {
    const put = await me.put("/cache/bookmarkFilters", { data: { tag: "ml" }, ttlSeconds: 3600 });
    expect(put.status).toBe(200);
    const entry = cacheEntrySchema.parse(put.body);
    expect(entry).toMatchObject({ key: "bookmarkFilters", data: { tag: "ml" }, accessCount: 0 });
    expect(Date.parse(entry.expiresAt!) - Date.parse(entry.cachedAt)).toBe(3600_000);

    const first = await me.get("/cache/bookmarkFilters");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ data: { tag: "ml" }, accessCount: 1 });
    const second = await me.get("/cache/bookmarkFilters");
    expect(second.body.accessCount).toBe(2);
    expect(Date.parse(second.body.lastAccessed)).toBeGreaterThanOrEqual(Date.parse(first.body.lastAccessed));
    expect((await storedRows())[0]?.accessCount).toBe(2);
  });

  it("keeps an entry without ttl forever and replaces an entry on a second put", async () => {
    await me.put(`/cache/profile-papers-${user.id}`, { data: [1] });
    await me.get(`/cache/profile-papers-${user.id}`);
    const replaced = await me.put(`/cache/profile-papers-${user.id}`, { data: [2] });
    expect(replaced.body).toMatchObject({ data: [2], expiresAt: null, accessCount: 0 });
    expect(await storedRows()).toHaveLength(1);
  });

  it("treats an expired entry as missing", async () => {
    await insertExpired("stale");
    const answer = await me.get("/cache/stale");
    expect(answer.status).toBe(200);
    expect(answer.body).toBeNull();
    expect((await storedRows())[0]?.accessCount).toBe(0);
  });

  it("expires an entry after its ttl", async () => {
    await me.put("/cache/short", { data: "soon gone", ttlSeconds: 1 });
    expect((await me.get("/cache/short")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await me.get("/cache/short")).body).toBeNull();
  });

  it("lists unexpired keys only", async () => {
    await me.put("/cache/b", { data: 1 });
    await me.put("/cache/a", { data: null, ttlSeconds: 60 });
    await insertExpired("old");
    expect((await me.get("/cache")).body).toEqual({ keys: ["a", "b"] });
  });

  it("clears expired entries, then everything", async () => {
    await me.put("/cache/live", { data: 1 });
    await insertExpired("old1");
    await insertExpired("old2");
    expect((await me.del("/cache?expired=true")).body).toEqual({ removed: 2 });
    expect((await storedRows()).map((row) => row.cacheKey)).toEqual(["live"]);
    await me.put("/cache/other", { data: 2 });
    expect((await me.del("/cache")).body).toEqual({ removed: 2 });
    expect(await storedRows()).toEqual([]);
  });

  it("deletes one entry", async () => {
    await me.put("/cache/x", { data: 1 });
    expect((await me.del("/cache/x")).status).toBe(204);
    const gone = await me.get("/cache/x");
    expect(gone.status).toBe(200);
    expect(gone.body).toBeNull();
  });

  describe("refuses bad input with a clear 400 and stores nothing", () => {
    it.each([
      ["a key with ../", () => me.put(`/cache/${encodeURIComponent("../x")}`, { data: 1 }), /Invalid cache key "\.\.\/x"/],
      ["a key with a space", () => me.put(`/cache/${encodeURIComponent("a b")}`, { data: 1 }), /Invalid cache key/],
      ["a 1,000-character key", () => me.put(`/cache/${"k".repeat(1000)}`, { data: 1 }), /Invalid cache key .*1000 characters/],
      ["a missing data field", () => me.put("/cache/k", { ttlSeconds: 5 }), /^data: Required/],
      ["a negative ttl", () => me.put("/cache/k", { data: 1, ttlSeconds: -1 }), /^ttlSeconds: /],
      ["a fractional ttl", () => me.put("/cache/k", { data: 1, ttlSeconds: 1.5 }), /^ttlSeconds: /],
      ["an unknown field", () => me.put("/cache/k", { data: 1, expiresAt: "2999-01-01" }), /expiresAt/],
      ["a bad clear flag", () => me.del("/cache?expired=yes"), /^expired: /],
    ] as const)("%s", async (_label, send, message) => {
      await me.put("/cache/keep", { data: "kept" });
      const answer = await send();
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toMatch(message);
      expect((await storedRows()).map((row) => row.cacheKey)).toEqual(["keep"]);
    });
  });
});
