import { useAuthSession } from "@/web/lib/auth-session";

export type CurrentUser = {
  id: string;
  email: string;
  name: string | null;
  /** "user", "maintainer" or "admin"; check it with `hasRole` from `@/shared/roles`, never by hand. */
  role: string | null;
  /** Passes every role check. */
  isSuperAdmin: boolean;
  emailVerified: boolean;
};

export type CurrentUserState = {
  user: CurrentUser | null;
  isPending: boolean;
};

/**
 * Reads the session defensively: when /api is missing or answers with something other than
 * a session (a static preview serving index.html, an outage), the visitor is simply anonymous.
 */
export function toCurrentUser(sessionData: unknown): CurrentUser | null {
  if (typeof sessionData !== "object" || sessionData === null) return null;
  const user = (sessionData as { user?: unknown }).user;
  if (typeof user !== "object" || user === null) return null;
  const { id, email, name, role, isSuperAdmin, emailVerified } = user as Record<string, unknown>;
  if (typeof id !== "string" || id.length === 0) return null;
  if (typeof email !== "string" || email.length === 0) return null;
  return {
    id,
    email,
    name: typeof name === "string" && name.length > 0 ? name : null,
    role: typeof role === "string" && role.length > 0 ? role : null,
    isSuperAdmin: isSuperAdmin === true,
    emailVerified: emailVerified === true,
  };
}

export function useCurrentUser(): CurrentUserState {
  const session = useAuthSession();
  return { user: toCurrentUser(session.data), isPending: session.isPending };
}
