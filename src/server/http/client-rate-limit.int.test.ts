import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/server/db/client";
import { createTestDatabase, testDatabaseKind } from "@/test/test-database";
import { createRateLimiter } from "./client-rate-limit";

/** The limit counted in the database: shared by every limiter (instance) on it, per window. */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe(`createRateLimiter (${testDatabaseKind})`, () => {
  it("lets `limit` units through per window across instances, then refuses until the window ends", async () => {
    const rule = { name: "test-window", limit: 3, windowMs: 1_500 };
    // Two instances: each its own memory, one count in the database.
    const [a, b] = [createRateLimiter(database.db, rule), createRateLimiter(database.db, rule)];
    // Start just after a window begins, so the hits below fall in one.
    await new Promise((resolve) => setTimeout(resolve, rule.windowMs - (Date.now() % rule.windowMs) + 50));
    expect(await a.hit("k", 2)).toEqual({ allowed: true });
    expect(await b.hit("k")).toEqual({ allowed: true });
    const refused = await a.hit("k");
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // b learns it from the database, then both remember it without asking.
    expect((await b.hit("k")).allowed).toBe(false);
    expect(a.blockedFor("k")).toBeGreaterThan(0);
    expect(b.blockedFor("k")).toBeGreaterThan(0);
    // Another key has its own count.
    expect(await a.hit("other")).toEqual({ allowed: true });
    // The next window starts afresh.
    await new Promise((resolve) => setTimeout(resolve, rule.windowMs + 100));
    expect(a.blockedFor("k")).toBe(0);
    expect(await a.hit("k", 3)).toEqual({ allowed: true });
    expect((await b.hit("k")).allowed).toBe(false);
  });

  it("refuses a single hit larger than the limit", async () => {
    const limiter = createRateLimiter(database.db, { name: "test-cost", limit: 5, windowMs: 60_000 });
    expect((await limiter.hit("k", 6)).allowed).toBe(false);
  });
});
