import { sql } from "drizzle-orm";
import { queryRows, type Database } from "@/server/db/client";

/**
 * Who is waiting: a person (a search, a paper opened; they come first) or Quire itself (the
 * catch-up index, a cached PDF's revision check, the harvest), which takes the slots people leave.
 */
export type SlotPriority = "interactive" | "background";

export type SlotRequest = {
  priority?: SlotPriority;
  /** Aborting it leaves the queue: the slot goes to the next in line, never unused. */
  signal?: AbortSignal;
};

/**
 * A granted slot: call it when the response is in. `sending`, called (and awaited) just before
 * the request (and each redirect) leaves, counts the interval from that moment rather than from
 * the claim, so time lost between the two (a busy event loop) never shortens the gap the
 * upstream sees. It answers false when the slot lapsed before the request could leave (held
 * past SLOT_HOLD_CAP_MS without sending): the request must not go on it, and waits for a new one.
 */
export type Slot = (() => void) & { sending?: () => boolean | Promise<boolean> };

/** Waits for permission to send one request; call the returned slot when the response is in. */
export type RateLimiter = {
  acquire(request?: SlotRequest): Promise<Slot>;
  /**
   * How long a request of this priority joining the queue now would wait for its slot, in ms:
   * an estimate from what this instance sees (its own queue and the shared next slot).
   */
  expectedWaitMs(priority?: SlotPriority): Promise<number>;
};

/**
 * Added to every interval: the gap an upstream sees also depends on how long each request
 * takes from leaving this process to reaching it (network and scheduling jitter), which can
 * eat into it. (The shared slot's database round trip is counted in the interval itself.)
 * 100 ms was too little on a busy 2-core machine: three instances and the sandbox, with the
 * test suites beside them, showed arXiv gaps of 2,972-2,975 ms and once 2,856 ms, each request
 * having left on time and one arrived late.
 */
export const INTERVAL_SAFETY_MARGIN_MS = 250;

/**
 * How often a waiter on a shared slot looks again while another instance holds it: that
 * holder's answer can free the slot before the interval's end would.
 */
export const SHARED_SLOT_POLL_MS = 200;

/** Waits `ms`; a wait of zero or less costs nothing (a 0-ms timer still takes a millisecond or more). */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> | void => {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  if (ms <= 0) return;
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
};

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The wait for a slot was given up.", "AbortError");
}

/**
 * How long one request may keep a one-at-a-time host to itself. A request that has not been
 * answered by then (a hang, a slow retry) lets the next one start, its interval still kept
 * from this one's start: a hung request must not stall every search behind it.
 */
export const SLOT_HOLD_CAP_MS = 5_000;

/** A request leaving within this much of the point where its hold would end within an interval renews the hold (the renewal's own round trip). */
const HOLD_RENEW_MARGIN_MS = 250;

/**
 * The release of a one-at-a-time slot: `answered` runs when the caller releases it in time;
 * after `SLOT_HOLD_CAP_MS` the slot is released on its own and the caller's release does nothing.
 */
function heldAtMost(release: () => void, answered: () => void): { slot: Slot; lapsed: () => boolean } {
  let done = false;
  let lapsed = false;
  const timer = setTimeout(() => {
    done = true;
    lapsed = true;
    release();
  }, SLOT_HOLD_CAP_MS);
  timer.unref?.();
  const slot: Slot = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    answered();
  };
  return { slot, lapsed: () => lapsed };
}

type Waiter = { priority: SlotPriority; grant: () => void };

/**
 * An in-process FIFO mutex with at most `limit` holders at once; interactive waiters go
 * before background ones, and a waiter whose signal aborts leaves the queue.
 */
export function createSemaphore(limit: number) {
  let active = 0;
  const waiting: Waiter[] = [];
  const next = () => {
    const index = waiting.findIndex((waiter) => waiter.priority === "interactive");
    const [waiter] = waiting.splice(index === -1 ? 0 : index, 1);
    return waiter;
  };
  return {
    async acquire(request: SlotRequest = {}): Promise<() => void> {
      const { priority = "interactive", signal } = request;
      if (signal?.aborted) throw abortReason(signal);
      if (active >= limit) {
        await new Promise<void>((resolve, reject) => {
          const waiter: Waiter = {
            priority,
            grant: () => {
              signal?.removeEventListener("abort", onAbort);
              resolve();
            },
          };
          const onAbort = () => {
            const index = waiting.indexOf(waiter);
            if (index !== -1) waiting.splice(index, 1);
            reject(abortReason(signal!));
          };
          signal?.addEventListener("abort", onAbort, { once: true });
          waiting.push(waiter);
        });
      } else active++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const waiter = next();
        if (waiter) waiter.grant();
        else active--;
      };
    },
    /** Holders and waiters of this priority or higher, this one excluded. */
    ahead(priority: SlotPriority = "interactive"): number {
      const queued = priority === "interactive" ? waiting.filter((waiter) => waiter.priority === "interactive").length : waiting.length;
      return active + queued;
    },
  };
}

