import net from "node:net";
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "@/server/db/client";

/** At most `limit` units (requests, events, mails) per key in each fixed window of `windowMs`. */
export type RateRule = {
  /** The key prefix, naming the rule in `request_counts` (`events-client`, `llm-anonymous`...). */
  name: string;
  limit: number;
  windowMs: number;
};

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** How often an instance removes the rows of windows that have ended. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Past this many keys remembered as over their limit, the lapsed ones are forgotten. */
const BLOCKED_KEYS_SWEEP_AT = 10_000;

/**
 * A limit counted in the database (`request_counts`), so every instance on it counts together,
 * with an in-process memory in front: once the database has said a key is over its limit, this
 * instance refuses it without asking again until the window ends. A flood from one client
 * thus costs the database at most `limit` + 1 writes per window and instance, and the refusals
 * cost nothing but the answer. The database's clock fixes the windows, so instances with
 * skewed clocks agree on them.
 */
export function createRateLimiter(db: Database, rule: RateRule) {
  /** Key -> until when (this process's clock, ms) it is over its limit. */
  const blockedUntil = new Map<string, number>();
  let lastPruned = 0;

  function remembered(key: string, now: number): number {
    const until = blockedUntil.get(key);
    if (until === undefined) return 0;
    if (until <= now) {
      blockedUntil.delete(key);
      return 0;
    }
    return Math.ceil((until - now) / 1000);
  }

  function remember(key: string, until: number, now: number): void {
    if (blockedUntil.size >= BLOCKED_KEYS_SWEEP_AT) for (const [other, end] of blockedUntil) if (end <= now) blockedUntil.delete(other);
    blockedUntil.set(key, until);
  }

  function pruneNowAndThen(now: number): void {
    if (now - lastPruned < PRUNE_EVERY_MS) return;
    lastPruned = now;
    // Any rule's ended windows: a late prune only leaves rows that the next hit resets anyway.
    void db.execute(sql`delete from request_counts where window_ends_at < (extract(epoch from clock_timestamp()) * 1000)::bigint`).catch(() => undefined);
  }

  return {
    rule,

    /** Seconds until `key` may be tried again, from this instance's memory only (0: ask `hit`). */
    blockedFor(key: string): number {
      return remembered(`${rule.name}:${key}`, Date.now());
    },

    /**
     * Counts `cost` units for `key` and says whether they fit in its window. A refused hit
     * is counted too: a client that keeps trying past the limit does not get in sooner.
     */
    async hit(key: string, cost = 1): Promise<RateDecision> {
      const fullKey = `${rule.name}:${key}`;
      const now = Date.now();
      const known = remembered(fullKey, now);
      if (known > 0) return { allowed: false, retryAfterSeconds: known };
      pruneNowAndThen(now);
      const windowMs = rule.windowMs;
      const [row] = await queryRows<{ count: number | string; ms_left: number | string }>(
        db,
        sql`
          with clock as (select (extract(epoch from clock_timestamp()) * 1000)::bigint as now_ms)
          insert into request_counts (key, count, window_ends_at)
          select ${fullKey}, ${cost}, now_ms - now_ms % ${windowMs} + ${windowMs} from clock
          on conflict (key) do update set
            count = case when request_counts.window_ends_at = excluded.window_ends_at
              then request_counts.count + excluded.count else excluded.count end,
            window_ends_at = excluded.window_ends_at
          returning count, window_ends_at - (extract(epoch from clock_timestamp()) * 1000)::bigint as ms_left`,
      );
      if (!row || Number(row.count) <= rule.limit) return { allowed: true };
      const msLeft = Math.max(1, Number(row.ms_left));
      remember(fullKey, now + msLeft, now);
      return { allowed: false, retryAfterSeconds: Math.ceil(msLeft / 1000) };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * The key a client address is counted under. An IPv6 client usually holds a whole /64 (and
 * picks new addresses in it at will), so IPv6 addresses count by their /64; IPv4 (and
 * IPv4-mapped IPv6) by the address. `null` (no socket, in-process tests) counts as one client.
 */
export function clientKey(address: string | null): string {
  if (!address) return "unknown";
  const family = net.isIP(address);
  // Not an address (a proxy's X-Forwarded-For can hold anything): counted as written.
  if (family === 0) return address.slice(0, 100);
  if (family === 4) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  // The first four groups of the full form; a dotted IPv4 tail is always past them.
  const [head = "", tail = ""] = address.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || "0", 16).toString(16))
    .join(":")}::/64`;
}
