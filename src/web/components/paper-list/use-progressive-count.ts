import { startTransition, useEffect, useState } from "react";

/** How long a step may wait for the browser to be idle before it runs anyway. */
const IDLE_TIMEOUT_MS = 300;

/** Runs `callback` when the browser is next idle (a short timer where it cannot say); returns a cancel. */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 16);
  return () => window.clearTimeout(handle);
}

/**
 * How many of `total` items to render: `first` at once, then `step` more each time the browser
 * is idle, as a transition, until all are there. One render of a whole long list is one long
 * task on a phone (every row's buttons, icons and hooks); in steps, the page answers input
 * between them. Off (`enabled` false), all items at once.
 */
export function useProgressiveCount(total: number, first: number, step: number, enabled = true): number {
  const [count, setCount] = useState(() => Math.min(total, first));
  const complete = count >= total;
  useEffect(() => {
    if (!enabled || complete) return;
    return whenIdle(() => startTransition(() => setCount((current) => Math.min(total, current + step))));
  }, [enabled, complete, count, total, step]);
  return enabled ? Math.min(count, total) : total;
}
