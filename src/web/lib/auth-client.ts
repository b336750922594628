import { createAuthClient } from "better-auth/react";
import { readAuthToken } from "@/web/lib/auth-token";
import { siteOrigin } from "@/web/lib/platform";

/**
 * better-auth is mounted by the server at /api/auth/* on the site's origin. The native app
 * also sends the bearer token it got back from the browser sign-in (none on the web).
 */
export const authClient = createAuthClient({
  baseURL: siteOrigin(),
  fetchOptions: {
    auth: { type: "Bearer", token: () => readAuthToken() },
    // Looked up per request rather than captured at import, so a fetch patched later (tests' MSW) is used.
    customFetchImpl: (input, init) => fetch(input, init),
  },
});

let sessionKnown = false;

/**
 * The session, pending only until it is first known. better-auth marks an anonymous session
 * pending again on every refetch (after a sign-up, on focus), and pages that show "Loading..."
 * while pending would lose what the visitor typed.
 */
export function useAuthSession(): { data: unknown; isPending: boolean } {
  const session = authClient.useSession();
  if (!session.isPending) sessionKnown = true;
  return { data: session.data, isPending: session.isPending && !sessionKnown };
}
