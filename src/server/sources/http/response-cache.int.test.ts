import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/server/db/client";
import { createTestDatabase, testDatabaseKind } from "@/test/test-database";
import { responseCacheRepository } from "./response-cache";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe.each([false, true])(`the upstream response cache on ${testDatabaseKind} (exclusive: %s)`, (exclusive) => {
  const entry = { source: "arxiv", url: "https://x.test/q", status: 200, contentType: "application/atom+xml", body: "<feed/>" };

  it("serves an entry fresh, then stale, then not at all", async () => {
    const cache = responseCacheRepository(database.db, { exclusive });
    await cache.put({ ...entry, key: `fresh-${exclusive}`, freshMs: 60_000, keepMs: 120_000 });
    await cache.put({ ...entry, key: `stale-${exclusive}`, freshMs: -1, keepMs: 60_000 });
    await cache.put({ ...entry, key: `gone-${exclusive}`, freshMs: -2, keepMs: -1 });
    expect(await cache.get(`fresh-${exclusive}`)).toMatchObject({ fresh: true, body: "<feed/>" });
    expect(await cache.get(`stale-${exclusive}`)).toMatchObject({ fresh: false });
    expect(await cache.get(`gone-${exclusive}`)).toBeNull();
    expect(await cache.deleteExpired()).toBe(1);
    expect(await cache.get(`stale-${exclusive}`)).not.toBeNull();
  });

  it("replaces an entry on a second put", async () => {
    const cache = responseCacheRepository(database.db, { exclusive });
    await cache.put({ ...entry, key: `k-${exclusive}`, body: "one", freshMs: 60_000, keepMs: 60_000 });
    await cache.put({ ...entry, key: `k-${exclusive}`, body: "two", freshMs: 60_000, keepMs: 60_000 });
    expect((await cache.get(`k-${exclusive}`))?.body).toBe("two");
  });

  it("knows the entries an earlier process stored (a restart keeps the cache)", async () => {
    await responseCacheRepository(database.db, { exclusive }).put({ ...entry, key: `kept-${exclusive}`, body: "kept", freshMs: 60_000, keepMs: 60_000 });
    const afterRestart = responseCacheRepository(database.db, { exclusive });
    expect((await afterRestart.get(`kept-${exclusive}`))?.body).toBe("kept");
    expect(await afterRestart.get(`never-${exclusive}`)).toBeNull();
  });
});
