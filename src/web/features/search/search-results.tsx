import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import type { UseQueryResult } from "@tanstack/react-query";
import { AlertTriangle, RotateCw, SearchX } from "lucide-react";
import { PAGE_SIZE_OPTIONS, SEARCH_TOTAL_CAP } from "@/shared/constants";
import { formatAuthorName, formatCount } from "@/shared/format";
import type { Paper } from "@/shared/paper";
import { plural } from "@/shared/plural";
import { parseSort } from "@/shared/search-options";
import type { SearchResponse } from "@/shared/search-params";
import { isOfflineError } from "@/web/lib/api";
import { Pagination } from "@/web/components/pagination";
import { CategoryPicker, matchesCategory } from "@/web/components/paper-list/category-picker";
import { PaperList } from "@/web/components/paper-list/paper-list";
import type { PaperActionLayout } from "@/web/components/paper-list/paper-action-style";
import { FeedMarkChoices } from "@/web/features/feed-marks/feed-mark-buttons";
import { useFeedMarks } from "@/web/features/feed-marks/feed-mark-queries";
import { PaperActions, usePaperListActions } from "@/web/features/library/paper-actions";
import { SearchResultsSkeleton } from "./search-results-skeleton";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { useObserveSearchResults } from "@/web/features/paper-changes/paper-changes-queries";
import { SEARCH_SORT_OPTIONS } from "./search-sort";
import { lastAllowedPage, searchHref, withPage, type SearchState } from "./search-url";

let titleCollator: Intl.Collator | undefined;

/** The spec's client-side sort for non-date sorts: titles are ordered here, other sorts keep the server's order. */
export function sortResults(papers: readonly Paper[], sort: string): readonly Paper[] {
  const { field, order } = parseSort(sort);
  if (field !== "title") return papers;
  const sign = order === "ascending" ? 1 : -1;
  titleCollator ??= new Intl.Collator("en", { sensitivity: "base", numeric: true });
  const collator = titleCollator;
  return [...papers].sort((a, b) => sign * collator.compare(a.title, b.title));
}

/** The author filter: papers with an author whose name contains the text (any case). */
export function matchesAuthor(paper: Paper, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  if (!needle) return true;
  return paper.authors.some((author) => formatAuthorName(author).toLowerCase().includes(needle) || author.toLowerCase().includes(needle));
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Something went wrong";
}

type SearchResultsProps = {
  state: SearchState;
  query: UseQueryResult<SearchResponse>;
  onAuthorClick: (author: string) => void;
  onSortChange: (sort: string) => void;
  onSizeChange: (size: number) => void;
};

export function SearchError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/10 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2.5 text-sm font-medium text-destructive dark:text-[oklch(0.8_0.12_27)]">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span className="break-words">
          {isOfflineError(error) ? "You are offline. Searching needs the internet: try again once you are back online." : `Error loading papers: ${errorMessage(error)}`}
        </span>
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} className="shrink-0">
        <RotateCw className={retrying ? "animate-spin" : undefined} aria-hidden />
        Retry
      </Button>
    </div>
  );
}

