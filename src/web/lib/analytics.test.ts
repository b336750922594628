import { describe, expect, it, vi } from "vitest";
import { createAnalytics } from "./analytics";

describe("createAnalytics", () => {
  it("batches after a 1 s pause and drops the same event within 2 s", () => {
    vi.useFakeTimers();
    let clock = 0;
    const sent: unknown[][] = [];
    const analytics = createAnalytics({ send: (events) => sent.push(events), now: () => clock });
    analytics.track("bookmark", { action: "add", paperId: "1" });
    clock = 500;
    analytics.track("bookmark", { action: "add", paperId: "1" });
    analytics.track("bookmark", { action: "remove", paperId: "1" });
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([[
      { name: "bookmark", properties: { action: "add", paperId: "1" } },
      { name: "bookmark", properties: { action: "remove", paperId: "1" } },
    ]]);
    clock = 2500;
    analytics.track("bookmark", { action: "add", paperId: "1" });
    analytics.flush();
    expect(sent).toHaveLength(2);
    vi.useRealTimers();
  });
});

describe("sendToServer", () => {
  it("posts to the site's origin with the bearer token from the native app, and to its own origin on the web", async () => {
    const platform = await import("@/web/lib/platform");
    const token = await import("@/web/lib/auth-token");
    const { sendToServer } = await import("./analytics");
    const calls: [string, RequestInit][] = [];
    vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    const origin = vi.spyOn(platform, "apiOrigin");
    const bearer = vi.spyOn(token, "readAuthToken");
    try {
      origin.mockReturnValue("https://quire.example");
      bearer.mockReturnValue("session-token");
      sendToServer([{ name: "search", properties: {} }]);
      origin.mockReturnValue("");
      bearer.mockReturnValue(undefined);
      sendToServer([{ name: "search", properties: {} }]);
      expect(calls.map(([url, init]) => [url, (init.headers as Record<string, string>).Authorization, init.keepalive])).toEqual([
        ["https://quire.example/api/events", "Bearer session-token", false],
        ["/api/events", undefined, true],
      ]);
    } finally {
      origin.mockRestore();
      bearer.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});

describe("what the page sends stays under the server's limits", () => {
  it("cuts long text properties, drops an event still too large, and splits batches by count and size", async () => {
    const { batchesOf, fittedEvent } = await import("@/shared/analytics");
    const { ANALYTICS_BATCH_MAX_BYTES, ANALYTICS_EVENT_MAX_BYTES, ANALYTICS_MAX_BATCH, ANALYTICS_PROPERTY_MAX_CHARS, jsonBytes } = await import("@/shared/analytics");
    const cut = fittedEvent({ name: "search", properties: { q: "x".repeat(10_000), page: 2 } })!;
    expect(cut.properties).toEqual({ q: "x".repeat(ANALYTICS_PROPERTY_MAX_CHARS), page: 2 });
    expect(fittedEvent({ name: "search", properties: { list: Array.from({ length: 1000 }, (_, i) => i) } })).toBeNull();

    const long = (i: number) => `${i}`.padEnd(ANALYTICS_PROPERTY_MAX_CHARS, "x");
    const events = Array.from({ length: 500 }, (_, i) => fittedEvent({ name: "bookmark", properties: { a: long(i), b: long(i), c: long(i), d: long(i), e: long(i) } })!);
    const batches = batchesOf(events);
    expect(batches.flat()).toEqual(events);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(ANALYTICS_MAX_BATCH);
      expect(jsonBytes({ events: batch })).toBeLessThanOrEqual(ANALYTICS_BATCH_MAX_BYTES);
      for (const event of batch) expect(jsonBytes(event)).toBeLessThanOrEqual(ANALYTICS_EVENT_MAX_BYTES);
    }
    // Large events: cut by size before count; small ones by count.
    expect(batches[0]!.length).toBeLessThan(ANALYTICS_MAX_BATCH);
    const small = Array.from({ length: 120 }, (_, i) => ({ name: "page_view", properties: { path: `/p${i}` } }));
    expect(batchesOf(small).map((batch) => batch.length)).toEqual([50, 50, 20]);
  });

  it("sends at most ANALYTICS_CLIENT_EVENTS_PER_MINUTE events a minute, then again once the minute has passed", async () => {
    const { ANALYTICS_CLIENT_EVENTS_PER_MINUTE } = await import("@/shared/analytics");
    vi.useFakeTimers();
    let clock = 0;
    const sent: unknown[][] = [];
    const analytics = createAnalytics({ send: (events) => sent.push(events), now: () => clock });
    for (let i = 0; i < ANALYTICS_CLIENT_EVENTS_PER_MINUTE + 30; i++) analytics.track("page_view", { path: `/p${i}` });
    analytics.flush();
    expect(sent.flat()).toHaveLength(ANALYTICS_CLIENT_EVENTS_PER_MINUTE);
    clock = 60_000;
    analytics.track("page_view", { path: "/later" });
    analytics.flush();
    expect(sent.flat()).toHaveLength(ANALYTICS_CLIENT_EVENTS_PER_MINUTE + 1);
    vi.useRealTimers();
  });
});
