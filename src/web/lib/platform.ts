/**
 * The few things that differ between the web app and the Capacitor-packaged native app, asked
 * in one place (rule 9). `loadPlatform()` hands out one `Platform` with a web or
 * a native implementation of each part (device files, app events, the system browser, the
 * share sheet, the network), chosen here and nowhere else; the native one (Capacitor and its
 * plugins) is only downloaded inside the app.
 */

type CapacitorGlobal = {
  isNativePlatform?: () => boolean;
  Plugins?: { Browser?: { open: (options: { url: string }) => Promise<void> } };
};

/** A file in a device directory. */
export type DeviceFile = { name: string; size: number };

/** The device's own files (read, write, list, delete). */
export interface DeviceFilesystem {
  read(path: string): Promise<Uint8Array>;
  readText(path: string): Promise<string>;
  write(path: string, data: Uint8Array | string): Promise<void>;
  /** The files directly in a directory; empty when it does not exist yet. */
  list(directory: string): Promise<DeviceFile[]>;
  delete(path: string): Promise<void>;
}

export type Unsubscribe = () => void;

export interface AppEvents {
  /** The URL the app was launched with (a deep link or a share intent), or null. */
  launchUrl(): Promise<string | null>;
  /** Deep links opened while the app runs. */
  onUrlOpen(listener: (url: string) => void): Unsubscribe;
  /** The Android back button; the listener decides what it does. */
  onBackButton(listener: (canGoBack: boolean) => void): Unsubscribe;
  /** Leaves the app (Android's back at the first page). */
  exit(): Promise<void>;
}

export interface Platform {
  native: boolean;
  /** Null on the web: a browser has no device directory (offline papers live in Cache Storage there). */
  filesystem: DeviceFilesystem | null;
  app: AppEvents;
  /** Opens a URL outside the app: the system browser on native, a new tab on the web. */
  browser: { open(url: string): Promise<void> };
  /** The system share sheet; "copied" when only the clipboard was there, "cancelled" when the user closed it. */
  share: { share(content: { title: string; url: string }): Promise<"shared" | "copied" | "cancelled"> };
  network: { isOnline(): Promise<boolean>; onChange(listener: (online: boolean) => void): Unsubscribe };
}

/**
 * True inside the native app's WebView: Capacitor's bridge says so, or, before Capacitor's own
 * code has run, the Android bridge or a custom Capacitor platform is there.
 */
export function isNativePlatform(): boolean {
  const scope = globalThis as { Capacitor?: CapacitorGlobal; CapacitorCustomPlatform?: { name?: string }; androidBridge?: unknown };
  if (scope.Capacitor?.isNativePlatform?.()) return true;
  const custom = scope.CapacitorCustomPlatform?.name;
  return Boolean((custom && custom !== "web") || scope.androidBridge);
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
 * What `/api/...` paths are prefixed with: nothing on the web (same origin), the site's origin
 * in the native app, whose WebView serves the app from its own origin.
 */
export function apiOrigin(): string {
  if (typeof window === "undefined" || !isNativePlatform()) return "";
  const origin = siteOrigin();
  return origin === window.location.origin ? "" : origin;
}

/**
 * Opens a URL outside the app: the system browser on native (Capacitor's Browser plugin),
 * a new tab on the web.
 */
export async function openExternalBrowser(url: string): Promise<void> {
  const platform = await loadPlatform();
  await platform.browser.open(url);
}

/** True on touch screens (phones, tablets, touch laptops). */
export function isTouchDevice(): boolean {
  if (typeof window === "undefined") return false;
  return navigator.maxTouchPoints > 0 || window.matchMedia?.("(pointer: coarse)").matches === true;
}

let chosen: Promise<Platform> | null = null;

/** The platform, chosen once: the native implementation inside the app, else the web one. */
export function loadPlatform(): Promise<Platform> {
  chosen ??= isNativePlatform()
    ? import("@/web/lib/platform-native").then((module) => module.createNativePlatform())
    : import("@/web/lib/platform-web").then((module) => module.webPlatform);
  return chosen;
}

/** Tests only: choose again (after changing what the page looks like). */
export function resetPlatformForTests(): void {
  chosen = null;
}
