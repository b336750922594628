import { PREFERENCE_DUPLICATE_WINDOW_MS, PREFERENCE_LOCAL_SAVE_DEBOUNCE_MS } from "@/shared/constants";
import {
  decodePreferenceKey,
  encodePreferenceKey,
  PREFERENCE_VALUE_MAX_BYTES,
  preferenceKeyProblems,
  SEARCH_STATE_KEY,
} from "@/shared/user-data-values";
import { api } from "@/web/lib/api";
import { parseJsonOrNull } from "@/web/lib/local-store";
import { readString, removeString, writeString } from "@/web/lib/storage";
import { createRemoteValue, type LoadStatus } from "@/web/lib/user-data/remote-value";
import { describeProblems, UserDataInputError } from "@/web/lib/user-data/user-data-errors";

/**
 * Preferences: small key/value UI state (table sorts, search state, pagination...) with the
 * spec's sync rules (and 4 "Preference sync"):
 * - on the device, a change is written 500 ms after the last one (PREFERENCE_LOCAL_SAVE_DEBOUNCE_MS);
 * - signed in, it is saved to `/api/me/preferences/:key` at once;
 * - saving the same key and value again within 1 s is skipped (PREFERENCE_DUPLICATE_WINDOW_MS);
 * - `searchState` is merged into the stored object rather than replacing it;
 * - keys travel and are stored encoded (`encodePreferenceKey`); the API takes and gives plain keys;
 * - sign-out resets the device copy to nothing (every preference back to its default).
 */

// The spec's numbers. They belong with the others in
// src/shared/constants.ts; they live here until that file's owner moves them.
export { PREFERENCE_DUPLICATE_WINDOW_MS, PREFERENCE_LOCAL_SAVE_DEBOUNCE_MS };

/** The device copy: one JSON object of encoded key -> value. */
export const DEVICE_PREFERENCES_KEY = "preferences";

export type PreferenceMap = Readonly<Record<string, unknown>>;

export interface PreferencesStore {
  /** Every preference by its plain key. Stable between changes (useSyncExternalStore). */
  getSnapshot(): PreferenceMap;
  getStatus(): LoadStatus;
  subscribe(onChange: () => void): () => void;
  get(key: string): unknown;
  /**
   * Sets a preference (a `searchState` object is merged into the stored one). Resolves false
   * when the same value was saved for the key less than 1 s ago. An over-long key or a value
   * that is not JSON (or over 64 KB) is refused with UserDataInputError.
   */
  set(key: string, value: unknown): Promise<boolean>;
  remove(key: string): Promise<void>;
  clear(): Promise<void>;
  /** Writes what is still waiting for its debounce. */
  flush(): Promise<void>;
}

/** The encoded key, or UserDataInputError when it is too long once encoded. */
export function encodeValidKey(key: string): string {
  const encoded = encodePreferenceKey(key);
  const problems = preferenceKeyProblems(encoded);
  if (problems.length > 0) throw new UserDataInputError(describeProblems(`Preference "${key}" not saved`, problems));
  return encoded;
}

