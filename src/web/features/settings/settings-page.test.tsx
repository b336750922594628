// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createFakePdfCacheApi } from "@/web/features/pdf-cache/testing/fake-pdf-cache-api";
import { http, HttpResponse } from "msw";
import { mswServer } from "@/test/unit-setup";
import { Toaster } from "@/web/components/ui/toaster";
import { dismissToast } from "@/web/components/ui/use-toast";
import { clearUserDataAfterSignOut, getDeviceStores } from "@/web/lib/user-data/user-stores";
import { createFakeMeApi, sessionHandlers, setSessionAtom, TEST_USER } from "@/web/lib/user-data/testing/fake-me-api";
import type { SessionUser } from "@/web/lib/user-data/user-data-session";
import { makePaper } from "@/web/test/paper-factory";
import { CACHE_CLEAR_RELOAD_DELAY_MS, pageReload } from "./data-management-card";
import { SettingsPage } from "./settings-page";

let api: ReturnType<typeof createFakeMeApi>;

/** The Zotero cards ask for the connection status and the sync state (not connected here). */
const zoteroHandlers = [
  http.get("*/api/auth-zotero", () =>
    HttpResponse.json({ connected: false, state: "not_connected", userId: null, username: null, method: null, source: "none", expiresAt: null, manualPending: false, oauthAvailable: true }),
  ),
];

function signIn(user: SessionUser | null) {
  // The LLM & AI Settings section lists the account's providers (none stored here).
  mswServer.use(
    ...sessionHandlers(user),
    ...api.handlers,
    ...createFakePdfCacheApi().handlers,
    ...zoteroHandlers,
    http.get("*/api/llm/providers", () => HttpResponse.json({ providers: [] })),
  );
  setSessionAtom(user);
}

