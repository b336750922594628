import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { upstreamCache } from "@/server/db/schema";

export type CachedResponse = {
  status: number;
  contentType: string | null;
  body: string;
  fetchedAt: Date;
  fresh: boolean;
  /** When the entry stops being fresh, ms since the epoch. */
  freshUntil: number;
};

/**
 * The only code that touches `upstream_cache`.
 *
 * `exclusive`: this process is the database's only user (embedded PGlite, held by the instance
 * lock), so every row passes through here and the keys can be known in memory: a miss, the
 * common case for a new search, then costs no query. With a shared Postgres other instances
 * write too, so every lookup asks the database.
 */
export function responseCacheRepository(db: Database, options: { exclusive?: boolean } = {}) {
  /** key -> expires_at (ms), loaded once; only in exclusive mode. */
  let known: Promise<Map<string, number>> | null = null;
  const knownKeys = () =>
    (known ??= db
      .select({ key: upstreamCache.key, expiresAt: upstreamCache.expiresAt })
      .from(upstreamCache)
      .then((rows) => new Map(rows.map((row) => [row.key, row.expiresAt.getTime()]))));

  return {
    async get(key: string): Promise<CachedResponse | null> {
      if (options.exclusive) {
        const expiresAt = (await knownKeys()).get(key);
        if (expiresAt === undefined || expiresAt <= Date.now()) return null;
      }
      const [row] = await db
        .select({
          status: upstreamCache.status,
          contentType: upstreamCache.contentType,
          body: upstreamCache.body,
          fetchedAt: upstreamCache.fetchedAt,
          freshUntil: upstreamCache.freshUntil,
          fresh: sql<boolean>`${upstreamCache.freshUntil} > now()`,
          alive: sql<boolean>`${upstreamCache.expiresAt} > now()`,
        })
        .from(upstreamCache)
        .where(eq(upstreamCache.key, key));
      if (!row || !row.alive) return null;
      return { status: row.status, contentType: row.contentType, body: row.body, fetchedAt: row.fetchedAt, fresh: row.fresh, freshUntil: row.freshUntil.getTime() };
    },

    async put(entry: {
      key: string;
      source: string;
      url: string;
      status: number;
      contentType: string | null;
      body: string;
      freshMs: number;
      keepMs: number;
    }): Promise<void> {
      const now = Date.now();
      const values = {
        key: entry.key,
        source: entry.source,
        url: entry.url,
        status: entry.status,
        contentType: entry.contentType,
        body: entry.body,
        fetchedAt: new Date(now),
        freshUntil: new Date(now + entry.freshMs),
        expiresAt: new Date(now + entry.keepMs),
      };
      await db.insert(upstreamCache).values(values).onConflictDoUpdate({ target: upstreamCache.key, set: values });
      if (options.exclusive) (await knownKeys()).set(entry.key, values.expiresAt.getTime());
    },

    /** Deletes entries past their keep time; returns how many went. */
    async deleteExpired(): Promise<number> {
      const deleted = await db.delete(upstreamCache).where(lt(upstreamCache.expiresAt, sql`now()`)).returning({ key: upstreamCache.key });
      if (options.exclusive) {
        const keys = await knownKeys();
        for (const { key } of deleted) keys.delete(key);
      }
      return deleted.length;
    },
  };
}

export type ResponseCache = ReturnType<typeof responseCacheRepository>;
