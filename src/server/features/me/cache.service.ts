import { errors } from "@/server/errors";
import { cacheKeySchema, type CacheEntry } from "@/shared/user-data";
import type { CacheRepository, CacheRow } from "./cache.repository";

/**
 * Per-user cache entries: an entry past its expiry
 * counts as missing; every read bumps access_count and last_accessed.
 */
export function cacheService(repository: CacheRepository, clock: () => Date = () => new Date()) {
  return {
    async listKeys(userId: string): Promise<string[]> {
      return repository.listKeys(userId, clock());
    },

    /** The entry, or null when there is none (an expired entry is none): a miss is an answer, not an error. */
    async get(userId: string, key: string): Promise<CacheEntry | null> {
      const row = await repository.readAndTouch(userId, checkKey(key), clock());
      return row ? toCacheEntry(row) : null;
    },

    async put(userId: string, key: string, input: { data?: unknown; ttlSeconds?: number }): Promise<CacheEntry> {
      const checked = checkKey(key);
      if (input.data === undefined) throw errors.validation("data: Required (null is allowed).");
      const now = clock();
      const expiresAt = input.ttlSeconds === undefined ? null : new Date(now.getTime() + input.ttlSeconds * 1000);
      return toCacheEntry(await repository.put(userId, checked, input.data, expiresAt, now));
    },

    async delete(userId: string, key: string): Promise<void> {
      await repository.delete(userId, checkKey(key));
    },

    /** Clears every entry, or with `expiredOnly` the expired ones; answers how many went. */
    async clear(userId: string, options: { expiredOnly: boolean }): Promise<number> {
      return options.expiredOnly ? repository.deleteExpired(userId, clock()) : repository.deleteAll(userId);
    },

    async exportAll(userId: string): Promise<CacheEntry[]> {
      return (await repository.listAll(userId)).map(toCacheEntry);
    },
  };
}
export type CacheService = ReturnType<typeof cacheService>;

function checkKey(key: string): string {
  const parsed = cacheKeySchema.safeParse(key);
  if (!parsed.success) {
    const shown = key.length > 40 ? `${key.slice(0, 40)}… (${key.length} characters)` : key;
    throw errors.validation(`Invalid cache key "${shown}": ${parsed.error.issues[0]?.message ?? "invalid."}`);
  }
  return parsed.data;
}

function toCacheEntry(row: CacheRow): CacheEntry {
  return {
    key: row.cacheKey,
    data: row.paperData ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    cachedAt: row.cachedAt.toISOString(),
    accessCount: row.accessCount,
    lastAccessed: row.lastAccessed.toISOString(),
  };
}
