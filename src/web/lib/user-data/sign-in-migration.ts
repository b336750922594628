import { STORAGE_KEYS } from "@/shared/constants";
import { compareBookmarks } from "@/shared/library/bookmark-sync";
import type { Profile, ServerBookmark } from "@/shared/user-data";
import { DEFAULT_EMAIL_PREFS, DEFAULT_SETTINGS, isValidSettingsField, type Settings } from "@/shared/user-data-values";
import { api } from "@/web/lib/api";
import type { BookmarkLibraryStore } from "@/web/lib/user-data/bookmark-store";
import type { ReadingHistoryStore } from "@/web/lib/user-data/reading-history-store";
import type { SearchHistoryStore } from "@/web/lib/user-data/search-history-store";
import { readJson, readString, removeString } from "@/web/lib/storage";
import type { DeviceCacheStore } from "@/web/lib/user-data/cache-store";
import { deviceDataParts, type MigrationOutcome } from "@/web/lib/user-data/device-data-parts";
import { announceStorageCleared } from "@/web/lib/user-data/device-keys";
import type { DevicePreferencesStore } from "@/web/lib/user-data/preferences-store";
import { decodeProfile } from "@/web/lib/user-data/profile-store";
import { migrateDeviceHighlights } from "@/web/lib/user-data/highlight-store";
import { migrateDeviceNotes } from "@/web/lib/user-data/notes-store";
import { bookmarkPath, toLocalBookmark } from "@/web/lib/user-data/server-bookmark-store";
import { sameJson } from "@/web/lib/user-data/user-data-errors";

/**
 * On sign-in, what the visitor kept on the device moves into the account once:
 * - settings, profile, preferences and cache: a device value goes up only where the account
 *   has none (a setting or profile field still at its default, a preference or cache key it
 *   lacks); the account's own values always win;
 * - search history and reading history merge into the account's (the server dedupes and prunes);
 * - bookmarks the account lacks are added;
 * - paper notes go up where the account has no note for the paper (notes-store.ts);
 * - PDF highlights are added to the account's, each under its device id (highlight-store.ts);
 * - what features keep on the device moves by their own rules, each a part the app registers
 *   at start (device-data-parts.ts): language-model keys and custom providers go up where the
 *   account has none (features/llm/migrate-device-llm-keys.ts).
 * Each part removes its device copy only after the server confirmed it, so an interrupted run
 * (closed tab, network loss) simply moves the rest next time; a second run finds nothing left
 * to move and sends nothing. Parts are independent: one failing keeps only its own copy.
 */

export type MigrationPart = "settings" | "profile" | "preferences" | "cache" | "searchHistory" | "readingHistory" | "bookmarks" | "notes" | "highlights";
/** Each part's outcome: this folder's parts, and the registered features' parts under their names. */
export type SignInMigrationReport = Record<MigrationPart, MigrationOutcome> & Record<string, MigrationOutcome>;

/** The device stores the migration reads from and empties. */
export type DeviceDataSource = {
  bookmarks: BookmarkLibraryStore;
  searchHistory: SearchHistoryStore;
  readingHistory: ReadingHistoryStore;
  preferences: DevicePreferencesStore;
  cache: DeviceCacheStore;
};

/** Bookmarks are uploaded this many at a time. */
const UPLOAD_CONCURRENCY = 4;
/** The Web Locks name that keeps two tabs from migrating at the same time. */
export const SIGN_IN_MIGRATION_LOCK = "quire.sign-in-migration";

async function forEachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The contract's zod schemas, loaded only when there is device data to check (zod is not part of the first load). */
const loadSchemas = () => import("@/shared/user-data");

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

async function migrateSettings(): Promise<MigrationOutcome> {
  if (readString(STORAGE_KEYS.settings) === null) return "nothing";
  const stored = readJson(STORAGE_KEYS.settings);
  const local: Partial<Record<keyof Settings, unknown>> = {};
  if (isRecord(stored)) {
    for (const [key, value] of Object.entries(stored)) {
      if (isValidSettingsField(key, value) && !sameJson(value, DEFAULT_SETTINGS[key])) local[key] = value;
    }
  }
  if (Object.keys(local).length > 0) {
    const { settings: server } = await api.get<{ settings: Record<string, unknown> }>("/api/me/settings");
    const patch = Object.fromEntries(
      Object.entries(local).filter(([key]) => server[key] === undefined || sameJson(server[key], DEFAULT_SETTINGS[key as keyof Settings])),
    );
    if (Object.keys(patch).length > 0) await api.put("/api/me/settings", patch);
  }
  removeString(STORAGE_KEYS.settings);
  return Object.keys(local).length > 0 ? "moved" : "nothing";
}

