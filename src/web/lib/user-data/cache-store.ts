import { z } from "zod";
import { cacheEntrySchema, cacheKeySchema, type CacheEntry } from "@/shared/user-data";
import { api, isApiError } from "@/web/lib/api";
import { parseJsonOrNull } from "@/web/lib/local-store";
import { listStorageKeys, readString, removeString, writeString } from "@/web/lib/storage";
import { parseInput, UserDataInputError } from "@/web/lib/user-data/user-data-errors";

/**
 * The user's cache (core-app.md section 3, "Cache entry"; keys such as
 * `profile-papers-{userId}` and `bookmarkFilters`): entries with an optional expiry. Anonymous
 * visitors keep each entry on the device under `user-cache.{key}`; signed-in users keep them
 * in `/api/me/cache`. An expired entry reads as missing.
 */
export interface CacheStore {
  /** The data, or undefined when missing or expired. */
  get<T = unknown>(key: string): Promise<T | undefined>;
  /** Stores data, kept for `ttlSeconds` (for good when omitted). */
  set(key: string, data: unknown, ttlSeconds?: number): Promise<void>;
  remove(key: string): Promise<void>;
  /** Removes the expired entries; resolves how many went. */
  clearExpired(): Promise<number>;
  /** Removes every entry; resolves how many went. */
  clearAll(): Promise<number>;
  /** The keys of the unexpired entries. */
  listKeys(): Promise<string[]>;
}

/** Device entries live under this prefix, one storage key per entry (so a full storage drops them one by one). */
export const DEVICE_CACHE_PREFIX = "user-cache.";

const ttlSchema = z.number().int().positive().max(365 * 24 * 3600).optional();

function validKey(key: string): string {
  return parseInput(cacheKeySchema, key, `Cache key "${key}" refused`);
}

function validTtl(ttlSeconds: number | undefined): number | undefined {
  return parseInput(ttlSchema, ttlSeconds, "Cache entry not saved: ttlSeconds must be a whole number of seconds up to a year");
}

function isExpired(entry: CacheEntry, now: number): boolean {
  return entry.expiresAt !== null && Date.parse(entry.expiresAt) <= now;
}

export type DeviceCacheStore = CacheStore & {
  /** Every unexpired entry with its metadata (the sign-in migration and the Your Data page). */
  listEntries(): CacheEntry[];
};

export function createDeviceCacheStore(options: { prefix?: string; now?: () => number } = {}): DeviceCacheStore {
  const prefix = options.prefix ?? DEVICE_CACHE_PREFIX;
  const now = options.now ?? Date.now;

  const readEntry = (key: string): CacheEntry | undefined => {
    const parsed = cacheEntrySchema.safeParse(parseJsonOrNull(readString(prefix + key)));
    return parsed.success ? parsed.data : undefined;
  };
  const deviceKeys = () => listStorageKeys().filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
  const listEntries = (): CacheEntry[] =>
    deviceKeys()
      .map(readEntry)
      .filter((entry): entry is CacheEntry => entry !== undefined && !isExpired(entry, now()));
  const write = (entry: CacheEntry) => {
    if (!writeString(prefix + entry.key, JSON.stringify(entry))) throw new Error("Device storage refused the cache entry");
  };

  return {
    async get<T>(key: string) {
      const entry = readEntry(validKey(key));
      if (!entry) return undefined;
      if (isExpired(entry, now())) {
        removeString(prefix + key);
        return undefined;
      }
      write({ ...entry, accessCount: entry.accessCount + 1, lastAccessed: new Date(now()).toISOString() });
      return entry.data as T;
    },
    async set(key, data, ttlSeconds) {
      const valid = validKey(key);
      const ttl = validTtl(ttlSeconds);
      if (data === undefined) throw new UserDataInputError(`Cache entry "${key}" not saved: there is no data.`);
      const at = new Date(now()).toISOString();
      write({
        key: valid,
        data,
        expiresAt: ttl === undefined ? null : new Date(now() + ttl * 1000).toISOString(),
        cachedAt: at,
        accessCount: 0,
        lastAccessed: at,
      });
    },
    async remove(key) {
      removeString(prefix + key);
    },
    async clearExpired() {
      let removed = 0;
      for (const key of deviceKeys()) {
        const entry = readEntry(key);
        if (!entry || isExpired(entry, now())) {
          removeString(prefix + key);
          removed += 1;
        }
      }
      return removed;
    },
    async clearAll() {
      const keys = deviceKeys();
      keys.forEach((key) => removeString(prefix + key));
      return keys.length;
    },
    async listKeys() {
      return listEntries().map((entry) => entry.key);
    },
    listEntries,
  };
}

function cachePath(key: string): string {
  return `/api/me/cache/${encodeURIComponent(key)}`;
}

/** `ready` (the sign-in migration) is awaited before each call, so a device entry being moved up is not missed. */
export function createServerCacheStore(options: { ready?: () => Promise<unknown> } = {}): CacheStore {
  const ready = () => options.ready?.().catch(() => undefined);
  return {
    async get<T>(key: string) {
      await ready();
      try {
        const entry = await api.get<CacheEntry>(cachePath(validKey(key)));
        return entry.data as T;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return undefined;
        throw error;
      }
    },
    async set(key, data, ttlSeconds) {
      const valid = validKey(key);
      const ttl = validTtl(ttlSeconds);
      if (data === undefined) throw new UserDataInputError(`Cache entry "${key}" not saved: there is no data.`);
      await ready();
      await api.put(cachePath(valid), ttl === undefined ? { data } : { data, ttlSeconds: ttl });
    },
    async remove(key) {
      const valid = validKey(key);
      await ready();
      await api.delete(cachePath(valid));
    },
    async clearExpired() {
      await ready();
      const { removed } = await api.delete<{ removed: number }>("/api/me/cache", { query: { expired: true } });
      return removed;
    },
    async clearAll() {
      await ready();
      const { removed } = await api.delete<{ removed: number }>("/api/me/cache");
      return removed;
    },
    async listKeys() {
      await ready();
      const { keys } = await api.get<{ keys: string[] }>("/api/me/cache");
      return keys;
    },
  };
}
