import { useCallback, useSyncExternalStore } from "react";
import type { Paper } from "@/shared/paper";
import { createLocalValue, parseJsonOrNull, type LocalValue } from "@/web/lib/local-store";

/**
 * How each paper list is shown, remembered per table id: sort field and order, whether the list is
 * collapsed, and the phone sort.
 */

export const PAPER_SORT_COLUMNS = ["title", "authors", "category", "date", "added"] as const;
export type PaperSortColumn = (typeof PAPER_SORT_COLUMNS)[number];
export type SortDirection = "asc" | "desc";
export type ColumnSort = { column: PaperSortColumn; direction: SortDirection };

export type PaperListPreferences = {
  sortField: PaperSortColumn | null;
  sortOrder: SortDirection;
  collapsed: boolean;
  /** The phone sort, "{column}-{direction}", kept apart from the table's. */
  mobileSort: string | null;
};

export const DEFAULT_PREFERENCES: PaperListPreferences = { sortField: null, sortOrder: "desc", collapsed: false, mobileSort: null };

/** Clicking a column sorts it descending; clicking the sorted column again flips the direction. */
export function nextColumnSort(current: ColumnSort | null, column: PaperSortColumn): ColumnSort {
  if (current?.column === column) return { column, direction: current.direction === "desc" ? "asc" : "desc" };
  return { column, direction: "desc" };
}

export function formatColumnSort(sort: ColumnSort): string {
  return `${sort.column}-${sort.direction}`;
}

export function parseColumnSort(value: string | null | undefined): ColumnSort | null {
  const match = /^([a-z]+)-(asc|desc)$/.exec(value ?? "");
  if (!match || !(PAPER_SORT_COLUMNS as readonly string[]).includes(match[1]!)) return null;
  return { column: match[1] as PaperSortColumn, direction: match[2] as SortDirection };
}

let collator: Intl.Collator | undefined;
/** Made on first sort: creating a collator loads locale data, which the first render does not need. */
function textOrder(a: string, b: string): number {
  collator ??= new Intl.Collator("en", { sensitivity: "base", numeric: true });
  return collator.compare(a, b);
}

function timeOf(value: string | null | undefined): number {
  if (!value) return Number.NaN;
  return /^\d{4}$/.test(value) ? Date.UTC(Number(value), 0, 1) : Date.parse(value);
}

function compare(a: Paper, b: Paper, column: PaperSortColumn): number {
  switch (column) {
    case "title":
      return textOrder(a.title, b.title);
    case "authors":
      return textOrder(a.authors[0] ?? "", b.authors[0] ?? "");
    case "category":
      return textOrder(a.category, b.category);
    case "date":
    case "added": {
      const left = timeOf(column === "date" ? a.publishedDate : a.dateAdded);
      const right = timeOf(column === "date" ? b.publishedDate : b.dateAdded);
      if (Number.isNaN(left) || Number.isNaN(right)) return Number.isNaN(left) ? (Number.isNaN(right) ? 0 : 1) : -1;
      return left - right;
    }
  }
}

/**
 * The papers in a column's order, stable for ties. Papers with no date go last whichever
 * way dates are sorted.
 */
export function sortPapers(papers: readonly Paper[], sort: ColumnSort | null): Paper[] {
  if (!sort) return [...papers];
  const sign = sort.direction === "asc" ? 1 : -1;
  return papers
    .map((paper, index) => ({ paper, index }))
    .sort((a, b) => {
      const undatedA = (sort.column === "date" || sort.column === "added") && Number.isNaN(timeOf(sort.column === "date" ? a.paper.publishedDate : a.paper.dateAdded));
      const undatedB = (sort.column === "date" || sort.column === "added") && Number.isNaN(timeOf(sort.column === "date" ? b.paper.publishedDate : b.paper.dateAdded));
      if (undatedA !== undatedB) return undatedA ? 1 : -1;
      return sign * compare(a.paper, b.paper, sort.column) || a.index - b.index;
    })
    .map(({ paper }) => paper);
}

export function decodePreferences(raw: string | null): PaperListPreferences {
  const value = parseJsonOrNull(raw);
  if (typeof value !== "object" || value === null) return DEFAULT_PREFERENCES;
  const stored = value as Partial<PaperListPreferences>;
  return {
    sortField: (PAPER_SORT_COLUMNS as readonly unknown[]).includes(stored.sortField) ? (stored.sortField as PaperSortColumn) : null,
    sortOrder: stored.sortOrder === "asc" ? "asc" : "desc",
    collapsed: stored.collapsed === true,
    mobileSort: parseColumnSort(stored.mobileSort) ? (stored.mobileSort as string) : null,
  };
}

/** Where a table's preferences live: `paper-list.{tableId}`. */
export function preferencesKey(tableId: string): string {
  return `paper-list.${tableId}`;
}

const stores = new Map<string, LocalValue<PaperListPreferences>>();

export function paperListPreferencesStore(tableId: string): LocalValue<PaperListPreferences> {
  let store = stores.get(tableId);
  if (!store) {
    store = createLocalValue(preferencesKey(tableId), decodePreferences);
    stores.set(tableId, store);
  }
  return store;
}

export function usePaperListPreferences(
  tableId: string,
): [PaperListPreferences, (change: Partial<PaperListPreferences>) => void] {
  const store = paperListPreferencesStore(tableId);
  const preferences = useSyncExternalStore(store.subscribe, store.get, store.get);
  const update = useCallback((change: Partial<PaperListPreferences>) => void store.update((current) => ({ ...current, ...change })), [store]);
  return [preferences, update];
}
