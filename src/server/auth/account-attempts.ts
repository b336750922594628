import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { queryRows } from "@/server/db/client";

/**
 * Failed sign-ins per account, in Quire's own `sign_in_attempts` table under `account:{email}`
 * keys, so every instance counts together and nothing prunes a lock before its window ends
 * (better-auth's `rate_limit` table, which holds the per-address limit, is pruned by its own
 * 60-second window). The lock lasts `windowMs` from the latest failed attempt.
 */
export type AttemptRule = { max: number; windowMs: number };

/**
 * How many seconds the account stays locked (it has used up its failed attempts within the
 * window), rounded up; 0 when it is not locked. The 429 says it in `Retry-After`.
 */
export async function accountLockSecondsLeft(db: Database, key: string, rule: AttemptRule, now = Date.now()): Promise<number> {
  const rows = await queryRows<{ count: number; last_failed_at: string | number }>(
    db,
    sql`select count, last_failed_at from sign_in_attempts where key = ${key}`,
  );
  const row = rows[0];
  if (!row || row.count < rule.max) return 0;
  const leftMs = Number(row.last_failed_at) + rule.windowMs - now;
  return leftMs > 0 ? Math.ceil(leftMs / 1000) : 0;
}

/** Counts one failed attempt (a window that has passed starts over). */
export async function recordFailedAttempt(db: Database, key: string, rule: AttemptRule, now = Date.now()): Promise<void> {
  const windowStart = now - rule.windowMs;
  await db.execute(sql`
    insert into sign_in_attempts (key, count, last_failed_at)
    values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when sign_in_attempts.last_failed_at <= ${windowStart} then 1 else sign_in_attempts.count + 1 end,
      last_failed_at = ${now}`);
}

/** A successful sign-in (or the account's deletion) clears the account's count. */
export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from sign_in_attempts where key = ${key}`);
}