/** The value's JSON, or UserDataInputError when it is not JSON or too large. */
export function serialiseValue(key: string, value: unknown): string {
  const json = value === undefined ? undefined : JSON.stringify(value);
  if (json === undefined) throw new UserDataInputError(`Preference "${key}" not saved: the value is not JSON.`);
  if (new TextEncoder().encode(json).length > PREFERENCE_VALUE_MAX_BYTES) {
    throw new UserDataInputError(`Preference "${key}" not saved: the value is larger than ${PREFERENCE_VALUE_MAX_BYTES / 1024} KB.`);
  }
  return json;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What is stored after setting `value`: a searchState object merges into the current one. */
export function mergePreferenceValue(key: string, current: unknown, value: unknown): unknown {
  if (key === SEARCH_STATE_KEY && isPlainObject(current) && isPlainObject(value)) return { ...current, ...value };
  return value;
}

/** Remembers the last save per key, to skip the same key and value again within the window. */
export function createDuplicateSaveGuard(windowMs: number, now: () => number) {
  const lastSaved = new Map<string, { json: string; at: number }>();
  return {
    isDuplicate(key: string, json: string): boolean {
      const last = lastSaved.get(key);
      return last !== undefined && last.json === json && now() - last.at < windowMs;
    },
    remember(key: string, json: string): void {
      lastSaved.set(key, { json, at: now() });
    },
    forget(key?: string): void {
      if (key === undefined) lastSaved.clear();
      else lastSaved.delete(key);
    },
  };
}

/** Only well-formed encoded keys survive (a hand-edited or foreign entry is ignored). */
function validEncodedEntries(value: unknown): Record<string, unknown> {
  if (!isPlainObject(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([key]) => preferenceKeyProblems(key).length === 0));
}

function decodeKeys(map: Record<string, unknown>): PreferenceMap {
  const decoded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(map)) {
    try {
      decoded[decodePreferenceKey(key)] = value;
    } catch {
      // A malformed %-sequence: not a key this app wrote.
    }
  }
  return decoded;
}

export type DevicePreferencesStore = PreferencesStore & {
  /** What the device holds, by encoded key (the sign-in migration uploads these). */
  readEncoded(): Record<string, unknown>;
  /** Back to no preferences at all, nothing pending (sign-out, after the migration). */
  reset(): void;
};

export function createDevicePreferencesStore(
  options: { key?: string; now?: () => number; debounceMs?: number; duplicateWindowMs?: number } = {},
): DevicePreferencesStore {
  const storageKey = options.key ?? DEVICE_PREFERENCES_KEY;
  const debounceMs = options.debounceMs ?? PREFERENCE_LOCAL_SAVE_DEBOUNCE_MS;
  const guard = createDuplicateSaveGuard(options.duplicateWindowMs ?? PREFERENCE_DUPLICATE_WINDOW_MS, options.now ?? Date.now);
  const listeners = new Set<() => void>();
  let map: Record<string, unknown> | undefined;
  let snapshotOf: Record<string, unknown> | undefined;
  let snapshot: PreferenceMap = {};
  let timer: ReturnType<typeof setTimeout> | undefined;

  const read = (): Record<string, unknown> => (map ??= validEncodedEntries(parseJsonOrNull(readString(storageKey))));
  const notify = () => listeners.forEach((listener) => listener());
  const write = () => {
    timer = undefined;
    writeString(storageKey, JSON.stringify(read()));
  };
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const change = (next: Record<string, unknown>) => {
    map = next;
    notify();
  };
  const handleStorage = (event: StorageEvent) => {
    // Another tab wrote; our own unsaved change wins until it is written.
    if ((event.key === storageKey || event.key === null) && timer === undefined) change(validEncodedEntries(parseJsonOrNull(readString(storageKey))));
  };

  return {
    getSnapshot() {
      const current = read();
      if (current !== snapshotOf) {
        snapshotOf = current;
        snapshot = decodeKeys(current);
      }
      return snapshot;
    },
    getStatus: () => "ready",
    subscribe(onChange) {
      if (listeners.size === 0 && typeof window !== "undefined") window.addEventListener("storage", handleStorage);
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0 && typeof window !== "undefined") window.removeEventListener("storage", handleStorage);
      };
    },
    get: (key) => read()[encodePreferenceKey(key)],
    async set(key, value) {
      const encoded = encodeValidKey(key);
      const merged = mergePreferenceValue(key, read()[encoded], value);
      const json = serialiseValue(key, merged);
      if (guard.isDuplicate(encoded, json)) return false;
      guard.remember(encoded, json);
      change({ ...read(), [encoded]: merged });
      cancel();
      timer = setTimeout(write, debounceMs);
      return true;
    },
    async remove(key) {
      const encoded = encodePreferenceKey(key);
      guard.forget(encoded);
      const { [encoded]: _removed, ...rest } = read();
      change(rest);
      cancel();
      write();
    },
    async clear() {
      guard.forget();
      cancel();
      removeString(storageKey);
      change({});
    },
    async flush() {
      if (timer === undefined) return;
      cancel();
      write();
    },
    readEncoded: () => ({ ...read() }),
    reset() {
      guard.forget();
      cancel();
      removeString(storageKey);
      change({});
    },
  };
}

