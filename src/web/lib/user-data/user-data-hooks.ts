import { useCallback, useSyncExternalStore } from "react";
import type { Profile, ProfilePatch, Settings, SettingsPatch } from "@/shared/user-data";
import type { ReadingHistoryEntry } from "@/web/lib/user-data/reading-history-store";
import { useUserStores } from "@/web/lib/user-data/user-stores";
import type { Loadable } from "@/web/lib/user-data/user-stores-types";
import type { LoadStatus } from "@/web/lib/user-data/remote-value";

/** Live hooks over the current user's stores (device or account, decided in user-stores.ts). */

type Subscribable = Loadable & { subscribe(onChange: () => void): () => void };

/** Whether a store's data is there yet ("loading" also while the session itself loads). */
export function useStoreStatus(store: Subscribable): LoadStatus {
  return useSyncExternalStore(store.subscribe, store.getStatus, store.getStatus);
}

export function useSettings(): { settings: Settings; status: LoadStatus; update: (patch: SettingsPatch) => Promise<Settings> } {
  const { settings: store } = useUserStores();
  const settings = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const status = useStoreStatus(store);
  return { settings, status, update: store.update };
}

export function useProfile(): { profile: Profile; status: LoadStatus; update: (patch: ProfilePatch) => Promise<Profile> } {
  const { profile: store } = useUserStores();
  const profile = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const status = useStoreStatus(store);
  return { profile, status, update: store.update };
}

/**
 * One preference and its setter. The setter never throws: a refused or failed save is
 * reported to `onError` (the stored value stays as it was).
 */
export function usePreference<T>(key: string, fallback: T, onError?: (error: unknown) => void): [T, (value: T) => void, LoadStatus] {
  const { preferences: store } = useUserStores();
  const map = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const status = useStoreStatus(store);
  const value = key in map ? (map[key] as T) : fallback;
  const set = useCallback(
    (next: T) => {
      store.set(key, next).catch((error: unknown) => onError?.(error));
    },
    [store, key, onError],
  );
  return [value, set, status];
}

/** The reading history, newest first, live. */
export function useReadingHistory(): { entries: readonly ReadingHistoryEntry[]; status: LoadStatus } {
  const { readingHistory: store } = useUserStores();
  const entries = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { entries, status: useStoreStatus(store) };
}
