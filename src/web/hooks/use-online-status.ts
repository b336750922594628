import { useSyncExternalStore } from "react";
import { OFFLINE_MARKER } from "@/web/sw-routes";

/**
 * Whether this page came from the service worker's offline answer (sw.ts marks it): offline
 * then, whatever navigator.onLine says, until the browser reports it is back online.
 */
let servedOffline = typeof document !== "undefined" && document.querySelector(`meta[name="${OFFLINE_MARKER}"]`) !== null;

function subscribe(onChange: () => void): () => void {
  const online = () => {
    servedOffline = false;
    onChange();
  };
  window.addEventListener("online", online);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", online);
    window.removeEventListener("offline", onChange);
  };
}

/** The browser's own connectivity flag, kept live by its online/offline events, and the worker's word. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !servedOffline,
    () => true,
  );
}
