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
