import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnalyticsReport, PerformanceLogEntry, PerformanceLogType, PerformanceSummary, PerformanceWindow } from "@/shared/admin";
import type { ArxivIndexStatus } from "@/shared/arxiv-index";
import { api } from "@/web/lib/api";

/** The admin pages' resources (GET /api/admin/*): keys, hooks and staleness together. */
export const adminKeys = {
  all: ["admin"] as const,
  performanceLog: (type: PerformanceLogType | "all") => ["admin", "performance", "log", type] as const,
  performanceSummary: (window: PerformanceWindow) => ["admin", "performance", "summary", window] as const,
  analytics: (days: number) => ["admin", "analytics", days] as const,
  arxivIndex: () => ["admin", "arxiv-index"] as const,
};

/** Diagnostics are read fresh each time the page opens or Refresh is pressed. */
export const ADMIN_STALE_MS = 0;

export function usePerformanceLog(type: PerformanceLogType | "all") {
  return useQuery({
    queryKey: adminKeys.performanceLog(type),
    queryFn: () => api.get<{ entries: PerformanceLogEntry[] }>("/api/admin/performance", { query: { type } }),
    staleTime: ADMIN_STALE_MS,
  });
}

export function usePerformanceSummary(window: PerformanceWindow) {
  return useQuery({
    queryKey: adminKeys.performanceSummary(window),
    queryFn: () => api.get<PerformanceSummary>("/api/admin/performance/summary", { query: { window } }),
    staleTime: ADMIN_STALE_MS,
  });
}

export function useClearPerformanceLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: PerformanceLogType | "all") => api.delete<{ deleted: number }>("/api/admin/performance", { query: { type } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin", "performance"] }),
  });
}

export function useAnalytics(days: number) {
  return useQuery({
    queryKey: adminKeys.analytics(days),
    queryFn: () => api.get<AnalyticsReport>("/api/admin/analytics", { query: { days } }),
    staleTime: ADMIN_STALE_MS,
  });
}

/** How often the arXiv Index page reads the status again while a harvest is under way. */
export const ARXIV_INDEX_REFRESH_MS = 3000;

/** A harvest runs now, or a scope's first harvest is still to come: its figures are about to change. */
export function arxivIndexChanging(status: ArxivIndexStatus | undefined): boolean {
  if (!status || status.mode === "off") return false;
  if (status.harvests.some((harvest) => harvest.running)) return true;
  const done = new Set(status.harvests.filter((harvest) => harvest.initialDoneAt).map((harvest) => harvest.scope));
  return status.scopes.some((scope) => !done.has(scope));
}

export function useArxivIndexStatus() {
  return useQuery({
    queryKey: adminKeys.arxivIndex(),
    queryFn: () => api.get<ArxivIndexStatus>("/api/admin/arxiv-index"),
    staleTime: ADMIN_STALE_MS,
    refetchInterval: (query) => (arxivIndexChanging(query.state.data) ? ARXIV_INDEX_REFRESH_MS : false),
  });
}
