import { useMemo } from "react";
import { AlertTriangle, ChevronLeft, ChevronRight, Newspaper } from "lucide-react";
import { CATCHUP_RANGE_LABELS, formatThreshold, type CatchupFeedEntry, type CatchupFeedResponse, type CatchupFilter, type CatchupRange, type CatchupTab } from "@/shared/catchup";
import type { Paper } from "@/shared/paper";
import { countOf } from "@/shared/plural";
import { PaperList } from "@/web/components/paper-list/paper-list";
import { PaperListSkeleton } from "@/web/components/paper-list/paper-list-skeleton";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { FeedMarkChoices } from "@/web/features/feed-marks/feed-mark-buttons";
import { useFeedMarks } from "@/web/features/feed-marks/feed-mark-queries";
import { PaperActions } from "@/web/features/library/paper-actions";
import { ScoreReasons } from "./score-reasons";
import type { CatchupFilterState } from "./use-catchup-controls";

const LOAD_FAILED = "Failed to load papers. Please try again later.";

const FILTER_LABELS: Record<CatchupFilter, string> = { all: "All papers", recommended: "Recommended", bookmarked: "Bookmarked" };

function emptyMessage(tab: CatchupTab, filter: CatchupFilter, range: CatchupRange): string {
  if (filter === "bookmarked") return "No bookmarked papers in this feed.";
  if (tab === "recommended" || filter === "recommended") return "No recommended papers based on your profile. Lower the sensitivity or add keywords.";
  return `No papers for the selected time range (${CATCHUP_RANGE_LABELS[range]}).`;
}

type CatchupResultsProps = {
  filters: CatchupFilterState;
  /** The id of the Show select's input. */
  filterId: string;
  data: CatchupFeedResponse<Paper> | undefined;
  loadedOnce: boolean;
  failed: boolean;
  /** Loading with nothing to show yet. */
  showSkeleton: boolean;
  fetching: boolean;
};

/** The feed: All Papers and Recommended with their counts, the Show filter, then the papers (or why there are none) and their pages. */
export function CatchupResults({ filters, filterId, data, loadedOnce, failed, showSkeleton, fetching }: CatchupResultsProps) {
  const { tab, filter, range } = filters;
  const entries = useMemo(() => new Map<string, CatchupFeedEntry<Paper>>((data?.papers ?? []).map((entry) => [entry.paper.id, entry])), [data]);
  const papers = useMemo(() => (data?.papers ?? []).map((entry) => entry.paper), [data]);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // Once for the list, not per card (as the search list reads them).
  const { marks, setMark } = useFeedMarks();

  return (
    <section aria-label="Papers" className="mt-6">
      <Tabs value={tab} onValueChange={(value) => filters.setTab(value as CatchupTab)} className="block">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <TabsList>
            <TabsTrigger value="all">
              All Papers{data ? <span className="ml-1 text-muted-foreground tabular-nums">({data.counts.all})</span> : null}
            </TabsTrigger>
            <TabsTrigger value="recommended">
              Recommended{data ? <span className="ml-1 text-muted-foreground tabular-nums">({data.counts.recommended})</span> : null}
            </TabsTrigger>
          </TabsList>
          <div className="flex items-center gap-2">
            <Label htmlFor={filterId} className="text-sm text-muted-foreground">
              Show
            </Label>
            <NativeSelect id={filterId} value={filter} onChange={(event) => filters.setFilter(event.target.value as CatchupFilter)} className="w-44">
              {(Object.keys(FILTER_LABELS) as CatchupFilter[]).map((value) => (
                <option key={value} value={value}>
                  {FILTER_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>

        {data?.index.stale ? (
          <p role="status" className="mt-3 flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
            arXiv could not be reached to refresh {data.index.failedCategories.join(", ")}.{" "}
            {data.index.refreshedAt ? `Showing the papers as of ${new Date(data.index.refreshedAt).toLocaleString()}.` : "Try again later."}
          </p>
        ) : null}

        {/* The selected tab's panel, there before the first load too: each tab names it (aria-controls). */}
        <TabsContent value={tab} className="mt-4">
          {!loadedOnce ? (
            <div className="rounded-xl border border-dashed border-border px-6 py-14 text-center">
              <Newspaper className="mx-auto size-8 text-muted-foreground" aria-hidden />
              <p className="mt-3 font-medium">Papers are not loaded yet.</p>
              <p className="mt-1 text-sm text-muted-foreground">Choose categories and a time range, then click Load Papers.</p>
            </div>
          ) : failed ? (
            <LoadFailed />
          ) : showSkeleton ? (
            <PaperListSkeleton />
          ) : data && data.index.refreshedAt === null && data.index.stale && data.total === 0 ? (
            <LoadFailed />
          ) : data && data.total === 0 ? (
            <p className="rounded-xl border border-dashed border-border px-6 py-10 text-center text-sm text-muted-foreground">{emptyMessage(tab, filter, range)}</p>
          ) : data ? (
            <>
              <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
                {countOf(data.total, "paper")} · {CATCHUP_RANGE_LABELS[range]}
                {tab === "recommended" || filter === "recommended" ? ` · score at least ${formatThreshold(filters.threshold)}` : ""}
                {data.learned ? " · ranked by your marks and your profile" : ""}
              </p>
              <PaperList
                tableId="catchup"
                papers={papers}
                label={tab === "recommended" ? "Recommended papers" : "All papers"}
                columns={{ index: true, startIndex: data.page * data.pageSize }}
                sorting={{ options: [{ value: "feed", label: tab === "recommended" || data.learned ? "Best match first" : "Newest first" }], value: "feed", onChange: () => {} }}
                onAuthorClick={filters.setAuthor}
                renderNote={(paper) => {
                  const entry = entries.get(paper.id);
                  return (
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
                      {entry ? <ScoreReasons explanation={entry.explanation} score={entry.score} like={entry.like} className="min-w-0" /> : null}
                      <FeedMarkChoices paper={paper} marks={marks} setMark={setMark} />
                    </div>
                  );
                }}
                renderActions={(paper, layout) => <PaperActions paper={paper} layout={layout} />}
                busy={fetching}
              />
              {pageCount > 1 ? (
                <nav aria-label="Pages" className="mt-4 flex items-center justify-center gap-3 text-sm">
                  <Button type="button" variant="outline" size="sm" disabled={data.page === 0} onClick={() => filters.setPage(data.page - 1)}>
                    <ChevronLeft aria-hidden />
                    Previous
                  </Button>
                  <span className="tabular-nums">
                    Page {data.page + 1} of {pageCount}
                  </span>
                  <Button type="button" variant="outline" size="sm" disabled={data.page + 1 >= pageCount} onClick={() => filters.setPage(data.page + 1)}>
                    Next
                    <ChevronRight aria-hidden />
                  </Button>
                </nav>
              ) : null}
            </>
          ) : null}
        </TabsContent>
      </Tabs>
    </section>
  );
}

function LoadFailed() {
  return (
    <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive dark:text-[oklch(0.78_0.13_27)]">
      {LOAD_FAILED}
    </p>
  );
}
