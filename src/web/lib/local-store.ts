import { readString, writeString } from "@/web/lib/storage";

/**
 * A value kept in localStorage that React can subscribe to (useSyncExternalStore): reads are
 * cached by the raw string so the snapshot stays referentially stable, writes notify this
 * tab's subscribers, and other tabs' writes arrive through the `storage` event.
 */
export type LocalValue<T> = {
  get: () => T;
  set: (value: T) => void;
  update: (change: (current: T) => T) => T;
  subscribe: (onChange: () => void) => () => void;
};

export function createLocalValue<T>(
  key: string,
  decode: (raw: string | null) => T,
  encode: (value: T) => string = (value) => JSON.stringify(value),
): LocalValue<T> {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue: T;

  const notify = () => listeners.forEach((listener) => listener());
  const handleStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };

  const get = (): T => {
    const raw = readString(key);
    if (raw !== cachedRaw || cachedRaw === undefined) {
      cachedRaw = raw;
      cachedValue = decode(raw);
    }
    return cachedValue;
  };

  const set = (value: T): void => {
    const raw = encode(value);
    writeString(key, raw);
    // Keep the snapshot even when storage refused the write (private mode, quota): the
    // session still sees its own change.
    cachedRaw = readString(key) === raw ? raw : cachedRaw;
    cachedValue = value;
    notify();
  };

  return {
    get,
    set,
    update: (change) => {
      const next = change(get());
      set(next);
      return next;
    },
    subscribe: (onChange) => {
      if (listeners.size === 0 && typeof window !== "undefined") window.addEventListener("storage", handleStorage);
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0 && typeof window !== "undefined") window.removeEventListener("storage", handleStorage);
      };
    },
  };
}

/** Parses JSON, giving null for a missing or corrupt value. */
export function parseJsonOrNull(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** A random id that works outside secure contexts too (crypto.randomUUID needs https or localhost). */
export function randomId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
