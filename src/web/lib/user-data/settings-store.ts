import { STORAGE_KEYS } from "@/shared/constants";
import type { SettingsPatch } from "@/shared/user-data";
import { DEFAULT_SETTINGS, isValidSettingsPatch, mergeSettings, type Settings } from "@/shared/user-data-values";
import { createLocalValue, parseJsonOrNull } from "@/web/lib/local-store";
import { removeString } from "@/web/lib/storage";
import { createServerDocument, type LoadStatus } from "@/web/lib/user-data/remote-value";
import { parseInput, toastFailure, USER_DATA_MESSAGES } from "@/web/lib/user-data/user-data-errors";

/**
 * Settings (the contract's `Settings`): on the device under
 * `settings` for anonymous visitors, in `/api/me/settings` for signed-in users.
 */
export interface SettingsStore {
  /** The settings over the defaults. Stable between changes (useSyncExternalStore). */
  getSnapshot(): Settings;
  getStatus(): LoadStatus;
  subscribe(onChange: () => void): () => void;
  /**
   * The settings once they are known (an account's are fetched first; the device's are read at
   * once). Rejects when they cannot be loaded.
   */
  load(): Promise<Settings>;
  /**
   * Applies a partial change at once and saves it. A patch with unknown fields or wrong types
   * is refused before anything is sent (UserDataInputError with a readable message).
   */
  update(patch: SettingsPatch): Promise<Settings>;
}

/**
 * The patch, validated against the contract; rejects with UserDataInputError naming what is
 * wrong. The zod schema is loaded here, when needed, not with the page.
 */
export async function parseSettingsPatch(patch: unknown): Promise<SettingsPatch> {
  const { settingsPatchSchema } = await import("@/shared/user-data");
  return parseInput(settingsPatchSchema, patch, "Settings not saved");
}

export type DeviceSettingsStore = SettingsStore & { reset(): void };

export function createDeviceSettingsStore(options: { key?: string } = {}): DeviceSettingsStore {
  const key = options.key ?? STORAGE_KEYS.settings;
  const value = createLocalValue<Settings>(key, (raw) => mergeSettings(parseJsonOrNull(raw)));
  return {
    getSnapshot: value.get,
    getStatus: () => "ready",
    subscribe: value.subscribe,
    load: async () => value.get(),
    async update(patch) {
      // A valid patch (the zod-free `isValidSettingsPatch`) is applied in this same tick, as a
      // copy; anything else goes to zod, which refuses it with its message before anything is
      // stored or sent.
      const valid = isValidSettingsPatch(patch) ? structuredClone(patch) : await parseSettingsPatch(patch);
      return value.update((current) => ({ ...current, ...valid }));
    },
    // Back to the defaults: nothing stored (views re-read on announceStorageCleared).
    reset: () => removeString(key),
  };
}

export type ServerSettingsStore = SettingsStore & { dispose(): void };

export function createServerSettingsStore(options: { ready?: () => Promise<unknown> } = {}): ServerSettingsStore {
  const document = createServerDocument<Settings, SettingsPatch>({
    path: "/api/me/settings",
    field: "settings",
    initial: DEFAULT_SETTINGS,
    decode: mergeSettings,
    ready: options.ready,
    loadFailure: USER_DATA_MESSAGES.loadSettings,
    saveFailure: USER_DATA_MESSAGES.saveSettings,
  });
  return {
    ...document,
    async update(patch) {
      // As on the device: a valid patch goes on at once, anything else to zod first.
      const valid = isValidSettingsPatch(patch) ? structuredClone(patch) : await parseSettingsPatch(patch);
      return document.save(valid);
    },
  };
}
