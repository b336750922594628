import { STORAGE_KEYS } from "@/shared/constants";
import type { ProfilePatch } from "@/shared/user-data";
import { DEFAULT_EMAIL_PREFS, isPlainProfilePatch, mergeStoredProfile, type Profile } from "@/shared/user-data-values";
import { createLocalValue, parseJsonOrNull } from "@/web/lib/local-store";
import { removeString } from "@/web/lib/storage";
import { createServerDocument, type LoadStatus } from "@/web/lib/user-data/remote-value";
import { parseInput, toastFailure, USER_DATA_MESSAGES } from "@/web/lib/user-data/user-data-errors";

/**
 * The research profile and e-mail preferences: on the
 * device under `profile` for anonymous visitors, in `/api/me/profile` for signed-in users.
 */
export interface ProfileStore {
  getSnapshot(): Profile;
  getStatus(): LoadStatus;
  subscribe(onChange: () => void): () => void;
  /** Applies a change at once and saves it; invalid input is refused before sending (UserDataInputError). */
  update(patch: ProfilePatch): Promise<Profile>;
}

const EPOCH = new Date(0).toISOString();

/** A profile with nothing in it: e-mail preferences default to welcome on, weekly notifications. */
export const EMPTY_PROFILE: Profile = {
  name: null,
  email: null,
  affiliation: null,
  avatarUrl: null,
  socialLinks: {},
  researchCategories: [],
  researchInterests: [],
  authorNames: [],
  authorIdentities: [],
  excludeTerms: [],
  role: "user",
  isPublic: true,
  emailPreferences: { ...DEFAULT_EMAIL_PREFS },
  lastActiveAt: null,
  createdAt: EPOCH,
  updatedAt: EPOCH,
};

/** The client-profile names an older device copy used. */
const LEGACY_FIELDS: Record<string, keyof Profile> = {
  authors: "authorNames",
  categories: "researchCategories",
  keywords: "researchInterests",
};

/** A stored profile over the empty one; fields that do not validate are dropped. */
export function decodeProfile(stored: unknown): Profile {
  return mergeStoredProfile({ ...EMPTY_PROFILE, emailPreferences: { ...DEFAULT_EMAIL_PREFS } }, stored, LEGACY_FIELDS);
}

/**
 * The patch, validated against the contract; rejects with UserDataInputError naming what is
 * wrong. The zod schema is loaded here, on the first write, not with the page.
 */
export async function parseProfilePatch(patch: unknown): Promise<ProfilePatch> {
  const { profilePatchSchema } = await import("@/shared/user-data");
  return parseInput(profilePatchSchema, patch, "Profile not saved");
}

export type DeviceProfileStore = ProfileStore & { reset(): void };

export function createDeviceProfileStore(options: { key?: string; now?: () => Date } = {}): DeviceProfileStore {
  const now = options.now ?? (() => new Date());
  const key = options.key ?? STORAGE_KEYS.profile;
  const value = createLocalValue<Profile>(key, (raw) => decodeProfile(parseJsonOrNull(raw)));
  return {
    getSnapshot: value.get,
    getStatus: () => "ready",
    subscribe: value.subscribe,
    async update(patch) {
      // A patch with no field the schema trims or refines (e-mail preferences) is checked without
      // zod and applied in this same tick, as a copy; anything else goes to zod first.
      const valid = isPlainProfilePatch(patch) ? structuredClone(patch) : await parseProfilePatch(patch);
      return value.update((current) => ({ ...current, ...valid, updatedAt: now().toISOString() }));
    },
    // Back to the empty profile: nothing stored (views re-read on announceStorageCleared).
    reset: () => removeString(key),
  };
}

export type ServerProfileStore = ProfileStore & { load(): Promise<Profile>; dispose(): void };

export function createServerProfileStore(options: { ready?: () => Promise<unknown> } = {}): ServerProfileStore {
  const document = createServerDocument<Profile, ProfilePatch>({
    path: "/api/me/profile",
    field: "profile",
    initial: EMPTY_PROFILE,
    decode: decodeProfile,
    ready: options.ready,
    loadFailure: USER_DATA_MESSAGES.loadProfile,
    saveFailure: USER_DATA_MESSAGES.saveProfile,
  });
  return {
    ...document,
    async update(patch) {
      // A patch with no field the schema trims or refines (e-mail preferences) is checked without
      // zod and applied in this same tick, as a copy; anything else goes to zod first.
      const valid = isPlainProfilePatch(patch) ? structuredClone(patch) : await parseProfilePatch(patch);
      return document.save(valid);
    },
  };
}
