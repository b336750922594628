import { errors } from "@/server/errors";
import {
  decodePreferenceKey,
  encodePreferenceKey,
  PREFERENCE_VALUE_MAX_BYTES,
  preferenceKeySchema,
  SEARCH_STATE_KEY,
  searchStateSchema,
} from "@/shared/user-data";
import type { PreferenceRow, PreferencesRepository } from "./preferences.repository";

export type PreferenceEntry = { key: string; value: unknown; updatedAt: string };

/**
 * Free-form preferences: one value per user and encoded
 * key, any JSON up to 64 KB; a stored `searchState` object is merged on save.
 */
export function preferencesService(repository: PreferencesRepository) {
  return {
    async list(userId: string): Promise<Record<string, unknown>> {
      return toRecord(await repository.list(userId));
    },

    async get(userId: string, key: string): Promise<PreferenceEntry> {
      const row = await repository.find(userId, canonicalPreferenceKey(key));
      if (!row) throw errors.notFound("No such preference.");
      return toEntry(row);
    },

    async put(userId: string, key: string, value: unknown): Promise<PreferenceEntry> {
      const canonical = canonicalPreferenceKey(key);
      checkValue(canonical, value);
      const [row] = await repository.upsertMany(userId, [{ key: canonical, value }]);
      if (!row) throw new Error("user_preferences upsert returned no row");
      return toEntry(row);
    },

    /** Validates every entry before storing any, so a bad one stores nothing. */
    async putMany(userId: string, preferences: Record<string, unknown>): Promise<Record<string, unknown>> {
      const byKey = new Map<string, unknown>();
      for (const [key, value] of Object.entries(preferences)) {
        const canonical = canonicalPreferenceKey(key);
        checkValue(canonical, value);
        // Two spellings of one key: merge searchState as the database would, else the later wins.
        const earlier = byKey.get(canonical);
        byKey.set(canonical, canonical === SEARCH_STATE_KEY && isObject(earlier) && isObject(value) ? { ...earlier, ...value } : value);
      }
      await repository.upsertMany(userId, [...byKey].map(([key, value]) => ({ key, value })));
      return toRecord(await repository.list(userId));
    },

    async delete(userId: string, key: string): Promise<void> {
      await repository.delete(userId, canonicalPreferenceKey(key));
    },

    async deleteAll(userId: string): Promise<void> {
      await repository.deleteAll(userId);
    },
  };
}
export type PreferencesService = ReturnType<typeof preferencesService>;

/**
 * The one stored spelling of an encoded key (`%41` and `A` are the same key), or a 400 naming
 * the problem: not encoded (`../x`), too long, or not UTF-8 once decoded.
 */
export function canonicalPreferenceKey(key: string): string {
  const parsed = preferenceKeySchema.safeParse(key);
  if (!parsed.success) {
    throw errors.validation(`Invalid preference key "${preview(key)}": ${parsed.error.issues[0]?.message ?? "invalid."}`);
  }
  try {
    return encodePreferenceKey(decodePreferenceKey(parsed.data));
  } catch {
    throw errors.validation(`Invalid preference key "${preview(key)}": it does not decode to UTF-8 text.`);
  }
}

function checkValue(key: string, value: unknown): void {
  if (value === undefined) throw errors.validation(`Preference "${key}": value is required (null is allowed).`);
  const bytes = Buffer.byteLength(JSON.stringify(value), "utf8");
  if (bytes > PREFERENCE_VALUE_MAX_BYTES) {
    throw errors.validation(`Preference "${key}": the value is ${bytes} bytes; the limit is ${PREFERENCE_VALUE_MAX_BYTES} bytes (64 KB).`);
  }
  if (key === SEARCH_STATE_KEY) {
    if (!isObject(value)) throw errors.validation(`Preference "${key}": the value must be an object.`);
    const parsed = searchStateSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw errors.validation(`Preference "${key}": ${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid."}`, parsed.error.issues);
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function preview(key: string): string {
  return key.length > 40 ? `${key.slice(0, 40)}… (${key.length} characters)` : key;
}

function toEntry(row: PreferenceRow): PreferenceEntry {
  return { key: row.preferenceKey, value: row.preferenceValue ?? null, updatedAt: row.updatedAt.toISOString() };
}

function toRecord(rows: PreferenceRow[]): Record<string, unknown> {
  return Object.fromEntries(rows.map((row) => [row.preferenceKey, row.preferenceValue ?? null]));
}
