import { CITE_KEY_FORMATS, DEFAULT_EMAIL_PREFERENCES, EMAIL_NOTIFICATION_FREQUENCIES, ROLES, SETTINGS_DEFAULTS, type CiteKeyFormat } from "@/shared/constants";

/**
 * The zod-free half of the user-data contract (see `user-data.ts`): plain types, defaults,
 * key rules and the per-field checks both sides need. The browser imports this module on
 * every page, so it must never import zod (nor anything that does, such as `paper.ts`); the
 * zod schemas in `user-data.ts` are built on these values and re-export them, and the web
 * loads those schemas lazily, only when it validates a write.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** zod's record check: a plain object (literal or null-prototype), never an array or a class instance. */
const isPlainRecord = (value: unknown): value is Record<string, unknown> => {
  if (!isObject(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

const isString = (value: unknown, max = Infinity): value is string => typeof value === "string" && value.length <= max;
const isStringOrNull = (value: unknown, max = Infinity): boolean => value === null || isString(value, max);
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
const isStringArray = (value: unknown, maxItems = Infinity, maxLength = Infinity): value is string[] =>
  Array.isArray(value) && value.length <= maxItems && value.every((item) => isString(item, maxLength));
/** Only these keys (a strict zod object), each passing its check (an absent key is checked as undefined). */
const isStrictObject = (value: unknown, checks: Record<string, (field: unknown) => boolean>): boolean =>
  isObject(value) &&
  Object.keys(value).every((key) => Object.hasOwn(checks, key)) &&
  Object.entries(checks).every(([key, check]) => check(value[key]));
const optional =
  (check: (value: unknown) => boolean) =>
  (value: unknown): boolean =>
    value === undefined || check(value);

// --- Settings --------------------------------------------------------------------------------

export { CITE_KEY_FORMATS, type CiteKeyFormat };

/** The user's settings; `settingsSchema` in user-data.ts is checked against it. */
export type Settings = {
  autoLoadCatchup: boolean;
  autoTriggerSearch: boolean;
  lastViewedPaper: string | null;
  enableReadingHistory: boolean;
  /** The version watch: tell the user when a kept paper gets a new version or is published. */
  watchPaperChanges: boolean;
  /** The version watch covers the reading history too (bookmarks and collections always). */
  watchReadingHistory: boolean;
  zoteroSkipDuplicateCheck: boolean;
  zoteroFilters: { topLevelOnly: boolean; itemTypes: string[]; searchQuery: string };
  citeKeyFormat: CiteKeyFormat;
  customCiteKeyPattern: string;
  zoteroLibraryVersion?: number | undefined;
  llm?: { defaultProvider?: string | undefined; defaultModel?: string | undefined } | undefined;
};

export const SETTINGS_LIMITS = {
  lastViewedPaper: 300,
  zoteroItemTypes: 100,
  zoteroItemTypeLength: 100,
  zoteroSearchQuery: 1000,
  customCiteKeyPattern: 200,
  llmDefaultProvider: 100,
  llmDefaultModel: 200,
} as const;

const SETTINGS_FIELD_CHECKS: { [K in keyof Settings]-?: (value: unknown) => boolean } = {
  autoLoadCatchup: isBoolean,
  autoTriggerSearch: isBoolean,
  lastViewedPaper: (value) => isStringOrNull(value, SETTINGS_LIMITS.lastViewedPaper),
  enableReadingHistory: isBoolean,
  watchPaperChanges: isBoolean,
  watchReadingHistory: isBoolean,
  zoteroSkipDuplicateCheck: isBoolean,
  zoteroFilters: (value) =>
    isStrictObject(value, {
      topLevelOnly: isBoolean,
      itemTypes: (items) => isStringArray(items, SETTINGS_LIMITS.zoteroItemTypes, SETTINGS_LIMITS.zoteroItemTypeLength),
      searchQuery: (query) => isString(query, SETTINGS_LIMITS.zoteroSearchQuery),
    }),
  citeKeyFormat: (value) => (CITE_KEY_FORMATS as readonly unknown[]).includes(value),
  customCiteKeyPattern: (value) => isString(value, SETTINGS_LIMITS.customCiteKeyPattern),
  zoteroLibraryVersion: optional((value) => Number.isSafeInteger(value) && (value as number) >= 0),
  llm: optional((value) =>
    isStrictObject(value, {
      defaultProvider: optional((provider) => isString(provider, SETTINGS_LIMITS.llmDefaultProvider)),
      defaultModel: optional((model) => isString(model, SETTINGS_LIMITS.llmDefaultModel)),
    }),
  ),
};

/** Whether `value` is a valid value of the settings field `key` (false for a key that is no setting). */
export function isValidSettingsField(key: string, value: unknown): key is keyof Settings {
  return Object.hasOwn(SETTINGS_FIELD_CHECKS, key) && SETTINGS_FIELD_CHECKS[key as keyof Settings](value);
}

/**
 * Whether `patch` is a settings patch `settingsPatchSchema` accepts as it is: an object whose
 * every key is a setting with a valid value. The web applies such a patch without loading zod;
 * anything else goes to the schema, which refuses it with its own message.
 */
export function isValidSettingsPatch(patch: unknown): patch is Partial<Settings> {
  return isObject(patch) && Object.entries(patch).every(([key, value]) => isValidSettingsField(key, value));
}

export const DEFAULT_SETTINGS: Settings = {
  ...SETTINGS_DEFAULTS,
  zoteroFilters: { ...SETTINGS_DEFAULTS.zoteroFilters, itemTypes: [] },
};

/**
 * Stored settings over the defaults; anything stored that no longer validates is dropped.
 * `patch` (already validated by the caller) goes over the result as it is.
 */
export function mergeSettings(stored: unknown, patch: Partial<Settings> = {}): Settings {
  const base: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  if (typeof stored === "object" && stored !== null) {
    for (const [key, value] of Object.entries(stored)) {
      if (isValidSettingsField(key, value)) base[key] = value;
    }
  }
  return { ...(base as Settings), ...patch };
}

// --- Profile ---------------------------------------------------------------------------------

export type EmailNotificationFrequency = (typeof EMAIL_NOTIFICATION_FREQUENCIES)[number];
export type EmailPreferences = { welcome: boolean; notifications: EmailNotificationFrequency };
export type Role = (typeof ROLES)[number];

/** The research profile (table user_profiles); `profileSchema` in user-data.ts is checked against it. */
export type Profile = {
  name: string | null;
  email: string | null;
  affiliation: string | null;
  avatarUrl: string | null;
  socialLinks: Record<string, string>;
  researchCategories: string[];
  researchInterests: string[];
  authorNames: string[];
  /** The OpenAlex identity linked to an author name (at most one per name); names without one are matched by name. */
  authorIdentities: { name: string; openalexId: string; orcid: string | null }[];
  excludeTerms: string[];
  role: Role;
  isPublic: boolean;
  emailPreferences: EmailPreferences;
  lastActiveAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export const DEFAULT_EMAIL_PREFS: EmailPreferences = { ...DEFAULT_EMAIL_PREFERENCES };

const isEmailPreferences = (value: unknown): boolean =>
  isStrictObject(value, {
    welcome: isBoolean,
    notifications: (frequency) => (EMAIL_NOTIFICATION_FREQUENCIES as readonly unknown[]).includes(frequency),
  });

const PROFILE_FIELD_CHECKS: { [K in keyof Profile]-?: (value: unknown) => boolean } = {
  name: (value) => isStringOrNull(value),
  email: (value) => isStringOrNull(value),
  affiliation: (value) => isStringOrNull(value),
  avatarUrl: (value) => isStringOrNull(value),
  socialLinks: (value) => isPlainRecord(value) && Object.values(value).every((link) => isString(link)),
  researchCategories: (value) => isStringArray(value),
  researchInterests: (value) => isStringArray(value),
  authorNames: (value) => isStringArray(value),
  authorIdentities: (value) =>
    Array.isArray(value) &&
    value.every((identity) =>
      isStrictObject(identity, {
        name: isString,
        openalexId: (id) => typeof id === "string" && /^A\d{1,15}$/.test(id),
        orcid: (orcid) => orcid === null || (typeof orcid === "string" && /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(orcid)),
      }),
    ),
  excludeTerms: (value) => isStringArray(value),
  role: (value) => (ROLES as readonly unknown[]).includes(value),
  isPublic: isBoolean,
  emailPreferences: isEmailPreferences,
  lastActiveAt: (value) => isStringOrNull(value),
  createdAt: (value) => isString(value),
  updatedAt: (value) => isString(value),
};

/** Whether `value` is a valid value of the profile field `key` (what `profileSchema.shape[key]` accepts). */
export function isValidProfileField(key: string, value: unknown): key is keyof Profile {
  return Object.hasOwn(PROFILE_FIELD_CHECKS, key) && PROFILE_FIELD_CHECKS[key as keyof Profile](value);
}

/**
 * Whether `patch` is a profile patch that `profilePatchSchema` accepts unchanged and that needs
 * no zod to check: today only `emailPreferences` (the other fields are trimmed and refined by
 * the schema, so they go through it).
 */
export function isPlainProfilePatch(patch: unknown): patch is { emailPreferences?: EmailPreferences } {
  return isObject(patch) && Object.entries(patch).every(([key, value]) => key === "emailPreferences" && isEmailPreferences(value));
}

/**
 * A stored profile's valid fields over `base`; a field that does not validate keeps the base
 * value. `renames` maps older field names (a legacy device copy) to the current ones.
 */
export function mergeStoredProfile(base: Profile, stored: unknown, renames: Readonly<Record<string, keyof Profile>> = {}): Profile {
  const profile: Record<string, unknown> = { ...base };
  if (typeof stored !== "object" || stored === null) return profile as Profile;
  for (const [rawKey, value] of Object.entries(stored)) {
    const key = Object.hasOwn(renames, rawKey) ? renames[rawKey]! : rawKey;
    if (isValidProfileField(key, value)) profile[key] = value;
  }
  return profile as Profile;
}

// --- Preferences -----------------------------------------------------------------------------

/**
 * Preference keys travel encoded: every character that is not a letter or digit becomes
 * `%XX` (its UTF-8 bytes), so `searchState` stays `searchState` and `../x` becomes `%2E%2E%2Fx`.
 * The server accepts only encoded keys of at most 200 characters.
 */
export function encodePreferenceKey(key: string): string {
  return Array.from(new TextEncoder().encode(key), (byte) => {
    const char = String.fromCharCode(byte);
    return /[A-Za-z0-9]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }).join("");
}

export function decodePreferenceKey(encoded: string): string {
  return decodeURIComponent(encoded);
}

export const PREFERENCE_KEY_MAX_LENGTH = 200;
/** An encoded preference key: letters, digits and `%XX` only. */
export const PREFERENCE_KEY_PATTERN = /^(?:[A-Za-z0-9]|%[0-9A-F]{2})+$/;
export const PREFERENCE_KEY_MESSAGES = {
  empty: "Preference key is empty.",
  tooLong: `Preference key is longer than ${PREFERENCE_KEY_MAX_LENGTH} characters.`,
  notEncoded: "Preference key must be encoded: letters, digits and %XX only.",
} as const;

/** What is wrong with an encoded preference key (the same problems, in the same order, as `preferenceKeySchema`); empty when valid. */
export function preferenceKeyProblems(key: string): string[] {
  const problems: string[] = [];
  if (key.length < 1) problems.push(PREFERENCE_KEY_MESSAGES.empty);
  if (key.length > PREFERENCE_KEY_MAX_LENGTH) problems.push(PREFERENCE_KEY_MESSAGES.tooLong);
  if (!PREFERENCE_KEY_PATTERN.test(key)) problems.push(PREFERENCE_KEY_MESSAGES.notEncoded);
  return problems;
}

/** A preference value: any JSON, at most 64 KB serialised. */
export const PREFERENCE_VALUE_MAX_BYTES = 64 * 1024;

/** `searchState` values are merged into the stored one rather than replacing it. */
export const SEARCH_STATE_KEY = "searchState";

// --- Cache -----------------------------------------------------------------------------------

export const CACHE_KEY_MAX_LENGTH = 200;
export const CACHE_KEY_PATTERN = /^[A-Za-z0-9._:-]+$/;
export const CACHE_KEY_PATTERN_MESSAGE = "Cache key may hold letters, digits, '.', '_', ':' and '-' only.";
/** The longest ttl a cache entry may have: a year. */
export const CACHE_TTL_MAX_SECONDS = 365 * 24 * 3600;

/** A cache entry (table user_cache); `cacheEntrySchema` in user-data.ts is checked against it. */
export type CacheEntry = {
  key: string;
  data: unknown;
  expiresAt: string | null;
  cachedAt: string;
  accessCount: number;
  lastAccessed: string;
};

/** The entry's fields (and only those) when `value` has a cache entry's shape (what `cacheEntrySchema` accepts), else undefined. */
export function toCacheEntry(value: unknown): CacheEntry | undefined {
  if (!isObject(value) || !("data" in value)) return undefined;
  const { key, data, expiresAt, cachedAt, accessCount, lastAccessed } = value;
  if (!isString(key) || !isStringOrNull(expiresAt) || !isString(cachedAt) || !isString(lastAccessed) || !Number.isSafeInteger(accessCount)) return undefined;
  return { key, data, expiresAt: expiresAt as string | null, cachedAt, accessCount: accessCount as number, lastAccessed };
}

// --- Reading history -------------------------------------------------------------------------

export const VIEW_TYPES = ["paper", "abs", "pdf", "html"] as const;
export type ViewType = (typeof VIEW_TYPES)[number];