/**
 * At most one request per `intervalMs` to a host, across every instance on the database, and
 * one at a time (arXiv: "no more than one request every three seconds, on a single
 * connection"). A request claims the slot when it is free, at that moment, in one atomic
 * statement (the database clock decides, so instances with skewed clocks still agree): a slot
 * is never reserved ahead, so none is lost to a caller that wakes late or stops waiting.
 * While a request is out, the slot is held until its answer (at most SLOT_HOLD_CAP_MS); the
 * answer frees it from the interval after its start. That interval counts from the moment
 * the claim was asked for, its round trip included, as the claim's own moment lies somewhere
 * within it: a slow database (or a busy event loop) slows the pace and never costs a slot.
 * Background callers claim only when no person on any instance has been waiting for the host
 * within the last interval.
 */
export function createSharedIntervalLimiter(options: { db: Database; host: string; intervalMs: number }): RateLimiter {
  const { db, host } = options;
  const intervalMs = options.intervalMs + INTERVAL_SAFETY_MARGIN_MS;
  const oneAtATime = createSemaphore(1);
  // The turn's holder has claimed its slot: the shared next slot already counts it.
  let holderClaimed = false;
  const interval = `${intervalMs} milliseconds`;
  const hold = `${SLOT_HOLD_CAP_MS} milliseconds`;

  /** Claims the slot if it is free now; otherwise says how long it stays taken. */
  async function claim(priority: SlotPriority): Promise<{ claimedAt: string; heldUntil: string } | { waitMs: number }> {
    const interactive = priority === "interactive";
    const [row] = await queryRows<{ claimed_at: string | null; held_until: string | null; wait_ms: number | string | null }>(
      db,
      sql`
      with claimed as (
        insert into upstream_rate_slots (host, next_slot_at, interactive_until)
        values (${host}, clock_timestamp() + ${hold}::interval, ${interactive ? sql`clock_timestamp() + ${interval}::interval` : sql`null`})
        on conflict (host) do update
          set next_slot_at = clock_timestamp() + ${hold}::interval,
              interactive_until = ${interactive ? sql`clock_timestamp() + ${interval}::interval` : sql`upstream_rate_slots.interactive_until`}
          where upstream_rate_slots.next_slot_at <= clock_timestamp()
            ${interactive ? sql`` : sql`and (upstream_rate_slots.interactive_until is null or upstream_rate_slots.interactive_until <= clock_timestamp())`}
        returning (next_slot_at - ${hold}::interval)::text as claimed_at, next_slot_at::text as held_until
      ),
      waiting as (
        update upstream_rate_slots
          set interactive_until = greatest(interactive_until, clock_timestamp() + ${interval}::interval)
          where host = ${host} and ${interactive ? sql`true` : sql`false`} and not exists (select 1 from claimed)
      )
      select (select claimed_at from claimed) as claimed_at,
        (select held_until from claimed) as held_until,
        (select extract(epoch from (greatest(next_slot_at, ${interactive ? sql`next_slot_at` : sql`coalesce(interactive_until, next_slot_at)`}) - clock_timestamp())) * 1000
           from upstream_rate_slots where host = ${host}) as wait_ms
    `,
    );
    if (row?.claimed_at && row.held_until) return { claimedAt: row.claimed_at, heldUntil: row.held_until };
    return { waitMs: Math.max(1, Number(row?.wait_ms ?? 1)) };
  }

  /**
   * Frees a held slot `interval` after its claim plus `lateMs` (how long after the claim was
   * asked for the request left: the claim's round trip included), or now if that has passed;
   * only if it is still this claim's hold.
   */
  function free(claimedAt: string, heldUntil: string, lateMs = 0) {
    const after = `${intervalMs + Math.ceil(lateMs)} milliseconds`;
    return db.execute(
      sql`update upstream_rate_slots set next_slot_at = greatest(${claimedAt}::timestamptz + ${after}::interval, clock_timestamp())
          where host = ${host} and next_slot_at = ${heldUntil}::timestamptz`,
    );
  }

  /** Holds a claim's slot SLOT_HOLD_CAP_MS from now; null when it is no longer this claim's hold. */
  async function renew(heldUntil: string): Promise<string | null> {
    const [row] = await queryRows<{ held_until: string }>(
      db,
      sql`update upstream_rate_slots set next_slot_at = clock_timestamp() + ${hold}::interval
          where host = ${host} and next_slot_at = ${heldUntil}::timestamptz and next_slot_at > clock_timestamp()
          returning next_slot_at::text as held_until`,
    );
    return row?.held_until ?? null;
  }

  return {
    async acquire(request: SlotRequest = {}) {
      const { priority = "interactive", signal } = request;
      const release = await oneAtATime.acquire(request);
      try {
        for (;;) {
          const asked = performance.now();
          const outcome = await claim(priority);
          if ("claimedAt" in outcome) {
            const { claimedAt, heldUntil } = outcome;
            holderClaimed = true;
            const releaseTurn = () => {
              holderClaimed = false;
              release();
            };
            // The claim's moment is the database's, somewhere within the round trip: the next
            // slot counts from the moment it was asked for, so a request that leaves only when
            // a slow answer is in (a busy database, a busy event loop) is still an interval
            // ahead of the next one. A slow round trip slows the pace; it never costs the slot.
            let lateMs = performance.now() - asked;
            let held = heldUntil;
            const { slot, lapsed } = heldAtMost(releaseTurn, () => {
              void free(claimedAt, held, lateMs).catch(() => {}).finally(releaseTurn);
            });
            slot.sending = async () => {
              if (lapsed()) return false;
              lateMs = performance.now() - asked;
              // The hold ends SLOT_HOLD_CAP_MS after the claim. A request leaving so late that
              // the hold would end within an interval of it, and then hanging, would let another
              // instance send too soon after it: the hold is renewed first, from now.
              if (lateMs + intervalMs + HOLD_RENEW_MARGIN_MS < SLOT_HOLD_CAP_MS) return true;
              const renewed = await renew(held);
              if (renewed === null) return false;
              held = renewed;
              lateMs = performance.now() - asked;
              return !lapsed();
            };
            return slot;
          }
          await sleep(Math.min(outcome.waitMs, SHARED_SLOT_POLL_MS), signal);
        }
      } catch (error) {
        release();
        throw error;
      }
    },
    async expectedWaitMs(priority: SlotPriority = "interactive") {
      const [row] = await queryRows<{ wait_ms: number | string | null }>(
        db,
        sql`select extract(epoch from (next_slot_at - clock_timestamp())) * 1000 as wait_ms from upstream_rate_slots where host = ${host}`,
      );
      return Math.max(0, Number(row?.wait_ms ?? 0)) + waitersAhead(oneAtATime.ahead(priority), holderClaimed) * intervalMs;
    },
  };
}