const PROFILE_FIELDS = [
  "name",
  "affiliation",
  "avatarUrl",
  "socialLinks",
  "researchCategories",
  "researchInterests",
  "authorNames",
  "authorIdentities",
  "excludeTerms",
  "emailPreferences",
] as const satisfies readonly (keyof Profile)[];

/** Whether a profile field holds nothing of the user's own (null, empty, or the default e-mail preferences). */
function isUnsetProfileValue(field: (typeof PROFILE_FIELDS)[number], value: unknown): boolean {
  if (value === null || value === undefined || value === "") return true;
  if (field === "emailPreferences") return sameJson(value, DEFAULT_EMAIL_PREFS);
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.keys(value).length === 0;
  return false;
}

async function migrateProfile(): Promise<MigrationOutcome> {
  if (readString(STORAGE_KEYS.profile) === null) return "nothing";
  const local = decodeProfile(readJson(STORAGE_KEYS.profile));
  const { profilePatchSchema } = await loadSchemas();
  const candidates = PROFILE_FIELDS.filter(
    (field) => !isUnsetProfileValue(field, local[field]) && profilePatchSchema.safeParse({ [field]: local[field] }).success,
  );
  if (candidates.length > 0) {
    const { profile: server } = await api.get<{ profile: Record<string, unknown> }>("/api/me/profile");
    const patch = Object.fromEntries(candidates.filter((field) => isUnsetProfileValue(field, server[field])).map((field) => [field, local[field]]));
    if (Object.keys(patch).length > 0) await api.put("/api/me/profile", patch);
  }
  removeString(STORAGE_KEYS.profile);
  return candidates.length > 0 ? "moved" : "nothing";
}

async function migratePreferences(device: DevicePreferencesStore): Promise<MigrationOutcome> {
  await device.flush();
  const local = device.readEncoded();
  if (Object.keys(local).length === 0) return "nothing";
  const { preferences: server } = await api.get<{ preferences: Record<string, unknown> }>("/api/me/preferences");
  const missing = Object.fromEntries(Object.entries(local).filter(([key]) => !(key in (server ?? {}))));
  if (Object.keys(missing).length > 0) await api.put("/api/me/preferences", { preferences: missing });
  device.reset();
  return "moved";
}

async function migrateCache(device: DeviceCacheStore, now: number): Promise<MigrationOutcome> {
  await device.clearExpired();
  const entries = device.listEntries();
  if (entries.length === 0) return "nothing";
  const { keys } = await api.get<{ keys: string[] }>("/api/me/cache");
  const onServer = new Set(keys);
  let failed = false;
  await forEachLimited(entries, UPLOAD_CONCURRENCY, async (entry) => {
    try {
      if (!onServer.has(entry.key)) {
        const ttlSeconds = entry.expiresAt === null ? undefined : Math.max(1, Math.ceil((Date.parse(entry.expiresAt) - now) / 1000));
        await api.put(`/api/me/cache/${encodeURIComponent(entry.key)}`, ttlSeconds === undefined ? { data: entry.data } : { data: entry.data, ttlSeconds });
      }
      await device.remove(entry.key);
    } catch {
      failed = true;
    }
  });
  return failed ? "failed" : "moved";
}

async function migrateSearchHistory(device: SearchHistoryStore): Promise<MigrationOutcome> {
  if (readString(STORAGE_KEYS.searchHistory) === null) return "nothing";
  const { searchHistoryEntrySchema } = await loadSchemas();
  const entries = device.getSnapshot().filter((entry) => searchHistoryEntrySchema.safeParse(entry).success);
  if (entries.length > 0) await api.post("/api/me/search-history", { entries });
  removeString(STORAGE_KEYS.searchHistory);
  return entries.length > 0 ? "moved" : "nothing";
}

async function migrateReadingHistory(device: ReadingHistoryStore): Promise<MigrationOutcome> {
  if (readString(STORAGE_KEYS.readingHistory) === null) return "nothing";
  const { readingHistoryEntrySchema } = await loadSchemas();
  const entries = device.getSnapshot().filter((entry) => readingHistoryEntrySchema.safeParse(entry).success);
  if (entries.length > 0) await api.post("/api/me/history/import", { entries });
  removeString(STORAGE_KEYS.readingHistory);
  return entries.length > 0 ? "moved" : "nothing";
}

