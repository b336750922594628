import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { Highlight } from "@/shared/highlights";
import { useUserStores } from "@/web/lib/user-data/user-stores";

/** A paper's highlights, live, from whichever store the session uses. */
export function usePaperHighlights(paperId: string): { highlights: readonly Highlight[]; store: ReturnType<typeof useUserStores>["highlights"] } {
  const { highlights: store } = useUserStores();
  useEffect(() => store.load(paperId), [store, paperId]);
  const getSnapshot = useCallback(() => store.getSnapshot(paperId), [store, paperId]);
  const highlights = useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
  return { highlights, store };
}
