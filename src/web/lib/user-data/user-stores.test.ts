// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import { mswServer } from "@/test/unit-setup";
import { clearUserDataAfterSignOut, getDeviceStores, getServerStores, storesForSession, useUserData } from "@/web/lib/user-data/user-stores";
import { createFakeMeApi, sessionHandlers, setSessionAtom, TEST_USER } from "@/web/lib/user-data/testing/fake-me-api";
import { SIGNED_IN_HINT_KEY } from "@/web/lib/user-data/user-data-session";
import { makePaper } from "@/web/test/paper-factory";

let api: ReturnType<typeof createFakeMeApi>;
beforeEach(() => {
  api = createFakeMeApi();
  // The session atom may refetch at any time once mounted.
  mswServer.use(...sessionHandlers(null));
});
afterEach(() => {
  clearUserDataAfterSignOut();
  window.localStorage.clear();
});

describe("which stores a visitor gets", () => {
  it("anonymous visitors get the device stores", () => {
    expect(storesForSession({ status: "anonymous", user: null })).toBe(getDeviceStores());
  });

  it("a signed-in user gets the server stores, the same ones until someone else signs in", () => {
    const stores = storesForSession({ status: "signed-in", user: TEST_USER });
    expect(stores).not.toBe(getDeviceStores());
    expect(storesForSession({ status: "signed-in", user: TEST_USER })).toBe(stores);
    expect(getServerStores("someone-else")).not.toBe(stores);
  });

  it("while the session loads, stores are empty and a change waits for the session", async () => {
    mswServer.use(...sessionHandlers(null));
    window.localStorage.setItem("bookmarks", JSON.stringify({ bookmarks: { x: { paperId: "x", dateAdded: "", title: "X", category: "", collections: [], paperData: makePaper({ id: "x" }) } }, collections: [] }));
    setSessionAtom(null, true);
    const pending = storesForSession({ status: "loading", user: null });
    expect(pending.bookmarks.getSnapshot()).toEqual({});
    expect(pending.bookmarks.getStatus()).toBe("loading");
    expect(pending.settings.getStatus()).toBe("loading");

    const adding = pending.bookmarks.add(makePaper({ id: "y" }));
    setSessionAtom(null, false);
    await adding;
    expect(Object.keys(getDeviceStores().bookmarks.getSnapshot()).sort()).toEqual(["x", "y"]);
  });

  it("server stores load after the device's data moved into the account", async () => {
    mswServer.use(...api.handlers);
    await getDeviceStores().bookmarks.add(makePaper({ id: "2401.00001" }));
    const stores = getServerStores(TEST_USER.id);
    stores.bookmarks.subscribe(() => undefined);
    await waitFor(() => expect(stores.bookmarks.getStatus()).toBe("ready"));
    expect(Object.keys(stores.bookmarks.getSnapshot())).toEqual(["2401.00001"]);
    expect(getDeviceStores().bookmarks.getSnapshot()).toEqual({});
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      "GET /api/me/bookmarks",
      "PUT /api/me/bookmarks/2401.00001",
      "GET /api/me/bookmarks/ids",
    ]);
  });
});

describe("useUserData", () => {
  it("shows a device last used anonymously as anonymous while the session loads", () => {
    mswServer.use(...sessionHandlers(null));
    setSessionAtom(null, true);
    const { result } = renderHook(() => useUserData());
    expect(result.current.session.status).toBe("anonymous");
    expect(result.current.isAuthPending).toBe(true);
    expect(result.current.stores).toBe(getDeviceStores());
  });

  it("shows nothing while the session loads on a device that was signed in, then the account", async () => {
    mswServer.use(...sessionHandlers(TEST_USER), ...api.handlers);
    window.localStorage.setItem(SIGNED_IN_HINT_KEY, "1");
    setSessionAtom(null, true);
    const { result } = renderHook(() => useUserData());
    expect(result.current.session.status).toBe("loading");
    expect(result.current.stores.bookmarks.getStatus()).toBe("loading");
    act(() => setSessionAtom(TEST_USER));
    await waitFor(() => expect(result.current.session.status).toBe("signed-in"));
    expect(result.current.stores).toBe(getServerStores(TEST_USER.id));
  });

  it("remembers that this device is signed in, and forgets it when anonymous", async () => {
    mswServer.use(...sessionHandlers(TEST_USER), ...api.handlers);
    setSessionAtom(TEST_USER);
    const { unmount } = renderHook(() => useUserData());
    await waitFor(() => expect(window.localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe("1"));
    unmount();
    setSessionAtom(null);
    mswServer.use(...sessionHandlers(null));
    renderHook(() => useUserData());
    await waitFor(() => expect(window.localStorage.getItem(SIGNED_IN_HINT_KEY)).toBeNull());
  });
});
