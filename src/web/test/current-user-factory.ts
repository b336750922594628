import type { CurrentUser, CurrentUserState } from "@/web/hooks/use-current-user";

/** A signed-in user for tests; override what the test is about. */
export function makeCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: "user-1",
    email: "ada@example.org",
    name: "Ada",
    role: "user",
    isSuperAdmin: false,
    emailVerified: true,
    ...overrides,
  };
}

export const signedOut: CurrentUserState = { user: null, isPending: false };
export const sessionLoading: CurrentUserState = { user: null, isPending: true };
export function signedIn(overrides: Partial<CurrentUser> = {}): CurrentUserState {
  return { user: makeCurrentUser(overrides), isPending: false };
}