function ResultsEmpty({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-border px-6 py-12 text-center">
      <SearchX className="size-8 text-muted-foreground" aria-hidden />
      {filtered ? null : <h2 className="mt-3 font-serif text-lg font-semibold">No results found</h2>}
      <p className="mt-2 max-w-md text-sm text-muted-foreground">No papers match your search criteria. Try adjusting your filters.</p>
      {filtered ? (
        <Button variant="outline" size="sm" className="mt-4" onClick={onClearFilters}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

/** The results part of the page: filters, the count, the list and pagination. */
export function SearchResults({ state, query, onAuthorClick, onSortChange, onSizeChange }: SearchResultsProps) {
  const baseId = useId();
  const [authorFilter, setAuthorFilter] = useState("");
  const [category, setCategory] = useState("");
  const data = query.data;
  // An anonymous user's kept papers among the results: a newer version shows on the bookmark.
  useObserveSearchResults(query.isPlaceholderData ? undefined : data?.papers);
  // Once for the list, not per row: the feed marks and what the rows' actions read (bookmarks,
  // kept papers, the session). A row redraws only when what it shows changes.
  const { marks, setMark } = useFeedMarks();
  // The page's handlers are new in each of its renders; the cards get functions that stay.
  const latest = useRef({ setMark, onAuthorClick });
  useLayoutEffect(() => {
    latest.current = { setMark, onAuthorClick };
  });
  const stableSetMark = useCallback<typeof setMark>((paper, kind) => latest.current.setMark(paper, kind), []);
  const stableAuthorClick = useCallback((author: string) => latest.current.onAuthorClick(author), []);
  const rowActions = usePaperListActions();
  // The same functions while what they draw stays the same: the cards are memoized on them, so a
  // render of the page (the session known, a query's status) does not draw every card again.
  const renderActions = useCallback(
    (paper: Paper, layout: PaperActionLayout) => <PaperActions paper={paper} layout={layout} list={rowActions} />,
    [rowActions],
  );
  const renderNote = useCallback(
    (paper: Paper) => <FeedMarkChoices paper={paper} marks={marks} setMark={stableSetMark} />,
    [marks, stableSetMark],
  );

  const sorted = useMemo(() => (data ? sortResults(data.papers, state.sort) : []), [data, state.sort]);
  const shown = useMemo(
    () => sorted.filter((paper) => matchesAuthor(paper, authorFilter) && matchesCategory(paper, category)),
    [sorted, authorFilter, category],
  );
  const startIndex = data ? data.page * data.size : 0;
  const columns = useMemo(() => ({ index: true, startIndex }), [startIndex]);
  const resultCategories = useMemo(() => sorted.flatMap((paper) => paper.categories), [sorted]);

  if (query.isError && !data) return <SearchError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (!data) return <SearchResultsSkeleton />;

  const filtered = Boolean(authorFilter.trim() || category);
  const first = data.page * data.size + 1;
  const last = data.page * data.size + data.papers.length;
  const capped = data.total >= SEARCH_TOTAL_CAP;
  const pageCount = Math.min(Math.ceil(data.total / data.size), lastAllowedPage(data.size) + 1);
  const loadingNewer = query.isPlaceholderData && query.isFetching;

  let status: string;
  if (loadingNewer) status = "Loading results…";
  else if (data.papers.length === 0) status = "0 results";
  else {
    status = `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)}${capped ? "+" : ""} ${plural(data.total, "result")}`;
    if (filtered) status += ` · ${formatCount(shown.length)} ${plural(shown.length, "matches", "match")} the filters`;
  }

  return (
    <div className="space-y-4">
      {query.isError ? <SearchError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} /> : null}
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <p role="status" aria-live="polite" className="text-sm text-muted-foreground tabular-nums">
          {status}
        </p>
        {data.papers.length > 0 ? (
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <div className="min-w-0 sm:w-56">
              <Label htmlFor={`${baseId}-author`} className="sr-only">
                Filter by author
              </Label>
              <Input
                id={`${baseId}-author`}
                type="search"
                value={authorFilter}
                onChange={(event) => setAuthorFilter(event.target.value)}
                placeholder="Filter by author"
              />
            </div>
            <CategoryPicker
              id={`${baseId}-category`}
              aria-label="Filter by category"
              value={category}
              onChange={setCategory}
              extraCategories={resultCategories}
              className="min-w-0 sm:w-60"
            />
          </div>
        ) : null}
      </div>

      {shown.length === 0 ? (
        <ResultsEmpty
          filtered={filtered && data.papers.length > 0}
          onClearFilters={() => {
            setAuthorFilter("");
            setCategory("");
          }}
        />
      ) : (
        <PaperList
          tableId="search"
          label="Search results"
          papers={shown}
          columns={columns}
          sorting={{ options: SEARCH_SORT_OPTIONS, value: state.sort, onChange: onSortChange }}
          onAuthorClick={stableAuthorClick}
          renderActions={renderActions}
          renderNote={renderNote}
          busy={loadingNewer}
        />
      )}

      {data.papers.length > 0 || data.page > 0 ? (
        <Pagination
          label="Search results pages"
          page={state.page}
          pageCount={pageCount}
          hrefForPage={(page) => searchHref(withPage(state, page))}
          pageSize={state.size}
          pageSizeOptions={PAGE_SIZE_OPTIONS}
          onPageSizeChange={onSizeChange}
        />
      ) : null}
      {data.papers.length === 0 && data.page > 0 ? (
        <p className="text-center text-sm">
          <Link to={searchHref(withPage(state, 0))} className="text-primary underline-offset-2 hover:underline">
            Back to the first page
          </Link>
        </p>
      ) : null}
    </div>
  );
}
