import { useSyncExternalStore } from "react";
import { isOffline, subscribeConnectivity } from "@/web/lib/connectivity";

/** The browser's own connectivity flag, kept live by its online/offline events, and the worker's word. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribeConnectivity,
    () => !isOffline(),
    () => true,
  );
}
