import { describe, expect, it } from "vitest";
import {
  DEFAULT_SETTINGS,
  encodePreferenceKey,
  isPlainProfilePatch,
  isValidSettingsPatch,
  mergeSettings,
  preferenceKeyProblems,
  preferenceKeySchema,
  profilePatchSchema,
  settingsPatchSchema,
  settingsSchema,
} from "@/shared/user-data";
import * as values from "@/shared/user-data-values";

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

describe("the zod-free values", () => {
  it("are what user-data.ts exports (one implementation each)", () => {
    expect(mergeSettings).toBe(values.mergeSettings);
    expect(DEFAULT_SETTINGS).toBe(values.DEFAULT_SETTINGS);
    expect(encodePreferenceKey).toBe(values.encodePreferenceKey);
  });
});

describe("mergeSettings (zod-free)", () => {
  const text = (length: number) => "x".repeat(length);
  const zoteroFilters = { topLevelOnly: false, itemTypes: ["book"], searchQuery: "graphs" };
  /** Valid and invalid values per field, around every limit of settingsSchema. */
  const samples: Record<string, unknown[]> = {
    autoLoadCatchup: [true, false, "true", 1, null],
    autoTriggerSearch: [true, 0],
    enableReadingHistory: [false, "no"],
    zoteroSkipDuplicateCheck: [true, undefined],
    lastViewedPaper: ["2401.00001", null, "", text(300), text(301), 5, undefined],
    zoteroFilters: [
      zoteroFilters,
      { ...zoteroFilters, itemTypes: [] },
      { ...zoteroFilters, itemTypes: Array.from({ length: 100 }, () => "a") },
      { ...zoteroFilters, itemTypes: Array.from({ length: 101 }, () => "a") },
      { ...zoteroFilters, itemTypes: [text(100)] },
      { ...zoteroFilters, itemTypes: [text(101)] },
      { ...zoteroFilters, itemTypes: [1] },
      { ...zoteroFilters, itemTypes: "book" },
      { ...zoteroFilters, searchQuery: text(1000) },
      { ...zoteroFilters, searchQuery: text(1001) },
      { ...zoteroFilters, topLevelOnly: "yes" },
      { ...zoteroFilters, extra: 1 },
      { topLevelOnly: true, itemTypes: [] },
      [],
      null,
      "filters",
    ],
    citeKeyFormat: ["arxiv_id", "first_author_year", "title_year", "custom", "bogus", null],
    customCiteKeyPattern: ["", "{author}{year}", text(200), text(201), 3],
    zoteroLibraryVersion: [undefined, 0, 1, 12345, -1, 1.5, "3", null, Number.MAX_SAFE_INTEGER, 2 ** 60, Infinity, NaN],
    llm: [
      undefined,
      {},
      { defaultProvider: "openai" },
      { defaultModel: "gpt" },
      { defaultProvider: text(100), defaultModel: text(200) },
      { defaultProvider: text(101) },
      { defaultModel: text(201) },
      { defaultProvider: 1 },
      { defaultProvider: "openai", temperature: 1 },
      null,
      [],
      "openai",
    ],
    nope: [true, "x"],
    constructor: [1],
    toString: ["x"],
  };

  it("keeps exactly the stored values settingsSchema accepts, field by field", () => {
    for (const [key, candidates] of Object.entries(samples)) {
      for (const value of candidates) {
        const field = Object.hasOwn(settingsSchema.shape, key) ? settingsSchema.shape[key as keyof typeof settingsSchema.shape] : undefined;
        const valid = field !== undefined && field.safeParse(value).success;
        const merged = mergeSettings({ [key]: value }) as Record<string, unknown>;
        const expected = valid ? { ...DEFAULT_SETTINGS, [key]: value } : DEFAULT_SETTINGS;
        expect({ key, value, merged }).toEqual({ key, value, merged: expected });
      }
    }
  });

  it("keeps the valid fields of a mixed stored object, drops the rest, and lays the patch over", () => {
    const stored = { autoLoadCatchup: true, citeKeyFormat: "bogus", lastViewedPaper: "2401.00001", zoteroLibraryVersion: -3, llm: { defaultModel: "m" }, extra: 1 };
    expect(mergeSettings(stored, { autoTriggerSearch: true })).toEqual({
      ...DEFAULT_SETTINGS,
      autoLoadCatchup: true,
      lastViewedPaper: "2401.00001",
      llm: { defaultModel: "m" },
      autoTriggerSearch: true,
    });
    for (const stored of [null, undefined, "settings", 5, []]) expect(mergeSettings(stored)).toEqual(DEFAULT_SETTINGS);
    expect(mergeSettings(null)).not.toBe(DEFAULT_SETTINGS);
  });

  it("accepts as a patch only what settingsPatchSchema accepts, and unchanged", () => {
    const patches: unknown[] = [{}, { autoLoadCatchup: true, citeKeyFormat: "custom" }, { autoLoadCatchup: undefined }, null, [], "x", { nope: 1 }];
    for (const [key, candidates] of Object.entries(samples)) for (const value of candidates) patches.push({ [key]: value });
    for (const patch of patches) {
      const result = settingsPatchSchema.safeParse(patch);
      expect({ patch, accepted: isValidSettingsPatch(patch) }).toEqual({ patch, accepted: result.success && isValidSettingsPatch(patch) });
      if (isValidSettingsPatch(patch)) expect(result.success && result.data).toStrictEqual(patch);
    }
  });

  it("gives settings that settingsSchema accepts", () => {
    expect(settingsSchema.safeParse(mergeSettings(null)).success).toBe(true);
    expect(settingsSchema.safeParse(mergeSettings({ zoteroLibraryVersion: 7, llm: {} }, { customCiteKeyPattern: "{key}" })).success).toBe(true);
  });
});

describe("plain profile patches (zod-free)", () => {
  it("are e-mail preferences only, accepted unchanged by profilePatchSchema", () => {
    const patches: unknown[] = [
      {},
      { emailPreferences: { welcome: false, notifications: "daily" } },
      { emailPreferences: { welcome: true, notifications: "none" } },
      { emailPreferences: { welcome: true, notifications: "hourly" } },
      { emailPreferences: { welcome: true } },
      { emailPreferences: { welcome: true, notifications: "weekly", extra: 1 } },
      { emailPreferences: null },
      { role: "admin" },
      null,
      [],
    ];
    for (const patch of patches) {
      const result = profilePatchSchema.safeParse(patch);
      if (isPlainProfilePatch(patch)) expect(result.success && result.data).toStrictEqual(patch);
      else if (typeof patch === "object" && patch !== null && !Array.isArray(patch) && Object.keys(patch).every((key) => key === "emailPreferences")) {
        expect({ patch, refused: !result.success }).toEqual({ patch, refused: true });
      }
    }
    expect(isPlainProfilePatch({ affiliation: "ETH" })).toBe(false);
  });
});

describe("preference key problems (zod-free)", () => {
  it("names the same problems, in the same words, as preferenceKeySchema", () => {
    for (const key of ["", "searchState", "%2E%2E%2Fx", "../x", "%2", "%2e", "a".repeat(200), "a".repeat(201), `${"a".repeat(201)}/`]) {
      const result = preferenceKeySchema.safeParse(key);
      expect({ key, problems: preferenceKeyProblems(key) }).toEqual({ key, problems: result.success ? [] : result.error.issues.map((issue) => issue.message) });
    }
  });
});
