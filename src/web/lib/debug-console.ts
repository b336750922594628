import { useEffect, useSyncExternalStore } from "react";
import { ADMIN_ROLE } from "@/shared/admin";
import { STORAGE_KEYS } from "@/shared/constants";
import { hasRole, type RoleHolder } from "@/shared/roles";
import { readString, writeString } from "@/web/lib/storage";

type Eruda = typeof import("eruda").default;

let loading: Promise<Eruda> | null = null;
let running: Eruda | null = null;
const listeners = new Set<() => void>();

/** Whether the admin wants the console on this device (on unless switched off on /auth-test). */
export function isDebugConsoleEnabled(): boolean {
  return readString(STORAGE_KEYS.debugConsole) !== "off";
}

export function setDebugConsoleEnabled(enabled: boolean): void {
  writeString(STORAGE_KEYS.debugConsole, enabled ? "on" : "off");
  for (const listener of listeners) listener();
}

export function useDebugConsoleEnabled(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isDebugConsoleEnabled,
    () => false,
  );
}

/** Eruda's entry button sits on the left edge above the phone's bottom bar; it can be dragged. */
function entryPosition() {
  return { x: 8, y: Math.max(0, window.innerHeight - 150) };
}

/**
 * The in-browser debugging console (started only for signed-in
 * admins): eruda, a console, network, elements and storage panel that works on phones too. Its
 * code is fetched only when an admin is signed in; an admin can switch it off on /auth-test.
 */
export function useAdminDebugConsole(user: RoleHolder): void {
  const enabled = useDebugConsoleEnabled();
  const wanted = enabled && hasRole(user, ADMIN_ROLE);
  useEffect(() => {
    if (!wanted) {
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
  }, [wanted]);
}
