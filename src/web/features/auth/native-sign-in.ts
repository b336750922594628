import { toCurrentUser } from "@/web/hooks/use-current-user";
import { authClient } from "@/web/lib/auth-client";
import { siteOrigin } from "@/web/lib/platform";
import { AUTH_PATH, NATIVE_PLATFORM_PARAM, NATIVE_PLATFORM_VALUE } from "@/web/features/auth/auth-redirect";

/**
 * The native app signs in through the system browser: the app opens /auth?platform=android there;
 * after sign-in that page sends the session token back with the app's deep link; the app receives
 * it as /auth/callback?token=..., checks it with the server and keeps it as its bearer token.
 */

/** The app's URL scheme and the deep link's host (registered in the Android manifest). */
export const NATIVE_APP_SCHEME = "quire";
export const NATIVE_AUTH_CALLBACK_URL = `${NATIVE_APP_SCHEME}://auth-callback`;
/** The in-app route the deep link is delivered to. */
export const AUTH_CALLBACK_PATH = `${AUTH_PATH}/callback`;

/** The URL the app opens in the system browser. */
export function nativeSignInUrl(): string {
  return `${siteOrigin()}${AUTH_PATH}?${NATIVE_PLATFORM_PARAM}=${NATIVE_PLATFORM_VALUE}`;
}

/** quire://auth-callback?token=... */
export function nativeCallbackUrl(token: string): string {
  return `${NATIVE_AUTH_CALLBACK_URL}?${new URLSearchParams({ token })}`;
}

/** The app's deep link as an in-app path (/auth/callback?token=...), or null for other links. */
export function deepLinkToPath(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${NATIVE_APP_SCHEME}:` || url.hostname !== "auth-callback") return null;
  return `${AUTH_CALLBACK_PATH}${url.search}`;
}

/**
 * The session token of the browser's current session, for a visitor who signed in here by a
 * provider's redirect (the session cookie is HttpOnly; get-session returns the token).
 */
export async function currentSessionToken(): Promise<string | null> {
  const { data } = await authClient.getSession();
  const token = (data as { session?: { token?: unknown } } | null)?.session?.token;
  return typeof token === "string" && token.length > 0 ? token : null;
}

/** True if the server accepts `token` as a bearer token for a signed-in user. */
export async function isValidAuthToken(token: string): Promise<boolean> {
  if (!token.trim()) return false;
  try {
    const response = await fetch(`${siteOrigin()}/api/auth/get-session`, {
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
      // Only the token may vouch for the session, not a cookie the WebView happens to hold.
      credentials: "omit",
    });
    if (!response.ok) return false;
    return toCurrentUser(await response.json()) !== null;
  } catch {
    return false;
  }
}
