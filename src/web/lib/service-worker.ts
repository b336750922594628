import { SERVICE_WORKER_READY_TIMEOUT_MS, SERVICE_WORKER_UPDATE_INTERVAL_MS } from "@/shared/offline";
import { isNativePlatform } from "@/web/lib/platform";

/** Where the built worker is served (vite-plugin-pwa writes it at the site's root, so its scope is the whole app). */
export const SERVICE_WORKER_URL = "/sw.js";

/** This page's registration of the worker, once asked for (registerServiceWorker). */
let registering: Promise<ServiceWorkerRegistration> | null = null;

/**
 * Registers the service worker (at /sw.js, checked for updates hourly) once the page has loaded and
 * the browser is idle, so its download of the app never competes with the page's own first paint.
 * Not in the native app (its files are on the device) nor under the dev server.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator) || isNativePlatform() || import.meta.env.DEV) return;
  const register = () => {
    registering = navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
    registering
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

const POLL_MS = 250;

/**
 * Resolves once a service worker controls this page: it installed, so the whole app (the PDF
 * viewer's code and pdf.js's worker among it) is in its precache, and it answers this page's
 * requests, so a kept PDF and a lazily loaded chunk come from the device with no network.
 * Rejects when the worker failed to install (a full disk) or did not take over in time.
 */
export function whenServiceWorkerControls(timeoutMs: number = SERVICE_WORKER_READY_TIMEOUT_MS): Promise<void> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return Promise.reject(new Error("No service worker in this browser"));
  const container = navigator.serviceWorker;
  if (container.controller) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const started = Date.now();
    // A registration with no worker at all, twice in a row: its install failed.
    let emptyPolls = 0;
    const finish = (error?: Error) => {
      window.clearInterval(timer);
      container.removeEventListener("controllerchange", check);
      if (error) reject(error);
      else resolve();
    };
    function check(): void {
      if (container.controller) return finish();
      if (Date.now() - started > timeoutMs) return finish(new Error("The service worker did not take over in time"));
      // Not yet registered by this page: another page's registration, if any.
      void (registering ?? container.getRegistration()).then(
        (registration) => {
          if (registration && !registration.installing && !registration.waiting && !registration.active) emptyPolls += 1;
          else emptyPolls = 0;
          if (emptyPolls >= 2) finish(new Error("The service worker failed to install"));
        },
        () => finish(new Error("The service worker could not be registered")),
      );
    }
    const timer = window.setInterval(check, POLL_MS);
    container.addEventListener("controllerchange", check);
  });
}
