/**
 * Answers kept in this process until a moment each carries, the least recently used dropped
 * first once `maxBytes` are held (by `sizeOf`'s estimate of each). A value larger than a
 * quarter of the whole is not kept: one answer must not empty the cache.
 */
export function createMemoryCache<V>(options: { maxBytes: number; sizeOf: (value: V) => number; now?: () => number }) {
  const { maxBytes, sizeOf } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; until: number; bytes: number }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        drop(key);
        return undefined;
      }
      // Map order is insertion order: re-inserting marks it most recently used.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key: string, value: V, until: number): void {
      const size = sizeOf(value);
      if (maxBytes <= 0 || size > maxBytes / 4) return;
      drop(key);
      entries.set(key, { value, until, bytes: size });
      bytes += size;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
    /** Forgets every answer. */
    clear(): void {
      entries.clear();
      bytes = 0;
    },
  };
}

export type MemoryCache<V> = ReturnType<typeof createMemoryCache<V>>;
