// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { sessionLoading, signedIn, signedOut } from "@/web/test/current-user-factory";
import { useCurrentUser } from "@/web/hooks/use-current-user";
import { RequireAdmin, RequireAuth, RequireRole } from "@/web/features/auth/require-role";

vi.mock("@/web/hooks/use-current-user", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/web/hooks/use-current-user")>()),
  useCurrentUser: vi.fn(),
}));

function AuthProbe() {
  const location = useLocation();
  return <p>auth page {`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/", Component: () => <p>home page</p> },
      { path: "/auth", Component: AuthProbe },
      {
        path: "/admin/analytics",
        element: (
          <RequireRole role="admin">
            <p>analytics page</p>
          </RequireRole>
        ),
      },
      { Component: RequireAdmin, children: [{ path: "/admin/performance", Component: () => <p>performance page</p> }] },
      {
        path: "/maintainers",
        element: (
          <RequireRole role="maintainer">
            <p>maintainer page</p>
          </RequireRole>
        ),
      },
      { Component: RequireAuth, children: [{ path: "/user-data", Component: () => <p>your data page</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("RequireRole", () => {
  it("shows Loading... while auth loads", () => {
    vi.mocked(useCurrentUser).mockReturnValue(sessionLoading);
    renderAt("/admin/analytics");
    expect(screen.getByRole("status").textContent).toContain("Loading...");
  });

  it.each([
    ["an admin", signedIn({ role: "admin" })],
    ["a super admin", signedIn({ role: "user", isSuperAdmin: true })],
  ])("lets %s in", (_label, state) => {
    vi.mocked(useCurrentUser).mockReturnValue(state);
    renderAt("/admin/analytics");
    expect(screen.getByText("analytics page")).toBeTruthy();
  });

  it.each([
    ["a maintainer", signedIn({ role: "maintainer" })],
    ["a user", signedIn({ role: "user" })],
    ["an anonymous visitor", signedOut],
  ])("redirects %s to /", async (_label, state) => {
    vi.mocked(useCurrentUser).mockReturnValue(state);
    const router = renderAt("/admin/analytics");
    expect(await screen.findByText("home page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
  });

  it("works as a layout route and for lower roles, which higher roles include", async () => {
    vi.mocked(useCurrentUser).mockReturnValue(signedIn({ role: "admin" }));
    renderAt("/admin/performance");
    expect(screen.getByText("performance page")).toBeTruthy();
    cleanup();
    renderAt("/maintainers");
    expect(screen.getByText("maintainer page")).toBeTruthy();
  });
});

describe("RequireAuth", () => {
  it("shows Loading... while auth loads", () => {
    vi.mocked(useCurrentUser).mockReturnValue(sessionLoading);
    renderAt("/user-data");
    expect(screen.getByRole("status").textContent).toContain("Loading...");
  });

  it("shows the page to a signed-in user", () => {
    vi.mocked(useCurrentUser).mockReturnValue(signedIn());
    renderAt("/user-data");
    expect(screen.getByText("your data page")).toBeTruthy();
  });

  it("sends a visitor to /auth, remembering where they were", async () => {
    vi.mocked(useCurrentUser).mockReturnValue(signedOut);
    renderAt("/user-data?tab=export");
    expect(await screen.findByText("auth page /auth?redirect=%2Fuser-data%3Ftab%3Dexport")).toBeTruthy();
  });
});
