import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { AlertTriangle, ChevronLeft, ChevronRight, Newspaper, RefreshCw, Search, Settings2, X } from "lucide-react";
import {
  CATCHUP_RANGE_LABELS,
  CATCHUP_RANGES,
  CATCHUP_THRESHOLD_DEFAULT,
  CATCHUP_THRESHOLD_MAX,
  CATCHUP_THRESHOLD_MIN,
  CATCHUP_THRESHOLD_STEP,
  feedCategories,
  formatThreshold,
  type CatchupFeedRequest,
  type CatchupFilter,
  type CatchupRange,
  type CatchupTab,
  type ScoreExplanation,
} from "@/shared/catchup";
import { categoryName } from "@/shared/categories";
import { APP_NAME } from "@/shared/constants";
import { countOf } from "@/shared/plural";
import { ALL_CATEGORIES, CategoryPicker } from "@/web/components/paper-list/category-picker";
import { PaperList } from "@/web/components/paper-list/paper-list";
import { PaperActions } from "@/web/features/library/paper-actions";
import { PaperListSkeleton } from "@/web/components/paper-list/paper-list-skeleton";
import { PullToRefreshIndicator } from "@/web/components/pull-to-refresh/pull-to-refresh-indicator";
import { usePullToRefresh } from "@/web/components/pull-to-refresh/use-pull-to-refresh";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Tabs, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { useProfile, useSettings } from "@/web/lib/user-data/user-data-hooks";
import { useBookmarks } from "@/web/lib/user-data/user-stores";
import { cn } from "@/web/lib/utils";
import { useCatchupFeed } from "./catchup-queries";
import { ScoreReasons } from "./score-reasons";

const LOAD_FAILED = "Failed to load papers. Please try again later.";
/** Refresh turns loading off and back on after this (core-app.md section 4, "Catch-up"). */
const REFRESH_REENABLE_MS = 100;

const FILTER_LABELS: Record<CatchupFilter, string> = { all: "All papers", recommended: "Recommended", bookmarked: "Bookmarked" };

function emptyMessage(tab: CatchupTab, filter: CatchupFilter, range: CatchupRange): string {
  if (filter === "bookmarked") return "No bookmarked papers in this feed.";
  if (tab === "recommended" || filter === "recommended") return "No recommended papers based on your profile. Lower the sensitivity or add keywords.";
  return `No papers for the selected time range (${CATCHUP_RANGE_LABELS[range]}).`;
}

