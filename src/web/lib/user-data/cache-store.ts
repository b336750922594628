import {
  CACHE_KEY_MAX_LENGTH,
  CACHE_KEY_PATTERN,
  CACHE_KEY_PATTERN_MESSAGE,
  CACHE_TTL_MAX_SECONDS,
  toCacheEntry,
  type CacheEntry,
} from "@/shared/user-data-values";
import { api } from "@/web/lib/api";
import { parseJsonOrNull } from "@/web/lib/local-store";
import { listStorageKeys, readString, removeString, writeString } from "@/web/lib/storage";
import { describeProblems, UserDataInputError } from "@/web/lib/user-data/user-data-errors";

/**
 * The user's cache (keys such as
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

// Plain checks with the same problems, in the same words, as the server's zod schemas
// (`cacheKeySchema`, `cachePutSchema.ttlSeconds`), so zod is not loaded for a cache read.

/** The type name zod's messages give a value of the wrong type ("received ..."). */
function receivedType(value: unknown): string {
  if (typeof value === "number") return Number.isNaN(value) ? "NaN" : Number.isFinite(value) ? "number" : String(value);
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "object" && Object.getPrototypeOf(value) !== Object.prototype && "constructor" in value && value.constructor) {
    return (value.constructor as { name: string }).name;
  }
  return typeof value;
}

function cacheKeyProblems(key: unknown): string[] {
  if (typeof key !== "string") return [`Invalid input: expected string, received ${receivedType(key)}`];
  const problems: string[] = [];
  if (key.length < 1) problems.push("Too small: expected string to have >=1 characters");
  if (key.length > CACHE_KEY_MAX_LENGTH) problems.push(`Too big: expected string to have <=${CACHE_KEY_MAX_LENGTH} characters`);
  if (!CACHE_KEY_PATTERN.test(key)) problems.push(CACHE_KEY_PATTERN_MESSAGE);
  return problems;
}

function ttlProblems(ttl: unknown): string[] {
  if (ttl === undefined) return [];
  if (typeof ttl !== "number" || !Number.isFinite(ttl)) return [`Invalid input: expected number, received ${receivedType(ttl)}`];
  if (!Number.isInteger(ttl)) return ["Invalid input: expected int, received number"];
  const problems: string[] = [];
  if (ttl > Number.MAX_SAFE_INTEGER) problems.push(`Too big: expected int to be <=${Number.MAX_SAFE_INTEGER}`);
  if (ttl < Number.MIN_SAFE_INTEGER) problems.push(`Too small: expected int to be >=${Number.MIN_SAFE_INTEGER}`);
  if (ttl <= 0) problems.push("Too small: expected number to be >0");
  if (ttl > CACHE_TTL_MAX_SECONDS) problems.push(`Too big: expected number to be <=${CACHE_TTL_MAX_SECONDS}`);
  return problems;
}

function validKey(key: string): string {
  const problems = cacheKeyProblems(key);
  if (problems.length > 0) throw new UserDataInputError(describeProblems(`Cache key "${key}" refused`, problems));
  return key;
}

function validTtl(ttlSeconds: number | undefined): number | undefined {
  const problems = ttlProblems(ttlSeconds);
  if (problems.length > 0) {
    throw new UserDataInputError(describeProblems("Cache entry not saved: ttlSeconds must be a whole number of seconds up to a year", problems));
  }
  return ttlSeconds;
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

  const readEntry = (key: string): CacheEntry | undefined => toCacheEntry(parseJsonOrNull(readString(prefix + key)));
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
      // No entry (or an expired one) answers null, not a 404 the console would show.
      const entry = await api.get<CacheEntry | null>(cachePath(validKey(key)));
      return entry === null ? undefined : (entry.data as T);
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
