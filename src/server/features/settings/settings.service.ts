import { DEFAULT_SETTINGS, mergeSettings, type Settings, type SettingsPatch } from "@/shared/user-data";
import type { SettingsRepository } from "./settings.repository";

/** The settings document: defaults stored on first read, patches merged. */
export function settingsService(repository: SettingsRepository) {
  return {
    async get(userId: string): Promise<Settings> {
      const row = await repository.findOrInsert(userId, DEFAULT_SETTINGS);
      return mergeSettings(row.settings);
    },

    async update(userId: string, patch: SettingsPatch): Promise<Settings> {
      const row = await repository.mergePatch(userId, mergeSettings(null, patch), patch);
      return mergeSettings(row.settings);
    },
  };
}
export type SettingsService = ReturnType<typeof settingsService>;
