// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { mswServer } from "@/test/unit-setup";
import { LAST_SESSION_KEY, refreshSession, setAuthSessionForTests, signOutSession, useAuthSession, whenSessionKnown } from "@/web/lib/auth-session";
import { clearAuthToken, storeAuthToken } from "@/web/lib/auth-token";

const signedIn = { session: { id: "s1", token: "t" }, user: { id: "u1", email: "ada@example.org" } };

afterEach(() => {
  clearAuthToken();
  localStorage.removeItem(LAST_SESSION_KEY);
  setAuthSessionForTests({ data: null, isPending: true });
});

describe("the app's session", () => {
  it("is pending until get-session answers, then holds its answer", async () => {
    mswServer.use(http.get("*/api/auth/get-session", () => HttpResponse.json(signedIn)));
    setAuthSessionForTests({ data: null, isPending: true });
    const { result } = renderHook(() => useAuthSession());
    expect(result.current.isPending).toBe(true);
    await act(() => refreshSession());
    expect(result.current).toEqual({ data: signedIn, isPending: false });
  });

  it("reads an outage or a static host's index.html as anonymous", async () => {
    mswServer.use(http.get("*/api/auth/get-session", () => new HttpResponse("<!doctype html>", { status: 200, headers: { "Content-Type": "text/html" } })));
    expect(await refreshSession()).toEqual({ data: null, isPending: false });
    mswServer.use(http.get("*/api/auth/get-session", () => new HttpResponse("down", { status: 503 })));
    expect(await refreshSession()).toEqual({ data: null, isPending: false });
  });

  it("sends the native app's bearer token", async () => {
    let authorization: string | null = null;
    mswServer.use(
      http.get("*/api/auth/get-session", ({ request }) => {
        authorization = request.headers.get("authorization");
        return HttpResponse.json(null);
      }),
    );
    storeAuthToken("native-token");
    await refreshSession();
    expect(authorization).toBe("Bearer native-token");
  });

  it("asks again when the tab comes back into view", async () => {
    let calls = 0;
    mswServer.use(http.get("*/api/auth/get-session", () => (calls++, HttpResponse.json(calls > 1 ? signedIn : null))));
    await whenSessionKnown();
    const { result } = renderHook(() => useAuthSession());
    const before = calls;
    document.dispatchEvent(new Event("visibilitychange"));
    await waitFor(() => expect(calls).toBeGreaterThan(before));
    await waitFor(() => expect(result.current.data).toEqual(signedIn));
  });

  it("signs out on the server and then reads as anonymous; a refusal keeps the session and says why", async () => {
    setAuthSessionForTests({ data: signedIn, isPending: false });
    mswServer.use(http.post("*/api/auth/sign-out", () => HttpResponse.json({ message: "Invalid origin" }, { status: 403 })));
    await expect(signOutSession()).rejects.toThrow("Invalid origin");
    expect((await whenSessionKnown()).data).toEqual(signedIn);
    mswServer.use(http.post("*/api/auth/sign-out", () => HttpResponse.json({ success: true })));
    await signOutSession();
    expect(await whenSessionKnown()).toEqual({ data: null, isPending: false });
  });

  it("offline, keeps the session it knew: this page's, or on a page opened offline the device's last", async () => {
    mswServer.use(http.get("*/api/auth/get-session", () => HttpResponse.json(signedIn)));
    await refreshSession();
    mswServer.use(http.get("*/api/auth/get-session", () => HttpResponse.error()));
    expect(await refreshSession()).toEqual({ data: signedIn, isPending: false });

    // A fresh page, offline: the user as the server last told it, nothing of the session's token.
    setAuthSessionForTests({ data: null, isPending: true });
    expect(await refreshSession()).toEqual({ data: { user: signedIn.user }, isPending: false });
  });

  it("forgets the device's last session when the server says there is none, and at sign-out", async () => {
    mswServer.use(http.get("*/api/auth/get-session", () => HttpResponse.json(signedIn)));
    await refreshSession();
    mswServer.use(http.post("*/api/auth/sign-out", () => HttpResponse.json({ success: true })));
    await signOutSession();
    expect(localStorage.getItem(LAST_SESSION_KEY)).toBeNull();

    mswServer.use(http.get("*/api/auth/get-session", () => HttpResponse.json(signedIn)));
    await refreshSession();
    mswServer.use(http.get("*/api/auth/get-session", () => HttpResponse.json(null)));
    await refreshSession();
    mswServer.use(http.get("*/api/auth/get-session", () => HttpResponse.error()));
    setAuthSessionForTests({ data: null, isPending: true });
    expect(await refreshSession()).toEqual({ data: null, isPending: false });
  });
});
