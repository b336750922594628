import type { SessionUser } from "@/server/auth/session";
import { emailPreferencesSchema, DEFAULT_EMAIL_PREFS, type Profile, type ProfilePatch } from "@/shared/user-data";
import type { ProfileRepository, ProfileRow } from "./profile.repository";

/**
 * The research profile: created on first read with the
 * account's e-mail, the default e-mail preferences and the account's role. The user never
 * sets `role` (it mirrors the account) nor `is_public` (always true on save).
 */
export function profileService(repository: ProfileRepository) {
  return {
    async get(user: SessionUser): Promise<Profile> {
      return toProfile(await repository.findOrCreate(user.id, { email: user.email, role: user.role }));
    },

    async update(user: SessionUser, patch: ProfilePatch): Promise<Profile> {
      await repository.findOrCreate(user.id, { email: user.email, role: user.role });
      const row = await repository.update(user.id, patch, { role: user.role });
      if (!row) throw new Error("user_profiles row vanished during update");
      return toProfile(row);
    },
  };
}
export type ProfileService = ReturnType<typeof profileService>;

export function toProfile(row: ProfileRow): Profile {
  const emailPreferences = emailPreferencesSchema.safeParse(row.emailPreferences);
  return {
    name: row.name,
    email: row.email,
    affiliation: row.affiliation,
    avatarUrl: row.avatarUrl,
    socialLinks: row.socialLinks ?? {},
    researchCategories: row.researchCategories ?? [],
    researchInterests: row.researchInterests ?? [],
    authorNames: row.authorNames ?? [],
    authorIdentities: row.authorIdentities ?? [],
    excludeTerms: row.excludeTerms ?? [],
    role: row.role,
    isPublic: row.isPublic,
    emailPreferences: emailPreferences.success ? emailPreferences.data : { ...DEFAULT_EMAIL_PREFS },
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
