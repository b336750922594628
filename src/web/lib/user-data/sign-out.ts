import type { QueryClient } from "@tanstack/react-query";
import { signOutSession } from "@/web/lib/auth-session";
import { clearAuthToken } from "@/web/lib/auth-token";
import { getAppQueryClient } from "@/web/lib/query-client";
import { deviceDataParts } from "@/web/lib/user-data/device-data-parts";
import { clearUserDataAfterSignOut } from "@/web/lib/user-data/user-stores";

export type SignOutOptions = {
  /** The router's navigate; without it the page is reloaded at `/` (which also drops every in-memory cache). */
  navigate?: (to: string) => unknown;
  /** Defaults to the app's client (main.tsx). */
  queryClient?: QueryClient;
};

/**
 * Sign Out: signs out, clears the user's local data (the
 * native app's bearer token, the account's snapshots and query cache, settings, profile and preferences back to defaults,
 * `search.*` and `catchup.*` page state, and what features registered: the papers kept offline, the kept pictures of pages) and goes to `/`. Rejects, changing nothing, when the
 * server refused to sign out; the caller shows the error.
 */
export async function signOutAndClear(options: SignOutOptions = {}): Promise<void> {
  await signOutSession();
  // The native app's bearer token is the session it just ended.
  clearAuthToken();
  clearUserDataAfterSignOut();
  // What features keep on the device goes too, one part after the other (device-data-parts.ts):
  // the papers kept for offline reading (a kept paper says what its reader reads), the pictures
  // of the pages last read.
  for (const part of deviceDataParts()) await part.clear?.();
  (options.queryClient ?? getAppQueryClient())?.clear();
  if (options.navigate) await options.navigate("/");
  else window.location.assign("/");
}
