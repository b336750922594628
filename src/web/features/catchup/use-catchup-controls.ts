import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { CATCHUP_THRESHOLD_DEFAULT, feedCategories, type CatchupFilter, type CatchupRange, type CatchupTab } from "@/shared/catchup";
import { ALL_CATEGORIES } from "@/web/components/paper-list/category-picker";

/** Refresh turns loading off and back on after this. */
const REFRESH_REENABLE_MS = 100;

/** A value that follows `value` after `delayMs` without changes. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * What the feed is asked for: its categories (the profile's until the user changes the chips),
 * an author (debounced as typed), the time range, the sensitivity (debounced as it slides), the
 * tab, the filter and the page. Every change but the page's starts at the first page.
 */
export function useCatchupFilters(profileCategories: string[]) {
  const fromProfile = useMemo(() => feedCategories({ categories: profileCategories }), [profileCategories]);
  /** The chips; null until the user changes them, so they follow the profile. */
  const [chosenCategories, setChosenCategories] = useState<string[] | null>(null);
  const categories = chosenCategories ?? fromProfile;
  const [authorDraft, setAuthorDraft] = useState("");
  const author = useDebounced(authorDraft.trim(), 300);
  const [range, setRange] = useState<CatchupRange>("daily");
  const [thresholdDraft, setThresholdDraft] = useState(CATCHUP_THRESHOLD_DEFAULT);
  const threshold = useDeferredValue(useDebounced(thresholdDraft, 150));
  const [tab, setTab] = useState<CatchupTab>("all");
  const [filter, setFilter] = useState<CatchupFilter>("all");
  const [page, setPage] = useState(0);

  // Any change of what is asked for starts at the first page.
  const resetPage = () => setPage(0);
  const startingOver =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      resetPage();
    };

  return {
    categories,
    addCategory: (code: string) => {
      if (code === ALL_CATEGORIES || categories.includes(code)) return;
      setChosenCategories([...categories, code]);
      resetPage();
    },
    removeCategory: (code: string) => {
      setChosenCategories(categories.filter((category) => category !== code));
      resetPage();
    },
    authorDraft,
    author,
    setAuthor: startingOver(setAuthorDraft),
    range,
    setRange: startingOver(setRange),
    thresholdDraft,
    threshold,
    setThreshold: startingOver(setThresholdDraft),
    tab,
    setTab: startingOver(setTab),
    filter,
    setFilter: startingOver(setFilter),
    page,
    setPage,
  };
}

export type CatchupFilterState = ReturnType<typeof useCatchupFilters>;

/**
 * Whether the feed is loading: papers stay unloaded until Load Papers, unless the
 * autoLoadCatchup setting is on. Refresh (a second Load, or pulling the page down) asks the
 * feed afresh, the query turned off for a moment.
 */
export function useCatchupLoading(autoLoad: boolean, settingsStatus: string) {
  const [enabled, setEnabled] = useState(false);
  const [loadedOnce, setLoadedOnce] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const autoLoaded = useRef(false);
  useEffect(() => {
    if (autoLoaded.current || settingsStatus === "loading") return;
    autoLoaded.current = true;
    if (autoLoad) {
      setEnabled(true);
      setLoadedOnce(true);
    }
  }, [autoLoad, settingsStatus]);

  const refresh = () => {
    if (!enabled) return;
    setEnabled(false);
    setRefreshKey((key) => key + 1);
    setTimeout(() => setEnabled(true), REFRESH_REENABLE_MS);
  };
  const load = () => {
    if (!loadedOnce) {
      setLoadedOnce(true);
      setEnabled(true);
      return;
    }
    refresh();
  };
  return { enabled, loadedOnce, refreshKey, load, refresh };
}
