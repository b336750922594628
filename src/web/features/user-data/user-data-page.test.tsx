// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider } from "react-router";
import { mswServer } from "@/test/unit-setup";
import { Toaster } from "@/web/components/ui/toaster";
import { dismissToast } from "@/web/components/ui/use-toast";
import { clearUserDataAfterSignOut } from "@/web/lib/user-data/user-stores";
import { createFakeMeApi, sessionHandlers, setSessionAtom, TEST_USER } from "@/web/lib/user-data/testing/fake-me-api";
import type { SessionUser } from "@/web/lib/user-data/user-data-session";
import { makePaper } from "@/web/test/paper-factory";
import { UserDataPage } from "./user-data-page";
import { exportFileName } from "./user-data-queries";

let api: ReturnType<typeof createFakeMeApi>;

function signIn(user: SessionUser | null) {
  mswServer.use(...sessionHandlers(user), ...api.handlers);
  setSessionAtom(user);
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/user-data", Component: UserDataPage }], { initialEntries: ["/user-data"] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
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

describe("/user-data", () => {
  it("asks an anonymous visitor to sign in", () => {
    signIn(null);
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Your Data" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth");
    expect(screen.queryByRole("button", { name: "Export Data" })).toBeNull();
  });

  it("shows the profile, bookmarks, notes, highlights, cache entries, settings and legacy preferences", async () => {
    signIn(TEST_USER);
    api.state.profile.researchCategories = ["cs.AI", "cs.CL"];
    api.state.bookmarks = [{ id: "b1", paperId: "2401.00001", paperData: makePaper({ id: "2401.00001", title: "Attention Everywhere" }), notes: null, tags: [], bookmarkedAt: "2026-05-01T10:00:00.000Z" }];
    api.state.cache.set("bookmarkFilters", { key: "bookmarkFilters", data: {}, expiresAt: null, cachedAt: "2026-05-01T10:00:00.000Z", accessCount: 3, lastAccessed: "2026-05-01T10:00:00.000Z" });
    api.state.preferences = { "table%2Esort": "title" };
    const rect = { x: 0.1, y: 0.2, width: 0.5, height: 0.02 };
    api.state.highlights.set("h1", { id: "h1", paperId: "2401.00001", pageNumber: 3, rects: [rect], coordinates: rect, color: "#ADD8E6", text: "a key sentence", createdAt: "2026-05-01T10:00:00.000Z", updatedAt: "2026-05-01T10:00:00.000Z" });
    renderPage();

    const bookmarks = await screen.findByRole("region", { name: "Bookmarks" });
    expect(within(bookmarks).getByText("Attention Everywhere")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Profile" })).getByText("cs.AI, cs.CL")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Cache Entries" })).getByText("bookmarkFilters")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Settings" })).getByText("enableReadingHistory")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Legacy Preferences" })).getByText("table.sort")).toBeTruthy();
    const highlights = screen.getByRole("region", { name: "Highlights" });
    expect(within(highlights).getByText("a key sentence")).toBeTruthy();
    expect(within(highlights).getByText(/page 3/)).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Notes" })).getByText("No notes.")).toBeTruthy();
    // The raw JSON is one click away.
    expect(within(bookmarks).getByText("Bookmarks as JSON")).toBeTruthy();
  });

  it("exports { exported_at, user_id, data } as quire-data-YYYY-MM-DD.json", async () => {
    signIn(TEST_USER);
    let blob: Blob | undefined;
    const createObjectURL = vi.fn((value: Blob) => {
      blob = value;
      return "blob:export";
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    let downloaded = "";
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    renderPage();
    await screen.findByRole("region", { name: "Bookmarks" });

    fireEvent.click(screen.getByRole("button", { name: "Export Data" }));
    await waitFor(() => expect(downloaded).toBe(exportFileName(new Date())));
    expect(downloaded).toMatch(/^quire-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await blob!.text()) as Record<string, unknown>;
    expect(Object.keys(exported)).toEqual(["exported_at", "user_id", "data"]);
    expect(exported.user_id).toBe(TEST_USER.id);
    expect(api.requests.filter((request) => request.path === "/api/me/export")).toHaveLength(2);
  });

  it("says when the data cannot be loaded, and Retry loads it", async () => {
    signIn(TEST_USER);
    api.fail("GET", /export/);
    renderPage();
    expect(await screen.findByText("Failed to load user data")).toBeTruthy();
    expect(await screen.findByText("Error loading data")).toBeTruthy();

    api.heal();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("region", { name: "Bookmarks" })).toBeTruthy();
    expect(screen.queryByText("Failed to load user data")).toBeNull();
  });
});

describe("exportFileName", () => {
  it("is dated by the local calendar day", () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 30))).toBe("quire-data-2026-01-05.json");
  });
});
