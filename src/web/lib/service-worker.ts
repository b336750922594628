import { SERVICE_WORKER_UPDATE_INTERVAL_MS } from "@/shared/offline";
import { isNativePlatform } from "@/web/lib/platform";

/** Where the built worker is served (vite-plugin-pwa writes it at the site's root, so its scope is the whole app). */
export const SERVICE_WORKER_URL = "/sw.js";

/**
 * Registers the service worker (at /sw.js, checked for updates hourly) once the page has loaded and
 * the browser is idle, so its download of the app never competes with the page's own first paint.
 * Not in the native app (its files are on the device) nor under the dev server.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator) || isNativePlatform() || import.meta.env.DEV) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: "/" })
      .then((registration) => {
        window.setInterval(() => void registration.update().catch(() => undefined), SERVICE_WORKER_UPDATE_INTERVAL_MS);
      })
      .catch(() => undefined);
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
