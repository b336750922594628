import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { queryRows, type Database } from "@/server/db/client";
import { systemLogs } from "@/server/db/schema";
import { PERFORMANCE_LOG_TYPES, type PerformanceLogType } from "@/shared/admin";

/** Performance rows are system_logs rows of this component; `message` is the log type. */
export const PERFORMANCE_COMPONENT = "performance";

export type PerformanceRow = { id: number; type: PerformanceLogType; metadata: Record<string, unknown>; createdAt: Date };

/** Sums of one route's or one source's figures across windows and instances. */
export type RouteTotals = { route: string; count: number; errors: number; buckets: [number, number][] };
export type UpstreamTotals = {
  source: string;
  exchanges: number;
  failures: number;
  network: number;
  cache: number;
  stale: number;
  error: number;
  buckets: [number, number][];
};

const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

const HOUR_MS = 60 * 60 * 1000;
const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

function addBuckets(into: Map<number, number>, buckets: unknown): void {
  if (!buckets || typeof buckets !== "object") return;
  for (const [key, count] of Object.entries(buckets as Record<string, unknown>)) {
    const index = Number(key);
    if (Number.isInteger(index) && number(count) > 0) into.set(index, (into.get(index) ?? 0) + number(count));
  }
}

type StoredWindow = { createdAt: Date; items: unknown[] };

function routeTotalsOf(stored: StoredWindow[]): RouteTotals[] {
  const byRoute = new Map<string, { route: string; count: number; errors: number; buckets: Map<number, number> }>();
  for (const window of stored) {
    for (const route of window.items as { route?: unknown; count?: unknown; errors?: unknown; buckets?: unknown }[]) {
      if (typeof route.route !== "string") continue;
      let totals = byRoute.get(route.route);
      if (!totals) byRoute.set(route.route, (totals = { route: route.route, count: 0, errors: 0, buckets: new Map() }));
      totals.count += number(route.count);
      totals.errors += number(route.errors);
      addBuckets(totals.buckets, route.buckets);
    }
  }
  return [...byRoute.values()].map((totals) => ({ ...totals, buckets: [...totals.buckets] }));
}

function upstreamTotalsOf(stored: StoredWindow[]): UpstreamTotals[] {
  const bySource = new Map<string, Omit<UpstreamTotals, "buckets"> & { buckets: Map<number, number> }>();
  for (const window of stored) {
    for (const upstream of window.items as { source?: unknown; exchanges?: unknown; failures?: unknown; answers?: Record<string, unknown>; buckets?: unknown }[]) {
      if (typeof upstream.source !== "string") continue;
      let totals = bySource.get(upstream.source);
      if (!totals) {
        totals = { source: upstream.source, exchanges: 0, failures: 0, network: 0, cache: 0, stale: 0, error: 0, buckets: new Map() };
        bySource.set(upstream.source, totals);
      }
      totals.exchanges += number(upstream.exchanges);
      totals.failures += number(upstream.failures);
      totals.network += number(upstream.answers?.network);
      totals.cache += number(upstream.answers?.cache);
      totals.stale += number(upstream.answers?.stale);
      totals.error += number(upstream.answers?.error);
      addBuckets(totals.buckets, upstream.buckets);
    }
  }
  return [...bySource.values()].map((totals) => ({ ...totals, buckets: [...totals.buckets] }));
}

/**
 * system_logs as the performance page and the flush see it. The per-minute windows are added up
 * here rather than in SQL: a day of one instance is 1,440 small JSON documents, which PGlite
 * hands over faster than it expands them into rows.
 */
