/**
 * The few things that differ between the web app and the Capacitor-packaged native app, asked
 * in one place (CONVENTIONS.md rule 9).
 */

type CapacitorGlobal = { isNativePlatform?: () => boolean };

/** True inside the native app's WebView. */
export function isNativePlatform(): boolean {
  const capacitor = (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
  return Boolean(capacitor?.isNativePlatform?.());
}

/** True on touch screens (phones, tablets, touch laptops). */
export function isTouchDevice(): boolean {
  if (typeof window === "undefined") return false;
  return navigator.maxTouchPoints > 0 || window.matchMedia?.("(pointer: coarse)").matches === true;
}
