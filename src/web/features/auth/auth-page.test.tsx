// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { mswServer } from "@/test/unit-setup";
import { sessionLoading, signedIn, signedOut } from "@/web/test/current-user-factory";
import { useCurrentUser } from "@/web/hooks/use-current-user";
import { assignLocation } from "@/web/lib/browser-location";
import { isNativePlatform, openExternalBrowser } from "@/web/lib/platform";
import { Toaster } from "@/web/components/ui/toaster";
import { dismissToast } from "@/web/components/ui/use-toast";
import { AuthPage } from "@/web/features/auth/auth-page";

vi.mock("@/web/hooks/use-current-user", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/web/hooks/use-current-user")>()),
  useCurrentUser: vi.fn(),
}));
vi.mock("@/web/lib/browser-location", () => ({ assignLocation: vi.fn() }));
vi.mock("@/web/lib/platform", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/web/lib/platform")>()),
  isNativePlatform: vi.fn(() => false),
  openExternalBrowser: vi.fn(async () => undefined),
}));

const MESSAGES = {
  required: "Email and password are required.",
  invalidEmail: "Please enter a valid email address.",
  verificationSent: "Verification email sent! Please check your inbox.",
  alreadyRegistered: "This email is already registered. Please sign in instead.",
  notConfirmed: "Email not confirmed. Please check your inbox and click the confirmation link before signing in.",
  confirmed: "Email confirmed successfully! You can now sign in.",
  linkInvalid: "This confirmation link is invalid or has expired. Sign in to get a new one.",
  wrongPassword: "Invalid email or password.",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  nativeReturn: "Please return to the Quire app to complete sign-in.",
};

type Json = Record<string, unknown>;
const requests: { path: string; body: Json }[] = [];

function recordBody(path: string, body: unknown) {
  requests.push({ path, body: (body ?? {}) as Json });
}

function useProviders(providers: string[]) {
  mswServer.use(http.get("*/api/auth-providers", () => HttpResponse.json({ providers })));
}

function answerSignIn(resolver: () => Response) {
  mswServer.use(
    http.post("*/api/auth/sign-in/email", async ({ request }) => {
      recordBody("sign-in", await request.json());
      return resolver();
    }),
  );
}

function answerSignUp(resolver: () => Response) {
  mswServer.use(
    http.post("*/api/auth/sign-up/email", async ({ request }) => {
      recordBody("sign-up", await request.json());
      return resolver();
    }),
  );
}

