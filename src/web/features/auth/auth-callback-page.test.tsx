// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { http, HttpResponse } from "msw";
import { STORAGE_KEYS } from "@/shared/constants";
import { mswServer } from "@/test/unit-setup";
import { AuthCallbackPage } from "@/web/features/auth/auth-callback-page";

const INVALID = "Sign-in link is invalid or has expired. Please sign in again.";
let authorizations: (string | null)[] = [];

function renderCallback(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/auth/callback", Component: AuthCallbackPage },
      { path: "/search", Component: () => <p>search page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  window.localStorage.clear();
  authorizations = [];
  // The server knows one session, whose bearer token is "good-token".
  mswServer.use(
    http.get("*/api/auth/get-session", ({ request }) => {
      const authorization = request.headers.get("authorization");
      authorizations.push(authorization);
      if (authorization !== "Bearer good-token") return HttpResponse.json(null);
      return HttpResponse.json({
        session: { id: "s1", token: "good-token", userId: "u1" },
        user: { id: "u1", email: "ada@example.org", role: "user" },
      });
    }),
  );
});

afterEach(cleanup);

describe("/auth/callback (the native app's deep link)", () => {
  it("checks a good token with the server, keeps it and goes on to /search", async () => {
    const router = renderCallback("/auth/callback?token=good-token");
    expect(screen.getByRole("status").textContent).toContain("Loading...");
    expect(await screen.findByText("search page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/search");
    expect(authorizations[0]).toBe("Bearer good-token");
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe("good-token");
  });

  it("refuses a garbage token and stores nothing", async () => {
    renderCallback("/auth/callback?token=garbage");
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Sign In" }).getAttribute("href")).toBe("/auth");
    expect(authorizations).toEqual(["Bearer garbage"]);
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it("refuses a link without a token without asking the server", async () => {
    renderCallback("/auth/callback");
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(authorizations).toEqual([]);
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it("treats a server error as an invalid link", async () => {
    mswServer.use(http.get("*/api/auth/get-session", () => new HttpResponse("oops", { status: 500 })));
    renderCallback("/auth/callback?token=good-token");
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });
});
