import { z } from "zod";
import {
  EMAIL_NOTIFICATION_FREQUENCIES,
  READING_HISTORY_LIST_LIMIT,
  READING_HISTORY_LOAD_LIMIT,
  ROLES,
  TITLE_MAX_LENGTH,
} from "@/shared/constants";
import { BOOKMARK_BATCH_MAX, BOOKMARK_PAGE_MAX } from "@/shared/library/library-constants";
import { authorIdentitySchema } from "@/shared/author-identity";
import { paperIdSchema, paperSchema } from "@/shared/paper";
import { PAPER_ID_MAX_LENGTH } from "@/shared/paper-id";
import {
  CACHE_KEY_MAX_LENGTH,
  CACHE_KEY_PATTERN,
  CACHE_KEY_PATTERN_MESSAGE,
  CACHE_TTL_MAX_SECONDS,
  CITE_KEY_FORMATS,
  PREFERENCE_KEY_MAX_LENGTH,
  PREFERENCE_KEY_MESSAGES,
  PREFERENCE_KEY_PATTERN,
  SETTINGS_LIMITS,
  VIEW_TYPES,
  type CacheEntry,
  type EmailPreferences,
  type Profile,
  type Settings,
} from "@/shared/user-data-values";

// The zod-free values and rules (the web imports them from user-data-values directly, without zod).
export {
  CACHE_KEY_MAX_LENGTH,
  CACHE_KEY_PATTERN,
  CACHE_KEY_PATTERN_MESSAGE,
  CACHE_TTL_MAX_SECONDS,
  CITE_KEY_FORMATS,
  DEFAULT_EMAIL_PREFS,
  DEFAULT_SETTINGS,
  decodePreferenceKey,
  encodePreferenceKey,
  isPlainProfilePatch,
  isValidProfileField,
  isValidSettingsField,
  isValidSettingsPatch,
  mergeSettings,
  mergeStoredProfile,
  PREFERENCE_KEY_MAX_LENGTH,
  PREFERENCE_KEY_MESSAGES,
  PREFERENCE_KEY_PATTERN,
  PREFERENCE_VALUE_MAX_BYTES,
  preferenceKeyProblems,
  SEARCH_STATE_KEY,
  SETTINGS_LIMITS,
  toCacheEntry,
  VIEW_TYPES,
} from "@/shared/user-data-values";
export type { CacheEntry, CiteKeyFormat, EmailPreferences, Profile, Settings, ViewType } from "@/shared/user-data-values";

/** Compile-time only: a zod schema's output and its plain type in user-data-values.ts describe the same objects. */
type MutuallyAssignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<Check extends true> = Check;

/**
 * The user-data contract shared by the server's `/api/me/*` routes (src/server/features/me/ and
 * the features it mounts) and the web app's two stores (device and server), so both sides
 * validate the same shapes with the same limits.
 *
 * Every route needs a session (cookie or `Authorization: Bearer`), and the user id comes from
 * that session, never from the request: a user only ever reaches their own rows.
 *
 * Path parameters are URL-encoded once more on top of their own form, because a preference key
 * carries escapes of its own and a paper id may be a DOI holding `/`: a preference key goes as
 * `encodeURIComponent(encodePreferenceKey(rawKey))` (so `%2F` in the encoded key travels as
 * `%252F`), a paper id as `encodeURIComponent(paperId)`. Bad input is a 400 `validation_failed`
 * whose message names the field; nothing is stored.
 *
 * Account deletion is better-auth's `POST /api/auth/delete-user { password }` (re-auth by
 * password; every owned row goes by ON DELETE CASCADE), so no route here deletes an account.
 */

