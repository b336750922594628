import { STORAGE_KEYS } from "@/shared/constants";
import { listStorageKeys, removeString } from "@/web/lib/storage";
import { DEVICE_CACHE_PREFIX } from "@/web/lib/user-data/cache-store";

/**
 * Device keys that hold caches and per-page state rather than the user's own data
 * (clearing the cache removes keys starting with `search.` or
 * `catchup.`, plus the app's cache).
 */
export const PAGE_STATE_PREFIXES = ["search.", "catchup."] as const;

/** Whole-key caches of fetched papers; safe to drop at any time. */
export const CACHE_KEYS = [STORAGE_KEYS.searchCache, STORAGE_KEYS.recentPapersCache, STORAGE_KEYS.papersCache] as const;

/** Removes every device key starting with one of the prefixes; returns how many went. */
export function removeKeysWithPrefixes(prefixes: readonly string[]): number {
  const keys = listStorageKeys().filter((key) => prefixes.some((prefix) => key.startsWith(prefix)));
  keys.forEach(removeString);
  return keys.length;
}

/** The Settings page's Clear cache: page state, cached papers and the app's cache entries. */
export function clearDeviceCaches(): number {
  const present = new Set(listStorageKeys());
  const whole = CACHE_KEYS.filter((key) => present.has(key));
  whole.forEach(removeString);
  return whole.length + removeKeysWithPrefixes([...PAGE_STATE_PREFIXES, DEVICE_CACHE_PREFIX]);
}

/**
 * Tells this tab's device stores that storage changed under them (the event another tab's
 * `localStorage.clear()` would fire), so every subscribed view reads again.
 */
export function announceStorageCleared(): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new StorageEvent("storage", { key: null }));
}
