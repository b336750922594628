import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { queryRows } from "@/server/db/client";

/**
 * Failed sign-ins per account, kept in better-auth's shared `rate_limit` table under
 * `account:{email}` keys so every instance counts together. The IP limit is better-auth's own.
 */
export type AttemptRule = { max: number; windowMs: number };

/** Whether the account has used up its failed attempts within the window. */
export async function isAccountLocked(db: Database, key: string, rule: AttemptRule): Promise<boolean> {
  const rows = await queryRows<{ count: number; last_request: string | number }>(
    db,
    sql`select count, last_request from rate_limit where key = ${key}`,
  );
  const row = rows[0];
  if (!row) return false;
  const fresh = Date.now() - Number(row.last_request) < rule.windowMs;
  return fresh && row.count >= rule.max;
}

/** Counts one failed attempt (a window that has passed starts over). */
export async function recordFailedAttempt(db: Database, key: string, rule: AttemptRule): Promise<void> {
  const now = Date.now();
  const windowStart = now - rule.windowMs;
  await db.execute(sql`
    insert into rate_limit (id, key, count, last_request)
    values (${crypto.randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request < ${windowStart} then 1 else rate_limit.count + 1 end,
      last_request = ${now}`);
}

/** A successful sign-in clears the account's count. */
export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limit where key = ${key}`);
}
