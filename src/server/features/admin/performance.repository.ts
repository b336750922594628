import { and, desc, eq, lt, sql } from "drizzle-orm";
import { queryRows, type Database } from "@/server/db/client";
import { systemLogs } from "@/server/db/schema";
import type { PerformanceLogType } from "@/shared/admin";

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

/** system_logs as the performance page and the flush see it. */
export function performanceRepository(db: Database) {
  return {
    async insert(type: PerformanceLogType, metadata: Record<string, unknown>): Promise<void> {
      await db.insert(systemLogs).values({ level: "info", component: PERFORMANCE_COMPONENT, message: type, metadata });
    },

    /** The newest rows, of one type or all (each type from its own index range, then merged). */
    async list(type: PerformanceLogType | null, limit: number): Promise<PerformanceRow[]> {
      const rows = await db
        .select({ id: systemLogs.id, type: systemLogs.message, metadata: systemLogs.metadata, createdAt: systemLogs.createdAt })
        .from(systemLogs)
        .where(type ? and(eq(systemLogs.component, PERFORMANCE_COMPONENT), eq(systemLogs.message, type)) : eq(systemLogs.component, PERFORMANCE_COMPONENT))
        .orderBy(desc(systemLogs.createdAt), desc(systemLogs.id))
        .limit(limit);
      return rows.map((row) => ({ ...row, type: row.type as PerformanceLogType, createdAt: toDate(row.createdAt) }));
    },

    /** Deletes the performance rows (of one type, or all); returns how many went. */
    async clear(type: PerformanceLogType | null, before?: Date): Promise<number> {
      const conditions = [eq(systemLogs.component, PERFORMANCE_COMPONENT)];
      if (type) conditions.push(eq(systemLogs.message, type));
      if (before) conditions.push(lt(systemLogs.createdAt, before));
      const deleted = await db.delete(systemLogs).where(and(...conditions)).returning({ id: systemLogs.id });
      return deleted.length;
    },

    /** Per-route request counts and latency buckets since `since`, added up in the database. */
    async routeTotals(since: Date): Promise<RouteTotals[]> {
      const rows = await queryRows<{ route: string; bucket: number | null; n: number | string; count: number | string; errors: number | string }>(
        db,
        sql`with windows as (
              select r.value as r
              from ${systemLogs} l cross join lateral jsonb_array_elements(l.metadata->'routes') r
              where l.component = ${PERFORMANCE_COMPONENT} and l.message = 'requests' and l.created_at >= ${since.toISOString()}
            ),
            totals as (
              select r->>'route' as route, sum((r->>'count')::bigint) as count, sum((r->>'errors')::bigint) as errors from windows group by 1
            ),
            buckets as (
              select r->>'route' as route, b.key::int as bucket, sum(b.value::bigint) as n
              from windows cross join lateral jsonb_each_text(r->'buckets') b group by 1, 2
            )
            select t.route, t.count, t.errors, b.bucket, b.n from totals t left join buckets b on b.route = t.route`,
      );
      const byRoute = new Map<string, RouteTotals>();
      for (const row of rows) {
        let totals = byRoute.get(row.route);
        if (!totals) {
          totals = { route: row.route, count: Number(row.count), errors: Number(row.errors), buckets: [] };
          byRoute.set(row.route, totals);
        }
        if (row.bucket !== null) totals.buckets.push([Number(row.bucket), Number(row.n)]);
      }
      return [...byRoute.values()];
    },

    /** Per-source exchanges, failures, answers and latency buckets since `since`. */
    async upstreamTotals(since: Date): Promise<UpstreamTotals[]> {
      const rows = await queryRows<{
        source: string;
        exchanges: string | number;
        failures: string | number;
        network: string | number;
        cache: string | number;
        stale: string | number;
        error: string | number;
        bucket: number | null;
        n: string | number | null;
      }>(
        db,
        sql`with windows as (
              select u.value as u
              from ${systemLogs} l cross join lateral jsonb_array_elements(l.metadata->'upstreams') u
              where l.component = ${PERFORMANCE_COMPONENT} and l.message = 'upstream' and l.created_at >= ${since.toISOString()}
            ),
            totals as (
              select u->>'source' as source,
                sum((u->>'exchanges')::bigint) as exchanges, sum((u->>'failures')::bigint) as failures,
                sum((u->'answers'->>'network')::bigint) as network, sum((u->'answers'->>'cache')::bigint) as cache,
                sum((u->'answers'->>'stale')::bigint) as stale, sum((u->'answers'->>'error')::bigint) as error
              from windows group by 1
            ),
            buckets as (
              select u->>'source' as source, b.key::int as bucket, sum(b.value::bigint) as n
              from windows cross join lateral jsonb_each_text(u->'buckets') b group by 1, 2
            )
            select t.*, b.bucket, b.n from totals t left join buckets b on b.source = t.source`,
      );
      const bySource = new Map<string, UpstreamTotals>();
      for (const row of rows) {
        let totals = bySource.get(row.source);
        if (!totals) {
          totals = {
            source: row.source,
            exchanges: Number(row.exchanges),
            failures: Number(row.failures),
            network: Number(row.network),
            cache: Number(row.cache),
            stale: Number(row.stale),
            error: Number(row.error),
            buckets: [],
          };
          bySource.set(row.source, totals);
        }
        if (row.bucket !== null) totals.buckets.push([Number(row.bucket), Number(row.n)]);
      }
      return [...bySource.values()];
    },

    /** Per-source answers (network, cache, stale, error) since `since`, without the latency buckets. */
    async upstreamAnswers(since: Date): Promise<{ source: string; network: number; cache: number; stale: number; error: number }[]> {
      const rows = await queryRows<{ source: string; network: string | number; cache: string | number; stale: string | number; error: string | number }>(
        db,
        sql`select u.value->>'source' as source,
              sum((u.value->'answers'->>'network')::bigint) as network, sum((u.value->'answers'->>'cache')::bigint) as cache,
              sum((u.value->'answers'->>'stale')::bigint) as stale, sum((u.value->'answers'->>'error')::bigint) as error
            from ${systemLogs} l cross join lateral jsonb_array_elements(l.metadata->'upstreams') u
            where l.component = ${PERFORMANCE_COMPONENT} and l.message = 'upstream' and l.created_at >= ${since.toISOString()}
            group by 1`,
      );
      return rows.map((row) => ({ source: row.source, network: Number(row.network), cache: Number(row.cache), stale: Number(row.stale), error: Number(row.error) }));
    },

    /** Exchanges with one source per hour since `since` (the hour the window was written in). */
    async exchangesPerHour(source: string, since: Date): Promise<{ hour: Date; requests: number }[]> {
      const rows = await queryRows<{ hour: string; requests: string | number }>(
        db,
        sql`select to_char(date_trunc('hour', l.created_at at time zone 'UTC'), 'YYYY-MM-DD"T"HH24":00:00Z"') as hour,
              sum((u.value->>'exchanges')::bigint) as requests
            from ${systemLogs} l cross join lateral jsonb_array_elements(l.metadata->'upstreams') u
            where l.component = ${PERFORMANCE_COMPONENT} and l.message = 'upstream' and l.created_at >= ${since.toISOString()}
              and u.value->>'source' = ${source}
            group by 1 order by 1`,
      );
      return rows.map((row) => ({ hour: new Date(row.hour), requests: Number(row.requests) }));
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
