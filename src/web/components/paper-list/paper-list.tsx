import { createContext, useCallback, useContext, useId, useMemo, useState, type ReactNode } from "react";
import { ChevronDown } from "lucide-react";
import { BREAKPOINT_LARGE_PX } from "@/shared/constants";
import type { Paper } from "@/shared/paper";
import { useMediaQuery } from "@/web/hooks/use-media-query";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { cn } from "@/web/lib/utils";
import type { PaperActionLayout } from "./paper-action-style";
import { FIRST_SCREEN_CARDS, PaperCardList } from "./paper-card-list";
import {
  formatColumnSort,
  nextColumnSort,
  parseColumnSort,
  sortPapers,
  usePaperListPreferences,
  type ColumnSort,
  type PaperSortColumn,
} from "./paper-list-preferences";
import type { PaperListColumns, PaperListSortOption, PaperListSorting } from "./paper-list-types";
import { PaperTable } from "./paper-table";
import { useProgressiveCount } from "./use-progressive-count";

export type PaperListProps = {
  /** Remembers sort, collapsed state and phone sort under this id (e.g. "search", "bookmarks"). */
  tableId: string;
  papers: readonly Paper[];
  /** The list's accessible name, e.g. "Search results". */
  label: string;
  columns?: PaperListColumns;
  /** Page-owned sorting (search keeps it in the URL). Without it the list sorts itself. */
  sorting?: PaperListSorting;
  onAuthorClick?: (author: string) => void;
  /**
   * Each row's actions, drawn as icons (table rows) or labelled buttons (cards): the library's
   * PaperActions (features/library/paper-actions.tsx), with whatever the page adds.
   */
  renderActions: (paper: Paper, layout: PaperActionLayout) => ReactNode;
  /** A line under each title (catch-up: why the paper scored). */
  renderNote?: (paper: Paper) => ReactNode;
  /** A heading makes the list collapsible, and the collapsed state is remembered. */
  heading?: ReactNode;
  /** Dims the list while newer results load. */
  busy?: boolean;
};

/**
 * Rows rendered at once on first show, about a screen's worth (a phone's cards are taller than
 * a table's rows); the rest follow ROWS_PER_STEP at a time while the browser is idle, so the
 * first rows appear sooner and no single render builds the whole list.
 */
const FIRST_ROWS = { wide: 12, narrow: FIRST_SCREEN_CARDS } as const;
const ROWS_PER_STEP = 4;

/**
 * How many rows a render that has no second pass (the server's preview of a page) draws:
 * the first screen's worth, not FIRST_ROWS.
 */
export const FirstRowsOnly = createContext<number | null>(null);

const COLUMN_LABELS: Record<PaperSortColumn, string> = {
  title: "Title",
  authors: "First author",
  category: "Category",
  date: "Date",
  added: "Date added",
};

/** The list's own sort options: every column, newest or Z-A first. */
function ownSortOptions(columns: PaperListColumns): PaperListSortOption[] {
  const list: PaperSortColumn[] = ["date", "title", "authors", "category", ...(columns.added ? (["added"] as const) : [])];
  return list.flatMap((column) => {
    const label = column === "date" ? (columns.dateLabel ?? "Date") : column === "added" ? (columns.added ?? "Date added") : COLUMN_LABELS[column];
    const dated = column === "date" || column === "added";
    return [
      { value: `${column}-desc`, label: `${label} (${dated ? "newest first" : "Z–A"})`, column, direction: "desc" as const },
      { value: `${column}-asc`, label: `${label} (${dated ? "oldest first" : "A–Z"})`, column, direction: "asc" as const },
    ];
  });
}

/**
 * The one paper list used across Quire (search, bookmarks, history, catch-up, Zotero): a
 * table on wide screens and cards with a sort dropdown on narrow ones, rows expanding to the
 * abstract and details.
 */
