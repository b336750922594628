import type { UpstreamObserver } from "@/server/sources/http/upstream-observer";
import { bucketIndex, createHistogram, toSparse, type SparseBuckets } from "./latency-histogram";

/** One route's requests in a window: `route` is "GET /api/papers/lookup", the pattern the router matched. */
export type RouteWindow = { route: string; count: number; errors: number; buckets: SparseBuckets };

/**
 * One upstream's traffic in a window: exchanges are requests that went out (retries count),
 * answers what callers got (from the network, the cache, a stale copy, or an error).
 */
export type UpstreamWindow = {
  source: string;
  exchanges: number;
  /** Exchanges that failed: a 429 or 5xx, a timeout, a network failure, an unreadable body. */
  failures: number;
  buckets: SparseBuckets;
  answers: { network: number; cache: number; stale: number; error: number };
};

export type MetricsWindow = { startedAt: string; endedAt: string; routes: RouteWindow[]; upstreams: UpstreamWindow[] };

type RouteCounter = { count: number; errors: number; histogram: Uint32Array };
type UpstreamCounter = { exchanges: number; failures: number; histogram: Uint32Array; answers: UpstreamWindow["answers"] };

const FAILED_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

/**
 * The server's own measurements, kept in this process between flushes to system_logs
 * (metrics-flush.ts): a fixed-size latency histogram per route and per upstream. Recording a
 * request is a map lookup and an array increment, so the hot path does not notice it.
 */
export function createServerMetrics(now: () => Date = () => new Date()) {
  let routes = new Map<string, RouteCounter>();
  let upstreams = new Map<string, UpstreamCounter>();
  let startedAt = now();

  const upstream = (source: string): UpstreamCounter => {
    let counter = upstreams.get(source);
    if (!counter) {
      counter = { exchanges: 0, failures: 0, histogram: createHistogram(), answers: { network: 0, cache: 0, stale: 0, error: 0 } };
      upstreams.set(source, counter);
    }
    return counter;
  };

  const upstreamObserver: UpstreamObserver = {
    exchange(source, ms, outcome) {
      const counter = upstream(source);
      counter.exchanges++;
      counter.histogram[bucketIndex(ms)]!++;
      if ("failure" in outcome || FAILED_STATUSES.has(outcome.status)) counter.failures++;
    },
    answer(source, origin) {
      const { answers } = upstream(source);
      if (origin === "network") answers.network++;
      else if (origin === "cache") answers.cache++;
      else if (origin === "stale-cache") answers.stale++;
      else answers.error++;
    },
  };

  return {
    upstreamObserver,
    /** One finished request; `route` is the matched pattern, never the raw path (its ids would make every path a route). */
    recordRequest(method: string, route: string, status: number, ms: number): void {
      const key = `${method} ${route}`;
      let counter = routes.get(key);
      if (!counter) {
        counter = { count: 0, errors: 0, histogram: createHistogram() };
        routes.set(key, counter);
      }
      counter.count++;
      counter.histogram[bucketIndex(ms)]!++;
      if (status >= 500) counter.errors++;
    },
    /** The figures since the last drain, without resetting them. */
    peek(): MetricsWindow {
      return snapshot(startedAt, now(), routes, upstreams);
    },
    /** The figures since the last drain; a new window starts. */
    drain(): MetricsWindow {
      const window = snapshot(startedAt, now(), routes, upstreams);
      routes = new Map();
      upstreams = new Map();
      startedAt = now();
      return window;
    },
  };
}

function snapshot(startedAt: Date, endedAt: Date, routes: Map<string, RouteCounter>, upstreams: Map<string, UpstreamCounter>): MetricsWindow {
  return {
    startedAt: startedAt.toISOString(),
    endedAt: endedAt.toISOString(),
    routes: [...routes].map(([route, counter]) => ({ route, count: counter.count, errors: counter.errors, buckets: toSparse(counter.histogram) })),
    upstreams: [...upstreams].map(([source, counter]) => ({
      source,
      exchanges: counter.exchanges,
      failures: counter.failures,
      buckets: toSparse(counter.histogram),
      answers: { ...counter.answers },
    })),
  };
}

export type ServerMetrics = ReturnType<typeof createServerMetrics>;
