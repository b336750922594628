/**
 * The local-storage inspector's arithmetic: sizes,
 * the 500-character previews, the quota probe (up to 10 MB in 1 KB steps) and the usage
 * colours (green, yellow above 60 %, red above 80 %). Sizes count UTF-16 code units, two bytes
 * each, as browsers count the quota.
 */

export const QUOTA_PROBE_MAX_BYTES = 10 * 1024 * 1024;
export const QUOTA_PROBE_STEP_BYTES = 1024;
export const VALUE_PREVIEW_CHARS = 500;
export const USAGE_WARNING_PERCENT = 60;
export const USAGE_DANGER_PERCENT = 80;
/** Used for the bar until a probe has run: what most browsers give an origin. */
export const TYPICAL_QUOTA_BYTES = 5 * 1024 * 1024;
/** Probe keys start with this; a probe removes every one it wrote. */
export const PROBE_KEY_PREFIX = "__quota_probe__";

export type StorageEntry = { key: string; bytes: number; preview: string; truncated: boolean; length: number };

/** What a key and its value take: two bytes per UTF-16 code unit. */
export function entryBytes(key: string, value: string): number {
  return (key.length + value.length) * 2;
}

/** Every key with its size and a preview of at most 500 characters, largest first. */
export function listEntries(storage: Storage): StorageEntry[] {
  const entries: StorageEntry[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key === null) continue;
    const value = storage.getItem(key) ?? "";
    entries.push({
      key,
      bytes: entryBytes(key, value),
      length: value.length,
      preview: value.length > VALUE_PREVIEW_CHARS ? value.slice(0, VALUE_PREVIEW_CHARS) : value,
      truncated: value.length > VALUE_PREVIEW_CHARS,
    });
  }
  return entries.sort((a, b) => b.bytes - a.bytes || a.key.localeCompare(b.key));
}

export type QuotaProbe = {
  /** Bytes in use before the probe. */
  usedBytes: number;
  /** The estimated quota: what was in use plus what the probe could add. */
  quotaBytes: number;
  /** True when the browser refused a write (the quota was reached); false when the probe stopped at 10 MB. */
  reachedLimit: boolean;
};

/**
 * Adds 1 KB keys until the browser refuses one or 10 MB are in use, then removes them all. It
 * runs in one synchronous stretch on purpose: while storage is full no other code may run,
 * since the app's own writes would then make room by dropping the user's keys.
 */
export function probeQuota(storage: Storage): QuotaProbe {
  const usedBytes = listEntries(storage).reduce((total, entry) => total + entry.bytes, 0);
  const written: string[] = [];
  const chunk = "x".repeat(QUOTA_PROBE_STEP_BYTES / 2);
  let added = 0;
  let reachedLimit = false;
  try {
    for (let step = 0; usedBytes + added < QUOTA_PROBE_MAX_BYTES; step++) {
      const key = `${PROBE_KEY_PREFIX}${step}`;
      // Key and value together make one 1 KB step.
      const value = chunk.slice(0, Math.max(0, QUOTA_PROBE_STEP_BYTES / 2 - key.length));
      try {
        storage.setItem(key, value);
      } catch {
        reachedLimit = true;
        break;
      }
      written.push(key);
      added += entryBytes(key, value);
    }
  } finally {
    for (const key of written) storage.removeItem(key);
  }
  return { usedBytes, quotaBytes: usedBytes + added, reachedLimit };
}

export type UsageTone = "green" | "yellow" | "red";

/** Green up to 60 %, yellow above 60 %, red above 80 %. */
export function usageTone(percent: number): UsageTone {
  if (percent > USAGE_DANGER_PERCENT) return "red";
  if (percent > USAGE_WARNING_PERCENT) return "yellow";
  return "green";
}

/** "0 B", "512 B", "1.5 KB", "4.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