function renderSettings(path = "/settings") {
  const router = createMemoryRouter(
    [
      { path: "/settings", Component: SettingsPage },
      { path: "*", Component: () => <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  api = createFakeMeApi();
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  clearUserDataAfterSignOut();
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe("/settings for an anonymous visitor", () => {
  beforeEach(() => signIn(null));

  it("shows the title without a role badge, the three sections and the version", () => {
    renderSettings();
    expect(screen.getByRole("heading", { level: 1, name: "Settings" })).toBeTruthy();
    expect(screen.queryByLabelText(/^Role:/)).toBeNull();
    for (const name of ["Profile & Preferences", "Data Management", "About"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeTruthy();
    }
    expect(screen.getByRole("heading", { name: /Email Preferences/ })).toBeTruthy();
    // Research interests are edited in place; each Add button waits for some input.
    expect((screen.getByRole("button", { name: "Add keyword" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("link", { name: "Delete account" })).toBeNull();
    expect(screen.getByText("0.1.0")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Source code/ })).toBeTruthy();
  });

  it("saves switches and e-mail preferences on the device", () => {
    renderSettings();
    const autoLoad = screen.getByRole("switch", { name: "Auto-load catch-up papers" });
    expect(autoLoad.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(autoLoad);
    expect(screen.getByRole("switch", { name: "Auto-load catch-up papers" }).getAttribute("aria-checked")).toBe("true");
    expect(JSON.parse(window.localStorage.getItem("settings")!)).toMatchObject({ autoLoadCatchup: true });

    fireEvent.click(screen.getByRole("switch", { name: "Record reading history" }));
    expect(JSON.parse(window.localStorage.getItem("settings")!)).toMatchObject({ enableReadingHistory: false });

    expect((screen.getByRole("radio", { name: /Weekly/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: /Daily/ }));
    fireEvent.click(screen.getByRole("switch", { name: "Welcome email" }));
    expect(JSON.parse(window.localStorage.getItem("profile")!).emailPreferences).toEqual({ notifications: "daily", welcome: false });
    expect(api.requests).toEqual([]);
  });

  it("clears the cache: page state, cached papers and cache entries go, then the page reloads after 1.5 s", async () => {
    const reload = vi.spyOn(pageReload, "reload").mockImplementation(() => undefined);
    for (const key of ["search.scroll", "catchup.range", "user-cache.bookmarkFilters", "search-cache", "bookmarks", "settings"]) window.localStorage.setItem(key, "{}");
    renderSettings();
    fireEvent.click(screen.getByRole("button", { name: "Clear cache" }));
    expect(await screen.findByText("Cache cleared")).toBeTruthy();
    expect(Object.keys(window.localStorage).sort()).toEqual(["bookmarks", "settings"]);
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: CACHE_CLEAR_RELOAD_DELAY_MS + 1000 });
  });

  it("clears all bookmarks after a confirmation that says it is irreversible", async () => {
    await getDeviceStores().bookmarks.add(makePaper({ id: "2401.00001" }));
    await getDeviceStores().bookmarks.add(makePaper({ id: "2401.00002" }));
    renderSettings();
    expect(screen.getByText("2 bookmarks saved on this device.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear all bookmarks" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Clear all bookmarks?" });
    expect(dialog.textContent).toMatch(/irreversible/);
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Delete all bookmarks" })));
    expect(await screen.findByText("Bookmarks cleared")).toBeTruthy();
    expect(getDeviceStores().bookmarks.getSnapshot()).toEqual({});
  });

  it("scrolls to the card a ?section= link names", async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    renderSettings("/settings?section=keywords");
    await waitFor(() => expect(scrolled).toEqual(["settings-keywords"]));
  });
});

describe("/settings for a signed-in user", () => {
  it("shows the role badge: Admin, Super Admin, or the capitalised role", () => {
    signIn({ ...TEST_USER, role: "admin" });
    renderSettings();
    expect(screen.getByLabelText("Role: Admin").textContent).toBe("Admin");
    cleanup();
    signIn({ ...TEST_USER, role: "user", isSuperAdmin: true });
    renderSettings();
    expect(screen.getByLabelText("Role: Super Admin")).toBeTruthy();
    cleanup();
    signIn({ ...TEST_USER, role: "maintainer" });
    renderSettings();
    expect(screen.getByLabelText("Role: Maintainer")).toBeTruthy();
  });

  it("saves settings and e-mail preferences to the account, and links to account deletion", async () => {
    signIn(TEST_USER);
    api.state.settings.autoTriggerSearch = true;
    renderSettings();
    const autoTrigger = screen.getByRole("switch", { name: "Auto-trigger search" });
    await waitFor(() => expect(autoTrigger.getAttribute("aria-checked")).toBe("true"));
    fireEvent.click(screen.getByRole("switch", { name: "Record reading history" }));
    await waitFor(() => expect(api.state.settings.enableReadingHistory).toBe(false));
    expect(api.requests.find((request) => request.method === "PUT" && request.path === "/api/me/settings")?.body).toEqual({ enableReadingHistory: false });

    await waitFor(() => expect((screen.getByRole("radio", { name: /None/ }) as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("radio", { name: /None/ }));
    await waitFor(() => expect(api.state.profile.emailPreferences).toEqual({ welcome: true, notifications: "none" }));
    expect(window.localStorage.getItem("settings")).toBeNull();
    expect(screen.getByRole("link", { name: "Delete account" }).getAttribute("href")).toBe("/delete-account");
  });

  it("shows the Cloud PDF Cache card to signed-in users only", async () => {
    signIn(TEST_USER);
    renderSettings();
    expect(await screen.findByRole("heading", { name: "Cloud PDF Cache" })).toBeTruthy();
    cleanup();
    signIn(null);
    renderSettings();
    expect(screen.queryByRole("heading", { name: "Cloud PDF Cache" })).toBeNull();
  });

  it("says so when clearing the cache or the bookmarks fails", async () => {
    signIn(TEST_USER);
    api.fail("DELETE", /\/api\/me\/cache$/);
    api.fail("DELETE", /\/api\/me\/bookmarks$/);
    renderSettings();
    fireEvent.click(screen.getByRole("button", { name: "Clear cache" }));
    expect(await screen.findByText("Error clearing cache")).toBeTruthy();
    expect(screen.getByText("There was a problem clearing the cache.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Clear all bookmarks" }));
    const dialog = await screen.findByRole("alertdialog");
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Delete all bookmarks" })));
    expect(await screen.findByText("Error clearing bookmarks")).toBeTruthy();
    expect(screen.getByText("There was a problem clearing your bookmarks.")).toBeTruthy();
  });
});
