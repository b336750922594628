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

  it("lets a slot go that it wakes too late for (a busy event loop), rather than start closer than the interval to the next one", async () => {
    const first = createSharedIntervalLimiter({ db: database.db, host: "arxiv-late", intervalMs: 250 });
    const second = createSharedIntervalLimiter({ db: database.db, host: "arxiv-late", intervalMs: 250 });
    // A request just made: the next slots are 350 ms (interval and margin) apart from now.
    (await first.acquire())();
    const starts: { who: string; at: number }[] = [];
    const start = (who: string, limiter: typeof first) =>
      limiter.acquire().then((release) => {
        starts.push({ who, at: performance.now() });
        release();
      });
    const early = start("first", first);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const later = start("second", second);
    // The event loop is busy across the first one's slot (about 350 ms away) and 250 ms past it.
    setTimeout(() => {
      const until = performance.now() + 250;
      while (performance.now() < until);
    }, 300);
    await Promise.all([early, later]);
    starts.sort((a, b) => a.at - b.at);
    // The first one woke too late: the second went in its own slot, the first in the next.
    expect(starts.map((entry) => entry.who)).toEqual(["second", "first"]);
    expect(starts[1]!.at - starts[0]!.at).toBeGreaterThanOrEqual(240);
  });
});
