// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { mswServer } from "@/test/unit-setup";
import { getDeviceStores, getServerStores } from "@/web/lib/user-data/user-stores";
import { signOutAndClear } from "@/web/lib/user-data/sign-out";
import { createFakeMeApi, sessionHandlers, setSessionAtom, TEST_USER } from "@/web/lib/user-data/testing/fake-me-api";
import { SIGNED_IN_HINT_KEY } from "@/web/lib/user-data/user-data-session";
import { registerFeatureDeviceData } from "@/web/register-device-data";

// The features' parts of the device data, as main.tsx registers them at start.
registerFeatureDeviceData();

describe("signOutAndClear", () => {
  let signOutCalls = 0;
  beforeEach(() => {
    signOutCalls = 0;
    mswServer.use(
      http.post(`${window.location.origin}/api/auth/sign-out`, () => {
        signOutCalls += 1;
        return HttpResponse.json({ success: true });
      }),
      ...createFakeMeApi().handlers,
      ...sessionHandlers(null),
    );
    setSessionAtom(TEST_USER);
  });
  afterEach(() => window.localStorage.clear());

  const fillDevice = async () => {
    for (const key of ["settings", "profile", "preferences", "search.lastQuery", "catchup.range", "theme", SIGNED_IN_HINT_KEY]) {
      window.localStorage.setItem(key, key === "theme" ? "light" : JSON.stringify({ enableReadingHistory: false }));
    }
    await getDeviceStores().preferences.set("pending", 1);
  };

  it("signs out, clears the user's local data and goes to /", async () => {
    await fillDevice();
    const serverStores = getServerStores(TEST_USER.id);
    const queryClient = new QueryClient();
    queryClient.setQueryData(["user-data", "export", TEST_USER.id], { secret: true });
    const navigate = vi.fn();
    const deleted: string[] = [];
    vi.stubGlobal("caches", { delete: async (name: string) => deleted.push(name) > 0, open: async () => ({}), has: async () => true, keys: async () => [] });

    await signOutAndClear({ navigate, queryClient });
    vi.unstubAllGlobals();

    expect(signOutCalls).toBe(1);
    // The pictures of the pages last read (they say what was read, as kept papers do).
    expect(deleted).toContain("quire-page-pictures");
    expect(navigate).toHaveBeenCalledWith("/");
    expect(queryClient.getQueryData(["user-data", "export", TEST_USER.id])).toBeUndefined();
    // (better-auth tells other tabs through its own `better-auth.message` key.)
    expect(Object.keys(window.localStorage).filter((key) => !key.startsWith("better-auth."))).toEqual(["theme"]);
    expect(getDeviceStores().settings.getSnapshot().enableReadingHistory).toBe(true);
    expect(getDeviceStores().preferences.getSnapshot()).toEqual({});
    // The account's snapshots are gone: the next sign-in starts afresh.
    expect(getServerStores(TEST_USER.id)).not.toBe(serverStores);
  });

  it("reloads at / when no navigate function is given", async () => {
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign } as Location);
    await signOutAndClear({ queryClient: new QueryClient() });
    expect(assign).toHaveBeenCalledWith("/");
    vi.restoreAllMocks();
  });

  it("changes nothing when the server refuses to sign out", async () => {
    await fillDevice();
    mswServer.use(http.post(`${window.location.origin}/api/auth/sign-out`, () => HttpResponse.json({ message: "nope" }, { status: 500 })));
    const navigate = vi.fn();
    await expect(signOutAndClear({ navigate, queryClient: new QueryClient() })).rejects.toThrow();
    expect(navigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem("settings")).not.toBeNull();
    expect(window.localStorage.getItem("search.lastQuery")).not.toBeNull();
  });
});
