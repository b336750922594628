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

export function writeString(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Losing a preference is better than breaking the page.
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