/**
 * Requests that will still claim a slot before a newcomer: everyone holding or awaiting the
 * turn, except a holder that has claimed already (its slot is the next-slot time itself;
 * counting it again told the seventh of ten searches it could not make its 20 s).
 */
function waitersAhead(ahead: number, holderClaimed: boolean): number {
  return Math.max(0, ahead - (holderClaimed ? 1 : 0));
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
  let holderClaimed = false;
  return {
    async acquire(request: SlotRequest = {}) {
      const release = await oneAtATime.acquire(request);
      try {
        // A waiter that aborts here leaves the slot to the next in line.
        await sleep(nextSlot - Date.now(), request.signal);
      } catch (error) {
        release();
        throw error;
      }
      const claimedAt = Date.now();
      nextSlot = claimedAt + intervalMs;
      holderClaimed = true;
      const releaseTurn = () => {
        holderClaimed = false;
        release();
      };
      const { slot, lapsed } = heldAtMost(releaseTurn, () => {
        // One at a time: never before this one's answer (see createSharedIntervalLimiter).
        nextSlot = Math.max(nextSlot, Date.now());
        releaseTurn();
      });
      slot.sending = () => {
        // Held past SLOT_HOLD_CAP_MS without leaving: the slot went to the next in line.
        if (lapsed()) return false;
        nextSlot = Math.max(nextSlot, Date.now() + intervalMs);
        return true;
      };
      return slot;
    },
    async expectedWaitMs(priority: SlotPriority = "interactive") {
      return Math.max(0, nextSlot - Date.now()) + waitersAhead(oneAtATime.ahead(priority), holderClaimed) * intervalMs;
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
    async acquire(request: SlotRequest = {}) {
      const release = await inFlight.acquire(request);
      const now = Date.now();
      const start = Math.max(now, nextStart);
      nextStart = start + gapMs;
      try {
        await sleep(start - now, request.signal);
      } catch (error) {
        release();
        throw error;
      }
      return release;
    },
    async expectedWaitMs(priority: SlotPriority = "interactive") {
      return Math.max(0, nextStart - Date.now()) + Math.max(0, inFlight.ahead(priority) - options.concurrency + 1) * gapMs;
    },
  };
}
