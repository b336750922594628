/**
 * Where a visitor goes after signing in, and the links in and out of /auth.
 */

export const AUTH_PATH = "/auth";
export const DEFAULT_AFTER_SIGN_IN_PATH = "/search";
/** The query parameter RequireAuth puts the origin path in. */
export const REDIRECT_PARAM = "redirect";
/** `?platform=android`: /auth is open in the browser on behalf of the native app. */
export const NATIVE_PLATFORM_PARAM = "platform";
export const NATIVE_PLATFORM_VALUE = "android";

/**
 * A path on this site, or null. Only same-origin paths are followed after sign-in, so a link
 * like /auth?redirect=https://evil.example cannot send a fresh session elsewhere; /auth itself
 * is refused too, which would loop.
 */
export function safeRedirectPath(candidate: unknown): string | null {
  if (typeof candidate !== "string" || !candidate.startsWith("/") || candidate.startsWith("//")) return null;
  if (candidate.includes("\\")) return null;
  const base = window.location.origin;
  let url: URL;
  try {
    url = new URL(candidate, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (url.pathname === AUTH_PATH || url.pathname.startsWith(`${AUTH_PATH}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Navigation state may carry `from` as a path or as a location object. */
function pathFromState(state: unknown): string | null {
  const from = (state as { from?: unknown } | null | undefined)?.from;
  if (typeof from === "string") return safeRedirectPath(from);
  if (typeof from === "object" && from !== null) {
    const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname !== "string") return null;
    const rest = `${typeof search === "string" ? search : ""}${typeof hash === "string" ? hash : ""}`;
    return safeRedirectPath(`${pathname}${rest}`);
  }
  return null;
}

/** The remembered origin (`?redirect=` or state.from) if it is a same-site path, else /search. */
export function afterSignInPath(searchParams: URLSearchParams, state?: unknown): string {
  return (
    safeRedirectPath(searchParams.get(REDIRECT_PARAM)) ??
    safeRedirectPath(searchParams.get("from")) ??
    pathFromState(state) ??
    DEFAULT_AFTER_SIGN_IN_PATH
  );
}

/** /auth, remembering `path` to come back to. */
export function authPathFor(path: string): string {
  const safe = safeRedirectPath(path);
  if (!safe || safe === "/") return AUTH_PATH;
  return `${AUTH_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: safe })}`;
}

/**
 * /auth with only the parameters worth keeping across a round trip (the remembered origin,
 * the native marker) and any `extra` ones: used as the e-mail link's and the provider's
 * return address.
 */
export function authReturnPath(searchParams: URLSearchParams, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  const redirect = safeRedirectPath(searchParams.get(REDIRECT_PARAM));
  if (redirect) params.set(REDIRECT_PARAM, redirect);
  if (searchParams.get(NATIVE_PLATFORM_PARAM) === NATIVE_PLATFORM_VALUE) {
    params.set(NATIVE_PLATFORM_PARAM, NATIVE_PLATFORM_VALUE);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `${AUTH_PATH}?${query}` : AUTH_PATH;
}
