import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows, type Database, type DatabaseHandle } from "@/server/db/client";
import { createTestDatabase, testDatabaseKind } from "@/test/test-database";
import { createLocalIntervalLimiter, createSharedIntervalLimiter, INTERVAL_SAFETY_MARGIN_MS, SHARED_SLOT_POLL_MS, SLOT_HOLD_CAP_MS, type RateLimiter, type SlotRequest } from "./rate-limit";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const INTERVAL_MS = 250;
const SLOT_MS = INTERVAL_MS + INTERVAL_SAFETY_MARGIN_MS;

/** Two limiters on one database stand for two app instances. */
function instances(host: string): [RateLimiter, RateLimiter] {
  return [
    createSharedIntervalLimiter({ db: database.db, host, intervalMs: INTERVAL_MS }),
    createSharedIntervalLimiter({ db: database.db, host, intervalMs: INTERVAL_MS }),
  ];
}

/** Starts one request through `limiter`, noting when it got its slot; it is answered `holdMs` later. */
function request(limiter: RateLimiter, who: string, log: { who: string; at: number }[], options: SlotRequest & { holdMs?: number } = {}) {
  return limiter.acquire(options).then(async (release) => {
    log.push({ who, at: performance.now() });
    if (options.holdMs) await new Promise((resolve) => setTimeout(resolve, options.holdMs));
    release();
  });
}

/** A host's shared slot: when it is next free, and whether that is now (the database's clock). */
async function slotRow(host: string) {
  const [row] = await queryRows<{ next_slot_at: string; free_now: boolean }>(
    database.db,
    sql`select next_slot_at::text as next_slot_at, next_slot_at <= clock_timestamp() as free_now from upstream_rate_slots where host = ${host}`,
  );
  return row!;
}

/**
 * The database as a busy or distant one answers: each statement waits `delay().beforeMs` on
 * its way there and `delay().afterMs` on its way back (the limiter only ever calls `execute`).
 */
function slowDatabase(db: Database, delay: () => { beforeMs: number; afterMs: number }): Database {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "execute") return Reflect.get(target, property, receiver);
      return async (...args: Parameters<Database["execute"]>) => {
        const { beforeMs, afterMs } = delay();
        await wait(beforeMs);
        const result = await target.execute(...args);
        await wait(afterMs);
        return result;
      };
    },
  });
}

/** The database, noting the round trip of every claim that was granted a slot. */
function timedDatabase(db: Database, grantedTrips: number[]): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "execute") return Reflect.get(target, property, receiver);
      return async (...args: Parameters<Database["execute"]>) => {
        const asked = performance.now();
        const result = await target.execute(...args);
        if ((result as unknown as { rows: { claimed_at?: string | null }[] }).rows?.[0]?.claimed_at) grantedTrips.push(performance.now() - asked);
        return result;
      };
    },
  });
}

/** Settles with `work`, or fails saying how far it got once `ms` have passed. */
async function within<T>(ms: number, work: Promise<T>, progress: () => string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`not done within ${ms} ms: ${progress()}`)), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const gaps = (log: { at: number }[]) => {
  const sorted = [...log].sort((a, b) => a.at - b.at);
  return sorted.slice(1).map((entry, index) => entry.at - sorted[index]!.at);
};

