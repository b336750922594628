import type { ReactNode } from "react";
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsReport } from "@/shared/admin";
import { ToolSection } from "@/web/components/tool-page";

/**
 * The analytics page's charts (recharts, loaded with this page only). Each chart has its
 * numbers in a table for screen readers, which is also what the end-to-end tests read.
 */

const SOURCE_LABELS: Record<string, string> = { arxiv: "arXiv", openalex: "OpenAlex", crossref: "Crossref", "arxiv-html": "arXiv HTML" };
export const sourceLabel = (source: string) => SOURCE_LABELS[source] ?? source;
const SERIES = ["var(--chart-1)", "var(--chart-2)", "var(--chart-3)", "var(--chart-4)"];

const axis = { stroke: "var(--muted-foreground)", fontSize: 12, tickLine: false, axisLine: false } as const;
const tooltipStyle = {
  contentStyle: { background: "var(--popover)", border: "1px solid var(--border)", borderRadius: 8, color: "var(--popover-foreground)", fontSize: 12 },
  labelStyle: { color: "var(--muted-foreground)" },
  cursor: { fill: "var(--muted)", opacity: 0.6 },
} as const;

const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const shortHour = (hour: string) => new Date(hour).toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit", hour12: false });

function ChartCard(props: {
  id: string;
  title: string;
  description: ReactNode;
  headers: [string, string];
  rows: [string, string][];
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <ToolSection id={props.id} title={props.title} description={props.description}>
      {props.empty ? (
        <p className="flex h-48 items-center justify-center text-sm text-muted-foreground">{props.emptyText}</p>
      ) : (
        <div className="h-56 w-full" aria-hidden>
          <ResponsiveContainer width="100%" height="100%">
            {props.children as React.ReactElement}
          </ResponsiveContainer>
        </div>
      )}
      <table className="sr-only">
        <caption>{props.title}</caption>
        <thead>
          <tr>
            <th scope="col">{props.headers[0]}</th>
            <th scope="col">{props.headers[1]}</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ToolSection>
  );
}

export function DailyActiveUsersChart({ daily }: { daily: AnalyticsReport["daily"] }) {
  const data = daily.map((row) => ({ ...row, label: shortDay(row.day) }));
  return (
    <ChartCard
      id="daily-active-users"
      title="Daily active users"
      description="Signed-in users who did anything in the app, per UTC day."
      headers={["Day", "Active users"]}
      rows={daily.map((row) => [row.day, String(row.activeUsers)])}
      empty={false}
      emptyText=""
    >
      <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="label" {...axis} minTickGap={16} />
        <YAxis allowDecimals={false} {...axis} />
        <Tooltip {...tooltipStyle} />
        <Area type="monotone" dataKey="activeUsers" name="Active users" stroke="var(--chart-1)" fill="var(--chart-1)" fillOpacity={0.18} strokeWidth={2} />
      </AreaChart>
    </ChartCard>
  );
}

export function EventsPerDayChart({ daily }: { daily: AnalyticsReport["daily"] }) {
  const data = daily.map((row) => ({ ...row, label: shortDay(row.day) }));
  return (
    <ChartCard
      id="events-per-day"
      title="Events per day"
      description="Every event the app recorded (page views, searches, bookmarks), per UTC day."
      headers={["Day", "Events"]}
      rows={daily.map((row) => [row.day, String(row.events)])}
      empty={false}
      emptyText=""
    >
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="label" {...axis} minTickGap={16} />
        <YAxis allowDecimals={false} {...axis} />
        <Tooltip {...tooltipStyle} />
        <Bar dataKey="events" name="Events" fill="var(--chart-2)" radius={[3, 3, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}

export function SearchesBySourceChart({ rows }: { rows: AnalyticsReport["searchesBySource"] }) {
  const data = rows.map((row) => ({ ...row, label: sourceLabel(row.source) }));
  return (
    <ChartCard
      id="searches-by-source"
      title="Searches per source"
      description="Searches people ran in the period, by the source they chose."
      headers={["Source", "Searches"]}
      rows={data.map((row) => [row.label, String(row.searches)])}
      empty={data.length === 0}
      emptyText="No searches in this period."
    >
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid stroke="var(--border)" horizontal={false} />
        <XAxis type="number" allowDecimals={false} {...axis} />
        <YAxis type="category" dataKey="label" width={76} {...axis} />
        <Tooltip {...tooltipStyle} />
        <Bar dataKey="searches" name="Searches" radius={[0, 3, 3, 0]} barSize={22}>
          {data.map((row, index) => (
            <Cell key={row.source} fill={SERIES[index % SERIES.length]} />
          ))}
        </Bar>
      </BarChart>
    </ChartCard>
  );
}

export function CacheHitChart({ rows }: { rows: AnalyticsReport["cache"] }) {
  const measured = rows.filter((row) => row.hitRatio !== null);
  const data = measured.map((row) => ({ label: sourceLabel(row.source), percent: Math.round(row.hitRatio! * 1000) / 10, source: row.source }));
  return (
    <ChartCard
      id="cache-hit-ratio"
      title="Cache hit ratio per upstream"
      description={`Answers served from the cache instead of the upstream, last 24 hours. Cached now: ${
        rows.map((row) => `${sourceLabel(row.source)} ${row.cachedEntries.toLocaleString("en-US")}`).join(", ") || "nothing"
      }.`}
      headers={["Upstream", "Hit ratio"]}
      rows={data.map((row) => [row.label, `${row.percent} %`])}
      empty={data.length === 0}
      emptyText="No upstream answers in this period."
    >
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="label" {...axis} />
        <YAxis domain={[0, 100]} unit="%" {...axis} />
        <Tooltip {...tooltipStyle} formatter={(value) => [`${String(value)} %`, "Hit ratio"]} />
        <Bar dataKey="percent" name="Hit ratio" radius={[3, 3, 0, 0]} barSize={40}>
          {data.map((row, index) => (
            <Cell key={row.source} fill={SERIES[index % SERIES.length]} />
          ))}
        </Bar>
      </BarChart>
    </ChartCard>
  );
}

export function ArxivPerHourChart({ rows, limit }: { rows: AnalyticsReport["arxivPerHour"]; limit: number }) {
  const data = rows.map((row) => ({ ...row, label: shortHour(row.hour) }));
  const peak = Math.max(0, ...rows.map((row) => row.requests));
  // The ceiling is drawn once the traffic comes near it; far below, it would flatten the bars.
  const showLimit = peak >= limit / 4;
  return (
    <ChartCard
      id="arxiv-per-hour"
      title="arXiv requests per hour"
      description={`Requests this deployment sent to arXiv, all instances together. arXiv allows one every 3 seconds: ${limit.toLocaleString("en-US")} an hour. Peak: ${peak.toLocaleString("en-US")} (${Math.round((peak / limit) * 100)} % of the limit).`}
      headers={["Hour", "Requests"]}
      rows={rows.map((row) => [row.hour, String(row.requests)])}
      empty={false}
      emptyText=""
    >
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="label" {...axis} minTickGap={20} />
        <YAxis allowDecimals={false} {...axis} domain={showLimit ? [0, Math.max(limit, peak)] : [0, "auto"]} />
        <Tooltip {...tooltipStyle} />
        {showLimit ? <ReferenceLine y={limit} stroke="var(--destructive)" strokeDasharray="4 4" label={{ value: "arXiv limit", fill: "var(--muted-foreground)", fontSize: 11 }} /> : null}
        <Bar dataKey="requests" name="Requests" fill="var(--chart-3)" radius={[3, 3, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}
