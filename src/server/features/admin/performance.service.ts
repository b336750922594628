import { hostname } from "node:os";
import type { Logger } from "@/server/logger";
import { addSparse, percentileOf, type SparseBuckets } from "@/server/metrics/latency-histogram";
import type { MetricsWindow, ServerMetrics } from "@/server/metrics/server-metrics";
import {
  PERFORMANCE_LOG_LIMIT,
  PERFORMANCE_WINDOWS,
  type PerformanceLogEntry,
  type PerformanceLogType,
  type PerformanceSummary,
  type PerformanceWindow,
  type RouteLatency,
  type UpstreamLatency,
} from "@/shared/admin";
import type { PerformanceRepository, RouteTotals, UpstreamTotals } from "./performance.repository";

/** How often the request and upstream figures are written (one row of each per instance, when there was traffic). */
export const PERFORMANCE_FLUSH_MS = 60 * 1000;
/** How often memory and the database are sampled. */
export const PERFORMANCE_SAMPLE_MS = 5 * 60 * 1000;
/** Performance rows older than this are deleted. */
export const PERFORMANCE_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const MB = 1024 * 1024;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const formatMs = (value: number | null) => (value === null ? "-" : `${round(value, value < 10 ? 2 : 1)} ms`);

/** This process among several sharing the database: host and process id. */
export const INSTANCE_ID = `${hostname()}:${process.pid}`;

