import { Hono } from "hono";
import { z } from "zod";
import type { Auth } from "@/server/auth/auth";
import { requireRole, requireUser, type SignedInEnv } from "@/server/auth/session";
import type { Config } from "@/server/config";
import type { AppEnv } from "@/server/http/context";
import { readQuery } from "@/server/http/validation";
import type { AnalyticsReportService } from "@/server/features/analytics/analytics-report.service";
import {
  ADMIN_ROLE,
  ANALYTICS_DEFAULT_PERIOD,
  ANALYTICS_PERIODS,
  PERFORMANCE_LOG_TYPES,
  PERFORMANCE_WINDOWS,
  type PerformanceWindow,
} from "@/shared/admin";
import type { PerformanceService } from "./performance.service";
import type { ArxivIndexStatus } from "@/shared/arxiv-index";

const typeSchema = z.object({
  type: z.enum(["all", ...PERFORMANCE_LOG_TYPES], { error: `type must be all or one of ${PERFORMANCE_LOG_TYPES.join(", ")}` }).default("all"),
});
const windowSchema = z.object({
  window: z
    .enum(Object.keys(PERFORMANCE_WINDOWS) as [PerformanceWindow, ...PerformanceWindow[]], { error: "window must be 1h or 24h" })
    .default("1h"),
});
const periodSchema = z.object({
  days: z.coerce
    .number()
    .refine((days) => (ANALYTICS_PERIODS as readonly number[]).includes(days), `days must be one of ${ANALYTICS_PERIODS.join(", ")}`)
    .default(ANALYTICS_DEFAULT_PERIOD),
});

/**
 * The admin pages' data, admins and super admins only; every
 * route answers 401 signed out and 403 to anyone else:
 *   GET    /api/admin/performance?type=all|startup|database|memory|requests|upstream -> { entries }
 *   DELETE /api/admin/performance?type=...                                          -> { deleted }
 *   GET    /api/admin/performance/summary?window=1h|24h  -> { routes: [p50/p95/p99], upstreams: [latency, error rate] }
 *   GET    /api/admin/analytics?days=7|30|90              -> AnalyticsReport
 *   GET    /api/admin/arxiv-index                        -> ArxivIndexStatus
 */
export function adminRoutes(deps: {
  performance: PerformanceService;
  analytics: AnalyticsReportService;
  /** Quire's own arXiv index: its scope, size and harvest progress. */
  arxivIndex: { status(): Promise<ArxivIndexStatus> };
  auth: Pick<Auth, "api">;
  config: Pick<Config, "publicUrl">;
}) {
  const routes = new Hono<SignedInEnv>()
    .use("*", requireUser(deps.auth))
    .use("*", requireRole(ADMIN_ROLE))
    .get("/performance", async (c) => {
      const { type } = readQuery(c, typeSchema);
      return c.json({ entries: await deps.performance.list(type === "all" ? null : type) });
    })
    .delete("/performance", async (c) => {
      const { type } = readQuery(c, typeSchema);
      return c.json({ deleted: await deps.performance.clear(type === "all" ? null : type) });
    })
    .get("/performance/summary", async (c) => {
      const { window } = readQuery(c, windowSchema);
      return c.json(await deps.performance.summary(window));
    })
    .get("/arxiv-index", async (c) => c.json(await deps.arxivIndex.status()))
    .get("/analytics", async (c) => {
      const { days } = readQuery(c, periodSchema);
      return c.json(await deps.analytics.report(days));
    });
  return new Hono<AppEnv>().route("/", routes);
}
