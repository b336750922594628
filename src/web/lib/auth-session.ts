import { createContext, useContext, useSyncExternalStore } from "react";
import { readAuthToken } from "@/web/lib/auth-token";
import { siteOrigin } from "@/web/lib/platform";
import { readJson, removeString, writeString } from "@/web/lib/storage";

/**
 * The better-auth session as every page reads it: one `GET /api/auth/get-session`, asked
 * again when the tab comes back into view and whenever `refreshSession()` is called (after a
 * sign-in, a sign-out, a native token hand-back). better-auth's own client (auth-client.ts)
 * is only loaded by the pages that sign in, sign up or delete an account, which keeps it out
 * of the first page's JavaScript.
 *
 * `data` is get-session's answer (`{ session, user }` or null); read it with `toCurrentUser`.
 */
export type AuthSessionState = { data: unknown; isPending: boolean };

let state: AuthSessionState = { data: null, isPending: true };
const listeners = new Set<() => void>();
let inFlight: Promise<AuthSessionState> | null = null;
/** Whether the first get-session has been asked for. */
let requested = false;
let listening = false;

function publish(next: AuthSessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** A request to better-auth's routes with the session cookie and, in the native app, the bearer token. */
export function authFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  const token = readAuthToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return fetch(`${siteOrigin()}/api/auth${path}`, { ...init, headers, credentials: "include" });
}

/**
 * The last session the server answered with a user, kept on the device: offline, the server
 * cannot be asked, and a signed-in user is still signed in (their header, their library's
 * stores), not drawn as an anonymous visitor. Only the user part is kept (no token: the cookie
 * or the native app's bearer token is the session); it goes when the server says there is no
 * session, and at sign-out.
 */
export const LAST_SESSION_KEY = "auth.last-session";

function rememberSession(data: unknown): void {
  const user = typeof data === "object" && data !== null ? (data as { user?: unknown }).user : undefined;
  if (typeof user === "object" && user !== null) writeString(LAST_SESSION_KEY, JSON.stringify({ user }));
  else removeString(LAST_SESSION_KEY);
}

const rememberedSession = (): unknown => readJson(LAST_SESSION_KEY);

/** Asks the server for the session now (one request at a time) and tells every reader. */
export function refreshSession(): Promise<AuthSessionState> {
  inFlight ??= (async () => {
    let data: unknown = null;
    try {
      const response = await authFetch("/get-session");
      // A static host answering with index.html, or an outage: the visitor is anonymous.
      data = response.ok ? await response.json().catch(() => null) : null;
      rememberSession(data);
    } catch {
      // The server could not be reached (offline): nothing says the session ended, so the last
      // one known stands, this page's or, on a page opened offline, the device's.
      data = state.isPending ? rememberedSession() : state.data;
    }
    publish({ data, isPending: false });
    return state;
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

function start(): void {
  if (!requested) {
    requested = true;
    void refreshSession();
  }
  if (!listening && typeof document !== "undefined") {
    listening = true;
    // Signed in or out in another tab, or the session expired while away.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") void refreshSession();
    });
  }
}

function subscribe(listener: () => void): () => void {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The session a server render of a page takes as known (src/web/ssr/search-preview.tsx): a
 * request without a session cookie is anonymous, and its preview is drawn as the app will draw
 * it (the sign-in hint, the Sign In button). Read only by server renders; the app in the
 * browser always asks get-session.
 */
export const AssumedSession = createContext<AuthSessionState | null>(null);

/** The session, pending only until it is first known (a refresh keeps showing the last answer). */
export function useAuthSession(): AuthSessionState {
  const assumed = useContext(AssumedSession);
  return useSyncExternalStore(subscribe, () => state, () => assumed ?? state);
}

/** Resolves with the session once it is known (outside React). */
export function whenSessionKnown(): Promise<AuthSessionState> {
  start();
  if (!state.isPending) return Promise.resolve(state);
  return inFlight ?? refreshSession();
}

/** Ends the session on the server; the session then reads as anonymous. */
export async function signOutSession(): Promise<void> {
  const response = await authFetch("/sign-out", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || "Sign out failed");
  }
  removeString(LAST_SESSION_KEY);
  publish({ data: null, isPending: false });
}

/** Tests only: put the session in a known state, as if get-session had answered (or not yet). */
export function setAuthSessionForTests(next: AuthSessionState): void {
  requested = true;
  inFlight = null;
  publish(next);
}
