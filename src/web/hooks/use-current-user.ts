import { authClient } from "@/web/lib/auth-client";

export type CurrentUser = {
  email: string;
  name: string | null;
  role: string | null;
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
  const { email, name, role } = user as { email?: unknown; name?: unknown; role?: unknown };
  if (typeof email !== "string" || email.length === 0) return null;
  return {
    email,
    name: typeof name === "string" && name.length > 0 ? name : null,
    role: typeof role === "string" && role.length > 0 ? role : null,
  };
}

export function useCurrentUser(): CurrentUserState {
  const session = authClient.useSession();
  return { user: toCurrentUser(session.data), isPending: session.isPending };
}

/** better-auth's admin plugin stores roles as a comma-separated list. */
export function isAdmin(user: CurrentUser | null): boolean {
  if (!user?.role) return false;
  return user.role
    .split(",")
    .map((role) => role.trim())
    .includes("admin");
}
