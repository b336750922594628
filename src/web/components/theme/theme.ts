import { DEFAULT_THEME, THEMES, type Theme } from "@/shared/constants";

/**
 * Theme rules shared by the React provider and, in plain JS, by public/theme-init.js
 * (which applies the theme before first paint and must follow the same rules).
 */

export type ResolvedTheme = "light" | "dark";

export const DARK_SCHEME_QUERY = "(prefers-color-scheme: dark)";

/** A stored value that is not one of the spec's themes falls back to the default (dark). */
export function parseTheme(raw: unknown): Theme {
  return THEMES.find((theme) => theme === raw) ?? DEFAULT_THEME;
}

/** "system" follows the operating system's colour scheme. */
export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === "system") return systemPrefersDark ? "dark" : "light";
  return theme;
}

export function applyResolvedTheme(root: HTMLElement, resolved: ResolvedTheme): void {
  root.classList.toggle("dark", resolved === "dark");
  root.classList.toggle("light", resolved === "light");
  // Lets the browser draw native controls and scrollbars in the matching scheme.
  root.style.colorScheme = resolved;
}