export const settingsSchema = z
  .object({
    autoLoadCatchup: z.boolean(),
    autoTriggerSearch: z.boolean(),
    lastViewedPaper: z.string().max(SETTINGS_LIMITS.lastViewedPaper).nullable(),
    enableReadingHistory: z.boolean(),
    watchPaperChanges: z.boolean(),
    watchReadingHistory: z.boolean(),
    zoteroSkipDuplicateCheck: z.boolean(),
    zoteroFilters: z
      .object({
        topLevelOnly: z.boolean(),
        itemTypes: z.array(z.string().max(SETTINGS_LIMITS.zoteroItemTypeLength)).max(SETTINGS_LIMITS.zoteroItemTypes),
        searchQuery: z.string().max(SETTINGS_LIMITS.zoteroSearchQuery),
      })
      .strict(),
    citeKeyFormat: z.enum(CITE_KEY_FORMATS),
    customCiteKeyPattern: z.string().max(SETTINGS_LIMITS.customCiteKeyPattern),
    zoteroLibraryVersion: z.number().int().nonnegative().optional(),
    llm: z
      .object({
        defaultProvider: z.string().max(SETTINGS_LIMITS.llmDefaultProvider).optional(),
        defaultModel: z.string().max(SETTINGS_LIMITS.llmDefaultModel).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type SettingsSchemaMatchesSettings = Assert<MutuallyAssignable<z.infer<typeof settingsSchema>, Settings>>;

/** A partial settings object: unknown fields and wrong types are refused. */
export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const emailPreferencesSchema = z
  .object({ welcome: z.boolean(), notifications: z.enum(EMAIL_NOTIFICATION_FREQUENCIES) })
  .strict();
export type EmailPreferencesSchemaMatchesEmailPreferences = Assert<MutuallyAssignable<z.infer<typeof emailPreferencesSchema>, EmailPreferences>>;

const shortText = (max: number) => z.string().trim().max(max);
const termList = z.array(z.string().trim().min(1).max(200)).max(500);

/** A keyword or exclude term, with the spec's messages. */
export const profileTermSchema = z
  .string()
  .trim()
  .min(2, "Term must be at least 2 characters long")
  .max(100)
  .refine((term) => !/^\d+$/.test(term), "Term cannot be purely numeric")
  .refine((term) => /^[\p{L}\p{N} -]+$/u.test(term), "Term can only contain letters, numbers, spaces, and hyphens");

/** An author name variant as it appears on arXiv papers. */
export const authorNameSchema = z
  .string()
  .trim()
  .min(2, "Invalid name: Please enter your full name as it appears on arXiv papers")
  .max(200);

/** The research profile (table user_profiles). */
export const profileSchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  affiliation: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  socialLinks: z.record(z.string(), z.string()),
  researchCategories: z.array(z.string()),
  researchInterests: z.array(z.string()),
  authorNames: z.array(z.string()),
  authorIdentities: z.array(authorIdentitySchema),
  excludeTerms: z.array(z.string()),
  role: z.enum(ROLES),
  isPublic: z.boolean(),
  emailPreferences: emailPreferencesSchema,
  lastActiveAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProfileSchemaMatchesProfile = Assert<MutuallyAssignable<z.infer<typeof profileSchema>, Profile>>;

/** What a user may change in their profile (never role, never is_public, never the user id). */
export const profilePatchSchema = z
  .object({
    name: shortText(200).nullable(),
    affiliation: shortText(300).nullable(),
    avatarUrl: z.string().url().max(2000).nullable(),
    socialLinks: z.record(z.string().max(50), z.string().max(500)),
    researchCategories: termList,
    researchInterests: z.array(profileTermSchema).max(500),
    authorNames: z.array(authorNameSchema).max(100),
    authorIdentities: z.array(authorIdentitySchema).max(100),
    excludeTerms: z.array(profileTermSchema).max(500),
    emailPreferences: emailPreferencesSchema,
  })
  .partial()
  .strict();
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

/** An encoded preference key (see `encodePreferenceKey`), at most 200 characters. */
export const preferenceKeySchema = z
  .string()
  .min(1, PREFERENCE_KEY_MESSAGES.empty)
  .max(PREFERENCE_KEY_MAX_LENGTH, PREFERENCE_KEY_MESSAGES.tooLong)
  .regex(PREFERENCE_KEY_PATTERN, PREFERENCE_KEY_MESSAGES.notEncoded);

export const searchStateSchema = z
  .object({
    query: z.string(),
    source: z.string(),
    page: z.number().int().nonnegative(),
    pageSize: z.number().int().positive(),
    searchType: z.enum(["basic", "advanced"]),
    sortField: z.string(),
    sortOrder: z.string(),
    advancedTitle: z.string(),
    advancedAuthors: z.array(z.string()),
    advancedDateFrom: z.string().nullable(),
    advancedDateTo: z.string().nullable(),
    llmEnhanced: z.boolean(),
  })
  .partial();
export type SearchState = z.infer<typeof searchStateSchema>;

export const cacheKeySchema = z.string().min(1).max(CACHE_KEY_MAX_LENGTH).regex(CACHE_KEY_PATTERN, CACHE_KEY_PATTERN_MESSAGE);

export const cacheEntrySchema = z.object({
  key: z.string(),
  data: z.unknown(),
  expiresAt: z.string().nullable(),
  cachedAt: z.string(),
  accessCount: z.number().int(),
  lastAccessed: z.string(),
});
export type CacheEntrySchemaMatchesCacheEntry = Assert<MutuallyAssignable<z.infer<typeof cacheEntrySchema>, CacheEntry>>;

export const cachePutSchema = z
  .object({ data: z.unknown().nonoptional("Required (null is allowed)."), ttlSeconds: z.number().int().positive().max(CACHE_TTL_MAX_SECONDS).optional() })
  .strict();

export const searchHistoryParamsSchema = z
  .object({
    q: z.string().max(2000),
    author: z.string().max(2000),
    source: z.enum(["arxiv", "openalex", "crossref"]),
    llm: z.boolean(),
    sort: z.string().max(50),
    order: z.string().max(20),
    page: z.number().int().nonnegative(),
    size: z.number().int().positive().max(100),
    searchType: z.enum(["basic", "advanced"]).optional(),
    title: z.string().max(2000).optional(),
    authors: z.array(z.string().max(300)).max(20).optional(),
    dateFrom: z.string().max(40).optional(),
    dateTo: z.string().max(40).optional(),
  })
  .strict();

export const searchHistoryEntrySchema = z
  .object({
    timestamp: z.number().int().nonnegative(),
    params: searchHistoryParamsSchema,
    results: z.number().int().nonnegative(),
  })
  .strict();
export type ApiSearchHistoryEntry = z.infer<typeof searchHistoryEntrySchema>;
export type SearchHistoryResponse = { searches: ApiSearchHistoryEntry[]; lastUpdated: number };

export { BOOKMARK_BATCH_MAX, BOOKMARK_PAGE_MAX, PAPER_ID_MAX_LENGTH };

/**
 * A paper as stored with a user's row: the unified Paper with the spec's title limit, its id
 * made canonical (paper-id.ts) so every spelling of it keys the same row.
 */
export const storedPaperSchema = paperSchema.extend({
  id: paperIdSchema,
  title: z.string().max(TITLE_MAX_LENGTH, `Title is longer than ${TITLE_MAX_LENGTH} characters.`),
});

export const readingHistoryEntrySchema = z.object({
  id: z.string(),
  paperId: paperIdSchema,
  paperData: storedPaperSchema,
  viewType: z.enum(VIEW_TYPES),
  readAt: z.string().datetime({ offset: true }),
  /** The paper's entity (paper_entities) when one is stored: one identity across arXiv, OpenAlex and Crossref. */
  entityId: z.string().nullable().optional(),
});
export type ApiReadingHistoryEntry = z.infer<typeof readingHistoryEntrySchema>;

export const recordReadingSchema = z
  .object({ paper: storedPaperSchema, viewType: z.enum(VIEW_TYPES), readAt: z.string().datetime({ offset: true }).optional() })
  .strict();

export const serverBookmarkSchema = z.object({
  id: z.string(),
  paperId: z.string(),
  paperData: storedPaperSchema,
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  bookmarkedAt: z.string(),
  /** When it was moved to Trash; null in the library. */
  deletedAt: z.string().nullable().optional(),
});
export type ServerBookmark = z.infer<typeof serverBookmarkSchema>;

/** `PATCH /api/me/bookmarks/:paperId`: the collections a bookmark belongs to. */
export const patchBookmarkSchema = z.object({ tags: z.array(z.string().trim().min(1).max(200)).max(100) }).strict();

export const putBookmarkSchema = z
  .object({
    paper: storedPaperSchema,
    tags: z.array(z.string().trim().min(1).max(200)).max(100).optional(),
    notes: z.string().max(20_000).nullable().optional(),
    bookmarkedAt: z.string().datetime({ offset: true }).optional(),
  })
  .strict();

/** `PUT /api/me/preferences`: a batch upsert; each key is an encoded key as above. */
export const preferencesPutSchema = z
  .object({ preferences: z.record(z.string(), z.unknown()) })
  .strict();

/** `PUT /api/me/preferences/:key`: `value` is any JSON (null included) of at most 64 KB. */
export const preferencePutSchema = z
  .object({ value: z.unknown().nonoptional("Required (null is allowed).") })
  .strict();

/** At most this many entries per `POST /api/me/search-history`. */
export const SEARCH_HISTORY_POST_MAX_ENTRIES = 100;
export const searchHistoryPostSchema = z
  .object({ entries: z.array(searchHistoryEntrySchema).max(SEARCH_HISTORY_POST_MAX_ENTRIES) })
  .strict();

/** `POST /api/me/history/import`: the device's entries (their ids are ignored), applied oldest first. */
export const readingHistoryImportSchema = z
  .object({ entries: z.array(readingHistoryEntrySchema.extend({ id: z.string().max(200).optional() })).max(READING_HISTORY_LOAD_LIMIT) })
  .strict();

/** `GET /api/me/history?limit=&offset=`. */
export const readingHistoryListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(READING_HISTORY_LOAD_LIMIT).default(READING_HISTORY_LIST_LIMIT),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();

/** `GET /api/me/bookmarks`: the Bookmarks page's filters and paging; without `limit` every bookmark is listed. */
export const bookmarkListQuerySchema = z
  .object({
    q: z.string().max(500).optional(),
    author: z.string().max(300).optional(),
    category: z.string().max(100).optional(),
    collection: z.string().max(200).optional(),
    trash: z.enum(["true", "false"]).optional(),
    limit: z.coerce.number().int().min(1).max(BOOKMARK_PAGE_MAX).optional(),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();
export type BookmarkListQuery = z.infer<typeof bookmarkListQuerySchema>;

/** One bookmark of a batch upsert (sync): the whole bookmark, so a retried batch writes the same rows. */
export const batchBookmarkSchema = z
  .object({
    paper: storedPaperSchema,
    tags: z.array(z.string().trim().min(1).max(200)).max(100),
    notes: z.string().max(20_000).nullable().optional(),
    bookmarkedAt: z.string().datetime({ offset: true }),
  })
  .strict();
export type BatchBookmark = z.infer<typeof batchBookmarkSchema>;
export const bookmarkBatchSchema = z.object({ bookmarks: z.array(batchBookmarkSchema).min(1).max(BOOKMARK_BATCH_MAX) }).strict();
