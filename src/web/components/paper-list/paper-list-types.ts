import type { ReactNode } from "react";
import type { Paper } from "@/shared/paper";
import type { PaperSortColumn, SortDirection } from "./paper-list-preferences";

/** One way to order a list; `column` and `direction` tie it to a table header. */
export type PaperListSortOption = {
  value: string;
  label: string;
  column?: PaperSortColumn;
  direction?: SortDirection;
};

/** Sorting owned by the page (search keeps it in the URL); without it the list sorts itself. */
export type PaperListSorting = {
  options: readonly PaperListSortOption[];
  value: string;
  onChange: (value: string) => void;
};

export type PaperListColumns = {
  /** Show the # column, counting from `startIndex + 1`. */
  index?: boolean;
  startIndex?: number;
  dateLabel?: "Date" | "Item Date";
  added?: "Date Added" | "Time Added";
  /** How many icon buttons `renderActions` adds to a table row, so the Actions column is wide enough. */
  extraActionCount?: number;
};

export type PaperRowProps = {
  paper: Paper;
  position: number;
  expanded: boolean;
  onToggle: () => void;
  detailsId: string;
  onAuthorClick?: (author: string) => void;
  extraActions?: ReactNode;
};

/**
 * On the first paper's title: the browser's Element Timing API reports when it was first
 * painted (the search benchmark's "first result row", free of the test driver's own work).
 */
export function firstPaperTiming(index: number): Record<string, string> {
  return index === 0 ? { elementtiming: "first-paper" } : {};
}
