import { sql } from "drizzle-orm";
import { queryRows, type Database } from "@/server/db/client";

/** Waits for permission to send one request; call the returned function when the response is in. */
export type RateLimiter = {
  acquire(): Promise<() => void>;
};

/**
 * Added to every interval: the gap an upstream sees also depends on how long each request
 * takes to leave this process (event-loop and database jitter), which can eat into it.
 */
export const INTERVAL_SAFETY_MARGIN_MS = 100;

/**
 * How late after its slot a shared-limiter caller may still start: the rest of the safety
 * margin is left for the way from here to the upstream.
 */
export const LATE_FOR_SLOT_MS = INTERVAL_SAFETY_MARGIN_MS / 2;

/** Waits `ms`; a wait of zero or less costs nothing (a 0-ms timer still takes a millisecond or more). */
export const sleep = (ms: number): Promise<void> | void => {
  if (ms > 0) return new Promise<void>((resolve) => setTimeout(resolve, ms));
};

/**
 * How long one request may keep a one-at-a-time host to itself. A request that has not been
 * answered by then (a hang, a slow retry) lets the next one start, its interval still kept
 * from this one's start: a hung request must not stall every search behind it.
 */
export const SLOT_HOLD_CAP_MS = 5_000;

/**
 * The release of a one-at-a-time slot: `answered` runs when the caller releases it in time;
 * after `SLOT_HOLD_CAP_MS` the slot is released on its own and the caller's release does nothing.
 */
function heldAtMost(release: () => void, answered: () => void): () => void {
  let done = false;
  const timer = setTimeout(() => {
    done = true;
    release();
  }, SLOT_HOLD_CAP_MS);
  timer.unref?.();
  return () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    answered();
  };
}

/** An in-process FIFO mutex: at most `limit` holders at once. */
export function createSemaphore(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async acquire(): Promise<() => void> {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = waiting.shift();
        if (next) next();
        else active--;
      };
    },
  };
}

/**
 * At most one request per `intervalMs` to a host, across every instance on the database,
 * counted from the previous request's start and from its answer, and one at a time per instance
 * (for up to SLOT_HOLD_CAP_MS each) (arXiv: "one request every three seconds, on a single
 * connection"). Each caller reserves the next free slot in one atomic statement and sleeps
 * until it; the database clock decides, so instances with skewed clocks still agree.
 */
export function createSharedIntervalLimiter(options: { db: Database; host: string; intervalMs: number }): RateLimiter {
  const { db, host } = options;
  const oneAtATime = createSemaphore(1);
  const interval = `${options.intervalMs + INTERVAL_SAFETY_MARGIN_MS} milliseconds`;
  return {
    async acquire() {
      const release = await oneAtATime.acquire();
      try {
        // Another instance's slot follows this one by the interval however late this one
        // starts: a caller that wakes too late for its slot (a busy event loop, a slow query)
        // would leave the next one less than the interval, so it lets the slot go and takes
        // the next free one. The database's clock says how late, as it set the slot.
        for (;;) {
          const [row] = await queryRows<{ wait_ms: number | string; slot_at: string }>(
            db,
            sql`
            insert into upstream_rate_slots (host, next_slot_at)
            values (${host}, clock_timestamp() + ${interval}::interval)
            on conflict (host) do update
              set next_slot_at = greatest(upstream_rate_slots.next_slot_at, clock_timestamp()) + ${interval}::interval
            returning extract(epoch from (next_slot_at - ${interval}::interval - clock_timestamp())) * 1000 as wait_ms,
              (next_slot_at - ${interval}::interval)::text as slot_at
          `,
          );
          await sleep(Number(row?.wait_ms ?? 0));
          if (!row) break;
          const [late] = await queryRows<{ late_ms: number | string }>(
            db,
            sql`select extract(epoch from (clock_timestamp() - ${row.slot_at}::timestamptz)) * 1000 as late_ms`,
          );
          if (Number(late?.late_ms ?? 0) <= LATE_FOR_SLOT_MS) break;
        }
        // The next request waits a full interval after this one is answered, not only after it
        // started, so arXiv never sees two requests closer than the interval, however slow one
        // is; unless it is not answered within SLOT_HOLD_CAP_MS (then only its start counts).
        return heldAtMost(release, () => {
          void db
            .execute(
              sql`update upstream_rate_slots set next_slot_at = greatest(next_slot_at, clock_timestamp() + ${interval}::interval) where host = ${host}`,
            )
            .catch(() => {})
            .finally(release);
        });
      } catch (error) {
        release();
        throw error;
      }
    },
  };
}

/**
 * The same rule as createSharedIntervalLimiter for a single instance: with the embedded
 * database only one server can run (the instance lock sees to it), so the slot is kept in
 * memory and costs no query.
 */
export function createLocalIntervalLimiter(options: { intervalMs: number }): RateLimiter {
  const oneAtATime = createSemaphore(1);
  const intervalMs = options.intervalMs + INTERVAL_SAFETY_MARGIN_MS;
  let nextSlot = 0;
  return {
    async acquire() {
      const release = await oneAtATime.acquire();
      const now = Date.now();
      const slot = Math.max(now, nextSlot);
      nextSlot = slot + intervalMs;
      await sleep(slot - now);
      return heldAtMost(release, () => {
        // A full interval after the answer too (see createSharedIntervalLimiter).
        nextSlot = Math.max(nextSlot, Date.now() + intervalMs);
        release();
      });
    },
  };
}

/**
 * At most `perSecond` request starts in any second and `concurrency` in flight, per instance
 * (OpenAlex: 10 per second; Crossref: 5 per second and 5 at once).
 */
export function createLocalRateLimiter(options: { perSecond: number; concurrency: number }): RateLimiter {
  const inFlight = createSemaphore(options.concurrency);
  const gapMs = 1000 / options.perSecond;
  let nextStart = 0;
  return {
    async acquire() {
      const release = await inFlight.acquire();
      const now = Date.now();
      const start = Math.max(now, nextStart);
      nextStart = start + gapMs;
      await sleep(start - now);
      return release;
    },
  };
}
