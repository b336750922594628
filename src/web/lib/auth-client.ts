import { createAuthClient } from "better-auth/react";
import { readAuthToken } from "@/web/lib/auth-token";
import { siteOrigin } from "@/web/lib/platform";

/**
 * better-auth is mounted by the server at /api/auth/* on the site's origin. The native app
 * also sends the bearer token it got back from the browser sign-in (none on the web).
 *
 * Only the pages that sign in, sign up or manage the account import this client; everything
 * else reads the session through auth-session.ts. After a call here that changes the session,
 * call `refreshSession()` from there.
 */
export const authClient = createAuthClient({
  baseURL: siteOrigin(),
  fetchOptions: {
    auth: { type: "Bearer", token: () => readAuthToken() },
    // Looked up per request rather than captured at import, so a fetch patched later (tests' MSW) is used.
    customFetchImpl: (input, init) => fetch(input, init),
  },
});
