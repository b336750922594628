import { useState } from "react";
import { RotateCw } from "lucide-react";
import { ANALYTICS_DEFAULT_PERIOD, ANALYTICS_PERIODS } from "@/shared/admin";
import { LoadError, StatCard, ToolPage } from "@/web/components/tool-page";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Skeleton } from "@/web/components/ui/skeleton";
import { useAnalytics } from "./admin-queries";
import { ArxivPerHourChart, CacheHitChart, DailyActiveUsersChart, EventsPerDayChart, SearchesBySourceChart } from "./analytics-charts";

const integer = (value: number) => value.toLocaleString("en-US");

/**
 * /admin/analytics: total events and the authentication
 * rate, plus daily active users, searches per source, the cache hit ratio per upstream and the
 * arXiv requests per hour, read from daily roll-ups so it stays quick at millions of events.
 */
export function AnalyticsPage() {
  const [days, setDays] = useState<number>(ANALYTICS_DEFAULT_PERIOD);
  const report = useAnalytics(days);
  const data = report.data;

  return (
    <ToolPage
      title="Analytics"
      description="What people do in the app and what that asks of the upstreams."
      actions={
        <>
          <div className="flex items-center gap-2">
            <Label htmlFor="analytics-period" className="text-sm text-muted-foreground">
              Period
            </Label>
            <NativeSelect id="analytics-period" className="w-36" value={String(days)} onChange={(event) => setDays(Number(event.target.value))}>
              {ANALYTICS_PERIODS.map((value) => (
                <option key={value} value={value}>{`Last ${value} days`}</option>
              ))}
            </NativeSelect>
          </div>
          <Button variant="outline" onClick={() => void report.refetch()} disabled={report.isFetching}>
            <RotateCw className={report.isFetching ? "animate-spin" : undefined} aria-hidden />
            Refresh
          </Button>
        </>
      }
    >
      {report.isError ? (
        <LoadError title="Could not load the analytics" error={report.error} />
      ) : !data ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label="Loading analytics">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-24 w-full rounded-xl" />
          ))}
        </div>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatCard label="Total events" value={integer(data.totalEvents)} hint="Since the first event" />
            <StatCard
              label="Authentication rate"
              value={data.authenticationRate === null ? "—" : `${data.authenticationRate} %`}
              hint={`${integer(data.signedInEvents)} by signed-in users`}
            />
            <StatCard label={`Events, last ${data.days} days`} value={integer(data.periodEvents)} />
            <StatCard label="Active users today" value={integer(data.daily.at(-1)?.activeUsers ?? 0)} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <DailyActiveUsersChart daily={data.daily} />
            <EventsPerDayChart daily={data.daily} />
            <SearchesBySourceChart rows={data.searchesBySource} />
            <CacheHitChart rows={data.cache} />
          </div>
          <ArxivPerHourChart rows={data.arxivPerHour} limit={data.arxivLimitPerHour} />
        </>
      )}
    </ToolPage>
  );
}
