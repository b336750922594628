import { ARXIV_MIN_INTERVAL_MS } from "@/shared/constants";

/**
 * The admin and developer pages' constants and answer shapes, shared by the server that answers and
 * the pages that read.
 */

/** Who opens /admin/* (admin or super admin) and /dev/* plus /auth-test (maintainer or above). */
export const ADMIN_ROLE = "admin" as const;
export const DEVELOPER_ROLE = "maintainer" as const;

/**
 * Performance log kinds: the spec's startup, database and memory, plus request latency per
 * route and upstream latency and errors per source, all from the server's own measurements.
 */
export const PERFORMANCE_LOG_TYPES = ["startup", "database", "memory", "requests", "upstream"] as const;
export type PerformanceLogType = (typeof PERFORMANCE_LOG_TYPES)[number];
/** The performance table shows the newest 100 entries (the spec's "keeps 100 entries"). */
export const PERFORMANCE_LOG_LIMIT = 100;
/** The summaries' windows: the last hour or the last day. */
export const PERFORMANCE_WINDOWS = { "1h": 60 * 60 * 1000, "24h": 24 * 60 * 60 * 1000 } as const;
export type PerformanceWindow = keyof typeof PERFORMANCE_WINDOWS;

/** Analytics periods in days. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export const ANALYTICS_DEFAULT_PERIOD = 30;
/** arXiv's rule (one request every 3 s) as an hourly ceiling: the figure that bounds a deployment. */
export const ARXIV_MAX_REQUESTS_PER_HOUR = Math.floor((60 * 60 * 1000) / ARXIV_MIN_INTERVAL_MS);
/** Hours of arXiv traffic the analytics page charts. */
export const ARXIV_HOURS_SHOWN = 24;
/** The analytics event a search sends (with its `source`). */
export const SEARCH_EVENT = "search";
export const PAGE_VIEW_EVENT = "page_view";

export type PerformanceLogEntry = {
  id: number;
  type: PerformanceLogType;
  /** The headline number: ms for startup and database, MB for memory, requests for the others. */
  value: number;
  unit: string;
  /** A one-line explanation, e.g. "p50 3.1 ms, p95 12 ms over 14 routes". */
  detail: string;
  instance: string;
  timestamp: string;
};

export type RouteLatency = { route: string; count: number; errors: number; p50: number | null; p95: number | null; p99: number | null };
export type UpstreamLatency = {
  source: string;
  exchanges: number;
  failures: number;
  /** failures / exchanges, 0..1; null with no exchange. */
  errorRate: number | null;
  p50: number | null;
  p95: number | null;
  answers: { network: number; cache: number; stale: number; error: number };
};

export type PerformanceSummary = { window: PerformanceWindow; since: string; routes: RouteLatency[]; upstreams: UpstreamLatency[] };

export type AnalyticsReport = {
  days: number;
  since: string;
  totalEvents: number;
  signedInEvents: number;
  /** Signed-in share of all events, in percent (0..100, one decimal); null with no event. */
  authenticationRate: number | null;
  periodEvents: number;
  daily: { day: string; events: number; activeUsers: number }[];
  events: { name: string; events: number }[];
  searchesBySource: { source: string; searches: number }[];
  cache: { source: string; hits: number; misses: number; hitRatio: number | null; cachedEntries: number }[];
  arxivPerHour: { hour: string; requests: number }[];
  arxivLimitPerHour: number;
};
