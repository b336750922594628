import { useCallback, useSyncExternalStore } from "react";
import { BREAKPOINT_LARGE_PX, BREAKPOINT_SMALL_PX } from "@/shared/constants";

/** Whether a CSS media query matches, updated live. */
export function useMediaQuery(query: string): boolean {
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
    () => false,
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