/** A value that follows `value` after `delayMs` without changes. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** /catchup ("Paper Catchup"): recent papers of the profile's categories, scored by the research profile. */
export function CatchupPage() {
  const baseId = useId();
  const { profile, status: profileStatus } = useProfile();
  const { settings, status: settingsStatus } = useSettings();
  const bookmarks = useBookmarks();

  const profileCategories = useMemo(() => feedCategories({ categories: profile.researchCategories }), [profile.researchCategories]);
  /** The chips; null until the user changes them, so they follow the profile. */
  const [chosenCategories, setChosenCategories] = useState<string[] | null>(null);
  const categories = chosenCategories ?? profileCategories;
  const [authorDraft, setAuthorDraft] = useState("");
  const author = useDebounced(authorDraft.trim(), 300);
  const [range, setRange] = useState<CatchupRange>("daily");
  const [thresholdDraft, setThresholdDraft] = useState(CATCHUP_THRESHOLD_DEFAULT);
  const threshold = useDeferredValue(useDebounced(thresholdDraft, 150));
  const [tab, setTab] = useState<CatchupTab>("all");
  const [filter, setFilter] = useState<CatchupFilter>("all");
  const [page, setPage] = useState(0);

  // Papers stay unloaded until Load Papers, unless autoLoadCatchup is on.
  const [enabled, setEnabled] = useState(false);
  const [loadedOnce, setLoadedOnce] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const autoLoaded = useRef(false);
  useEffect(() => {
    if (autoLoaded.current || settingsStatus === "loading") return;
    autoLoaded.current = true;
    if (settings.autoLoadCatchup) {
      setEnabled(true);
      setLoadedOnce(true);
    }
  }, [settings.autoLoadCatchup, settingsStatus]);

  const bookmarkedIds = useMemo(() => (filter === "bookmarked" ? Object.keys(bookmarks) : undefined), [filter, bookmarks]);
  const request: CatchupFeedRequest = {
    profile: {
      categories: profile.researchCategories,
      keywords: profile.researchInterests,
      authors: profile.authorNames,
      excludeTerms: profile.excludeTerms,
    },
    categories,
    range,
    threshold: Math.round(threshold * 100) / 100,
    tab,
    filter,
    author: author || undefined,
    bookmarkedIds,
    page,
  };
  const feed = useCatchupFeed(request, { enabled: enabled && profileStatus !== "loading", refreshKey });
  const data = feed.data;
  const explanations = useMemo(() => new Map<string, ScoreExplanation>((data?.papers ?? []).map((entry) => [entry.paper.id, entry.explanation])), [data]);
  const papers = useMemo(() => (data?.papers ?? []).map((entry) => entry.paper), [data]);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  // Any change of what is asked for starts at the first page.
  const resetPage = () => setPage(0);

  const handleLoad = () => {
    if (!loadedOnce) {
      setLoadedOnce(true);
      setEnabled(true);
      return;
    }
    handleRefresh();
  };
  const handleRefresh = () => {
    if (!enabled) return;
    setEnabled(false);
    setRefreshKey((key) => key + 1);
    setTimeout(() => setEnabled(true), REFRESH_REENABLE_MS);
  };
  const pull = usePullToRefresh(() => handleRefresh());

  const addCategory = (code: string) => {
    if (code === ALL_CATEGORIES || categories.includes(code)) return;
    setChosenCategories([...categories, code]);
    resetPage();
  };
  const removeCategory = (code: string) => {
    setChosenCategories(categories.filter((category) => category !== code));
    resetPage();
  };

  const ids = {
    author: `${baseId}-author`,
    category: `${baseId}-category`,
    range: `${baseId}-range`,
    sensitivity: `${baseId}-sensitivity`,
    filter: `${baseId}-filter`,
  };
  const failed = feed.isError;
  const showSkeleton = enabled && !data && !failed;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{`Paper Catchup · ${APP_NAME}`}</title>
      <PullToRefreshIndicator pull={pull} />
      <h1 className="font-serif text-2xl font-semibold tracking-tight sm:text-3xl">Paper Catchup</h1>
      <p className="mt-1 text-sm text-muted-foreground">New papers in your categories, ranked by your research profile.</p>

      <div className="mt-5 grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-4 rounded-xl border border-border bg-card p-4 shadow-xs sm:p-5">
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={ids.author}>Author</Label>
              <div className="relative">
                <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
                <Input
                  id={ids.author}
                  type="search"
                  value={authorDraft}
                  onChange={(event) => {
                    setAuthorDraft(event.target.value);
                    resetPage();
                  }}
                  placeholder="Search by author name"
                  className="pl-9"
                  maxLength={200}
                />
              </div>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={ids.category}>Add a category</Label>
              <CategoryPicker id={ids.category} value={ALL_CATEGORIES} onChange={addCategory} />
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-1.5" aria-label="Categories in the feed">
            {categories.length === 0 ? <span className="text-sm text-muted-foreground">No category: add one to see papers.</span> : null}
            {categories.map((code) => (
              <Badge key={code} variant="secondary" className="gap-1 py-1 pr-1 pl-2 font-medium">
                <span title={categoryName(code)}>{code}</span>
                <button
                  type="button"
                  onClick={() => removeCategory(code)}
                  aria-label={`Remove ${code}`}
                  className="rounded-sm p-0.5 text-muted-foreground hover:bg-background hover:text-foreground"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </Badge>
            ))}
          </div>
          <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end">
            <div className="space-y-1.5">
              <Label htmlFor={ids.range}>Time range</Label>
              <NativeSelect
                id={ids.range}
                aria-label="Select time range"
                value={range}
                onChange={(event) => {
                  setRange(event.target.value as CatchupRange);
                  resetPage();
                }}
              >
                {CATCHUP_RANGES.map((value) => (
                  <option key={value} value={value}>
                    {CATCHUP_RANGE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="space-y-1.5">
              <div className="flex items-center justify-between">
                <Label htmlFor={ids.sensitivity}>Sensitivity</Label>
                <output htmlFor={ids.sensitivity} className="font-mono text-sm tabular-nums" aria-live="polite">
                  {formatThreshold(thresholdDraft)}
                </output>
              </div>
              <input
                id={ids.sensitivity}
                type="range"
                min={CATCHUP_THRESHOLD_MIN}
                max={CATCHUP_THRESHOLD_MAX}
                step={CATCHUP_THRESHOLD_STEP}
                value={thresholdDraft}
                aria-valuetext={formatThreshold(thresholdDraft)}
                onChange={(event) => {
                  setThresholdDraft(Number(event.target.value));
                  resetPage();
                }}
                className="h-9 w-full cursor-pointer accent-primary"
              />
            </div>
            <Button type="button" className="h-10" onClick={handleLoad} disabled={enabled && feed.isFetching && !data}>
              <RefreshCw className={cn(feed.isFetching && enabled && "animate-spin")} aria-hidden />
              {loadedOnce ? "Refresh Papers" : "Load Papers"}
            </Button>
          </div>
        </div>

        <Card className="gap-3 py-4">
          <CardHeader className="px-4">
            <CardTitle className="text-base">Research profile</CardTitle>
            <CardDescription>What the Recommended tab scores by.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-2 px-4 text-sm">
            <ProfileLine label="Categories" values={profile.researchCategories} empty="none (cs.AI is used)" />
            <ProfileLine label="Keywords" values={profile.researchInterests} empty="none" />
            <ProfileLine label="Authors" values={profile.authorNames} empty="none" />
            <ProfileLine label="Excluded" values={profile.excludeTerms} empty="none" />
            <div className="flex flex-wrap gap-2 pt-1">
              <Button asChild variant="outline" size="sm">
                <Link to="/settings?section=keywords">
                  <Settings2 aria-hidden />
                  Edit interests
                </Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>

      <section aria-label="Papers" className="mt-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Tabs
            value={tab}
            onValueChange={(value) => {
              setTab(value as CatchupTab);
              resetPage();
            }}
          >
            <TabsList>
              <TabsTrigger value="all">
                All Papers{data ? <span className="ml-1 text-muted-foreground tabular-nums">({data.counts.all})</span> : null}
              </TabsTrigger>
              <TabsTrigger value="recommended">
                Recommended{data ? <span className="ml-1 text-muted-foreground tabular-nums">({data.counts.recommended})</span> : null}
              </TabsTrigger>
            </TabsList>
          </Tabs>
          <div className="flex items-center gap-2">
            <Label htmlFor={ids.filter} className="text-sm text-muted-foreground">
              Show
            </Label>
            <NativeSelect
              id={ids.filter}
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value as CatchupFilter);
                resetPage();
              }}
              className="w-44"
            >
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

        <div className="mt-4">
          {!loadedOnce ? (
            <div className="rounded-xl border border-dashed border-border px-6 py-14 text-center">
              <Newspaper className="mx-auto size-8 text-muted-foreground" aria-hidden />
              <p className="mt-3 font-medium">Papers are not loaded yet.</p>
              <p className="mt-1 text-sm text-muted-foreground">Choose categories and a time range, then click Load Papers.</p>
            </div>
          ) : failed ? (
            <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive dark:text-[oklch(0.78_0.13_27)]">
              {LOAD_FAILED}
            </p>
          ) : showSkeleton ? (
            <PaperListSkeleton />
          ) : data && data.index.refreshedAt === null && data.index.stale && data.total === 0 ? (
            <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive dark:text-[oklch(0.78_0.13_27)]">
              {LOAD_FAILED}
            </p>
          ) : data && data.total === 0 ? (
            <p className="rounded-xl border border-dashed border-border px-6 py-10 text-center text-sm text-muted-foreground">{emptyMessage(tab, filter, range)}</p>
          ) : data ? (
            <>
              <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
                {countOf(data.total, "paper")} · {CATCHUP_RANGE_LABELS[range]}
                {tab === "recommended" || filter === "recommended" ? ` · score at least ${formatThreshold(threshold)}` : ""}
              </p>
              <PaperList
                tableId="catchup"
                papers={papers}
                label={tab === "recommended" ? "Recommended papers" : "All papers"}
                columns={{ index: true, startIndex: data.page * data.pageSize }}
                sorting={{ options: [{ value: "feed", label: tab === "recommended" ? "Best match first" : "Newest first" }], value: "feed", onChange: () => {} }}
                onAuthorClick={(name) => {
                  setAuthorDraft(name);
                  resetPage();
                }}
                renderNote={(paper) => {
                  const explanation = explanations.get(paper.id);
                  return explanation ? <ScoreReasons explanation={explanation} /> : null;
                }}
                renderActions={(paper, layout) => <PaperActions paper={paper} layout={layout} />}
                busy={feed.isFetching}
              />
              {pageCount > 1 ? (
                <nav aria-label="Pages" className="mt-4 flex items-center justify-center gap-3 text-sm">
                  <Button type="button" variant="outline" size="sm" disabled={data.page === 0} onClick={() => setPage(data.page - 1)}>
                    <ChevronLeft aria-hidden />
                    Previous
                  </Button>
                  <span className="tabular-nums">
                    Page {data.page + 1} of {pageCount}
                  </span>
                  <Button type="button" variant="outline" size="sm" disabled={data.page + 1 >= pageCount} onClick={() => setPage(data.page + 1)}>
                    Next
                    <ChevronRight aria-hidden />
                  </Button>
                </nav>
              ) : null}
            </>
          ) : null}
        </div>
      </section>
    </div>
  );
}

function ProfileLine({ label, values, empty }: { label: string; values: readonly string[]; empty: string }) {
  return (
    <div className="flex gap-2">
      <span className="w-20 shrink-0 text-muted-foreground">{label}</span>
      <span className="min-w-0 break-words">{values.length === 0 ? <span className="text-muted-foreground">{empty}</span> : values.join(", ")}</span>
    </div>
  );
}
