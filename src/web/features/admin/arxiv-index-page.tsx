import type { ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, Clock, LoaderCircle, RotateCw } from "lucide-react";
import type { ArxivIndexStatus, HarvestProgress } from "@/shared/arxiv-index";
import { formatCount, formatDateTime } from "@/shared/format";
import { LoadError, StatCard, ToolPage, ToolSection } from "@/web/components/tool-page";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { ARXIV_INDEX_REFRESH_MS, adminKeys, arxivIndexChanging, useArxivIndexStatus } from "./admin-queries";

const MODE_LABELS: Record<ArxivIndexStatus["mode"], string> = {
  all: "All of arXiv",
  sets: "Chosen sets",
  followed: "Sets users follow",
  off: "Off",
};

/** "1 h 5 min", "4 min 20 s", "12 s": an estimate needs no more than two units. */
export function formatSecondsLeft(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min ${rest} s`;
  return `${rest} s`;
}

function coverage(status: ArxivIndexStatus): string {
  if (status.covers.all) return "All of arXiv";
  return status.covers.sets.length > 0 ? status.covers.sets.join(", ") : "Nothing yet";
}

type HarvestState = { label: string; icon: ReactNode; variant: "default" | "secondary" | "outline" | "destructive" };

function harvestState(harvest: HarvestProgress): HarvestState {
  const failedLast = harvest.lastErrorAt !== null && (harvest.lastSuccessAt === null || harvest.lastErrorAt > harvest.lastSuccessAt);
  if (harvest.running) return { label: "Running", icon: <LoaderCircle className="animate-spin" aria-hidden />, variant: "default" };
  if (failedLast) return { label: "Failed", icon: <AlertTriangle aria-hidden />, variant: "destructive" };
  if (harvest.initialDoneAt) return { label: "Done", icon: <CheckCircle2 aria-hidden />, variant: "secondary" };
  return { label: "Waiting", icon: <Clock aria-hidden />, variant: "outline" };
}

function Fact(props: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={props.wide ? "col-span-full min-w-0" : "min-w-0"}>
      <dt className="text-xs text-muted-foreground">{props.term}</dt>
      <dd className="mt-0.5 text-sm font-medium tabular-nums break-words">{props.children}</dd>
    </div>
  );
}

function RunFacts({ run }: { run: NonNullable<HarvestProgress["run"]> }) {
  const share = run.completeListSize ? Math.min(1, run.cursor / run.completeListSize) : null;
  return (
    <>
      <Fact term="This run">
        {formatCount(run.cursor)}
        {run.completeListSize !== null ? ` of ${formatCount(run.completeListSize)}` : ""} records
        <span className="block text-xs font-normal text-muted-foreground">{run.from ? `changes since ${run.from}` : "a first, whole harvest"}</span>
      </Fact>
      <Fact term="Rate">{run.recordsPerSecond !== null ? `${run.recordsPerSecond.toFixed(run.recordsPerSecond < 10 ? 1 : 0)} records/s` : "—"}</Fact>
      <Fact term="Time left">{run.secondsLeft !== null ? `about ${formatSecondsLeft(run.secondsLeft)}` : "—"}</Fact>
      {share !== null ? (
        <div className="col-span-full">
          <div
            role="progressbar"
            aria-label="Harvest progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(share * 100)}
            className="h-1.5 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${share * 100}%` }} />
          </div>
        </div>
      ) : null}
    </>
  );
}

function HarvestCard({ harvest }: { harvest: HarvestProgress }) {
  const state = harvestState(harvest);
  return (
    <article aria-label={`Harvest of ${harvest.scope}`} className="rounded-lg border border-border p-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-mono text-sm font-semibold">{harvest.scope}</h3>
        <Badge variant={state.variant}>
          {state.icon}
          {state.label}
        </Badge>
      </header>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-4">
        <Fact term="Records">{formatCount(harvest.records)}</Fact>
        <Fact term="Last datestamp">{harvest.lastDatestamp ?? "—"}</Fact>
        <Fact term="Initial harvest done">{harvest.initialDoneAt ? formatDateTime(harvest.initialDoneAt) : "Not yet"}</Fact>
        <Fact term="Last success">{harvest.lastSuccessAt ? formatDateTime(harvest.lastSuccessAt) : "Never"}</Fact>
        {harvest.run ? <RunFacts run={harvest.run} /> : null}
        {harvest.lastError ? (
          <Fact term={`Last error${harvest.lastErrorAt ? `, ${formatDateTime(harvest.lastErrorAt)}` : ""}`} wide>
            <span className="font-mono text-xs font-normal text-destructive dark:text-[oklch(0.78_0.13_27)]">{harvest.lastError}</span>
          </Fact>
        ) : null}
      </dl>
    </article>
  );
}

function NoHarvest(props: { title: string; description: string }) {
  return (
    <div className="py-6 text-center">
      <p className="font-medium">{props.title}</p>
      <p className="mt-1 text-sm text-muted-foreground">{props.description}</p>
    </div>
  );
}

function Harvests({ status }: { status: ArxivIndexStatus }) {
  if (status.mode === "off") {
    return <NoHarvest title="The index is off" description="ARXIV_HARVEST is not set, so nothing is harvested and every search goes to arXiv's API." />;
  }
  if (status.harvests.length === 0) {
    const why = status.mode === "followed" ? "No one follows a category yet, so there is nothing to harvest." : "The first harvest starts shortly after the server does.";
    return <NoHarvest title="No harvest yet" description={why} />;
  }
  return (
    <div className="space-y-3">
      {status.harvests.map((harvest) => (
        <HarvestCard key={harvest.scope} harvest={harvest} />
      ))}
    </div>
  );
}

/**
 * /admin/arxiv-index: Quire's own copy of arXiv (harvested over OAI-PMH), what it holds and
 * answers searches for, and each scope's harvest, read again every few seconds while one runs.
 */
export function ArxivIndexPage() {
  const status = useArxivIndexStatus();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.arxivIndex() });
  const live = arxivIndexChanging(status.data);

  return (
    <ToolPage
      title="arXiv Index"
      description="Quire's own copy of arXiv, harvested over OAI-PMH: what it holds, and how each harvest goes."
      actions={
        <Button variant="outline" onClick={refresh} disabled={status.isFetching}>
          <RotateCw className={status.isFetching ? "animate-spin" : undefined} aria-hidden />
          Refresh
        </Button>
      }
    >
      {status.isError ? (
        <LoadError title="Could not load the arXiv index status" error={status.error} action={<Button variant="outline" onClick={refresh}>Try again</Button>} />
      ) : !status.data ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4" aria-busy="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
            <StatCard label="Papers" value={formatCount(status.data.papers)} />
            <StatCard label="Mode" value={MODE_LABELS[status.data.mode]} hint={status.data.scopes.length > 0 ? `Scopes: ${status.data.scopes.join(", ")}` : "No scopes"} />
            <div className="col-span-2 sm:col-span-1">
              <StatCard label="Answers searches for" value={coverage(status.data)} hint="Other searches go to arXiv's API." />
            </div>
          </div>
          <ToolSection
            id="harvests"
            title="Harvests"
            description={live ? `Under way: read again every ${ARXIV_INDEX_REFRESH_MS / 1000} seconds.` : "One per scope: records stored, and how its runs went."}
          >
            <Harvests status={status.data} />
          </ToolSection>
        </>
      )}
    </ToolPage>
  );
}
