import { useEffect, useMemo, useRef, useState } from "react";
import type { BookmarkFilter } from "@/shared/library/bookmark-filter";
import { useUserStores } from "@/web/lib/user-data/user-stores";

/** The cache entry that remembers the Bookmarks page's filters. */
export const BOOKMARK_FILTERS_CACHE_KEY = "bookmarkFilters";
const SAVE_DEBOUNCE_MS = 500;
const QUERY_DEBOUNCE_MS = 250;

export type BookmarkFilterState = { q: string; author: string; category: string };
const EMPTY: BookmarkFilterState = { q: "", author: "", category: "" };

function decode(value: unknown): BookmarkFilterState {
  if (typeof value !== "object" || value === null) return EMPTY;
  const record = value as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === "string" ? (record[key] as string).slice(0, 300) : "");
  return { q: text("q"), author: text("author"), category: text("category") };
}

/**
 * The filters as typed (for the inputs) and as applied (debounced, for the list), restored
 * from and saved to the `bookmarkFilters` cache entry (on the device or in the account).
 */
export function useBookmarkFilters(): {
  input: BookmarkFilterState;
  applied: BookmarkFilter;
  setInput: (patch: Partial<BookmarkFilterState>) => void;
  clear: () => void;
} {
  const { cache } = useUserStores();
  const [input, setInputState] = useState<BookmarkFilterState>(EMPTY);
  const [applied, setApplied] = useState<BookmarkFilterState>(EMPTY);
  const restored = useRef(false);
  const touched = useRef(false);

  useEffect(() => {
    let cancelled = false;
    cache
      .get(BOOKMARK_FILTERS_CACHE_KEY)
      .then((value) => {
        if (cancelled || touched.current) return;
        const saved = decode(value);
        setInputState(saved);
        setApplied(saved);
      })
      .catch(() => undefined)
      .finally(() => {
        restored.current = true;
      });
    return () => {
      cancelled = true;
    };
  }, [cache]);

  useEffect(() => {
    const timer = setTimeout(() => setApplied(input), input.q === applied.q && input.author === applied.author ? 0 : QUERY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, applied.q, applied.author]);

  useEffect(() => {
    if (!touched.current) return;
    const timer = setTimeout(() => void cache.set(BOOKMARK_FILTERS_CACHE_KEY, applied).catch(() => undefined), SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [cache, applied]);

  const filter = useMemo(
    (): BookmarkFilter => ({ q: applied.q.trim() || undefined, author: applied.author.trim() || undefined, category: applied.category || undefined }),
    [applied],
  );

  return {
    input,
    applied: filter,
    setInput: (patch) => {
      touched.current = true;
      setInputState((current) => ({ ...current, ...patch }));
    },
    clear: () => {
      touched.current = true;
      setInputState(EMPTY);
      setApplied(EMPTY);
    },
  };
}
