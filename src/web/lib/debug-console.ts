import { useEffect } from "react";
import { ADMIN_ROLE } from "@/shared/admin";
import { hasRole, type RoleHolder } from "@/shared/roles";

type Eruda = typeof import("eruda").default;

let loading: Promise<Eruda> | null = null;
let running: Eruda | null = null;

/** Eruda's entry button sits on the right edge, a third of the way down, clear of the phone's bottom bar. */
function entryPosition() {
  return { x: Math.max(0, window.innerWidth - 56), y: Math.round(window.innerHeight * 0.35) };
}

/**
 * The in-browser debugging console (integrations-admin.md section 6: started only for signed-in
 * admins): eruda, a console, network, elements and storage panel that works on phones too. Its
 * code is fetched only when an admin is signed in.
 */
export function useAdminDebugConsole(user: RoleHolder): void {
  const isAdmin = hasRole(user, ADMIN_ROLE);
  useEffect(() => {
    if (!isAdmin) {
      running?.destroy();
      running = null;
      return;
    }
    let cancelled = false;
    loading ??= import("eruda").then((module) => module.default);
    void loading
      .then((eruda) => {
        if (cancelled || running) return;
        eruda.init({ tool: ["console", "elements", "network", "resources", "info"], useShadowDom: true, autoScale: true });
        eruda.position(entryPosition());
        running = eruda;
      })
      .catch(() => {
        // A failed download leaves the admin without the console, and the app as it was.
        loading = null;
      });
    return () => {
      cancelled = true;
    };
  }, [isAdmin]);
}
