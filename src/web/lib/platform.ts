/**
 * The few things that differ between the web app and the Capacitor-packaged native app, asked
 * in one place (CONVENTIONS.md rule 9).
 */

type CapacitorGlobal = {
  isNativePlatform?: () => boolean;
  Plugins?: { Browser?: { open: (options: { url: string }) => Promise<void> } };
};

/** True inside the native app's WebView. */
export function isNativePlatform(): boolean {
  const capacitor = (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
  return Boolean(capacitor?.isNativePlatform?.());
}

/**
 * The site's own origin, for URLs that must be absolute. Inside the native app the WebView's
 * origin is not the site, so the build's VITE_PUBLIC_URL is used there.
 */
export function siteOrigin(): string {
  const configured = import.meta.env.VITE_PUBLIC_URL as string | undefined;
  if (isNativePlatform() && configured) return new URL(configured).origin;
  return window.location.origin;
}

/**
 * Opens a URL outside the app: the system browser on native (Capacitor's Browser plugin),
 * a new tab on the web.
 */
export async function openExternalBrowser(url: string): Promise<void> {
  const capacitor = (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
  const browser = capacitor?.Plugins?.Browser;
  if (isNativePlatform() && browser) {
    await browser.open({ url });
    return;
  }
  window.open(url, "_blank", "noopener");
}

/** True on touch screens (phones, tablets, touch laptops). */
export function isTouchDevice(): boolean {
  if (typeof window === "undefined") return false;
  return navigator.maxTouchPoints > 0 || window.matchMedia?.("(pointer: coarse)").matches === true;
}
