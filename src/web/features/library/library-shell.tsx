import type { ReactNode } from "react";
import { Navigate, NavLink, useLocation } from "react-router";
import { FolderOpen, Trash2 } from "lucide-react";
import { APP_NAME } from "@/shared/constants";
import { authPathFor } from "@/web/features/auth/auth-redirect";
import { useUserData } from "@/web/lib/user-data/user-stores";
import { cn } from "@/web/lib/utils";

/**
 * The page shell Collections and Trash share: the title, a switch between the two pages, and, for a
 * page that requires auth, the redirect to /auth that remembers where the user was.
 */
export function LibraryShell({ title, description, requireAuth = false, actions, children }: { title: string; description: string; requireAuth?: boolean; actions?: ReactNode; children: ReactNode }) {
  const { session, isAuthPending } = useUserData();
  const { pathname, search } = useLocation();
  if (requireAuth && session.status === "anonymous" && !isAuthPending) return <Navigate to={authPathFor(`${pathname}${search}`)} replace />;

  const tab = ({ isActive }: { isActive: boolean }) =>
    cn(
      "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
      isActive ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
    );
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{`${title} · ${APP_NAME}`}</title>
      <nav aria-label="Library" className="mb-5 inline-flex rounded-lg bg-muted p-1">
        <NavLink to="/collections" className={tab}>
          <FolderOpen aria-hidden className="size-4" />
          Collections
        </NavLink>
        <NavLink to="/trash" className={tab}>
          <Trash2 aria-hidden className="size-4" />
          Trash
        </NavLink>
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <div className="mt-6">{children}</div>
    </div>
  );
}
