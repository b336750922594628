import { useSyncExternalStore } from "react";
import { createLocalBookmarkStore, type BookmarkIndex } from "@/web/lib/user-data/bookmark-store";
import { createLocalReadingHistoryStore } from "@/web/lib/user-data/reading-history-store";
import { createLocalSearchHistoryStore, type SearchHistoryEntry } from "@/web/lib/user-data/search-history-store";
import { createDeviceCacheStore, createServerCacheStore, type DeviceCacheStore } from "@/web/lib/user-data/cache-store";
import { announceStorageCleared, PAGE_STATE_PREFIXES, removeKeysWithPrefixes } from "@/web/lib/user-data/device-keys";
import { createDeviceNotesStore, createServerNotesStore } from "@/web/lib/user-data/notes-store";
import { createDeviceHighlightStore, createServerHighlightStore } from "@/web/lib/user-data/highlight-store";
import { createPendingStores } from "@/web/lib/user-data/pending-stores";
import {
  createDevicePreferencesStore,
  createServerPreferencesStore,
  type DevicePreferencesStore,
} from "@/web/lib/user-data/preferences-store";
import { createDeviceProfileStore, createServerProfileStore, type DeviceProfileStore } from "@/web/lib/user-data/profile-store";
import type { LoadStatus } from "@/web/lib/user-data/remote-value";
import { createServerBookmarkStore } from "@/web/lib/user-data/server-bookmark-store";
import { createServerReadingHistoryStore } from "@/web/lib/user-data/server-reading-history-store";
import { createServerSearchHistoryStore } from "@/web/lib/user-data/server-search-history-store";
import { createDeviceSettingsStore, createServerSettingsStore, type DeviceSettingsStore } from "@/web/lib/user-data/settings-store";
import type { SignInMigrationReport } from "@/web/lib/user-data/sign-in-migration";
import {
  forgetSignedInHint,
  useUserDataSession,
  whenUserDataSessionKnown,
  type UserDataSession,
} from "@/web/lib/user-data/user-data-session";
import type { UserStores } from "@/web/lib/user-data/user-stores-types";

/**
 * The user's data stores. Features get them here and never ask whether anyone is signed in:
 * anonymous visitors get the device implementations (localStorage), signed-in users the server ones
 * (`/api/me/*`), decided in one place (`storesForSession`) from the better-auth session. While the
 * session is loading on a device that was signed in last time, every store is empty with status
 * "loading", so a signed-in user never sees the device's data flash by (see UserDataSession).
 *
 * To add a store for a later feature: define its interface and both implementations in
 * `src/web/lib/user-data/<name>-store.ts`, add it to `UserStores` (user-stores-types.ts), to
 * `createDeviceStores`, `createServerStoreSet` (passing `ready` so it loads after the sign-in
 * migration) and to `createPendingStores`, and, if anonymous data should follow the user into
 * the account, a part in `sign-in-migration.ts`. Data a feature keeps on the device itself
 * joins sign-in and sign-out as a part the app registers (device-data-parts.ts).
 */

type DeviceStores = UserStores & {
  settings: DeviceSettingsStore;
  profile: DeviceProfileStore;
  preferences: DevicePreferencesStore;
  cache: DeviceCacheStore;
};

const ready = (): LoadStatus => "ready";

function createDeviceStores(): DeviceStores {
  const bookmarks = createLocalBookmarkStore();
  return {
    bookmarks: {
      ...bookmarks,
      getStatus: ready,
      async clear() {
        for (const paperId of Object.keys(bookmarks.getSnapshot())) await bookmarks.remove(paperId);
      },
    },
    searchHistory: { ...createLocalSearchHistoryStore(), getStatus: ready },
    readingHistory: { ...createLocalReadingHistoryStore(), getStatus: ready },
    settings: createDeviceSettingsStore(),
    preferences: createDevicePreferencesStore(),
    profile: createDeviceProfileStore(),
    cache: createDeviceCacheStore(),
    notes: createDeviceNotesStore(),
    highlights: createDeviceHighlightStore(),
  };
}

let deviceStores: DeviceStores | undefined;

function device(): DeviceStores {
  deviceStores ??= createDeviceStores();
  return deviceStores;
}

/** The device (localStorage) implementations, created once. */
export function getDeviceStores(): UserStores {
  return device();
}

/** The sign-in migration's code: needed at a sign-in only, so loaded by the first one. */
let signInMigration: typeof import("@/web/lib/user-data/sign-in-migration") | undefined;

