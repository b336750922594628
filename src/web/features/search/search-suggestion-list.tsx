import { useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import { FileText, History } from "lucide-react";
import type { PaperSuggestion, SuggestionMatch } from "@/shared/suggestions";
import { cn } from "@/web/lib/utils";

/** One entry of the search box's list: a query typed before, or a paper from the index. */
export type SearchSuggestion = { kind: "query"; value: string } | { kind: "paper"; paper: PaperSuggestion };

const MATCH_LABELS: Record<SuggestionMatch, string> = { id: "arXiv id", doi: "DOI", title: "title", author: "author" };

/**
 * The reader's abstract view of a suggested paper: /abs/{id}, an old-style id keeping its slash
 * (readerPath's rule, written out here so the search page's first load does not take in the
 * link helpers of the paper lists).
 */
export function suggestionHref(paper: PaperSuggestion): string {
  return `/abs/${paper.id.split("/").map(encodeURIComponent).join("/")}`;
}

/** "A. Smith, B. Jones et al.": the first authors, and "et al." when there are more. */
export function suggestionAuthors(paper: PaperSuggestion): string {
  const names = paper.authors.join(", ");
  return paper.authorCount > paper.authors.length ? `${names} et al.` : names;
}

type SearchSuggestionListProps = {
  id: string;
  items: readonly SearchSuggestion[];
  open: boolean;
  active: number;
  optionId: (index: number) => string;
  onHover: (index: number) => void;
  onPickQuery: (value: string) => void;
  /** A paper link was followed (the router navigates by itself). */
  onOpenPaper: () => void;
};

/**
 * The listbox under the search box (WAI-ARIA combobox pattern): recent queries first, then papers
 * from the index, each group named for screen readers. Focus stays in the input; the highlighted
 * option is its aria-activedescendant. A paper is a real link to the reader, so it can also be
 * opened in a new tab.
 */
export function SearchSuggestionList({ id, items, open, active, optionId, onHover, onPickQuery, onOpenPaper }: SearchSuggestionListProps) {
  const queries = items.flatMap((item, index) => (item.kind === "query" ? [{ item, index }] : []));
  const papers = items.flatMap((item, index) => (item.kind === "paper" ? [{ item, index }] : []));
  const both = queries.length > 0 && papers.length > 0;

  // Keyboard moves keep the highlighted option in view inside the scrolling list.
  useEffect(() => {
    if (!open || active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: "nearest" });
  }, [open, active, optionId]);

  const option = (index: number, className: string, onClick: (() => void) | undefined, children: ReactNode) => (
    <li
      key={optionId(index)}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      // Keep focus in the input so blur does not close the list before the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      onMouseMove={() => onHover(index)}
      className={cn("rounded-md", className, index === active && "bg-accent text-accent-foreground")}
    >
      {children}
    </li>
  );

  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Search suggestions"
      hidden={!open}
      className="absolute inset-x-0 top-full z-30 mt-1 max-h-[min(26rem,60vh)] overflow-y-auto overscroll-contain rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg"
    >
      {queries.length > 0 ? (
        <Group label="Recent queries" visible={both}>
          {queries.map(({ item, index }) =>
            option(index, "flex cursor-default items-center gap-2 px-2 py-1.5 text-sm", () => onPickQuery(item.value), (
              <>
                <History className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1 truncate font-mono text-[0.8125rem]">{item.value}</span>
              </>
            )),
          )}
        </Group>
      ) : null}
      {papers.length > 0 ? (
        <Group label="Papers" visible={both}>
          {papers.map(({ item, index }) => option(index, "", undefined, <PaperOption paper={item.paper} onOpen={onOpenPaper} />))}
        </Group>
      ) : null}
    </ul>
  );
}

function Group(props: { label: string; visible: boolean; children: ReactNode }) {
  return (
    <li role="presentation">
      {props.visible ? (
        <p aria-hidden className="px-2 pt-1.5 pb-1 text-[0.6875rem] font-semibold tracking-wider text-muted-foreground uppercase">
          {props.label}
        </p>
      ) : null}
      <ul role="group" aria-label={props.label}>
        {props.children}
      </ul>
    </li>
  );
}

function PaperOption({ paper, onOpen }: { paper: PaperSuggestion; onOpen: () => void }) {
  return (
    <Link to={suggestionHref(paper)} tabIndex={-1} onClick={onOpen} className="flex gap-2 px-2 py-2 text-sm outline-none">
      <FileText className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 leading-snug font-medium">{paper.title}</span>
        {/* One line from 640 px (the authors cut short first), two on a phone. */}
        <span className="mt-0.5 flex flex-col text-xs text-muted-foreground sm:flex-row sm:items-baseline sm:gap-1.5">
          <span className="min-w-0 truncate">{suggestionAuthors(paper)}</span>
          <span className="flex flex-1 items-baseline gap-1.5 whitespace-nowrap">
            <span aria-hidden className="hidden sm:inline">
              ·
            </span>
            <span className="tabular-nums">{paper.year}</span>
            <span aria-hidden>·</span>
            <span className="font-mono">{paper.id}</span>
            <span className="ml-auto rounded-full border border-border px-1.5 text-[0.6875rem] leading-4">
              <span className="sr-only">matched </span>
              {MATCH_LABELS[paper.matched]}
            </span>
          </span>
        </span>
      </span>
    </Link>
  );
}