/** The path segment for a key: encoded, then escaped once more for the URL (the router decodes one level). */
export function preferencePath(encodedKey: string): string {
  return `/api/me/preferences/${encodeURIComponent(encodedKey)}`;
}

export type ServerPreferencesStore = PreferencesStore & { load(): Promise<unknown>; dispose(): void };

export function createServerPreferencesStore(
  options: { ready?: () => Promise<unknown>; now?: () => number; duplicateWindowMs?: number } = {},
): ServerPreferencesStore {
  const guard = createDuplicateSaveGuard(options.duplicateWindowMs ?? PREFERENCE_DUPLICATE_WINDOW_MS, options.now ?? Date.now);
  const value = createRemoteValue<Record<string, unknown>>({
    initial: {},
    fetch: async () => {
      await options.ready?.().catch(() => undefined);
      const { preferences } = await api.get<{ preferences: unknown }>("/api/me/preferences");
      return validEncodedEntries(preferences);
    },
  });
  let snapshotOf: Record<string, unknown> | undefined;
  let snapshot: PreferenceMap = {};

  /** Puts one key back to what it was, unless something changed it since. */
  const restore = (encoded: string, expected: unknown, before: Record<string, unknown>) => {
    const current = value.get();
    if (current[encoded] !== expected) return;
    const { [encoded]: _dropped, ...rest } = current;
    value.set(encoded in before ? { ...rest, [encoded]: before[encoded] } : rest);
  };

  return {
    getSnapshot() {
      const current = value.get();
      if (current !== snapshotOf) {
        snapshotOf = current;
        snapshot = decodeKeys(current);
      }
      return snapshot;
    },
    getStatus: value.getStatus,
    subscribe: value.subscribe,
    load: value.load,
    dispose: value.dispose,
    get: (key) => value.get()[encodePreferenceKey(key)],
    async set(key, next) {
      const encoded = encodeValidKey(key);
      serialiseValue(key, next);
      if (value.getStatus() !== "ready") await value.load().catch(() => undefined);
      const before = value.get();
      const merged = mergePreferenceValue(key, before[encoded], next);
      const json = serialiseValue(key, merged);
      if (guard.isDuplicate(encoded, json)) return false;
      guard.remember(encoded, json);
      value.set({ ...before, [encoded]: merged });
      try {
        // The plain value goes up: for searchState the server merges it into what it holds,
        // which may be newer than this tab's copy.
        const saved = await api.put<{ value: unknown }>(preferencePath(encoded), { value: next });
        if (value.get()[encoded] === merged && saved && "value" in saved) value.set({ ...value.get(), [encoded]: saved.value });
        return true;
      } catch (error) {
        guard.forget(encoded);
        restore(encoded, merged, before);
        throw error;
      }
    },
    async remove(key) {
      const encoded = encodePreferenceKey(key);
      guard.forget(encoded);
      const before = value.get();
      if (!(encoded in before)) return;
      const { [encoded]: _removed, ...rest } = before;
      value.set(rest);
      try {
        await api.delete(preferencePath(encoded));
      } catch (error) {
        if (!(encoded in value.get())) value.set({ ...value.get(), [encoded]: before[encoded] });
        throw error;
      }
    },
    async clear() {
      guard.forget();
      const before = value.get();
      value.set({});
      try {
        await api.delete("/api/me/preferences");
      } catch (error) {
        value.set({ ...before, ...value.get() });
        throw error;
      }
    },
    async flush() {
      // Saved at once: nothing waits.
    },
  };
}
