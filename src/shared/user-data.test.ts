import { describe, expect, it } from "vitest";
import { encodePreferenceKey, mergeSettings, preferenceKeySchema, profilePatchSchema, settingsPatchSchema } from "@/shared/user-data";

describe("profile terms", () => {
  const message = (patch: unknown) => profilePatchSchema.safeParse(patch).error?.issues[0]?.message;
  it("applies the spec's rules and messages", () => {
    expect(message({ researchInterests: ["x"] })).toBe("Term must be at least 2 characters long");
    expect(message({ excludeTerms: ["2024"] })).toBe("Term cannot be purely numeric");
    expect(message({ researchInterests: ["graphs; drop table"] })).toBe("Term can only contain letters, numbers, spaces, and hyphens");
    expect(message({ authorNames: [" A "] })).toBe("Invalid name: Please enter your full name as it appears on arXiv papers");
    expect(profilePatchSchema.safeParse({ researchInterests: ["graph neural networks", "Schrödinger", "x-ray"] }).success).toBe(true);
  });
  it("never lets the user set a role", () => {
    expect(profilePatchSchema.safeParse({ role: "admin" }).success).toBe(false);
  });
});

describe("settings", () => {
  it("refuses unknown fields and wrong types, and merges stored values over the defaults", () => {
    expect(settingsPatchSchema.safeParse({ nope: true }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ enableReadingHistory: "yes" }).success).toBe(false);
    const merged = mergeSettings({ enableReadingHistory: false, citeKeyFormat: "bogus" });
    expect(merged.enableReadingHistory).toBe(false);
    expect(merged.citeKeyFormat).toBe("arxiv_id");
  });
});

describe("preference keys", () => {
  it("encodes every non-alphanumeric character so a key cannot escape", () => {
    expect(encodePreferenceKey("searchState")).toBe("searchState");
    expect(encodePreferenceKey("../x")).toBe("%2E%2E%2Fx");
    expect(preferenceKeySchema.safeParse("../x").success).toBe(false);
    expect(preferenceKeySchema.safeParse(encodePreferenceKey("../x")).success).toBe(true);
    expect(preferenceKeySchema.safeParse("a".repeat(1000)).success).toBe(false);
  });
});
