import { memo, useLayoutEffect, useMemo, useRef, type MouseEvent, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Paper } from "@/shared/paper";
import { paperPdfLink, paperViewLink, type PaperLink, type PaperLinkOptions } from "@/shared/paper-links";
import { RowIcon } from "@/web/components/paper-list/row-icon";
import { STACKED_ACTION, type PaperActionLayout } from "@/web/components/paper-list/paper-action-style";
import { Button } from "@/web/components/ui/button";
import { useKeepPaper, useOfflineStatusOf, useOfflineSupported, type OfflineStatus } from "@/web/features/offline/offline-queries";
import { SaveOfflineRowButton } from "@/web/features/offline/save-offline-button";
import { ExportToZoteroRowAction } from "@/web/features/zotero/export-to-zotero-action";
import { useSignedInUserId } from "@/web/features/zotero/zotero-queries";
import { entryFor } from "@/web/lib/user-data/paper-key";
import { useBookmarks } from "@/web/lib/user-data/user-stores";
import { cn } from "@/web/lib/utils";
import { useBookmarkToggler } from "./use-bookmark-toggle";
import { useReadPaper, type PaperNavigationState } from "./use-read-paper";

/** What the rows' buttons do; the same object for the list's life, so rows need not redraw for it. */
type RowHandlers = {
  read: (paper: Paper, options: PaperLinkOptions) => void;
  toggleBookmark: (paper: Paper, bookmarked: boolean) => void;
  keep: (paper: Paper) => Promise<unknown>;
  open: (href: string, state: Pick<PaperNavigationState, "from">) => void;
};

/**
 * What every row's actions read, read once for a whole list: where the reader's Back returns
 * to, the bookmarks, the device's kept papers, the session. A list passes it to each row's
 * PaperActions (`list`), so the rows hold no query, mutation or store subscription of their
 * own; a row redraws only when what it shows changes.
 */
export type PaperListActions = {
  from: string;
  isBookmarked: (paper: Paper) => boolean;
  /** Null where this device cannot keep papers. */
  offlineStatus: ((paper: Paper) => OfflineStatus) | null;
  signedIn: boolean;
  handlers: RowHandlers;
};

export function usePaperListActions(): PaperListActions {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const read = useReadPaper();
  const bookmarks = useBookmarks();
  const toggleBookmark = useBookmarkToggler();
  // Whether this device can keep papers does not change while the page is open (offlineSupported,
  // or what the server's render assumes): the hooks that read and keep papers run in every
  // render or in none, and need no query client where they never run.
  const offline = useOfflineSupported() ? useOfflineRows() : null;
  const signedIn = useSignedInUserId() !== null;

  const latest = useRef({ navigate, read, toggleBookmark, keep: offline?.keep });
  useLayoutEffect(() => {
    latest.current = { navigate, read, toggleBookmark, keep: offline?.keep };
  });
  const handlers = useMemo<RowHandlers>(
    () => ({
      read: (paper, options) => void latest.current.read(paper, options),
      toggleBookmark: (paper, bookmarked) => void latest.current.toggleBookmark(paper, bookmarked),
      keep: (paper) => latest.current.keep?.(paper) ?? Promise.resolve(),
      open: (href, state) => void latest.current.navigate(href, { state }),
    }),
    [],
  );
  const from = `${pathname}${search}`;
  const offlineStatus = offline ? offline.statusOf : null;
  // A new object only when what the rows show changes (a list's renderers depend on it).
  return useMemo(
    () => ({ from, isBookmarked: (paper: Paper) => Boolean(entryFor(bookmarks, paper.id)), offlineStatus, signedIn, handlers }),
    [from, bookmarks, offlineStatus, signedIn, handlers],
  );
}

/** The device's kept papers, read once for the list, and Save Offline's one mutation. */
function useOfflineRows() {
  const statusOf = useOfflineStatusOf();
  const keep = useKeepPaper();
  return { statusOf, keep: keep.mutateAsync };
}

/** A click the browser would handle itself (a new tab or window, a download, another button). */
function isModifiedClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

