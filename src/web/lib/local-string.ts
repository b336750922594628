import { readString, writeString } from "@/web/lib/storage";

/**
 * A string kept in this device's localStorage that components can subscribe to
 * (useSyncExternalStore): a choice that stays with the device, such as the theme, unlike the
 * user's preferences, which follow the account (lib/user-data/preferences-store.ts). Other
 * tabs' changes arrive through the `storage` event.
 */
export type LocalString<T extends string> = {
  get: () => T;
  set: (value: T) => void;
  subscribe: (onChange: () => void) => () => void;
};

export function createLocalString<T extends string>(
  key: string,
  parse: (raw: string | null) => T,
): LocalString<T> {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const handleStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };

  return {
    get: () => parse(readString(key)),
    set: (value) => {
      writeString(key, value);
      notify();
    },
    subscribe: (onChange) => {
      if (listeners.size === 0) window.addEventListener("storage", handleStorage);
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) window.removeEventListener("storage", handleStorage);
      };
    },
  };
}