/** Moves the device's data into the account, once per sign-in (see sign-in-migration.ts). */
export async function migrateDeviceDataToAccount(userId: string): Promise<SignInMigrationReport> {
  signInMigration ??= await import("@/web/lib/user-data/sign-in-migration");
  return signInMigration.ensureSignInMigration(userId, device());
}

type ServerStoreSet = { userId: string; stores: UserStores; dispose: () => void };

function createServerStoreSet(userId: string): ServerStoreSet {
  // Every server store loads after the sign-in migration, so it sees what moved up.
  const afterMigration = () => migrateDeviceDataToAccount(userId);
  const settings = createServerSettingsStore({ ready: afterMigration });
  const bookmarks = createServerBookmarkStore({ ready: afterMigration });
  const searchHistory = createServerSearchHistoryStore({ ready: afterMigration });
  const readingHistory = createServerReadingHistoryStore({
    ready: afterMigration,
    isEnabled: async () => (await settings.load().catch(() => settings.getSnapshot())).enableReadingHistory,
  });
  const preferences = createServerPreferencesStore({ ready: afterMigration });
  const profile = createServerProfileStore({ ready: afterMigration });
  const cache = createServerCacheStore({ ready: afterMigration });
  const notes = createServerNotesStore({ ready: afterMigration });
  const highlights = createServerHighlightStore({ userId, ready: afterMigration });
  return {
    userId,
    stores: { bookmarks, searchHistory, readingHistory, settings, preferences, profile, cache, notes, highlights },
    dispose: () => {
      [settings, bookmarks, searchHistory, readingHistory, preferences, profile].forEach((store) => store.dispose());
      highlights.dispose?.();
    },
  };
}

let serverStores: ServerStoreSet | undefined;

/** The server implementations for this user, created once per sign-in. */
export function getServerStores(userId: string): UserStores {
  if (serverStores?.userId !== userId) {
    serverStores?.dispose();
    serverStores = createServerStoreSet(userId);
  }
  return serverStores.stores;
}

let pendingStores: UserStores | undefined;

/** The one decision: device stores for anonymous visitors, server stores for a signed-in user, empty ones while loading. */
export function storesForSession(session: UserDataSession): UserStores {
  if (session.status === "signed-in") return getServerStores(session.user.id);
  if (session.status === "anonymous") return device();
  pendingStores ??= createPendingStores(async () => storesForSession(await whenUserDataSessionKnown()));
  return pendingStores;
}

/**
 * After sign-out: the account's snapshots are dropped, the device's settings, profile and
 * preferences go back to their defaults, and per-page state (`search.*`, `catchup.*`) is removed.
 */
export function clearUserDataAfterSignOut(): void {
  serverStores?.dispose();
  serverStores = undefined;
  // Not loaded: no migration ran in this tab, so there is none to forget.
  signInMigration?.forgetSignInMigrations();
  forgetSignedInHint();
  const stores = device();
  stores.settings.reset();
  stores.profile.reset();
  stores.preferences.reset();
  removeKeysWithPrefixes(PAGE_STATE_PREFIXES);
  announceStorageCleared();
}

export type UserData = {
  session: UserDataSession;
  stores: UserStores;
  /** better-auth is still asking for the session (a page may wait before saying "sign in"). */
  isAuthPending: boolean;
};

/** The session and the stores that belong to it. */
export function useUserData(): UserData {
  const { session, isAuthPending } = useUserDataSession();
  return { session, stores: storesForSession(session), isAuthPending };
}

export function useUserStores(): UserStores {
  return useUserData().stores;
}

/** Every bookmark's summary (paper id, collections) by paper id, live. */
export function useBookmarks(): BookmarkIndex {
  const { bookmarks } = useUserStores();
  return useSyncExternalStore(bookmarks.subscribe, bookmarks.getSnapshot, bookmarks.getSnapshot);
}

/** The bookmark store's revision (see BookmarkLibraryStore.getRevision), live: lists key their rows on it. */
export function useBookmarkRevision(): number {
  const { bookmarks } = useUserStores();
  return useSyncExternalStore(bookmarks.subscribe, bookmarks.getRevision, bookmarks.getRevision);
}

/** Recent searches, newest first, live. */
export function useSearchHistory(): readonly SearchHistoryEntry[] {
  const { searchHistory } = useUserStores();
  return useSyncExternalStore(searchHistory.subscribe, searchHistory.getSnapshot, searchHistory.getSnapshot);
}
