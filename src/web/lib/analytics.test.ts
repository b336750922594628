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