export function PaperList({ tableId, papers, label, columns = {}, sorting, onAuthorClick, renderActions, renderNote, heading, busy }: PaperListProps) {
  const isWide = useMediaQuery(`(min-width: ${BREAKPOINT_LARGE_PX}px)`);
  const [preferences, updatePreferences] = usePaperListPreferences(tableId);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const baseId = useId();
  const sortSelectId = `${baseId}-sort`;
  const listId = `${baseId}-list`;
  const headingId = `${baseId}-heading`;

  const options = useMemo(() => sorting?.options ?? ownSortOptions(columns), [sorting?.options, columns]);

  // The table's sort and the phone sort, as option values.
  const ownTableSort: ColumnSort | null = preferences.sortField ? { column: preferences.sortField, direction: preferences.sortOrder } : null;
  const tableValue = sorting ? sorting.value : ownTableSort ? formatColumnSort(ownTableSort) : "";
  const mobileValue = sorting ? sorting.value : (preferences.mobileSort ?? "");
  const activeValue = isWide ? tableValue : mobileValue;
  const activeOption = options.find((option) => option.value === activeValue);
  const tableSort: ColumnSort | null =
    activeOption?.column && activeOption.direction ? { column: activeOption.column, direction: activeOption.direction } : null;

  const sortableColumns = useMemo(() => new Set(options.flatMap((option) => (option.column ? [option.column] : []))), [options]);

  const shown = useMemo(() => {
    if (sorting) return papers;
    return sortPapers(papers, parseColumnSort(activeValue));
  }, [sorting, papers, activeValue]);

  const firstRowsOnly = useContext(FirstRowsOnly);
  const progressiveCount = useProgressiveCount(shown.length, isWide ? FIRST_ROWS.wide : FIRST_ROWS.narrow, ROWS_PER_STEP);
  const renderCount = firstRowsOnly === null ? progressiveCount : Math.min(shown.length, firstRowsOnly);
  const rendered = renderCount >= shown.length ? shown : shown.slice(0, renderCount);

  const handleSortColumn = (column: PaperSortColumn) => {
    const next = nextColumnSort(tableSort, column);
    if (sorting) {
      const option = options.find((candidate) => candidate.column === next.column && candidate.direction === next.direction);
      if (option) sorting.onChange(option.value);
      return;
    }
    updatePreferences({ sortField: next.column, sortOrder: next.direction });
  };

  const handleMobileSort = (value: string) => {
    if (sorting) sorting.onChange(value);
    else updatePreferences({ mobileSort: value || null });
  };

  // The same function for the list's life: the rows are memoized on their props.
  const handleToggle = useCallback(
    (paperId: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(paperId)) next.delete(paperId);
        else next.add(paperId);
        return next;
      }),
    [],
  );
  const detailsIdFor = (paperId: string) => `${baseId}-details-${paperId.replace(/[^A-Za-z0-9_-]/g, "_")}`;

  const collapsed = heading ? preferences.collapsed : false;

  return (
    <section aria-labelledby={heading ? undefined : headingId} className="space-y-3">
      {/* Without a heading of the page's own, the list's name heads it (hidden), so the cards' h3 titles sit under an h2. */}
      {heading ? null : (
        <h2 id={headingId} className="sr-only">
          {label}
        </h2>
      )}
      {heading ? (
        <div className="flex items-center justify-between gap-2">
          <div className="min-w-0">{heading}</div>
          <button
            type="button"
            onClick={() => updatePreferences({ collapsed: !collapsed })}
            aria-expanded={!collapsed}
            aria-controls={listId}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            {collapsed ? "Show" : "Hide"}
            <ChevronDown className={cn("size-4 transition-transform", !collapsed && "rotate-180")} aria-hidden />
          </button>
        </div>
      ) : null}
      {collapsed ? null : (
        <div id={listId} aria-busy={busy || undefined} className={cn("transition-opacity", busy && "opacity-60")}>
          {isWide ? (
            <PaperTable
              papers={rendered}
              label={label}
              columns={columns}
              sort={tableSort}
              sortableColumns={sortableColumns}
              onSortColumn={handleSortColumn}
              expanded={expanded}
              onToggle={handleToggle}
              detailsIdFor={detailsIdFor}
              onAuthorClick={onAuthorClick}
              renderActions={renderActions}
              renderNote={renderNote}
            />
          ) : (
            <>
              <div className="mb-3 flex items-center justify-end gap-2">
                <Label htmlFor={sortSelectId} className="text-muted-foreground">
                  Sort by
                </Label>
                <NativeSelect id={sortSelectId} value={mobileValue} onChange={(event) => handleMobileSort(event.target.value)} className="w-auto max-w-[15rem] flex-1 sm:flex-none">
                  {sorting ? null : <option value="">As listed</option>}
                  {options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <PaperCardList
                papers={rendered}
                label={label}
                columns={columns}
                expanded={expanded}
                onToggle={handleToggle}
                detailsIdFor={detailsIdFor}
                onAuthorClick={onAuthorClick}
                renderActions={renderActions}
                renderNote={renderNote}
              />
            </>
          )}
        </div>
      )}
    </section>
  );
}
