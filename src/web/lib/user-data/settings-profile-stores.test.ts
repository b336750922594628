// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_SETTINGS, type SettingsPatch } from "@/shared/user-data";
import { mswServer } from "@/test/unit-setup";
import { toast } from "@/web/components/ui/use-toast";
import { createDeviceProfileStore, createServerProfileStore, decodeProfile, EMPTY_PROFILE } from "@/web/lib/user-data/profile-store";
import { createDeviceSettingsStore, createServerSettingsStore, parseSettingsPatch } from "@/web/lib/user-data/settings-store";
import { createFakeMeApi } from "@/web/lib/user-data/testing/fake-me-api";
import { UserDataInputError } from "@/web/lib/user-data/user-data-errors";

vi.mock("@/web/components/ui/use-toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/web/components/ui/use-toast")>()),
  toast: vi.fn(),
}));

afterEach(() => {
  window.localStorage.clear();
  vi.mocked(toast).mockClear();
});

describe("settings patches", () => {
  it("refuses unknown fields and wrong types with a readable message", async () => {
    await expect(parseSettingsPatch({ autoLoadCatchup: "yes" })).rejects.toThrow(UserDataInputError);
    await expect(parseSettingsPatch({ autoLoadCatchup: "yes" })).rejects.toThrow(/Settings not saved: autoLoadCatchup: .*boolean/);
    await expect(parseSettingsPatch({ colour: "blue" })).rejects.toThrow(/Unrecognized key.*colour/);
    await expect(parseSettingsPatch({ enableReadingHistory: false })).resolves.toEqual({ enableReadingHistory: false });
  });
});

describe("device settings", () => {
  it("reads the defaults under the stored fields and saves a change under `settings`", async () => {
    window.localStorage.setItem("settings", JSON.stringify({ autoTriggerSearch: true, bogus: 1, enableReadingHistory: "no" }));
    const store = createDeviceSettingsStore();
    expect(store.getSnapshot()).toEqual({ ...DEFAULT_SETTINGS, autoTriggerSearch: true });
    expect(store.getStatus()).toBe("ready");
    await store.update({ autoLoadCatchup: true });
    expect(JSON.parse(window.localStorage.getItem("settings")!)).toMatchObject({ autoLoadCatchup: true, autoTriggerSearch: true });
  });

  it("stores nothing when the patch is refused", async () => {
    const store = createDeviceSettingsStore();
    await expect(store.update({ autoLoadCatchup: 1 } as unknown as SettingsPatch)).rejects.toThrow(UserDataInputError);
    expect(window.localStorage.getItem("settings")).toBeNull();
  });

  it("reset brings the defaults back", async () => {
    const store = createDeviceSettingsStore();
    await store.update({ autoLoadCatchup: true });
    store.reset();
    expect(store.getSnapshot()).toEqual(DEFAULT_SETTINGS);
  });
});

describe("server settings", () => {
  let api: ReturnType<typeof createFakeMeApi>;
  beforeEach(() => {
    api = createFakeMeApi();
    mswServer.use(...api.handlers);
  });

  it("is loading with the defaults until the first subscriber's load answers", async () => {
    api.state.settings = { ...DEFAULT_SETTINGS, autoLoadCatchup: true };
    const store = createServerSettingsStore();
    expect(store.getStatus()).toBe("loading");
    expect(store.getSnapshot()).toEqual(DEFAULT_SETTINGS);
    const changed = vi.fn();
    store.subscribe(changed);
    await vi.waitFor(() => expect(store.getStatus()).toBe("ready"));
    expect(store.getSnapshot().autoLoadCatchup).toBe(true);
    expect(changed).toHaveBeenCalled();
  });

  it("waits for `ready` (the sign-in migration) before loading", async () => {
    let release!: () => void;
    const ready = new Promise<void>((resolve) => (release = resolve));
    const store = createServerSettingsStore({ ready: () => ready });
    const loading = store.load();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(api.requests).toHaveLength(0);
    release();
    await loading;
    expect(api.requests.map((request) => request.path)).toEqual(["/api/me/settings"]);
  });

  it("applies a change at once and sends only the patch", async () => {
    const store = createServerSettingsStore();
    await store.load();
    const saving = store.update({ enableReadingHistory: false });
    expect(store.getSnapshot().enableReadingHistory).toBe(false);
    await saving;
    expect(api.requests.at(-1)).toMatchObject({ method: "PUT", path: "/api/me/settings", body: { enableReadingHistory: false } });
    expect(api.state.settings.enableReadingHistory).toBe(false);
  });

  it("refuses a bad patch without sending it", async () => {
    const store = createServerSettingsStore();
    await store.load();
    await expect(store.update({ nope: true } as unknown as SettingsPatch)).rejects.toThrow(UserDataInputError);
    expect(api.writes()).toEqual([]);
  });

  it("puts a failed save back and says so", async () => {
    const store = createServerSettingsStore();
    await store.load();
    api.fail("PUT", /settings/);
    await expect(store.update({ autoTriggerSearch: true })).rejects.toThrow();
    expect(store.getSnapshot().autoTriggerSearch).toBe(false);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: "destructive", title: "Failed to save settings" }));
  });
});

