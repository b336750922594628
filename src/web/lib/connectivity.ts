import { OFFLINE_MARKER } from "@/web/sw-routes";

/**
 * Whether this device is offline, for the badge (use-online-status.ts) and for the words a
 * failed request is told in (api.ts): the browser's own flag, and the service worker's word
 * for a page it answered because the network failed (sw.ts marks it), offline then whatever
 * navigator.onLine says, until the browser reports it is back online.
 */
let servedOffline = typeof document !== "undefined" && document.querySelector(`meta[name="${OFFLINE_MARKER}"]`) !== null;

export function isOffline(): boolean {
  if (typeof navigator === "undefined") return false;
  return navigator.onLine === false || servedOffline;
}

/** Calls back when the browser goes offline or online. */
export function subscribeConnectivity(onChange: () => void): () => void {
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
