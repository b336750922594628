import { STORAGE_KEYS } from "@/shared/constants";

/**
 * Thin, exception-safe access to device storage. localStorage throws in private modes, when
 * storage is disabled and when the quota is full; the shell must keep working in all of those.
 */

export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Keys a full device storage never gives up: the theme,
 * the settings and the profile. The native app's `auth token` is kept too: dropping it to make
 * room for a cache entry would sign the user out.
 */
export const PROTECTED_STORAGE_KEYS: ReadonlySet<string> = new Set([
  STORAGE_KEYS.theme,
  STORAGE_KEYS.settings,
  STORAGE_KEYS.profile,
  STORAGE_KEYS.authToken,
]);

/** Whether a storage write failed because the quota is full (names and codes differ by browser). */
export function isQuotaExceededError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED" || code === 22 || code === 1014;
}

/** Removes every key except the protected ones, to make room; returns how many went. */
export function freeDeviceStorage(): number {
  const storage = window.localStorage;
  const removable: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && !PROTECTED_STORAGE_KEYS.has(key)) removable.push(key);
  }
  removable.forEach((key) => storage.removeItem(key));
  return removable.length;
}

/**
 * Writes a value; true when it was stored. When the quota is full, the non-protected keys are
 * removed and the write is tried once more.
 */
export function writeString(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch (error) {
    if (!isQuotaExceededError(error)) return false;
  }
  try {
    freeDeviceStorage();
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    // Losing a preference is better than breaking the page.
    return false;
  }
}

export function removeString(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: there is nothing to remove.
  }
}

/** Every key on the device (empty when storage is unavailable). */
export function listStorageKeys(): string[] {
  try {
    const storage = window.localStorage;
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key !== null) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/** Parses a JSON value; a missing or corrupt entry reads as null. */
export function readJson(key: string): unknown {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
