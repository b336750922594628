import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/server/db/client";
import { createTestDatabase, testDatabaseKind } from "@/test/test-database";
import { createSharedIntervalLimiter } from "./rate-limit";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe(`the shared interval limiter on ${testDatabaseKind}`, () => {
  it("spaces request starts from two instances by the interval", async () => {
    // Two limiters stand for two app instances sharing the database.
    const first = createSharedIntervalLimiter({ db: database.db, host: "arxiv-test", intervalMs: 250 });
    const second = createSharedIntervalLimiter({ db: database.db, host: "arxiv-test", intervalMs: 250 });
    const starts: number[] = [];
    await Promise.all(
      [first, second, first, second, first, second].map(async (limiter) => {
        const release = await limiter.acquire();
        starts.push(performance.now());
        release();
      }),
    );
    starts.sort((a, b) => a - b);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(240);
  });
});
