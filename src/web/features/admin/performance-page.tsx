import { useState } from "react";
import { RotateCw, Trash2 } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import {
  PERFORMANCE_LOG_LIMIT,
  PERFORMANCE_LOG_TYPES,
  type PerformanceLogEntry,
  type PerformanceLogType,
  type PerformanceWindow,
  type RouteLatency,
  type UpstreamLatency,
} from "@/shared/admin";
import { formatDateTime } from "@/shared/format";
import { DataTable, LoadError, ToolPage, ToolSection, type Column } from "@/web/components/tool-page";
import { ConfirmAction } from "@/web/components/confirm-action";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Skeleton } from "@/web/components/ui/skeleton";
import { toast } from "@/web/components/ui/use-toast";
import { useClearPerformanceLog, usePerformanceLog, usePerformanceSummary } from "./admin-queries";

const TYPE_LABELS: Record<PerformanceLogType, string> = {
  startup: "Startup",
  database: "Database",
  memory: "Memory",
  requests: "Requests",
  upstream: "Upstream",
};

export function formatMs(value: number | null): string {
  if (value === null) return "—";
  return value < 10 ? `${value.toFixed(2)} ms` : value < 1000 ? `${value.toFixed(1)} ms` : `${(value / 1000).toFixed(2)} s`;
}
const percent = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(value > 0 && value < 0.1 ? 1 : 0)} %`);
const integer = (value: number) => value.toLocaleString("en-US");

const routeColumns: Column<RouteLatency>[] = [
  { header: "Route", cell: (row) => <code className="font-mono text-xs break-all">{row.route}</code> },
  { header: "Requests", cell: (row) => integer(row.count), align: "right" },
  { header: "Errors", cell: (row) => (row.errors > 0 ? <span className="text-destructive dark:text-[oklch(0.78_0.13_27)]">{integer(row.errors)}</span> : "0"), align: "right" },
  { header: "p50", cell: (row) => formatMs(row.p50), align: "right" },
  { header: "p95", cell: (row) => formatMs(row.p95), align: "right" },
  { header: "p99", cell: (row) => formatMs(row.p99), align: "right" },
];

const upstreamColumns: Column<UpstreamLatency>[] = [
  { header: "Source", cell: (row) => <span className="font-medium">{row.source}</span> },
  { header: "Requests", cell: (row) => integer(row.exchanges), align: "right" },
  // On a phone the error rate says it (the count is hidden there, so the table fits the screen).
  { header: "Failed", cell: (row) => integer(row.failures), align: "right", className: "max-sm:hidden" },
  { header: "Error rate", cell: (row) => percent(row.errorRate), align: "right" },
  { header: "p50", cell: (row) => formatMs(row.p50), align: "right" },
  { header: "p95", cell: (row) => formatMs(row.p95), align: "right" },
  {
    header: "Answers from cache",
    cell: (row) => {
      const total = row.answers.network + row.answers.cache + row.answers.stale + row.answers.error;
      return total === 0 ? "—" : `${integer(row.answers.cache + row.answers.stale)} of ${integer(total)}`;
    },
    align: "right",
  },
];

const logColumns: Column<PerformanceLogEntry>[] = [
  { header: "Type", cell: (row) => <Badge variant="secondary">{TYPE_LABELS[row.type] ?? row.type}</Badge> },
  {
    header: "Value",
    cell: (row) => (
      <span>
        <span className="font-medium tabular-nums">{`${integer(row.value)} ${row.unit}`}</span>
        {row.detail ? <span className="block text-xs text-muted-foreground">{row.detail}</span> : null}
      </span>
    ),
  },
  {
    header: "Time",
    cell: (row) => (
      <span className="whitespace-nowrap">
        {formatDateTime(row.timestamp)}
        <span className="block text-xs text-muted-foreground">{row.instance}</span>
      </span>
    ),
  },
];

function TableSkeleton() {
  return (
    <div className="space-y-2" aria-busy="true">
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-5/6" />
      <Skeleton className="h-5 w-2/3" />
    </div>
  );
}

function ClearButton(props: { type: PerformanceLogType | "all" }) {
  const clear = useClearPerformanceLog();
  const what = props.type === "all" ? "all performance logs" : `the ${TYPE_LABELS[props.type].toLowerCase()} logs`;
  const handleClear = () =>
    clear.mutate(props.type, {
      onSuccess: ({ deleted }) => toast({ title: "Performance logs cleared", description: `${deleted} ${deleted === 1 ? "entry" : "entries"} removed.` }),
      onError: (error) => toast({ variant: "destructive", title: "Could not clear the logs", description: error.message }),
    });
  return (
    <ConfirmAction
      trigger={
        <Button variant="outline" disabled={clear.isPending}>
          <Trash2 aria-hidden />
          Clear
        </Button>
      }
      title="Clear performance logs?"
      description={`This removes ${what} of every instance. New figures are written as the server keeps running.`}
      confirmLabel="Clear"
      onConfirm={handleClear}
    />
  );
}

/**
 * /admin/performance: request latency per route, upstream
 * latency and errors per source, and the performance log (startup, database, memory, and the
 * requests and upstream windows) with a type filter, clear and refresh.
 */
export function PerformancePage() {
  const [type, setType] = useState<PerformanceLogType | "all">("all");
  const [span, setSpan] = useState<PerformanceWindow>("1h");
  const log = usePerformanceLog(type);
  const summary = usePerformanceSummary(span);
  const queryClient = useQueryClient();
  const refreshing = log.isFetching || summary.isFetching;

  return (
    <ToolPage
      title="Performance"
      description="The server's own measurements, written every minute by each instance."
      actions={
        <>
          <Button variant="outline" onClick={() => void queryClient.invalidateQueries({ queryKey: ["admin", "performance"] })} disabled={refreshing}>
            <RotateCw className={refreshing ? "animate-spin" : undefined} aria-hidden />
            Refresh
          </Button>
          <ClearButton type={type} />
        </>
      }
    >
      <div className="flex items-center gap-2">
        <Label htmlFor="performance-window" className="text-sm text-muted-foreground">
          Window
        </Label>
        <NativeSelect id="performance-window" className="w-40" value={span} onChange={(event) => setSpan(event.target.value as PerformanceWindow)}>
          <option value="1h">Last hour</option>
          <option value="24h">Last 24 hours</option>
        </NativeSelect>
      </div>
      {summary.isError ? (
        <LoadError title="Could not load the latency figures" error={summary.error} />
      ) : (
        <>
          <ToolSection id="routes" title="Request latency by route" description="Time from the request's arrival to the answer, per route the router matched.">
            {summary.data ? (
              <DataTable fitPhone caption="Request latency by route" columns={routeColumns} rows={summary.data.routes} rowKey={(row) => row.route} empty="No requests in this window." />
            ) : (
              <TableSkeleton />
            )}
          </ToolSection>
          <ToolSection id="upstreams" title="Upstreams" description="Each request to arXiv, OpenAlex and Crossref (retries count), and where callers' answers came from.">
            {summary.data ? (
              <DataTable fitPhone caption="Upstream latency and errors" columns={upstreamColumns} rows={summary.data.upstreams} rowKey={(row) => row.source} empty="No upstream traffic in this window." />
            ) : (
              <TableSkeleton />
            )}
          </ToolSection>
        </>
      )}
      <ToolSection
        id="performance-log"
        title="Performance log"
        description={`The newest ${PERFORMANCE_LOG_LIMIT} entries.`}
        tools={
          <div className="flex items-center gap-2">
            <Label htmlFor="performance-type" className="text-sm text-muted-foreground">
              Type
            </Label>
            <NativeSelect id="performance-type" className="w-36" value={type} onChange={(event) => setType(event.target.value as PerformanceLogType | "all")}>
              <option value="all">All</option>
              {PERFORMANCE_LOG_TYPES.map((value) => (
                <option key={value} value={value}>
                  {TYPE_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
        }
      >
        {log.isError ? (
          <LoadError title="Could not load the performance log" error={log.error} />
        ) : log.data ? (
          <DataTable caption="Performance log" columns={logColumns} rows={log.data.entries} rowKey={(row) => String(row.id)} empty="No performance logs yet." />
        ) : (
          <TableSkeleton />
        )}
      </ToolSection>
    </ToolPage>
  );
}
