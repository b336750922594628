import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { History, LogIn, RefreshCw, Trash2 } from "lucide-react";
import { APP_NAME, LIST_DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from "@/shared/constants";
import { formatDateTime } from "@/shared/format";
import type { Paper } from "@/shared/paper";
import { countOf } from "@/shared/plural";
import { EmptyState } from "@/web/components/empty-state";
import { Pagination } from "@/web/components/pagination";
import type { PaperNavigationState } from "@/web/features/library/use-read-paper";
import { PaperList } from "@/web/components/paper-list/paper-list";
import { PaperActions } from "@/web/features/library/paper-actions";
import { PaperListSkeleton } from "@/web/components/paper-list/paper-list-skeleton";
import { ConfirmAction } from "@/web/components/confirm-action";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { Switch } from "@/web/components/ui/switch";
import { toast } from "@/web/components/ui/use-toast";
import { authPathFor } from "@/web/features/auth/auth-redirect";
import { readerPath } from "@/web/features/reader/paper-route";
import { useSaveSetting } from "@/web/features/settings/use-save-setting";
import { useUserData } from "@/web/lib/user-data/user-stores";
import { groupReadingHistory, type HistoryView } from "./history-rows";

/** The history pagination preference: currentPage and pageSize. */
export const HISTORY_PAGINATION_KEY = "historyPagination";
type HistoryPagination = { currentPage: number; pageSize: number };

function readPagination(value: unknown): HistoryPagination {
  const record = (typeof value === "object" && value !== null ? value : {}) as Partial<HistoryPagination>;
  const pageSize = (PAGE_SIZE_OPTIONS as readonly number[]).includes(record.pageSize ?? 0) ? record.pageSize! : LIST_DEFAULT_PAGE_SIZE;
  const currentPage = Number.isInteger(record.currentPage) && record.currentPage! >= 0 ? record.currentPage! : 0;
  return { currentPage, pageSize };
}

/**
 * /history: title, the count of papers read,
 * Refresh, the enable switch, Clear History with a confirmation and the paged table. Signed-out
 * visitors are asked to sign in.
 */
export function HistoryPage() {
  const { session, stores, isAuthPending } = useUserData();
  const { readingHistory, preferences } = stores;
  const entries = useSyncExternalStore(readingHistory.subscribe, readingHistory.getSnapshot, readingHistory.getSnapshot);
  const status = readingHistory.getStatus();
  const { settings, status: settingsStatus, save } = useSaveSetting();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [refreshing, setRefreshing] = useState(false);

  const saved = readPagination(preferences.get(HISTORY_PAGINATION_KEY));
  const pageParam = searchParams.get("page");
  const page = pageParam !== null ? Math.max(0, Number.parseInt(pageParam, 10) || 0) : saved.currentPage;
  const sizeParam = Number.parseInt(searchParams.get("size") ?? "", 10);
  const size = (PAGE_SIZE_OPTIONS as readonly number[]).includes(sizeParam) ? sizeParam : saved.pageSize;

  useEffect(() => {
    if (session.status !== "signed-in") return;
    if (saved.currentPage === page && saved.pageSize === size) return;
    void preferences.set(HISTORY_PAGINATION_KEY, { currentPage: page, pageSize: size }).catch(() => undefined);
  }, [session.status, preferences, page, size, saved.currentPage, saved.pageSize]);

  // One row per paper, naming the views it was read in: the count above is the rows below.
  const rows = useMemo(() => groupReadingHistory(entries), [entries]);
  const viewsByPaper = useMemo(() => new Map(rows.map((row) => [row.paper.id, row.views])), [rows]);
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pageCount - 1);
  const shown = useMemo(() => rows.slice(current * size, current * size + size).map((row) => row.paper), [rows, current, size]);
  const href = (target: number, targetSize = size) => `/history?page=${target}&size=${targetSize}`;

  if (session.status === "anonymous" && !isAuthPending) {
    return (
      <>
        <title>{`Reading History · ${APP_NAME}`}</title>
        <EmptyState
          icon={History}
          title="Reading History"
          tone="muted"
          actions={
            <Button asChild>
              <Link to={authPathFor("/history")}>
                <LogIn aria-hidden />
                Sign In
              </Link>
            </Button>
          }
        >
          Please sign in to view your reading history.
        </EmptyState>
      </>
    );
  }

  const handleRefresh = async () => {
    setRefreshing(true);
    try {
      await readingHistory.reload();
    } catch {
      // The store has shown "Failed to load reading history".
    } finally {
      setRefreshing(false);
    }
  };

  const handleClear = async () => {
    try {
      await readingHistory.clear();
      toast({ title: "Reading history cleared" });
      navigate("/history?page=0", { replace: true });
    } catch {
      // The store has shown "Failed to clear reading history".
    }
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{`Reading History · ${APP_NAME}`}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-2xl font-semibold tracking-tight sm:text-3xl">Reading History</h1>
          <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
            {status === "ready" ? `${countOf(rows.length, "paper")} read` : "\u00a0"}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-2">
            <Switch
              id="history-enabled"
              checked={settings.enableReadingHistory}
              disabled={settingsStatus === "loading"}
              onCheckedChange={(enableReadingHistory) => save({ enableReadingHistory })}
            />
            <Label htmlFor="history-enabled">Record history</Label>
          </div>
          <Button variant="outline" onClick={() => void handleRefresh()} disabled={refreshing}>
            <RefreshCw aria-hidden className={refreshing ? "animate-spin" : undefined} />
            Refresh
          </Button>
          <ConfirmAction
            trigger={
              <Button variant="outline" disabled={entries.length === 0} className="text-destructive hover:text-destructive dark:text-[oklch(0.78_0.13_27)] dark:hover:text-[oklch(0.78_0.13_27)]">
                <Trash2 aria-hidden />
                Clear History
              </Button>
            }
            title="Clear your reading history?"
            description="Every entry is removed from your account. This cannot be undone."
            confirmLabel="Clear History"
            onConfirm={() => void handleClear()}
          />
        </div>
      </div>
      {settings.enableReadingHistory ? null : (
        <p className="mt-4 rounded-lg border border-border bg-muted/40 p-3 text-sm text-muted-foreground">
          Recording is off: papers you open are not added until you turn it back on.
        </p>
      )}

      <div className="mt-6 space-y-4">
        {status === "loading" && entries.length === 0 ? (
          <PaperListSkeleton />
        ) : entries.length === 0 ? (
          <div className="rounded-xl border border-dashed border-border px-6 py-12 text-center">
            <History aria-hidden className="mx-auto size-8 text-muted-foreground" />
            <h2 className="mt-3 font-serif text-lg font-semibold">No papers read yet</h2>
            <p className="mt-1 text-sm text-muted-foreground">Papers you open are listed here, newest first.</p>
          </div>
        ) : (
          <>
            <PaperList
              tableId="history"
              label="Reading history"
              papers={shown}
              columns={{ added: "Time Added" }}
              renderActions={(paper, layout) => <PaperActions paper={paper} layout={layout} />}
              renderNote={(paper) => <ReadViews paper={paper} views={viewsByPaper.get(paper.id) ?? []} from={href(current)} />}
            />
            <Pagination
              label="History pages"
              page={current}
              pageCount={pageCount}
              hrefForPage={(target) => href(target)}
              pageSize={size}
              pageSizeOptions={PAGE_SIZE_OPTIONS}
              onPageSizeChange={(next) => navigate(href(0, next))}
            />
          </>
        )}
      </div>
    </div>
  );
}

/** The views a paper was read in, each a link back into that view, e.g. "Read as Abstract · PDF". */
function ReadViews({ paper, views, from }: { paper: Paper; views: readonly HistoryView[]; from: string }) {
  if (views.length === 0) return null;
  const state: PaperNavigationState = { from, paper };
  return (
    <div role="group" aria-label="Read as" className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
      <span aria-hidden>Read as</span>
      {views.map(({ view, label, readAt }) => (
        <Link
          key={view}
          to={readerPath(view, paper.id)}
          state={state}
          title={`${label} last read ${formatDateTime(readAt)}`}
          className="rounded-md bg-muted px-1.5 py-0.5 font-medium text-foreground/80 hover:bg-accent hover:text-primary focus-visible:outline-2"
        >
          {label}
        </Link>
      ))}
    </div>
  );
}