describe("profile", () => {
  it("defaults e-mail preferences to welcome on, weekly", () => {
    expect(createDeviceProfileStore().getSnapshot().emailPreferences).toEqual({ welcome: true, notifications: "weekly" });
  });

  it("reads an older device copy's client-profile names", () => {
    const profile = decodeProfile({ authors: ["Ada Lovelace"], categories: ["cs.AI"], keywords: ["graphs"], excludeTerms: ["survey"], role: "admin" });
    expect(profile).toMatchObject({ authorNames: ["Ada Lovelace"], researchCategories: ["cs.AI"], researchInterests: ["graphs"], excludeTerms: ["survey"] });
  });

  it("keeps exactly the stored fields the profile schema accepts", async () => {
    const { profileSchema } = await import("@/shared/user-data");
    const samples: Record<string, unknown[]> = {
      name: ["Ada", null, 1, undefined],
      avatarUrl: ["https://x", null, {}],
      socialLinks: [{}, { github: "ada" }, { github: 1 }, [], null, Object.create(null), new Date(0)],
      researchCategories: [[], ["cs.AI"], [1], "cs.AI", null],
      role: ["user", "maintainer", "admin", "root", null],
      isPublic: [true, false, "true"],
      emailPreferences: [
        { welcome: true, notifications: "daily" },
        { welcome: true, notifications: "hourly" },
        { welcome: true },
        { welcome: true, notifications: "none", extra: 1 },
        [],
        null,
      ],
      lastActiveAt: ["2024-01-01", null, 5],
      createdAt: ["2024-01-01", null],
    };
    for (const [key, values] of Object.entries(samples)) {
      for (const value of values) {
        const field = profileSchema.shape[key as keyof typeof profileSchema.shape];
        const kept = (decodeProfile({ [key]: value }) as Record<string, unknown>)[key] === value;
        expect({ key, value, kept }).toEqual({ key, value, kept: field.safeParse(value).success });
      }
    }
    expect(decodeProfile({ constructor: "x", __proto__: 1, toString: 2 })).toEqual(decodeProfile(null));
  });

  it("saves e-mail preferences on the device, refusing bad values", async () => {
    const store = createDeviceProfileStore();
    await store.update({ emailPreferences: { welcome: false, notifications: "daily" } });
    expect(JSON.parse(window.localStorage.getItem("profile")!).emailPreferences).toEqual({ welcome: false, notifications: "daily" });
    await expect(store.update({ emailPreferences: { welcome: true, notifications: "hourly" } } as never)).rejects.toThrow(/Profile not saved/);
    await expect(store.update({ role: "admin" } as never)).rejects.toThrow(UserDataInputError);
  });

  it("saves to the account when signed in, and puts a failure back with the spec's message", async () => {
    const api = createFakeMeApi();
    mswServer.use(...api.handlers);
    const store = createServerProfileStore();
    await store.load();
    await store.update({ emailPreferences: { welcome: true, notifications: "none" } });
    expect(api.state.profile.emailPreferences.notifications).toBe("none");
    api.fail("PUT", /profile/);
    await expect(store.update({ affiliation: "ETH" })).rejects.toThrow();
    expect(store.getSnapshot().affiliation).toBeNull();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Failed to save profile" }));
  });

  it("says so when the profile cannot be loaded", async () => {
    const api = createFakeMeApi();
    mswServer.use(...api.handlers);
    api.fail("GET", /profile/);
    const store = createServerProfileStore();
    await expect(store.load()).rejects.toThrow();
    expect(store.getStatus()).toBe("error");
    expect(store.getSnapshot()).toEqual(EMPTY_PROFILE);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Failed to load profile" }));
  });
});