export function performanceRepository(db: Database) {
  /** The `field` arrays of one kind's windows since `since`, read from the (component, message, created_at) index. */
  async function windows(kind: "requests" | "upstream", field: "routes" | "upstreams", since: Date): Promise<StoredWindow[]> {
    const rows = await db
      .select({ createdAt: systemLogs.createdAt, items: sql<unknown>`${systemLogs.metadata}->${field}` })
      .from(systemLogs)
      .where(and(eq(systemLogs.component, PERFORMANCE_COMPONENT), eq(systemLogs.message, kind), gte(systemLogs.createdAt, since)));
    return rows.map((row) => ({ createdAt: toDate(row.createdAt), items: Array.isArray(row.items) ? row.items : typeof row.items === "string" ? (JSON.parse(row.items) as unknown[]) : [] }));
  }

  return {
    async insert(type: PerformanceLogType, metadata: Record<string, unknown>): Promise<void> {
      await db.insert(systemLogs).values({ level: "info", component: PERFORMANCE_COMPONENT, message: type, metadata });
    },

    /** The newest rows, of one type or all (each type from its own index range, then merged). */
    async list(type: PerformanceLogType | null, limit: number): Promise<PerformanceRow[]> {
      const ofType = async (kind: PerformanceLogType) => {
        const rows = await db
          .select({ id: systemLogs.id, type: systemLogs.message, metadata: systemLogs.metadata, createdAt: systemLogs.createdAt })
          .from(systemLogs)
          .where(and(eq(systemLogs.component, PERFORMANCE_COMPONENT), eq(systemLogs.message, kind)))
          .orderBy(desc(systemLogs.createdAt))
          .limit(limit);
        return rows.map((row) => ({ ...row, type: row.type as PerformanceLogType, createdAt: toDate(row.createdAt) }));
      };
      const rows = (await Promise.all((type ? [type] : PERFORMANCE_LOG_TYPES).map(ofType))).flat();
      return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).slice(0, limit);
    },

    /** Deletes the performance rows (of one type, or all); returns how many went. */
    async clear(type: PerformanceLogType | null, before?: Date): Promise<number> {
      const conditions = [eq(systemLogs.component, PERFORMANCE_COMPONENT)];
      if (type) conditions.push(eq(systemLogs.message, type));
      if (before) conditions.push(lt(systemLogs.createdAt, before));
      const deleted = await db.delete(systemLogs).where(and(...conditions)).returning({ id: systemLogs.id });
      return deleted.length;
    },

    /** Per-route request counts and latency buckets since `since`, added up across windows and instances. */
    async routeTotals(since: Date): Promise<RouteTotals[]> {
      return routeTotalsOf(await windows("requests", "routes", since));
    },

    /** Per-source exchanges, failures, answers and latency buckets since `since`. */
    async upstreamTotals(since: Date): Promise<UpstreamTotals[]> {
      return upstreamTotalsOf(await windows("upstream", "upstreams", since));
    },

    /** Per-source answers (network, cache, stale, error) since `since`. */
    async upstreamAnswers(since: Date): Promise<{ source: string; network: number; cache: number; stale: number; error: number }[]> {
      return upstreamTotalsOf(await windows("upstream", "upstreams", since));
    },

    /** Exchanges with one source per UTC hour since `since` (the hour the window was written in). */
    async exchangesPerHour(source: string, since: Date): Promise<{ hour: Date; requests: number }[]> {
      const perHour = new Map<number, number>();
      for (const window of await windows("upstream", "upstreams", since)) {
        const hour = Math.floor(window.createdAt.getTime() / HOUR_MS) * HOUR_MS;
        for (const upstream of window.items as { source?: unknown; exchanges?: unknown }[]) {
          if (upstream.source === source) perHour.set(hour, (perHour.get(hour) ?? 0) + number(upstream.exchanges));
        }
      }
      return [...perHour].sort(([a], [b]) => a - b).map(([hour, requests]) => ({ hour: new Date(hour), requests }));
    },

    /**
     * Merges the minute windows ("requests" and "upstream" rows) written before `before` into
     * one row per instance, kind and UTC hour, stamped with the hour's last window (so it stays
     * in its hour, and a period that starts inside the hour counts all of it). The rows are
     * taken with DELETE ... RETURNING in one transaction: two instances compacting at once never
     * both merge a row (the second finds it gone). Returns how many minute rows were merged.
     */
    async compactHours(before: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const taken = await tx
          .delete(systemLogs)
          .where(
            and(
              eq(systemLogs.component, PERFORMANCE_COMPONENT),
              inArray(systemLogs.message, ["requests", "upstream"]),
              lt(systemLogs.createdAt, before),
              sql`${systemLogs.metadata}->'windows' is null`,
            ),
          )
          .returning({ kind: systemLogs.message, metadata: systemLogs.metadata, createdAt: systemLogs.createdAt });
        const groups = new Map<string, { kind: string; instance: unknown; rows: { metadata: Record<string, unknown>; createdAt: Date }[] }>();
        for (const row of taken) {
          const createdAt = toDate(row.createdAt);
          const metadata = (typeof row.metadata === "string" ? JSON.parse(row.metadata) : row.metadata) as Record<string, unknown>;
          const key = `${row.kind}|${String(metadata.instance)}|${Math.floor(createdAt.getTime() / HOUR_MS)}`;
          let group = groups.get(key);
          if (!group) groups.set(key, (group = { kind: row.kind, instance: metadata.instance, rows: [] }));
          group.rows.push({ metadata, createdAt });
        }
        const merged = [...groups.values()].map(({ kind, instance, rows }) => {
          const field = kind === "requests" ? "routes" : "upstreams";
          const stored = rows.map((row) => ({ createdAt: row.createdAt, items: Array.isArray(row.metadata[field]) ? (row.metadata[field] as unknown[]) : [] }));
          const starts = rows.map((row) => String(row.metadata.windowStart ?? "")).filter(Boolean).sort();
          const ends = rows.map((row) => String(row.metadata.windowEnd ?? "")).filter(Boolean).sort();
          const items =
            kind === "requests"
              ? routeTotalsOf(stored).map(({ buckets, ...totals }) => ({ ...totals, buckets: Object.fromEntries(buckets) }))
              : upstreamTotalsOf(stored).map(({ source, exchanges, failures, network, cache, stale, error, buckets }) => ({
                  source,
                  exchanges,
                  failures,
                  buckets: Object.fromEntries(buckets),
                  answers: { network, cache, stale, error },
                }));
          return {
            level: "info",
            component: PERFORMANCE_COMPONENT,
            message: kind,
            createdAt: new Date(Math.max(...rows.map((row) => row.createdAt.getTime()))),
            metadata: {
              instance,
              windowStart: starts[0],
              windowEnd: ends.at(-1),
              windows: rows.length,
              value: rows.reduce((sum, row) => sum + number(row.metadata.value), 0),
              unit: "requests",
              [field]: items,
            },
          };
        });
        for (let at = 0; at < merged.length; at += 500) await tx.insert(systemLogs).values(merged.slice(at, at + 500));
        return taken.length;
      });
    },

    /** Round-trip time of a trivial query, and the database's size when the server reports it. */
    async probe(): Promise<{ pingMs: number; sizeBytes: number | null }> {
      const started = performance.now();
      await db.execute(sql`select 1`);
      const pingMs = performance.now() - started;
      try {
        const [row] = await queryRows<{ size: string | number }>(db, sql`select pg_database_size(current_database()) as size`);
        return { pingMs, sizeBytes: row ? Number(row.size) : null };
      } catch {
        return { pingMs, sizeBytes: null };
      }
    },
  };
}

export type PerformanceRepository = ReturnType<typeof performanceRepository>;
