import { describe, expect, it } from "vitest";
import { addSparse, bucketIndex, bucketValue, percentileOf } from "./latency-histogram";
import { createServerMetrics } from "./server-metrics";

describe("the latency histogram", () => {
  it("reads percentiles within 10 % of the true value", () => {
    const buckets = new Map<number, number>();
    const values = Array.from({ length: 1000 }, (_, index) => 0.5 + index * 0.05);
    for (const value of values) addSparse(buckets, [[bucketIndex(value), 1]]);
    for (const p of [50, 95, 99]) {
      const truth = values[Math.ceil((p / 100) * values.length) - 1]!;
      expect(Math.abs(percentileOf(buckets, p)! - truth) / truth, `p${p}`).toBeLessThan(0.1);
    }
    expect(percentileOf(new Map(), 50)).toBeNull();
  });

  it("keeps extreme values in the first and last bucket", () => {
    expect(bucketIndex(0)).toBe(0);
    expect(bucketIndex(Number.NaN)).toBe(0);
    expect(bucketIndex(1e9)).toBe(95);
    expect(bucketValue(bucketIndex(3.3))).toBeCloseTo(3.3, 0);
  });
});

describe("the server's measurements", () => {
  it("count requests per route pattern and upstream traffic per source, and start a new window on drain", () => {
    const metrics = createServerMetrics();
    metrics.recordRequest("GET", "/api/papers/lookup", 200, 3);
    metrics.recordRequest("GET", "/api/papers/lookup", 502, 40);
    metrics.upstreamObserver.exchange("arxiv", 120, { status: 200 });
    metrics.upstreamObserver.exchange("arxiv", 80, { status: 503 });
    metrics.upstreamObserver.exchange("arxiv", 20_000, { failure: "timeout" });
    metrics.upstreamObserver.answer("arxiv", "network");
    metrics.upstreamObserver.answer("arxiv", "cache");
    metrics.upstreamObserver.answer("arxiv", "stale-cache");
    metrics.upstreamObserver.answer("arxiv", "error");
    const window = metrics.drain();
    expect(window.routes).toEqual([{ route: "GET /api/papers/lookup", count: 2, errors: 1, buckets: expect.any(Object) }]);
    expect(Object.values(window.routes[0]!.buckets).reduce((a, b) => a + b, 0)).toBe(2);
    expect(window.upstreams).toEqual([
      { source: "arxiv", exchanges: 3, failures: 2, buckets: expect.any(Object), answers: { network: 1, cache: 1, stale: 1, error: 1 } },
    ]);
    expect(metrics.drain()).toMatchObject({ routes: [], upstreams: [] });
  });
});
