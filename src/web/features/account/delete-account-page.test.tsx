// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { STORAGE_KEYS } from "@/shared/constants";
import { mswServer } from "@/test/unit-setup";
import { sessionLoading, signedIn, signedOut } from "@/web/test/current-user-factory";
import { useCurrentUser } from "@/web/hooks/use-current-user";
import { assignLocation } from "@/web/lib/browser-location";
import { Toaster } from "@/web/components/ui/toaster";
import { dismissToast } from "@/web/components/ui/use-toast";
import { deleteAccount } from "@/web/features/account/delete-account";
import { DeleteAccountPage } from "@/web/features/account/delete-account-page";

vi.mock("@/web/hooks/use-current-user", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/web/hooks/use-current-user")>()),
  useCurrentUser: vi.fn(),
}));
vi.mock("@/web/lib/browser-location", () => ({ assignLocation: vi.fn() }));

const calls: { path: string; body: unknown }[] = [];

function renderPage() {
  const router = createMemoryRouter([{ path: "/delete-account", Component: DeleteAccountPage }], {
    initialEntries: ["/delete-account"],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const deleteButton = () => screen.getByRole<HTMLButtonElement>("button", { name: "Confirm and Delete Account" });

beforeEach(() => {
  calls.length = 0;
  window.localStorage.setItem(STORAGE_KEYS.authToken, "native-token");
  vi.mocked(useCurrentUser).mockReturnValue(signedIn());
  mswServer.use(
    http.get("*/api/auth/list-accounts", () => HttpResponse.json([{ id: "a1", providerId: "credential", accountId: "u1" }])),
    http.post("*/api/auth/sign-out", () => {
      calls.push({ path: "sign-out", body: null });
      return HttpResponse.json({ success: true });
    }),
  );
});

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.clearAllMocks();
});

describe("/delete-account", () => {
  it("shows Loading... while the session loads", () => {
    vi.mocked(useCurrentUser).mockReturnValue(sessionLoading);
    renderPage();
    expect(screen.getByRole("status").textContent).toContain("Loading...");
  });

  it("asks a visitor who is not signed in to sign in first", () => {
    vi.mocked(useCurrentUser).mockReturnValue(signedOut);
    renderPage();
    expect(screen.getByText(/No user is logged in\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Sign In" }).getAttribute("href")).toBe("/auth?redirect=%2Fdelete-account");
    expect(screen.queryByRole("button", { name: "Confirm and Delete Account" })).toBeNull();
  });

  it("explains what goes and keeps the button disabled until a password is typed", async () => {
    const user = renderPage();
    expect(screen.getByRole("heading", { name: "Delete Account" })).toBeTruthy();
    expect(screen.getByText(/every piece of data/)).toBeTruthy();
    expect(deleteButton().disabled).toBe(true);
    await user.type(screen.getByLabelText("Password"), "secret-pass");
    expect(deleteButton().disabled).toBe(false);
  });

  it("shows 'Error deleting account' with the server's message for a wrong password", async () => {
    mswServer.use(
      http.post("*/api/auth/delete-user", async ({ request }) => {
        calls.push({ path: "delete-user", body: await request.json() });
        return HttpResponse.json({ code: "INVALID_PASSWORD", message: "Invalid password" }, { status: 400 });
      }),
    );
    const user = renderPage();
    await user.type(screen.getByLabelText("Password"), "wrong-pass");
    await user.click(deleteButton());

    expect(await screen.findByText("Error deleting account")).toBeTruthy();
    expect(screen.getByText("Invalid password")).toBeTruthy();
    expect(calls).toEqual([{ path: "delete-user", body: { password: "wrong-pass" } }]);
    expect(assignLocation).not.toHaveBeenCalled();
    expect(deleteButton().disabled).toBe(false);
  });

  it("deletes with the password, confirms, signs out and goes to /", async () => {
    mswServer.use(
      http.post("*/api/auth/delete-user", async ({ request }) => {
        calls.push({ path: "delete-user", body: await request.json() });
        return HttpResponse.json({ success: true, message: "User deleted" });
      }),
    );
    const user = renderPage();
    await user.type(screen.getByLabelText("Password"), "secret-pass");
    await user.click(deleteButton());

    expect((await screen.findAllByText("Your account has been deleted.")).length).toBeGreaterThan(0);
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith("/"));
    expect(calls.map((call) => call.path)).toEqual(["delete-user", "sign-out"]);
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it("still goes to / when the sign-out after deletion fails", async () => {
    mswServer.use(
      http.post("*/api/auth/delete-user", () => HttpResponse.json({ success: true, message: "User deleted" })),
      http.post("*/api/auth/sign-out", () => HttpResponse.json({ message: "Failed to get session" }, { status: 400 })),
    );
    const user = renderPage();
    await user.type(screen.getByLabelText("Password"), "secret-pass");
    await user.click(deleteButton());
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith("/"));
  });
});

describe("deleteAccount", () => {
  it("needs a signed-in user with an e-mail, and asks the server nothing otherwise", async () => {
    expect(await deleteAccount(null, "secret-pass")).toEqual({ ok: false, message: "No user is logged in.", inline: true });
    expect(await deleteAccount({ email: "" }, "secret-pass")).toEqual({
      ok: false,
      message: "No user email found for reauthentication.",
      inline: true,
    });
  });

  it("maps a rate limit to the wait message", async () => {
    mswServer.use(http.post("*/api/auth/delete-user", () => HttpResponse.json({ message: "slow down" }, { status: 429 })));
    expect(await deleteAccount({ email: "ada@example.org" }, "secret-pass")).toEqual({
      ok: false,
      message: "Too many attempts. Please wait a minute and try again.",
      inline: false,
    });
  });
});

describe("an account made with Google or GitHub", () => {
  it("asks for no password and deletes on confirmation", async () => {
    mswServer.use(
      http.get("*/api/auth/list-accounts", () => HttpResponse.json([{ id: "a2", providerId: "google", accountId: "g1" }])),
      http.post("*/api/auth/delete-user", async ({ request }) => {
        calls.push({ path: "delete-user", body: await request.json() });
        return HttpResponse.json({ success: true, message: "User deleted" });
      }),
    );
    const user = renderPage();
    await screen.findByText(/there is no password to enter/);
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(deleteButton().disabled).toBe(false);
    await user.click(deleteButton());
    await waitFor(() => expect(calls.some((call) => call.path === "delete-user")).toBe(true));
    expect(calls.find((call) => call.path === "delete-user")?.body).toEqual({});
  });
});
