import { memo, type ReactNode } from "react";
import type { Paper } from "@/shared/paper";
import { AuthorList } from "./author-list";
import type { PaperActionLayout } from "./paper-action-style";
import { AddedDate, CategoryBadge, PaperDate, sourceLabel } from "./paper-cells";
import { PaperDetails } from "./paper-details";
import { RowIcon } from "./row-icon";
import { firstPaperTiming, type PaperListColumns } from "./paper-list-types";

type PaperCardListProps = {
  papers: readonly Paper[];
  label: string;
  columns: PaperListColumns;
  expanded: ReadonlySet<string>;
  onToggle: (paperId: string) => void;
  detailsIdFor: (paperId: string) => string;
  onAuthorClick?: (author: string) => void;
  renderActions: (paper: Paper, layout: PaperActionLayout) => ReactNode;
  renderNote?: (paper: Paper) => ReactNode;
};

/** About a phone's first screen of cards (the server's preview of a search draws as many). */
export const FIRST_SCREEN_CARDS = 6;

/** The narrow-screen list: one card per paper. */
export function PaperCardList({ papers, label, columns, expanded, onToggle, detailsIdFor, onAuthorClick, renderActions, renderNote }: PaperCardListProps) {
  return (
    <ol className="space-y-3" aria-label={label}>
      {papers.map((paper, index) => (
        // A card below the first screen is not laid out or painted until it nears the screen;
        // its size is guessed until then (auto: its last drawn size once it has been drawn).
        // The first screen's cards are drawn at once, as the server's preview draws them.
        <li key={paper.id} className={index >= FIRST_SCREEN_CARDS ? "[contain-intrinsic-size:auto_13rem] [content-visibility:auto]" : undefined}>
          <PaperCard
            paper={paper}
            index={index}
            columns={columns}
            isExpanded={expanded.has(paper.id)}
            detailsId={detailsIdFor(paper.id)}
            onToggle={onToggle}
            onAuthorClick={onAuthorClick}
            renderActions={renderActions}
            renderNote={renderNote}
          />
        </li>
      ))}
    </ol>
  );
}

type PaperCardProps = Pick<PaperCardListProps, "columns" | "onToggle" | "onAuthorClick" | "renderActions" | "renderNote"> & {
  paper: Paper;
  index: number;
  isExpanded: boolean;
  detailsId: string;
};

/**
 * One card. The list draws its cards a few at a time (useProgressiveCount): a card already
 * drawn is not drawn again for each new batch, only when what it shows changes.
 */
const PaperCard = memo(function PaperCard({ paper, index, columns, isExpanded, detailsId, onToggle, onAuthorClick, renderActions, renderNote }: PaperCardProps) {
  return (
    <article data-testid="paper-card" className="rounded-xl border border-border bg-card p-4 shadow-xs" aria-label={paper.title || "Untitled"}>
      <div className="flex items-start gap-3">
        {columns.index ? (
          <span className="mt-0.5 min-w-5 font-mono text-xs text-muted-foreground tabular-nums">{(columns.startIndex ?? 0) + index + 1}</span>
        ) : null}
        <div className="min-w-0 flex-1">
          <h3 className="font-serif text-[1.05rem] leading-snug font-semibold">
            <button
              type="button"
              onClick={() => onToggle(paper.id)}
              aria-expanded={isExpanded}
              aria-controls={isExpanded ? detailsId : undefined}
              className="text-left hover:text-primary"
              {...firstPaperTiming(index)}
            >
              {paper.title || "Untitled"}
            </button>
          </h3>
          <div className="mt-1.5 text-[0.8125rem] text-muted-foreground">
            <AuthorList authors={paper.authors} onAuthorClick={onAuthorClick} />
          </div>
          {renderNote ? <div className="mt-2">{renderNote(paper)}</div> : null}
          <div className="mt-2 flex flex-wrap items-center gap-x-2.5 gap-y-1 text-xs text-muted-foreground">
            <CategoryBadge paper={paper} />
            <span className="tabular-nums">
              <span className="sr-only">{columns.dateLabel ?? "Date"}: </span>
              <PaperDate value={paper.publishedDate} />
            </span>
            {paper.category !== "unknown" && paper.source !== "arxiv" ? <span>{sourceLabel(paper.source)}</span> : null}
            {columns.added ? (
              <span>
                {columns.added}: <AddedDate value={paper.dateAdded} withTime={columns.added === "Time Added"} />
              </span>
            ) : null}
            <button
              type="button"
              onClick={() => onToggle(paper.id)}
              aria-expanded={isExpanded}
              aria-label={isExpanded ? "Hide abstract and details" : "Show abstract and details"}
              className="ml-auto inline-flex items-center gap-0.5 rounded-md px-1.5 py-1 font-medium text-primary hover:bg-accent"
            >
              Abstract
              <RowIcon name="chevron-down" className={isExpanded ? "size-3.5 transition-transform rotate-180" : "size-3.5 transition-transform"} />
            </button>
          </div>
        </div>
      </div>
      {isExpanded ? (
        <div className="mt-4 border-t border-border pt-4">
          <PaperDetails paper={paper} id={detailsId} />
        </div>
      ) : null}
      <div className="mt-3 border-t border-border pt-2">{renderActions(paper, "labels")}</div>
    </article>
  );
});
