import { memo, type CSSProperties, type ReactNode } from "react";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { Paper } from "@/shared/paper";
import { cn } from "@/web/lib/utils";
import { AuthorList } from "./author-list";
import type { PaperActionLayout } from "./paper-action-style";
import { AddedDate, CategoryBadge, PaperDate } from "./paper-cells";
import { PaperDetails } from "./paper-details";
import { RowIcon } from "./row-icon";
import type { ColumnSort, PaperSortColumn } from "./paper-list-preferences";
import { firstPaperTiming, type PaperListColumns } from "./paper-list-types";

type PaperTableProps = {
  papers: readonly Paper[];
  label: string;
  columns: PaperListColumns;
  sort: ColumnSort | null;
  sortableColumns: ReadonlySet<PaperSortColumn>;
  onSortColumn: (column: PaperSortColumn) => void;
  expanded: ReadonlySet<string>;
  onToggle: (paperId: string) => void;
  detailsIdFor: (paperId: string) => string;
  onAuthorClick?: (author: string) => void;
  renderActions: (paper: Paper, layout: PaperActionLayout) => ReactNode;
  renderNote?: (paper: Paper) => ReactNode;
};

function SortHeader({
  column,
  children,
  sort,
  sortable,
  onSort,
  className,
}: {
  column: PaperSortColumn;
  children: string;
  sort: ColumnSort | null;
  sortable: boolean;
  onSort: (column: PaperSortColumn) => void;
  className?: string;
}) {
  const active = sort?.column === column;
  const ariaSort = active ? (sort.direction === "asc" ? "ascending" : "descending") : undefined;
  const Icon = active ? (sort.direction === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th scope="col" aria-sort={ariaSort} className={cn("px-3 py-2.5 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase", className)}>
      {sortable ? (
        <button
          type="button"
          onClick={() => onSort(column)}
          className={cn(
            "-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-0.5 uppercase transition-colors hover:bg-accent hover:text-foreground",
            active && "text-foreground",
          )}
        >
          {children}
          <Icon className={cn("size-3.5", !active && "opacity-40")} aria-hidden />
        </button>
      ) : (
        children
      )}
    </th>
  );
}

/** The wide-screen list: one row per paper, expandable to its abstract and details. */
export function PaperTable(props: PaperTableProps) {
  const { papers, columns, sort, sortableColumns, onSortColumn, expanded, onToggle, detailsIdFor, onAuthorClick, renderActions, renderNote } = props;
  const columnCount = 5 + (columns.index ? 1 : 0) + (columns.added ? 1 : 0);
  const header = (column: PaperSortColumn, text: string, className?: string) => (
    <SortHeader column={column} sort={sort} sortable={sortableColumns.has(column)} onSort={onSortColumn} className={className}>
      {text}
    </SortHeader>
  );

  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full table-fixed border-collapse text-sm" aria-label={props.label}>
        <colgroup>
          {columns.index ? <col className="w-14" /> : null}
          <col />
          {/* A Date Added column and extra row actions take room: the authors give it back, so the title keeps a readable width. */}
          <col className={columns.added || columns.extraActionCount ? "w-[20%]" : "w-[26%]"} />
          <col className={columns.added ? "w-24" : "w-28"} />
          <col className="w-28" />
          {columns.added ? <col className="w-[8.5rem]" /> : null}
          {/* Extra row actions widen the column only in a wide window (2xl); narrower, they wrap to a second row of icons and the title keeps the room. */}
          <col
            className={columns.extraActionCount ? "w-[9.5rem] 2xl:w-(--row-actions-width)" : "w-[11.75rem]"}
            style={columns.extraActionCount ? ({ "--row-actions-width": `${11.75 + 2.25 * columns.extraActionCount}rem` } as CSSProperties) : undefined}
          />
        </colgroup>
        <thead className="border-b border-border bg-muted/40">
          <tr>
            {columns.index ? (
              <th scope="col" className="px-3 py-2.5 text-right text-xs font-medium text-muted-foreground">
                #
              </th>
            ) : null}
            {header("title", "Title")}
            {header("authors", "Authors")}
            {header("category", "Category")}
            {header("date", columns.dateLabel ?? "Date")}
            {columns.added ? header("added", columns.added) : null}
            <th scope="col" className="px-3 py-2.5 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {papers.map((paper, index) => (
            <PaperTableRow
              key={paper.id}
              paper={paper}
              index={index}
              columns={columns}
              columnCount={columnCount}
              isExpanded={expanded.has(paper.id)}
              detailsId={detailsIdFor(paper.id)}
              onToggle={onToggle}
              onAuthorClick={onAuthorClick}
              renderActions={renderActions}
              renderNote={renderNote}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

type PaperTableRowProps = Pick<PaperTableProps, "columns" | "onToggle" | "onAuthorClick" | "renderActions" | "renderNote"> & {
  paper: Paper;
  index: number;
  columnCount: number;
  isExpanded: boolean;
  detailsId: string;
};

/**
 * One paper's row (and its details row when expanded). The table draws its rows a few at a
 * time (useProgressiveCount): a row already drawn is not drawn again for each new batch, only
 * when what it shows changes.
 */
const PaperTableRow = memo(function PaperTableRow({ paper, index, columns, columnCount, isExpanded, detailsId, onToggle, onAuthorClick, renderActions, renderNote }: PaperTableRowProps) {
  return (
    <>
      <tr data-paper-row className={cn("border-b border-border align-top transition-colors last:border-b-0 hover:bg-muted/30", isExpanded && "border-b-0 bg-muted/30")}>
        {columns.index ? <td className="px-3 py-3 text-right font-mono text-xs text-muted-foreground tabular-nums">{(columns.startIndex ?? 0) + index + 1}</td> : null}
        <td className="px-3 py-3">
          <button
            type="button"
            onClick={() => onToggle(paper.id)}
            aria-expanded={isExpanded}
            aria-controls={isExpanded ? detailsId : undefined}
            className="group flex w-full items-start gap-1.5 rounded text-left"
          >
            <RowIcon name="chevron-right" className={cn("mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform", isExpanded && "rotate-90")} />
            <span className="font-medium leading-snug group-hover:text-primary" {...firstPaperTiming(index)}>
              {paper.title || "Untitled"}
            </span>
          </button>
          {renderNote ? <div className="mt-1.5 pl-5.5">{renderNote(paper)}</div> : null}
        </td>
        <td className="px-3 py-3 text-[0.8125rem] text-muted-foreground">
          <AuthorList authors={paper.authors} onAuthorClick={onAuthorClick} />
        </td>
        <td className="px-3 py-3">
          <CategoryBadge paper={paper} />
        </td>
        <td className="px-3 py-3 text-[0.8125rem] whitespace-nowrap tabular-nums">
          <PaperDate value={paper.publishedDate} />
        </td>
        {columns.added ? (
          <td className="px-3 py-3 text-[0.8125rem] tabular-nums">
            <AddedDate value={paper.dateAdded} withTime={columns.added === "Time Added"} />
          </td>
        ) : null}
        <td className="px-2 py-2">{renderActions(paper, "icons")}</td>
      </tr>
      {isExpanded ? (
        <tr className="border-b border-border bg-muted/30 last:border-b-0">
          <td colSpan={columnCount} className={cn("pt-1 pr-6 pb-5", columns.index ? "pl-[5.25rem]" : "pl-9")}>
            <PaperDetails paper={paper} id={detailsId} />
          </td>
        </tr>
      ) : null}
    </>
  );
});