async function migrateBookmarks(device: BookmarkLibraryStore): Promise<MigrationOutcome> {
  const local = await device.all();
  if (local.length === 0) return "nothing";
  const { putBookmarkSchema } = await loadSchemas();
  const { bookmarks } = await api.get<{ bookmarks: ServerBookmark[] }>("/api/me/bookmarks");
  const onServer = new Set(bookmarks.map((bookmark) => bookmark.paperId));
  // A bookmark the account holds differently stays on the device: the Sync menu shows it for
  // the user to choose, rather than one copy silently replacing the other.
  const differing = new Set(compareBookmarks(local, bookmarks.map(toLocalBookmark)).conflicts.map((conflict) => conflict.paperId));
  let failed = false;
  await forEachLimited(local, UPLOAD_CONCURRENCY, async (bookmark) => {
    try {
      if (differing.has(bookmark.paperId)) return;
      if (!onServer.has(bookmark.paperId)) {
        const body = {
          paper: bookmark.paperData,
          tags: bookmark.collections.map((name) => name.trim()).filter((name) => name.length > 0 && name.length <= 200),
          ...(Number.isNaN(Date.parse(bookmark.dateAdded)) ? {} : { bookmarkedAt: new Date(bookmark.dateAdded).toISOString() }),
        };
        // One the server would refuse (an over-long title...) stays on the device rather than being lost.
        if (!putBookmarkSchema.safeParse(body).success) {
          failed = true;
          return;
        }
        await api.put(bookmarkPath(bookmark.paperId), body);
      }
      await device.remove(bookmark.paperId);
    } catch {
      failed = true;
    }
  });
  return failed ? "failed" : "moved";
}

async function settle(part: () => Promise<MigrationOutcome>): Promise<MigrationOutcome> {
  try {
    return await part();
  } catch {
    return "failed";
  }
}

/** Moves the device's data into the signed-in account (one run; see the module comment). */
export async function migrateDeviceData(device: DeviceDataSource, options: { now?: () => number } = {}): Promise<SignInMigrationReport> {
  const now = (options.now ?? Date.now)();
  const features = deviceDataParts().flatMap((part) => (part.migrate ? [{ name: part.name, migrate: part.migrate }] : []));
  const [settings, profile, preferences, cache, searchHistory, readingHistory, bookmarks, notes, highlights, ...featureOutcomes] = await Promise.all([
    settle(migrateSettings),
    settle(migrateProfile),
    settle(() => migratePreferences(device.preferences)),
    settle(() => migrateCache(device.cache, now)),
    settle(() => migrateSearchHistory(device.searchHistory)),
    settle(() => migrateReadingHistory(device.readingHistory)),
    settle(() => migrateBookmarks(device.bookmarks)),
    settle(migrateDeviceNotes),
    settle(migrateDeviceHighlights),
    ...features.map((part) => settle(part.migrate)),
  ]);
  const report: SignInMigrationReport = {
    settings,
    profile,
    preferences,
    cache,
    searchHistory,
    readingHistory,
    bookmarks,
    notes,
    highlights,
    ...Object.fromEntries(features.map((part, index) => [part.name, featureOutcomes[index]!])),
  };
  if (Object.values(report).some((outcome) => outcome !== "nothing")) announceStorageCleared();
  return report;
}

/** Runs `task` while holding the cross-tab lock when the browser has Web Locks (every current one does). */
async function withCrossTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks?.request) return task();
  return locks.request(SIGN_IN_MIGRATION_LOCK, { mode: "exclusive" }, () => task());
}

const runs = new Map<string, Promise<SignInMigrationReport>>();

/**
 * The migration for this sign-in: the first call starts it, every later call (re-renders,
 * other stores) gets the same run. Another tab waits for the lock and then finds nothing left.
 */
export function ensureSignInMigration(userId: string, device: DeviceDataSource): Promise<SignInMigrationReport> {
  let run = runs.get(userId);
  if (!run) {
    run = withCrossTabLock(() => migrateDeviceData(device));
    runs.set(userId, run);
  }
  return run;
}

/** Sign-out: the next sign-in migrates again (whatever the visitor keeps on the device meanwhile). */
export function forgetSignInMigrations(): void {
  runs.clear();
}
