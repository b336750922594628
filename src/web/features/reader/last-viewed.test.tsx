// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { STORAGE_KEYS } from "@/shared/constants";
import { mswServer } from "@/test/unit-setup";
import { abstractPath, lastViewedLoader, lastViewedPaperFrom } from "@/web/features/reader/last-viewed";
import { LastViewedPage } from "@/web/features/reader/last-viewed-page";
import { createFakeMeApi, sessionHandlers, setSessionAtom, TEST_USER } from "@/web/lib/user-data/testing/fake-me-api";
import { clearUserDataAfterSignOut } from "@/web/lib/user-data/user-stores";

describe("lastViewedPaperFrom", () => {
  it("reads a non-blank lastViewedPaper", () => {
    expect(lastViewedPaperFrom({ lastViewedPaper: "2401.12345" })).toBe("2401.12345");
    expect(lastViewedPaperFrom({ lastViewedPaper: "  hep-th/9901001 " })).toBe("hep-th/9901001");
  });

  it("returns null when settings hold no usable id", () => {
    expect(lastViewedPaperFrom(null)).toBeNull();
    expect(lastViewedPaperFrom("2401.12345")).toBeNull();
    expect(lastViewedPaperFrom({ lastViewedPaper: null })).toBeNull();
    expect(lastViewedPaperFrom({ lastViewedPaper: "   " })).toBeNull();
    expect(lastViewedPaperFrom({ lastViewedPaper: 42 })).toBeNull();
  });
});

describe("abstractPath", () => {
  it("keeps an old-style archive/number id as two path segments", () => {
    expect(abstractPath("hep-th/9901001")).toBe("/abs/hep-th/9901001");
    expect(abstractPath("2401.12345v2")).toBe("/abs/2401.12345v2");
  });

  it("encodes characters that would change the URL's meaning", () => {
    expect(abstractPath("10.1000/a?b#c")).toBe("/abs/10.1000/a%3Fb%23c");
  });
});

describe("/reader (last viewed)", () => {
  let api: ReturnType<typeof createFakeMeApi>;
  beforeEach(() => {
    window.localStorage.clear();
    api = createFakeMeApi();
  });
  afterEach(() => {
    cleanup();
    clearUserDataAfterSignOut();
    window.localStorage.clear();
  });

  const anonymous = () => {
    mswServer.use(...sessionHandlers(null));
    setSessionAtom(null);
  };
  const signedIn = () => {
    mswServer.use(...sessionHandlers(TEST_USER), ...api.handlers);
    setSessionAtom(TEST_USER);
  };

  const renderReader = () => {
    const router = createMemoryRouter(
      [
        { path: "/reader", Component: LastViewedPage, loader: lastViewedLoader, HydrateFallback: () => null },
        { path: "/abs/*", Component: () => <p>abstract page</p> },
      ],
      { initialEntries: ["/reader"] },
    );
    render(<RouterProvider router={router} />);
    return router;
  };

  it("redirects an anonymous visitor to /abs/{lastViewedPaper} of the device's settings", async () => {
    anonymous();
    window.localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify({ lastViewedPaper: "2401.12345" }));
    const response = await lastViewedLoader();
    expect(response?.status).toBe(302);
    expect(response?.headers.get("Location")).toBe("/abs/2401.12345");

    const router = renderReader();
    expect(await screen.findByText("abstract page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/abs/2401.12345");
  });

  it("shows No Recent Papers with links to search and bookmarks otherwise", async () => {
    anonymous();
    window.localStorage.setItem(STORAGE_KEYS.settings, "{not json");
    expect(await lastViewedLoader()).toBeNull();

    renderReader();
    expect(await screen.findByRole("heading", { name: "No Recent Papers" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Search Papers" }).getAttribute("href")).toBe("/search");
    expect(screen.getByRole("link", { name: "View Bookmarks" }).getAttribute("href")).toBe("/bookmarks");
  });

  it("reads a signed-in user's lastViewedPaper from the account (the device holds none)", async () => {
    signedIn();
    api.state.settings = { ...api.state.settings, lastViewedPaper: "hep-th/9901001" };

    const router = renderReader();
    expect(await screen.findByText("abstract page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/abs/hep-th/9901001");
    expect(api.requests.some((request) => request.method === "GET" && request.path === "/api/me/settings")).toBe(true);
  });

  it("prefers the account's paper to one left on the device", async () => {
    signedIn();
    api.state.settings = { ...api.state.settings, lastViewedPaper: "hep-th/9901001" };
    window.localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify({ lastViewedPaper: "2401.12345" }));
    expect((await lastViewedLoader())?.headers.get("Location")).toBe("/abs/hep-th/9901001");
  });

  it("shows No Recent Papers to a signed-in user whose account has none", async () => {
    signedIn();
    renderReader();
    expect(await screen.findByRole("heading", { name: "No Recent Papers" })).toBeTruthy();
    expect(api.requests.some((request) => request.path === "/api/me/settings")).toBe(true);
  });
});
