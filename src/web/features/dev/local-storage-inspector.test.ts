import { describe, expect, it } from "vitest";
import { PROBE_KEY_PREFIX, QUOTA_PROBE_MAX_BYTES, entryBytes, listEntries, probeQuota, usageTone } from "./local-storage-inspector";

/** A Storage that refuses writes past `quotaBytes`, as a browser does. */
function storageWithQuota(quotaBytes: number, initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  let usedBytes = [...data].reduce((total, [key, value]) => total + entryBytes(key, value), 0);
  return {
    get length() {
      return data.size;
    },
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      const previous = data.get(key);
      const next = usedBytes - (previous === undefined ? 0 : entryBytes(key, previous)) + entryBytes(key, value);
      if (next > quotaBytes) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      data.set(key, value);
      usedBytes = next;
    },
    removeItem: (key) => {
      const previous = data.get(key);
      if (previous !== undefined) usedBytes -= entryBytes(key, previous);
      data.delete(key);
    },
    clear: () => {
      data.clear();
      usedBytes = 0;
    },
  };
}

describe("the local-storage inspector", () => {
  it("lists keys by size with 500-character previews", () => {
    const storage = storageWithQuota(1e9, { small: "a", big: "b".repeat(2000), theme: "dark" });
    const entries = listEntries(storage);
    expect(entries.map((entry) => entry.key)).toEqual(["big", "theme", "small"]);
    expect(entries[0]).toMatchObject({ bytes: (3 + 2000) * 2, truncated: true, length: 2000 });
    expect(entries[0]!.preview).toHaveLength(500);
    expect(entries[2]).toMatchObject({ preview: "a", truncated: false });
  });

  it("estimates the quota when the browser refuses a write mid-probe, and leaves the user's keys as they were", () => {
    const storage = storageWithQuota(300 * 1024, { settings: "{}", "search-cache": "c".repeat(50_000) });
    const before = listEntries(storage);
    const probe = probeQuota(storage);
    expect(probe.reachedLimit).toBe(true);
    expect(probe.usedBytes).toBe(before.reduce((total, entry) => total + entry.bytes, 0));
    // Within one 1 KB step of the real quota.
    expect(300 * 1024 - probe.quotaBytes).toBeGreaterThanOrEqual(0);
    expect(300 * 1024 - probe.quotaBytes).toBeLessThan(1024);
    expect(listEntries(storage)).toEqual(before);
    expect(listEntries(storage).some((entry) => entry.key.startsWith(PROBE_KEY_PREFIX))).toBe(false);
  });

  it("stops at 10 MB when the browser allows more", () => {
    const storage = storageWithQuota(50 * 1024 * 1024);
    const probe = probeQuota(storage);
    expect(probe.reachedLimit).toBe(false);
    expect(probe.quotaBytes).toBeGreaterThanOrEqual(QUOTA_PROBE_MAX_BYTES);
    expect(probe.quotaBytes).toBeLessThan(QUOTA_PROBE_MAX_BYTES + 1024);
    expect(storage.length).toBe(0);
  });

  it("colours the usage green, yellow above 60 % and red above 80 %", () => {
    expect(usageTone(0)).toBe("green");
    expect(usageTone(60)).toBe("green");
    expect(usageTone(60.1)).toBe("yellow");
    expect(usageTone(80)).toBe("yellow");
    expect(usageTone(80.5)).toBe("red");
  });
});
