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

/** Eruda's entry button's side, in CSS pixels. */
const ENTRY_SIZE_PX = 40;
/** The phone's bottom bar (4rem) and a gap above it. */
const BOTTOM_CLEARANCE_PX = 64 + 24;

/**
 * Eruda's entry button sits on the right edge, above the phone's bottom bar: on the left it
 * covered the sidebar's rows and the bottom bar's buttons. It can be dragged.
 */
export function debugConsoleEntryPosition(viewport: { width: number; height: number }): { x: number; y: number } {
  return { x: Math.max(0, viewport.width - ENTRY_SIZE_PX - 8), y: Math.max(0, viewport.height - BOTTOM_CLEARANCE_PX - ENTRY_SIZE_PX) };
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
        eruda.position(debugConsoleEntryPosition({ width: window.innerWidth, height: window.innerHeight }));
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
