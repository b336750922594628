import { useEffect, useRef } from "react";
import { readJson, writeString } from "@/web/lib/storage";

type ScrollMemory = { at: string; y: number };

const SAVE_THROTTLE_MS = 250;

/**
 * Remembers how far a list page was scrolled (the spec's `scroll.search`, `scroll.bookmarks`
 * keys) and goes back there when the same page (`at`: its URL's query) shows its content
 * again, e.g. after reading a paper and coming back.
 */
export function useScrollMemory(storageKey: string, at: string, contentReady: boolean): void {
  const restoredFor = useRef<string | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      timer = undefined;
      writeString(storageKey, JSON.stringify({ at, y: Math.round(window.scrollY) } satisfies ScrollMemory));
    };
    const handleScroll = () => {
      timer ??= setTimeout(save, SAVE_THROTTLE_MS);
    };
    window.addEventListener("scroll", handleScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", handleScroll);
      if (timer) {
        clearTimeout(timer);
        save();
      }
    };
  }, [storageKey, at]);

  useEffect(() => {
    if (!contentReady || restoredFor.current === at) return;
    restoredFor.current = at;
    const memory = readJson(storageKey) as Partial<ScrollMemory> | null;
    if (memory?.at === at && typeof memory.y === "number" && memory.y > 0) {
      requestAnimationFrame(() => window.scrollTo({ top: memory.y }));
    }
  }, [storageKey, at, contentReady]);
}