function LinkAction({
  link,
  label,
  icon,
  layout,
  description,
  from,
  open,
}: {
  link: PaperLink | null;
  label: string;
  icon: ReactNode;
  layout: PaperActionLayout;
  description: string;
  from: string;
  open: RowHandlers["open"];
}) {
  const iconOnly = layout === "icons";
  const className = iconOnly ? "size-8" : STACKED_ACTION;
  if (!link) {
    return (
      <Button variant="ghost" size={iconOnly ? "icon" : "sm"} disabled aria-label={iconOnly ? label : undefined} title={`No ${label} available`} className={className}>
        {icon}
        {iconOnly ? null : label}
      </Button>
    );
  }
  const content = (
    <>
      {icon}
      {iconOnly ? null : label}
      {!link.internal ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </>
  );
  const href = link.href;
  return (
    <Button asChild variant="ghost" size={iconOnly ? "icon" : "sm"} className={className} data-hint={iconOnly ? description : undefined}>
      {link.internal ? (
        // An in-app link without a router Link per row: the list's navigate, and the reader's
        // Back returns here (PaperNavigationState.from).
        <a
          href={href}
          aria-label={iconOnly ? label : undefined}
          onClick={(event) => {
            if (event.defaultPrevented || isModifiedClick(event)) return;
            event.preventDefault();
            open(href, { from });
          }}
        >
          {content}
        </a>
      ) : (
        <a href={href} target="_blank" rel="noopener noreferrer" aria-label={iconOnly ? label : undefined}>
          {content}
        </a>
      )}
    </Button>
  );
}

type PaperActionsProps = {
  paper: Paper;
  /** Icon buttons with hints (table rows) or labelled buttons (cards). */
  layout: PaperActionLayout;
  /** More actions a list adds (e.g. the Zotero library's Delete). */
  extra?: ReactNode;
  /** Read, View and PDF open the version the paper names (a bookmark opens what it keeps), not the newest. */
  keptVersion?: boolean;
  className?: string;
  /** The list's shared reads (usePaperListActions); without it the row reads them itself. */
  list?: PaperListActions;
};

/** Save Offline, Read, View, PDF, the Bookmark toggle and Export to Zotero (signed in). */
export function PaperActions({ list, ...props }: PaperActionsProps) {
  return list ? <ListedPaperActions {...props} list={list} /> : <OwnPaperActions {...props} />;
}

function OwnPaperActions(props: Omit<PaperActionsProps, "list">) {
  return <ListedPaperActions {...props} list={usePaperListActions()} />;
}

function ListedPaperActions({ paper, list, ...props }: Omit<PaperActionsProps, "list"> & { list: PaperListActions }) {
  return (
    <PaperActionsRow
      {...props}
      paper={paper}
      from={list.from}
      bookmarked={list.isBookmarked(paper)}
      offlineStatus={list.offlineStatus ? list.offlineStatus(paper) : null}
      signedIn={list.signedIn}
      handlers={list.handlers}
    />
  );
}

type PaperActionsRowProps = Omit<PaperActionsProps, "list"> & {
  from: string;
  bookmarked: boolean;
  offlineStatus: OfflineStatus | null;
  signedIn: boolean;
  handlers: RowHandlers;
};

const PaperActionsRow = memo(function PaperActionsRow({
  paper,
  layout,
  extra,
  keptVersion = false,
  className,
  from,
  bookmarked,
  offlineStatus,
  signedIn,
  handlers,
}: PaperActionsRowProps) {
  const iconOnly = layout === "icons";
  const viewLink = paperViewLink(paper, { keptVersion });
  const bookmarkLabel = bookmarked ? "Bookmarked" : "Bookmark";

  return (
    <div className={cn(iconOnly ? "flex flex-wrap items-center gap-0.5" : "grid auto-cols-fr grid-flow-col gap-0.5", className)}>
      {offlineStatus ? (
        <SaveOfflineRowButton paper={paper} layout={layout} className={iconOnly ? undefined : STACKED_ACTION} status={offlineStatus} keep={handlers.keep} />
      ) : null}
      <Button
        variant="ghost"
        size={iconOnly ? "icon" : "sm"}
        onClick={() => handlers.read(paper, { keptVersion })}
        aria-label={iconOnly ? "Read" : undefined}
        data-hint={iconOnly ? "Read in Quire" : undefined}
        className={cn(iconOnly ? "size-8" : STACKED_ACTION, "text-primary")}
      >
        <RowIcon name="book-open" />
        {iconOnly ? null : "Read"}
      </Button>
      <LinkAction
        link={viewLink}
        label="View"
        layout={layout}
        description={viewLink?.internal ? "Abstract page" : "Open the paper's page"}
        icon={<RowIcon name="external-link" />}
        from={from}
        open={handlers.open}
      />
      <LinkAction
        link={paperPdfLink(paper, { keptVersion })}
        label="PDF"
        layout={layout}
        description="PDF"
        icon={<RowIcon name="file-text" />}
        from={from}
        open={handlers.open}
      />
      <Button
        variant="ghost"
        size={iconOnly ? "icon" : "sm"}
        onClick={() => handlers.toggleBookmark(paper, bookmarked)}
        aria-label={iconOnly ? bookmarkLabel : undefined}
        data-hint={iconOnly ? (bookmarked ? "Remove bookmark" : "Bookmark") : undefined}
        className={cn(iconOnly ? "size-8" : STACKED_ACTION, bookmarked && "text-primary")}
      >
        <RowIcon name={bookmarked ? "bookmark-check" : "bookmark"} filled={bookmarked} />
        {iconOnly ? null : bookmarkLabel}
      </Button>
      <ExportToZoteroRowAction paper={paper} layout={layout} signedIn={signedIn} />
      {extra}
    </div>
  );
});
