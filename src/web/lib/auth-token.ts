import { STORAGE_KEYS } from "@/shared/constants";
import { readString, writeString } from "@/web/lib/storage";

/**
 * The bearer token the native app signs in with. The app's WebView does not share the
 * external browser's session cookie, so the browser hands the session token back by deep link
 * and the app sends it as `Authorization: Bearer <token>` (better-auth's bearer plugin).
 * On the web nothing is stored here and the session cookie does the work.
 */
export function readAuthToken(): string | undefined {
  return readString(STORAGE_KEYS.authToken) || undefined;
}

export function storeAuthToken(token: string): void {
  writeString(STORAGE_KEYS.authToken, token);
}

export function clearAuthToken(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.authToken);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}
