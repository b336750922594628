import { useEffect, useRef, useState } from "react";
import { isNativePlatform, isTouchDevice } from "@/web/lib/platform";
import { DEFAULT_PULL_CONFIG, IDLE, pullReducer, type PullEvent, type PullState } from "./pull-to-refresh-machine";

export type PullToRefresh = PullState & { threshold: number; maxPull: number };

/**
 * Pull-to-refresh on the page's own scroll: works on web touch screens only (the native app
 * has its own gesture) and only while the page is scrolled to the top. `onRefresh` may
 * return a promise; the indicator spins until it settles.
 */
export function usePullToRefresh(onRefresh: () => unknown, options: { enabled?: boolean } = {}): PullToRefresh {
  const [state, setState] = useState<PullState>(IDLE);
  const stateRef = useRef(state);
  const refreshRef = useRef(onRefresh);
  refreshRef.current = onRefresh;
  const enabled = (options.enabled ?? true) && isTouchDevice() && !isNativePlatform();

  useEffect(() => {
    if (!enabled) return;
    const dispatch = (event: PullEvent) => {
      const next = pullReducer(stateRef.current, event);
      if (next === stateRef.current) return next;
      const startedRefresh = stateRef.current.phase !== "refreshing" && next.phase === "refreshing";
      stateRef.current = next;
      setState(next);
      if (startedRefresh) {
        Promise.resolve()
          .then(() => refreshRef.current())
          .catch(() => undefined)
          .finally(() => dispatch({ type: "refresh-done" }));
      }
      return next;
    };

    const handleStart = (event: TouchEvent) => {
      if (event.touches.length !== 1) return;
      dispatch({ type: "touch-start", y: event.touches[0]!.clientY, atTop: window.scrollY <= 0 });
    };
    const handleMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touch) return;
      const next = dispatch({ type: "touch-move", y: touch.clientY });
      // While pulling, the gesture is ours: keep the browser from scrolling or bouncing.
      if ((next.phase === "pulling" || next.phase === "can-refresh") && event.cancelable) event.preventDefault();
    };
    const handleEnd = () => dispatch({ type: "touch-end" });

    window.addEventListener("touchstart", handleStart, { passive: true });
    window.addEventListener("touchmove", handleMove, { passive: false });
    window.addEventListener("touchend", handleEnd, { passive: true });
    window.addEventListener("touchcancel", handleEnd, { passive: true });
    return () => {
      window.removeEventListener("touchstart", handleStart);
      window.removeEventListener("touchmove", handleMove);
      window.removeEventListener("touchend", handleEnd);
      window.removeEventListener("touchcancel", handleEnd);
    };
  }, [enabled]);

  return { ...state, threshold: DEFAULT_PULL_CONFIG.threshold, maxPull: DEFAULT_PULL_CONFIG.maxPull };
}
