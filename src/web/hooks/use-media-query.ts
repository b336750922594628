import { createContext, useCallback, useContext, useSyncExternalStore } from "react";
import { BREAKPOINT_LARGE_PX, BREAKPOINT_SMALL_PX } from "@/shared/constants";

/**
 * The viewport width a render on the server lays out for (the search page's preview renders
 * once per screen size, see src/web/ssr/search-preview.tsx); null, the default: no width, and
 * every query is false there.
 */
export const AssumedViewportWidth = createContext<number | null>(null);

/** Whether a width-only query (min-width, max-width in px, joined with "and") holds at `width`. */
export function widthQueryMatches(query: string, width: number): boolean {
  const conditions = query.split(/\s+and\s+/i);
  return conditions.every((condition) => {
    const match = /^\(\s*(min|max)-width:\s*(\d+(?:\.\d+)?)px\s*\)$/i.exec(condition.trim());
    if (!match) return false;
    const bound = Number(match[2]);
    return match[1]!.toLowerCase() === "min" ? width >= bound : width <= bound;
  });
}

/** Whether a CSS media query matches, updated live. */
export function useMediaQuery(query: string): boolean {
  const assumedWidth = useContext(AssumedViewportWidth);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => (assumedWidth === null ? false : widthQueryMatches(query, assumedWidth)),
  );
}

/** phone: below 640 px; tablet: 640-1023 px; desktop: 1024 px and up (Tailwind's sm and lg). */
export type ScreenSize = "phone" | "tablet" | "desktop";

export function useScreenSize(): ScreenSize {
  const isAtLeastSmall = useMediaQuery(`(min-width: ${BREAKPOINT_SMALL_PX}px)`);
  const isAtLeastLarge = useMediaQuery(`(min-width: ${BREAKPOINT_LARGE_PX}px)`);
  if (isAtLeastLarge) return "desktop";
  return isAtLeastSmall ? "tablet" : "phone";
}