// The shared limiter is what instances on one PostgreSQL use; on the embedded database only
// one server can run and it keeps the slot in memory (createLocalIntervalLimiter, unit-tested
// in upstream-client.test.ts). Its rule holds on either: a slow round trip (PGlite's single
// connection under load) slows the pace and costs no slot.
describe(`the shared interval limiter on ${testDatabaseKind}`, () => {
  it("spaces request starts from two instances by the interval, and uses every slot", async () => {
    const grantedTrips: number[] = [];
    const [first, second] = [0, 1].map(() => createSharedIntervalLimiter({ db: timedDatabase(database.db, grantedTrips), host: "arxiv-test", intervalMs: INTERVAL_MS }));
    const log: { who: string; at: number }[] = [];
    const started = performance.now();
    await Promise.all([first!, second!, first!, second!, first!, second!].map((limiter, index) => request(limiter, String(index), log)));
    for (const gap of gaps(log)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS - 10);
    // Every slot the database granted was used: six grants for six starts (a grant given up,
    // as a slow claim's once was, is a slot lost).
    expect(grantedTrips).toHaveLength(6);
    // Six starts need five intervals, each longer by its claim's round trip (by design: a busy
    // machine slows the pace) and at most a look of the waiter's later; never a hold's length.
    const roundTrips = grantedTrips.reduce((sum, ms) => sum + ms, 0);
    expect(performance.now() - started).toBeLessThan(5 * (SLOT_MS + SHARED_SLOT_POLL_MS) + SLOT_MS * 0.9 + roundTrips);
  });

  it("keeps the interval when the event loop is busy across a slot", async () => {
    const [first, second] = instances("arxiv-late");
    const log: { who: string; at: number }[] = [];
    await request(first, "warm", log);
    const early = request(first, "first", log);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const later = request(second, "second", log);
    // The event loop is blocked across the next slot (about SLOT_MS away) and 250 ms past it.
    setTimeout(() => {
      const until = performance.now() + 250;
      while (performance.now() < until);
    }, SLOT_MS - 50);
    await Promise.all([early, later]);
    for (const gap of gaps(log)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS - 10);
  });

  it("counts the interval from the moment a request left, not from its claim", async () => {
    const [first, second] = instances("arxiv-sent-late");
    const sent: number[] = [];
    // The first request leaves 150 ms after its claim (a busy process between the two).
    const slow = first.acquire().then(async (slot) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      slot.sending?.();
      sent.push(performance.now());
      slot();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const next = second.acquire().then((slot) => {
      slot.sending?.();
      sent.push(performance.now());
      slot();
    });
    await Promise.all([slow, next]);
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(INTERVAL_MS - 10);
  });

  it("renews the hold of a request that leaves late: the next instance sends an interval after it, though it never answers", async () => {
    const [first, second] = instances("arxiv-late-and-hung");
    const sent: number[] = [];
    // The first request leaves so late that its hold (SLOT_HOLD_CAP_MS from the claim) would
    // end less than an interval after it, and is never answered.
    const hung = first.acquire().then(async (slot) => {
      await new Promise((resolve) => setTimeout(resolve, SLOT_HOLD_CAP_MS - INTERVAL_MS + 50));
      expect(await slot.sending?.()).toBe(true);
      sent.push(performance.now());
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const next = second.acquire().then(async (slot) => {
      expect(await slot.sending?.()).toBe(true);
      sent.push(performance.now());
      slot();
    });
    await within(SLOT_HOLD_CAP_MS * 3, Promise.all([hung, next]), () => `${sent.length} of 2 sent`);
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(INTERVAL_MS);
  }, 20_000);

  it("tells a request whose slot lapsed before it left not to go, on either kind of limiter", async () => {
    const [first] = instances("arxiv-lapsed");
    const slot = await first.acquire();
    await new Promise((resolve) => setTimeout(resolve, SLOT_HOLD_CAP_MS + 50));
    expect(await slot.sending?.()).toBe(false);
    slot();
    const local = createLocalIntervalLimiter({ intervalMs: INTERVAL_MS });
    const localSlot = await local.acquire();
    await new Promise((resolve) => setTimeout(resolve, SLOT_HOLD_CAP_MS + 50));
    expect(await localSlot.sending?.()).toBe(false);
    localSlot();
  }, 20_000);

  it("grants every slot when each database round trip is slow, still an interval apart", async () => {
    // Every statement takes 80-120 ms there and back, in a random split: a claim's moment lies
    // anywhere in its round trip, and no claim is answered within a few milliseconds.
    const slow = () => slowDatabase(database.db, () => {
      const beforeMs = 40 + Math.random() * 20;
      return { beforeMs, afterMs: 40 + Math.random() * 20 };
    });
    const host = "arxiv-slow-database";
    const [first, second] = [slow(), slow()].map((db) => createSharedIntervalLimiter({ db, host, intervalMs: INTERVAL_MS }));
    const sent: number[] = [];
    const requests = [first!, second!, first!, second!, first!, second!].map((limiter) =>
      limiter.acquire().then((slot) => {
        slot.sending?.();
        sent.push(performance.now());
        slot();
      }),
    );
    // Six slots: five intervals, each longer by about a round trip, and polls; never forever.
    await within(20_000, Promise.all(requests), () => `${sent.length} of 6 slots granted`);
    expect(sent).toHaveLength(6);
    for (const gap of gaps(sent.map((at) => ({ at })))) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS);
  });

  it("counts a slow claim's round trip in the interval: the next instance's fast claim waits for it", async () => {
    // The first instance's answers come back 150 ms late (it sends as soon as its claim is in);
    // the second's come at once. Counted from the claim alone, the next slot would open 150 ms
    // after the first request left instead of an interval.
    const host = "arxiv-slow-answer";
    const late = createSharedIntervalLimiter({ db: slowDatabase(database.db, () => ({ beforeMs: 0, afterMs: 150 })), host, intervalMs: INTERVAL_MS });
    const prompt = createSharedIntervalLimiter({ db: database.db, host, intervalMs: INTERVAL_MS });
    const sent: { who: string; at: number }[] = [];
    const send = (limiter: RateLimiter, who: string) =>
      limiter.acquire().then((slot) => {
        slot.sending?.();
        sent.push({ who, at: performance.now() });
        slot();
      });
    for (let round = 0; round < 3; round++) {
      const first = send(late, `late ${round}`);
      await vi.waitFor(() => expect(sent.map((entry) => entry.who)).toContain(`late ${round}`), { timeout: 10_000, interval: 5 });
      await send(prompt, `prompt ${round}`);
      await first;
    }
    expect(sent.map((entry) => entry.who)).toEqual(["late 0", "prompt 0", "late 1", "prompt 1", "late 2", "prompt 2"]);
    for (const gap of gaps(sent)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS);
  });

  it("gives the slot of a waiter that stops waiting to the next one in line, unused by nobody", async () => {
    const [first, second] = instances("arxiv-abandoned");
    const log: { who: string; at: number }[] = [];
    await request(first, "a", log);
    const givesUp = new AbortController();
    const abandoned = request(first, "b", log, { signal: givesUp.signal }).catch((error: unknown) => error);
    const waiting = request(second, "c", log);
    setTimeout(() => givesUp.abort(), 50);
    expect(await abandoned).toBeDefined();
    await waiting;
    expect(log.map((entry) => entry.who)).toEqual(["a", "c"]);
    // "c" starts in the slot right after "a", not one later.
    expect(log[1]!.at - log[0]!.at).toBeLessThan(SLOT_MS * 1.8);
  });

  it("holds the slot while a request is out (one at a time across instances), and frees it on the answer", async () => {
    const [first, second] = instances("arxiv-held");
    const log: { who: string; at: number }[] = [];
    const slow = request(first, "slow", log, { holdMs: 3 * SLOT_MS });
    // The other instance asks once the slow request is out.
    await vi.waitFor(() => expect(log.map((entry) => entry.who)).toEqual(["slow"]), { timeout: 10_000, interval: 5 });
    let answeredAt = 0;
    void slow.then(() => (answeredAt = performance.now()));
    await request(second, "next", log);
    await slow;
    const next = log.find((entry) => entry.who === "next")!;
    expect(next.at).toBeGreaterThanOrEqual(answeredAt - 5);
    // The waiter looks again while it waits, not only when the hold would run out.
    expect(next.at - answeredAt).toBeLessThan(SLOT_HOLD_CAP_MS / 2);

    // An answer that comes after the interval frees the slot at once, by the database's clock:
    // not an interval after the answer, not at the end of the hold.
    const slot = await first.acquire();
    const held = await slotRow("arxiv-held");
    expect(held.free_now).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, SLOT_MS + 50));
    slot();
    const freed = await vi.waitFor(
      async () => {
        const row = await slotRow("arxiv-held");
        expect(row.next_slot_at).not.toBe(held.next_slot_at);
        return row;
      },
      { timeout: 3000, interval: 5 },
    );
    expect(freed.free_now).toBe(true);
  });

  it("lets a person waiting on another instance go before Quire's own background requests", async () => {
    const [first, second] = instances("arxiv-priority");
    const log: { who: string; at: number }[] = [];
    await request(first, "warm", log);
    // The background request waits first, for the same slot.
    const background = request(first, "background", log, { priority: "background" });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const person = request(second, "person", log, { priority: "interactive" });
    await Promise.all([background, person]);
    expect(log.map((entry) => entry.who)).toEqual(["warm", "person", "background"]);
  });

  it("estimates the wait from the slot and the queue ahead", async () => {
    const [first] = instances("arxiv-estimate");
    expect(await first.expectedWaitMs()).toBe(0);
    const log: { who: string; at: number }[] = [];
    await request(first, "a", log);
    const queued = [request(first, "b", log), request(first, "c", log)];
    await new Promise((resolve) => setTimeout(resolve, 10));
    // "b" holds the one-at-a-time turn, "c" waits behind it: two intervals and the rest of this slot.
    const estimate = await first.expectedWaitMs();
    expect(estimate).toBeGreaterThan(2 * SLOT_MS);
    expect(estimate).toBeLessThan(3 * SLOT_MS + 50);
    await Promise.all(queued);
  });
});
