import { ARXIV_HOURS_SHOWN, ARXIV_MAX_REQUESTS_PER_HOUR, SEARCH_EVENT, type AnalyticsReport } from "@/shared/admin";
import type { PerformanceRepository } from "@/server/features/admin/performance.repository";
import type { ServerMetrics } from "@/server/metrics/server-metrics";
import type { AnalyticsRepository } from "./analytics.repository";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The analytics page: events and their
 * authentication rate from the daily roll-ups of visitor_events, searches per source, daily
 * active users, and from the performance logs the cache hit ratio per upstream and the arXiv
 * requests per hour (arXiv allows 1,200 an hour, whoever sends them).
 */
export function analyticsReportService(deps: {
  analytics: AnalyticsRepository;
  performance: PerformanceRepository;
  metrics: ServerMetrics;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  return {
    async report(days: number): Promise<AnalyticsReport> {
      const at = now();
      // The period is `days` UTC days counting today.
      const firstDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) - (days - 1) * DAY_MS);
      const sinceDay = isoDay(firstDay);
      const hoursFrom = new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS - (ARXIV_HOURS_SHOWN - 1) * HOUR_MS);
      const [totals, perDay, activePerDay, byName, searches, upstreams, cached, arxivHours] = await Promise.all([
        deps.analytics.totals(),
        deps.analytics.eventsPerDay(sinceDay),
        deps.analytics.activeUsersPerDay(sinceDay),
        deps.analytics.eventsByName(sinceDay),
        deps.analytics.eventsBySource(SEARCH_EVENT, sinceDay),
        // The upstream figures cover the last 24 hours: minute-by-minute rows of every instance add up fast.
        deps.performance.upstreamAnswers(new Date(at.getTime() - ARXIV_HOURS_SHOWN * HOUR_MS)),
        deps.analytics.cachedEntriesBySource(),
        deps.performance.exchangesPerHour("arxiv", hoursFrom),
      ]);

      const eventsOn = new Map(perDay.map((row) => [row.day, row.events]));
      const usersOn = new Map(activePerDay.map((row) => [row.day, row.users]));
      const daily = Array.from({ length: days }, (_, index) => {
        const day = isoDay(new Date(firstDay.getTime() + index * DAY_MS));
        return { day, events: eventsOn.get(day) ?? 0, activeUsers: usersOn.get(day) ?? 0 };
      });

      // What this instance measured since its last flush counts too (the current hour, the hit ratio).
      const live = deps.metrics.peek().upstreams;
      const answers = new Map<string, { hits: number; misses: number }>();
      for (const upstream of upstreams) answers.set(upstream.source, { hits: upstream.cache + upstream.stale, misses: upstream.network + upstream.error });
      for (const upstream of live) {
        const entry = answers.get(upstream.source) ?? { hits: 0, misses: 0 };
        entry.hits += upstream.answers.cache + upstream.answers.stale;
        entry.misses += upstream.answers.network + upstream.answers.error;
        answers.set(upstream.source, entry);
      }
      const cachedBySource = new Map(cached.map((row) => [row.source, row.entries]));
      const sources = [...new Set([...answers.keys(), ...cachedBySource.keys()])].sort();
      const cache = sources.map((source) => {
        const { hits, misses } = answers.get(source) ?? { hits: 0, misses: 0 };
        return { source, hits, misses, hitRatio: hits + misses > 0 ? hits / (hits + misses) : null, cachedEntries: cachedBySource.get(source) ?? 0 };
      });

      const perHour = new Map(arxivHours.map((row) => [row.hour.getTime(), row.requests]));
      const currentHour = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
      const liveArxiv = live.find((upstream) => upstream.source === "arxiv")?.exchanges ?? 0;
      perHour.set(currentHour, (perHour.get(currentHour) ?? 0) + liveArxiv);
      const arxivPerHour = Array.from({ length: ARXIV_HOURS_SHOWN }, (_, index) => {
        const hour = hoursFrom.getTime() + index * HOUR_MS;
        return { hour: new Date(hour).toISOString(), requests: perHour.get(hour) ?? 0 };
      });

      const periodEvents = daily.reduce((total, day) => total + day.events, 0);
      return {
        days,
        since: firstDay.toISOString(),
        totalEvents: totals.events,
        signedInEvents: totals.signedInEvents,
        authenticationRate: totals.events > 0 ? Math.round((totals.signedInEvents / totals.events) * 1000) / 10 : null,
        periodEvents,
        daily,
        events: byName,
        searchesBySource: searches.map((row) => ({ source: row.source, searches: row.events })).sort((a, b) => b.searches - a.searches),
        cache,
        arxivPerHour,
        arxivLimitPerHour: ARXIV_MAX_REQUESTS_PER_HOUR,
      };
    },
  };
}

export type AnalyticsReportService = ReturnType<typeof analyticsReportService>;