function number(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** Percentiles of the requests of every route in a stored window, for the table's one-line detail. */
function windowDetail(routes: { count?: unknown; buckets?: unknown }[]): string {
  const merged = new Map<number, number>();
  for (const route of routes) if (route.buckets && typeof route.buckets === "object") addSparse(merged, route.buckets as SparseBuckets);
  return `p50 ${formatMs(percentileOf(merged, 50))}, p95 ${formatMs(percentileOf(merged, 95))} over ${routes.length} route${routes.length === 1 ? "" : "s"}`;
}

function upstreamDetail(upstreams: { source?: unknown; exchanges?: unknown; failures?: unknown }[]): string {
  return upstreams.map((upstream) => `${String(upstream.source)} ${number(upstream.exchanges)} (${number(upstream.failures)} failed)`).join(", ");
}

/** A stored row as the performance table shows it. */
export function toLogEntry(row: { id: number; type: PerformanceLogType; metadata: Record<string, unknown>; createdAt: Date }): PerformanceLogEntry {
  const meta = row.metadata;
  let detail = "";
  if (row.type === "memory") detail = `heap ${round(number(meta.heapUsed) / MB)} of ${round(number(meta.heapTotal) / MB)} MB, external ${round(number(meta.external) / MB)} MB`;
  else if (row.type === "database") detail = `${String(meta.kind ?? "")} round trip${typeof meta.sizeBytes === "number" ? `, ${round(meta.sizeBytes / MB)} MB on disk` : ""}`.trim();
  else if (row.type === "startup") detail = "configuration, database, migrations and HTTP until listening";
  else if (row.type === "requests") detail = windowDetail(Array.isArray(meta.routes) ? (meta.routes as { buckets?: unknown }[]) : []);
  else if (row.type === "upstream") detail = upstreamDetail(Array.isArray(meta.upstreams) ? (meta.upstreams as { source?: unknown }[]) : []);
  return {
    id: row.id,
    type: row.type,
    value: number(meta.value),
    unit: typeof meta.unit === "string" ? meta.unit : "",
    detail,
    instance: typeof meta.instance === "string" ? meta.instance : "",
    timestamp: row.createdAt.toISOString(),
  };
}

function routeLatency(totals: RouteTotals): RouteLatency {
  const buckets = new Map<number, number>();
  addSparse(buckets, totals.buckets);
  return { route: totals.route, count: totals.count, errors: totals.errors, p50: percentileOf(buckets, 50), p95: percentileOf(buckets, 95), p99: percentileOf(buckets, 99) };
}

function upstreamLatency(totals: UpstreamTotals): UpstreamLatency {
  const buckets = new Map<number, number>();
  addSparse(buckets, totals.buckets);
  return {
    source: totals.source,
    exchanges: totals.exchanges,
    failures: totals.failures,
    errorRate: totals.exchanges > 0 ? totals.failures / totals.exchanges : null,
    p50: percentileOf(buckets, 50),
    p95: percentileOf(buckets, 95),
    answers: { network: totals.network, cache: totals.cache, stale: totals.stale, error: totals.error },
  };
}

/** Adds this process's window not yet written to the stored totals, so the page is current. */
function withLive(window: MetricsWindow, routes: RouteTotals[], upstreams: UpstreamTotals[]) {
  const routeMap = new Map(routes.map((route) => [route.route, { ...route, buckets: [...route.buckets] }]));
  for (const live of window.routes) {
    const totals = routeMap.get(live.route) ?? { route: live.route, count: 0, errors: 0, buckets: [] };
    totals.count += live.count;
    totals.errors += live.errors;
    totals.buckets.push(...Object.entries(live.buckets).map(([index, count]) => [Number(index), count] as [number, number]));
    routeMap.set(live.route, totals);
  }
  const upstreamMap = new Map(upstreams.map((upstream) => [upstream.source, { ...upstream, buckets: [...upstream.buckets] }]));
  for (const live of window.upstreams) {
    const totals = upstreamMap.get(live.source) ?? { source: live.source, exchanges: 0, failures: 0, network: 0, cache: 0, stale: 0, error: 0, buckets: [] };
    totals.exchanges += live.exchanges;
    totals.failures += live.failures;
    totals.network += live.answers.network;
    totals.cache += live.answers.cache;
    totals.stale += live.answers.stale;
    totals.error += live.answers.error;
    totals.buckets.push(...Object.entries(live.buckets).map(([index, count]) => [Number(index), count] as [number, number]));
    upstreamMap.set(live.source, totals);
  }
  return { routes: [...routeMap.values()], upstreams: [...upstreamMap.values()] };
}

/**
 * The performance logs: the server's
 * own measurements written to system_logs, one row per kind and instance, so the figures of
 * every instance on the database are read together.
 */
export function performanceService(deps: {
  repository: PerformanceRepository;
  metrics: ServerMetrics;
  logger: Logger;
  databaseKind: "pglite" | "postgres";
  now?: () => Date;
}) {
  const { repository, metrics, logger } = deps;
  const now = deps.now ?? (() => new Date());

  /** Writes the request and upstream figures gathered since the last flush (nothing when there were none). */
  async function flush(): Promise<void> {
    const window = metrics.drain();
    const base = { instance: INSTANCE_ID, windowStart: window.startedAt, windowEnd: window.endedAt };
    if (window.routes.length > 0) {
      const value = window.routes.reduce((sum, route) => sum + route.count, 0);
      await repository.insert("requests", { ...base, value, unit: "requests", routes: window.routes });
    }
    if (window.upstreams.length > 0) {
      const value = window.upstreams.reduce((sum, upstream) => sum + upstream.exchanges, 0);
      await repository.insert("upstream", { ...base, value, unit: "requests", upstreams: window.upstreams });
    }
  }

  /** Memory of this process and the database's round trip. */
  async function sample(): Promise<void> {
    const memory = process.memoryUsage();
    await repository.insert("memory", {
      instance: INSTANCE_ID,
      value: round(memory.rss / MB),
      unit: "MB",
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
    });
    const probe = await repository.probe();
    await repository.insert("database", { instance: INSTANCE_ID, value: round(probe.pingMs, 2), unit: "ms", kind: deps.databaseKind, sizeBytes: probe.sizeBytes });
  }

  /**
   * Merges the minute windows of every hour that ended more than an hour ago into one row per
   * hour (a day reads 24 rows, not 1,440); the last hour's windows stay as written, so the
   * one-hour summary is exact and the 24-hour one counts whole hours at its far end.
   */
  async function compact(): Promise<number> {
    const currentHour = Math.floor(now().getTime() / HOUR_MS) * HOUR_MS;
    return repository.compactHours(new Date(currentHour - HOUR_MS));
  }

  return {
    flush,
    sample,
    async recordStartup(bootMs: number): Promise<void> {
      await repository.insert("startup", { instance: INSTANCE_ID, value: Math.round(bootMs), unit: "ms" });
    },

    async list(type: PerformanceLogType | null): Promise<PerformanceLogEntry[]> {
      return (await repository.list(type, PERFORMANCE_LOG_LIMIT)).map(toLogEntry);
    },

    compact,

    async clear(type: PerformanceLogType | null): Promise<number> {
      // What this instance gathered but has not written goes too: the page starts from nothing.
      if (type === null || type === "requests" || type === "upstream") metrics.drain();
      return repository.clear(type);
    },

    async summary(window: PerformanceWindow): Promise<PerformanceSummary> {
      const since = new Date(now().getTime() - PERFORMANCE_WINDOWS[window]);
      const [routes, upstreams] = await Promise.all([repository.routeTotals(since), repository.upstreamTotals(since)]);
      const merged = withLive(metrics.peek(), routes, upstreams);
      return {
        window,
        since: since.toISOString(),
        routes: merged.routes.map(routeLatency).sort((a, b) => b.count - a.count || a.route.localeCompare(b.route)),
        upstreams: merged.upstreams.map(upstreamLatency).sort((a, b) => a.source.localeCompare(b.source)),
      };
    },

    /**
     * Flushes every minute, samples every five, once an hour merges the minute windows of the
     * hours gone by and drops rows older than 30 days.
     * Returns a stop function that writes what is left.
     */
    start(options: { flushMs?: number; sampleMs?: number } = {}): () => Promise<void> {
      const failed = (what: string) => (error: unknown) => logger.warn({ err: error }, `performance log: ${what} failed`);
      let flushes = 0;
      const flushTimer = setInterval(() => {
        void flush().catch(failed("flush"));
        if (++flushes % 60 === 0) {
          void repository.clear(null, new Date(now().getTime() - PERFORMANCE_KEEP_MS)).catch(failed("clean-up"));
          void compact().catch(failed("compaction"));
        }
      }, options.flushMs ?? PERFORMANCE_FLUSH_MS);
      const sampleTimer = setInterval(() => void sample().catch(failed("sample")), options.sampleMs ?? PERFORMANCE_SAMPLE_MS);
      flushTimer.unref();
      sampleTimer.unref();
      void sample().catch(failed("sample"));
      // What a stopped server left uncompacted.
      void compact().catch(failed("compaction"));
      return async () => {
        clearInterval(flushTimer);
        clearInterval(sampleTimer);
        await flush().catch(failed("flush"));
      };
    },
  };
}

export type PerformanceService = ReturnType<typeof performanceService>;