function renderAuth(path = "/auth") {
  const router = createMemoryRouter(
    [
      { path: "/auth", Component: AuthPage },
      { path: "/search", Component: () => <p>search page</p> },
      { path: "/bookmarks", Component: () => <p>bookmarks page</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

async function fillCredentials(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  if (email) await user.type(screen.getByLabelText("Email"), email);
  if (password) await user.type(screen.getByLabelText("Password"), password);
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>("button", { name });

beforeEach(() => {
  requests.length = 0;
  vi.mocked(useCurrentUser).mockReturnValue(signedOut);
  vi.mocked(isNativePlatform).mockReturnValue(false);
  useProviders([]);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("/auth form validation (before any request)", () => {
  it("requires both e-mail and password", async () => {
    const { user } = renderAuth();
    await user.click(button("Sign In"));
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.required);

    await fillCredentials(user, "ada@example.org", "");
    await user.click(button("Sign In"));
    expect(screen.getByRole("alert").textContent).toBe(MESSAGES.required);
    expect(requests).toEqual([]);
  });

  it("rejects an e-mail without @", async () => {
    const { user } = renderAuth();
    await fillCredentials(user, "ada.example.org", "correct horse");
    await user.click(button("Sign In"));
    expect(screen.getByRole("alert").textContent).toBe(MESSAGES.invalidEmail);
    expect(requests).toEqual([]);
  });

  it("enforces the password length of 8 to 128 characters", async () => {
    const { user } = renderAuth();
    await fillCredentials(user, "ada@example.org", "short");
    await user.click(button("Sign In"));
    expect(screen.getByRole("alert").textContent).toBe("Password must be at least 8 characters.");

    await user.clear(screen.getByLabelText("Password"));
    await user.click(screen.getByLabelText("Password"));
    await user.paste("x".repeat(129));
    await user.click(button("Sign In"));
    expect(screen.getByRole("alert").textContent).toBe("Password must be at most 128 characters.");
    expect(requests).toEqual([]);
  });
});

describe("/auth terms gating", () => {
  it("keeps Sign Up disabled, with the reason, until the terms are accepted", async () => {
    const { user } = renderAuth();
    await user.click(screen.getByRole("tab", { name: "Sign Up" }));
    expect(button("Sign Up").disabled).toBe(true);
    expect(screen.getByText("Required to create an account.")).toBeTruthy();

    const terms = screen.getByRole("checkbox", { name: "I agree to the Terms of Service and Privacy Policy" });
    expect(screen.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms-of-service");
    expect(screen.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy-policy");
    await user.click(terms);
    expect(button("Sign Up").disabled).toBe(false);
    expect(screen.queryByText("Required to create an account.")).toBeNull();
  });

  it("offers only the configured providers, disabled until the terms are accepted", async () => {
    useProviders(["github"]);
    const { user } = renderAuth();
    const github = await screen.findByRole<HTMLButtonElement>("button", { name: "Continue with GitHub" });
    expect(screen.queryByRole("button", { name: "Continue with Google" })).toBeNull();
    expect(github.disabled).toBe(true);
    expect(screen.getByText("Required to continue with GitHub.")).toBeTruthy();

    await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
    expect(github.disabled).toBe(false);
  });

  it("starts the provider's sign-in, returning to the remembered page", async () => {
    useProviders(["google", "github"]);
    mswServer.use(
      http.post("*/api/auth/sign-in/social", async ({ request }) => {
        recordBody("social", await request.json());
        return HttpResponse.json({ url: "https://accounts.google.com/o/oauth2/auth?state=x", redirect: false });
      }),
    );
    const { user } = renderAuth("/auth?redirect=%2Fbookmarks");
    await user.click(await screen.findByRole("checkbox", { name: /I agree/ }));
    await user.click(button("Continue with Google"));

    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith("https://accounts.google.com/o/oauth2/auth?state=x"));
    expect(requests[0]?.body).toMatchObject({
      provider: "google",
      callbackURL: "/bookmarks",
      errorCallbackURL: "/auth?redirect=%2Fbookmarks",
      disableRedirect: true,
    });
  });

  it("shows no provider buttons when the server has none or cannot say", async () => {
    mswServer.use(http.get("*/api/auth-providers", () => new HttpResponse(null, { status: 404 })));
    renderAuth();
    await screen.findByRole("button", { name: "Sign In" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("button", { name: /Continue with/ })).toBeNull();
  });
});

describe("/auth sign-up answers", () => {
  async function signUp(path = "/auth") {
    const { user, router } = renderAuth(path);
    await user.click(screen.getByRole("tab", { name: "Sign Up" }));
    await fillCredentials(user, "ada@example.org", "correct horse");
    await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
    await user.click(button("Sign Up"));
    return { user, router };
  }

  it("announces the verification e-mail, which links back to /auth?verified=1", async () => {
    answerSignUp(() => HttpResponse.json({ token: null, user: { id: "u1", email: "ada@example.org" } }));
    await signUp();
    expect((await screen.findByRole("status")).textContent).toBe(MESSAGES.verificationSent);
    expect(requests[0]?.body).toMatchObject({
      email: "ada@example.org",
      password: "correct horse",
      name: "ada",
      callbackURL: "/auth?verified=1",
    });
    // Back in Sign In mode, ready for after the confirmation.
    expect(screen.getByRole("tab", { name: "Sign In" }).getAttribute("aria-selected")).toBe("true");
  });

  it.each(["USER_ALREADY_EXISTS", "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"])(
    "maps %s to the already-registered message",
    async (code) => {
      answerSignUp(() => HttpResponse.json({ code, message: "User already exists." }, { status: 422 }));
      await signUp();
      expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.alreadyRegistered);
    },
  );

  it("treats a success whose user has no identities as an existing account", async () => {
    answerSignUp(() => HttpResponse.json({ token: null, user: { id: "u1", email: "ada@example.org", identities: [] } }));
    await signUp();
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.alreadyRegistered);
  });

  it("maps a rate limit to the wait message", async () => {
    answerSignUp(() => HttpResponse.json({ message: "Too many requests" }, { status: 429 }));
    await signUp();
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.rateLimited);
  });

  it("keeps the native marker in the confirmation link", async () => {
    answerSignUp(() => HttpResponse.json({ token: null, user: { id: "u1", email: "ada@example.org" } }));
    await signUp("/auth?platform=android");
    await screen.findByRole("status");
    expect(requests[0]?.body.callbackURL).toBe("/auth?platform=android&verified=1");
  });
});

describe("/auth sign-in answers", () => {
  async function signIn(path = "/auth") {
    const rendered = renderAuth(path);
    await fillCredentials(rendered.user, "ada@example.org", "correct horse");
    await rendered.user.click(button("Sign In"));
    return rendered;
  }

  it("maps a wrong password to 'Invalid email or password.'", async () => {
    answerSignIn(() =>
      HttpResponse.json({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" }, { status: 401 }),
    );
    await signIn();
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.wrongPassword);
  });

  it("maps a rate limit to the wait message", async () => {
    answerSignIn(() => HttpResponse.json({ message: "Too many requests. Please try again later." }, { status: 429 }));
    await signIn();
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.rateLimited);
  });

  it("explains an unconfirmed e-mail and resends the confirmation", async () => {
    answerSignIn(() => HttpResponse.json({ code: "EMAIL_NOT_VERIFIED", message: "Email not verified" }, { status: 403 }));
    mswServer.use(
      http.post("*/api/auth/send-verification-email", async ({ request }) => {
        recordBody("resend", await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = await signIn();
    expect((await screen.findByRole("alert")).textContent).toContain(MESSAGES.notConfirmed);

    await user.click(button("Resend verification email"));
    expect((await screen.findByRole("status")).textContent).toBe(MESSAGES.verificationSent);
    expect(requests.find((entry) => entry.path === "resend")?.body).toEqual({
      email: "ada@example.org",
      callbackURL: "/auth?verified=1",
    });
  });

  it("goes to /search after signing in, or to the remembered page", async () => {
    // jsdom reports a full-page navigation (better-auth's client following callbackURL) on console.error.
    const consoleError = vi.spyOn(console, "error");
    answerSignIn(() => HttpResponse.json({ redirect: true, url: "/auth?verified=1", token: "t", user: { id: "u1" } }));
    const first = await signIn();
    await screen.findByText("search page");
    expect(first.router.state.location.pathname).toBe("/search");
    cleanup();

    const second = await signIn("/auth?redirect=%2Fbookmarks");
    await screen.findByText("bookmarks page");
    expect(second.router.state.location.pathname).toBe("/bookmarks");
    expect(assignLocation).not.toHaveBeenCalled();
    expect(consoleError.mock.calls.flat().join(" ")).not.toMatch(/navigation/i);
    consoleError.mockRestore();
  });
});

describe("/auth arrival messages", () => {
  it.each([
    ["/auth?verified=1", "status", MESSAGES.confirmed],
    ["/auth?verified=1&error=INVALID_TOKEN", "alert", MESSAGES.linkInvalid],
    ["/auth?error=token_expired", "alert", MESSAGES.linkInvalid],
    ["/auth?error=state_mismatch", "alert", "The sign-in took too long or was started in another browser. Please try again."],
    ["/auth?error=please_restart_the_process", "alert", "The sign-in took too long or was started in another browser. Please try again."],
    ["/auth?error=access_denied", "alert", "Sign-in was cancelled. No account was connected."],
    ["/auth?error=something_else", "alert", "Sign-in with the provider failed. Please try again."],
  ])("%s shows a %s with the right message", async (path, role, message) => {
    renderAuth(path);
    expect((await screen.findByRole(role)).textContent).toBe(message);
  });
});

describe("/auth for a signed-in visitor", () => {
  it("shows Loading... while the session loads", () => {
    vi.mocked(useCurrentUser).mockReturnValue(sessionLoading);
    renderAuth();
    expect(screen.getByRole("status").textContent).toContain("Loading...");
  });

  it.each([
    ["/auth", "search page"],
    ["/auth?redirect=%2Fbookmarks", "bookmarks page"],
    ["/auth?redirect=https%3A%2F%2Fevil.example%2F", "search page"],
    ["/auth?redirect=%2F%2Fevil.example", "search page"],
  ])("redirects from %s to the %s", async (path, page) => {
    vi.mocked(useCurrentUser).mockReturnValue(signedIn());
    renderAuth(path);
    expect(await screen.findByText(page)).toBeTruthy();
  });
});

describe("/auth after the confirmation link signed the visitor in", () => {
  it("confirms with a toast on the way to /search", async () => {
    vi.mocked(useCurrentUser).mockReturnValue(signedIn({ emailVerified: true }));
    const router = createMemoryRouter(
      [
        { path: "/auth", Component: AuthPage },
        { path: "/search", Component: () => <p>search page</p> },
      ],
      { initialEntries: ["/auth?verified=1"] },
    );
    render(
      <>
        <RouterProvider router={router} />
        <Toaster />
      </>,
    );
    expect(await screen.findByText("search page")).toBeTruthy();
    expect(await screen.findByText("Email confirmed successfully!")).toBeTruthy();
    act(() => dismissToast());
  });
});

describe("/auth for the native app", () => {
  it("in the app, opens the system browser at /auth?platform=android", async () => {
    vi.mocked(isNativePlatform).mockReturnValue(true);
    const { user } = renderAuth();
    await user.click(button("Continue in Browser"));
    expect(openExternalBrowser).toHaveBeenCalledWith("http://localhost:3000/auth?platform=android");
    expect(screen.queryByLabelText("Email")).toBeNull();
  });

  it("in the browser, hands the token of a password sign-in back by deep link", async () => {
    answerSignIn(
      () =>
        new HttpResponse(JSON.stringify({ redirect: false, token: "raw", user: { id: "u1" } }), {
          headers: { "Content-Type": "application/json", "set-auth-token": "signed.token" },
        }),
    );
    const { user } = renderAuth("/auth?platform=android");
    await fillCredentials(user, "ada@example.org", "correct horse");
    await user.click(button("Sign In"));

    expect(await screen.findByText(MESSAGES.nativeReturn)).toBeTruthy();
    expect(assignLocation).toHaveBeenCalledWith("quire://auth-callback?token=signed.token");
    expect(screen.getByRole("link", { name: "Open Quire" }).getAttribute("href")).toBe(
      "quire://auth-callback?token=signed.token",
    );
  });

  it("in the browser, hands back the session of a visitor returning from a provider", async () => {
    vi.mocked(useCurrentUser).mockReturnValue(signedIn());
    mswServer.use(
      http.get("*/api/auth/get-session", () =>
        HttpResponse.json({ session: { id: "s1", token: "session-token" }, user: { id: "user-1", email: "ada@example.org" } }),
      ),
    );
    renderAuth("/auth?platform=android");
    expect(await screen.findByText(MESSAGES.nativeReturn)).toBeTruthy();
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith("quire://auth-callback?token=session-token"));
  });
});
