import { useSyncExternalStore } from "react";
import { DEFAULT_MOBILE_LAYOUT, MOBILE_LAYOUTS, STORAGE_KEYS, type MobileLayout } from "@/shared/constants";
import { createLocalString } from "@/web/lib/local-string";

export function parseMobileLayout(raw: string | null): MobileLayout {
  return MOBILE_LAYOUTS.find((layout) => layout === raw) ?? DEFAULT_MOBILE_LAYOUT;
}

const mobileLayoutStore = createLocalString(STORAGE_KEYS.mobileLayoutPreference, parseMobileLayout);

/** The phone navigation style the user picked in the Menu sheet. */
export function useMobileLayout(): [MobileLayout, (layout: MobileLayout) => void] {
  const layout = useSyncExternalStore(mobileLayoutStore.subscribe, mobileLayoutStore.get, () => DEFAULT_MOBILE_LAYOUT);
  return [layout, mobileLayoutStore.set];
}
