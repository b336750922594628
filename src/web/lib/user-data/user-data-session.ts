import { useEffect, useMemo } from "react";
import { toCurrentUser, type CurrentUser } from "@/web/hooks/use-current-user";
import { useAuthSession, whenSessionKnown } from "@/web/lib/auth-session";
import { readString, removeString, writeString } from "@/web/lib/storage";

/**
 * Who the user data belongs to, read from the better-auth session (with the app's one session
 * reader, `toCurrentUser`): the one place that decides between the device stores and the
 * server stores.
 */
export type SessionUser = CurrentUser;

export type UserDataSession =
  /**
   * The session is still being asked for and this device was signed in last time: show
   * neither device nor account data yet. (A device last used anonymously shows its own data
   * at once: its visitor is almost always still anonymous, and if not, that data is theirs
   * and about to move into the account.)
   */
  | { status: "loading"; user: null }
  | { status: "anonymous"; user: null }
  | { status: "signed-in"; user: SessionUser };

const LOADING: UserDataSession = { status: "loading", user: null };
const ANONYMOUS: UserDataSession = { status: "anonymous", user: null };

/** Set while this device's last known session was signed in (see UserDataSession "loading"). */
export const SIGNED_IN_HINT_KEY = "user-data.signed-in";

export function wasSignedIn(): boolean {
  return readString(SIGNED_IN_HINT_KEY) === "1";
}

/** Sign-out: the next page load treats the visitor as anonymous until told otherwise. */
export function forgetSignedInHint(): void {
  removeString(SIGNED_IN_HINT_KEY);
}

export function toUserDataSession(sessionData: unknown, isPending: boolean, expectSignedIn = false): UserDataSession {
  const user = toCurrentUser(sessionData);
  if (user) return { status: "signed-in", user };
  return isPending && expectSignedIn ? LOADING : ANONYMOUS;
}

/**
 * The current session, stable while the same user stays signed in, and whether better-auth is
 * still asking for it (true even while a device last used anonymously is shown as anonymous).
 */
export function useUserDataSession(): { session: UserDataSession; isAuthPending: boolean } {
  const raw = useAuthSession();
  const next = toUserDataSession(raw.data, raw.isPending, raw.isPending && wasSignedIn());
  const user = next.user;
  const session = useMemo(
    () => next,
    // The same user keeps the same object, so stores and effects keyed on it stay put.
    [next.status, user?.id, user?.email, user?.name, user?.role, user?.isSuperAdmin, user?.emailVerified],
  );

  useEffect(() => {
    if (raw.isPending) return;
    if (session.status === "signed-in") writeString(SIGNED_IN_HINT_KEY, "1");
    else forgetSignedInHint();
  }, [raw.isPending, session.status]);

  return { session, isAuthPending: raw.isPending };
}

/** Resolves once the session is known (outside React: writes made while it was loading wait for it). */
export function whenUserDataSessionKnown(): Promise<UserDataSession> {
  return whenSessionKnown().then((known) => toUserDataSession(known.data, false));
}
