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

describe(`the upstream response cache on ${testDatabaseKind}`, () => {
  const entry = { source: "arxiv", url: "https://x.test/q", status: 200, contentType: "application/atom+xml", body: "<feed/>" };

  it("serves an entry fresh, then stale, then not at all", async () => {
    const cache = responseCacheRepository(database.db);
    await cache.put({ ...entry, key: "fresh", freshMs: 60_000, keepMs: 120_000 });
    await cache.put({ ...entry, key: "stale", freshMs: -1, keepMs: 60_000 });
    await cache.put({ ...entry, key: "gone", freshMs: -2, keepMs: -1 });
    expect(await cache.get("fresh")).toMatchObject({ fresh: true, body: "<feed/>" });
    expect(await cache.get("stale")).toMatchObject({ fresh: false });
    expect(await cache.get("gone")).toBeNull();
    expect(await cache.deleteExpired()).toBe(1);
    expect(await cache.get("stale")).not.toBeNull();
  });

  it("replaces an entry on a second put", async () => {
    const cache = responseCacheRepository(database.db);
    await cache.put({ ...entry, key: "k", body: "one", freshMs: 60_000, keepMs: 60_000 });
    await cache.put({ ...entry, key: "k", body: "two", freshMs: 60_000, keepMs: 60_000 });
    expect((await cache.get("k"))?.body).toBe("two");
  });
});
