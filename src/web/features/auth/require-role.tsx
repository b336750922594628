import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { ADMIN_ROLE, DEVELOPER_ROLE } from "@/shared/admin";
import type { Role } from "@/shared/constants";
import { hasRole } from "@/shared/roles";
import { useCurrentUser } from "@/web/hooks/use-current-user";
import { PageLoading } from "@/web/components/page-loading";
import { authPathFor } from "@/web/features/auth/auth-redirect";

type GuardProps = {
  /** The guarded page; a layout route leaves it out and gets its child routes. */
  children?: ReactNode;
};

/**
 * Admin-only (or maintainer-only) areas: holders of `role` see the page, everyone else is sent
 * to /. Used as a wrapper or as a layout route's Component.
 */
export function RequireRole({ role, children }: GuardProps & { role: Role }) {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <PageLoading />;
  if (!hasRole(user, role)) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}

/** Admin-only areas as a layout route: `{ Component: RequireAdmin, children: [...] }`. */
export function RequireAdmin({ children }: GuardProps) {
  return <RequireRole role={ADMIN_ROLE}>{children}</RequireRole>;
}

/** The developer guard (/dev/*, /auth-test): maintainers and above; everyone else goes to /. */
export function RequireDeveloper({ children }: GuardProps) {
  return <RequireRole role={DEVELOPER_ROLE}>{children}</RequireRole>;
}

/**
 * Pages that need an account: visitors who are not signed in go to /auth, which brings them
 * back here afterwards (`?redirect=`).
 */
export function RequireAuth({ children }: GuardProps) {
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <PageLoading />;
  if (!user) {
    const origin = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={authPathFor(origin)} replace state={{ from: origin }} />;
  }
  return children ?? <Outlet />;
}
