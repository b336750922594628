/**
 * Product analytics: events go to POST /api/events in batches
 * after a 1 s pause, and the same event within 2 s is dropped. The server takes the user from
 * the session. Losing an event is acceptable; breaking the page is not. What is sent stays
 * under the server's limits (src/shared/analytics.ts): long text properties are cut, an event
 * still too large is dropped, batches are split by count and size, and past
 * ANALYTICS_CLIENT_EVENTS_PER_MINUTE in a minute events are dropped, so the page never meets
 * a 413 or a 429.
 */

import { ANALYTICS_CLIENT_EVENTS_PER_MINUTE, batchesOf, fittedEvent, type AnalyticsEvent } from "@/shared/analytics";
import { readAuthToken } from "@/web/lib/auth-token";
import { apiOrigin } from "@/web/lib/platform";

export const ANALYTICS_DEBOUNCE_MS = 1000;
export const ANALYTICS_DUPLICATE_WINDOW_MS = 2000;
const MINUTE_MS = 60_000;

export function createAnalytics(options: { send: (events: AnalyticsEvent[]) => void; now?: () => number }) {
  const now = options.now ?? Date.now;
  const lastSeen = new Map<string, number>();
  /** When the events of the last minute were taken, oldest first. */
  const taken: number[] = [];
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const events = queue;
    queue = [];
    for (const batch of batchesOf(events)) options.send(batch);
  };

  return {
    track(name: string, properties: Record<string, unknown> = {}): void {
      const signature = `${name}|${JSON.stringify(properties)}`;
      const at = now();
      const previous = lastSeen.get(signature);
      if (previous !== undefined && at - previous < ANALYTICS_DUPLICATE_WINDOW_MS) return;
      lastSeen.set(signature, at);
      for (const [key, seen] of lastSeen) if (at - seen >= ANALYTICS_DUPLICATE_WINDOW_MS) lastSeen.delete(key);
      while (taken.length > 0 && at - taken[0]! >= MINUTE_MS) taken.shift();
      if (taken.length >= ANALYTICS_CLIENT_EVENTS_PER_MINUTE) return;
      const event = fittedEvent({ name, properties });
      if (!event) return;
      taken.push(at);
      queue.push(event);
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, ANALYTICS_DEBOUNCE_MS);
    },
    flush,
  };
}

/**
 * Posts a batch as every API call is sent: to the site's origin from the native app (its
 * WebView is not the site), with its bearer token. `keepalive` (the batch outlives a closed
 * page) only for the site's own origin: a cross-origin one needs a preflight first.
 */
export function sendToServer(events: AnalyticsEvent[]): void {
  const body = JSON.stringify({ events });
  const origin = apiOrigin();
  const token = readAuthToken();
  try {
    void fetch(`${origin}/api/events`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body,
      credentials: "same-origin",
      keepalive: origin === "",
    }).catch(() => undefined);
  } catch {
    // No fetch (very old browser) or a refused request: the event is lost, nothing else.
  }
}

let analytics: ReturnType<typeof createAnalytics> | undefined;

/** Records a product event, e.g. track("bookmark", { action: "add", source: "arxiv" }). */
export function track(name: string, properties: Record<string, unknown> = {}): void {
  if (!analytics) {
    analytics = createAnalytics({ send: sendToServer });
    if (typeof window !== "undefined") window.addEventListener("pagehide", () => analytics?.flush());
  }
  analytics.track(name, properties);
}
