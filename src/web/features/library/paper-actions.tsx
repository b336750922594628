import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Bookmark, BookmarkCheck, BookOpen, ExternalLink, FileText } from "lucide-react";
import type { Paper } from "@/shared/paper";
import { paperPdfLink, paperViewLink, type PaperLink } from "@/shared/paper-links";
import { STACKED_ACTION, type PaperActionLayout } from "@/web/components/paper-list/paper-action-style";
import { Button } from "@/web/components/ui/button";
import { SaveOfflineButton } from "@/web/features/offline/save-offline-button";
import { ExportToZoteroAction } from "@/web/features/zotero/export-to-zotero-action";
import { cn } from "@/web/lib/utils";
import { useBookmarkToggle } from "./use-bookmark-toggle";
import { useReadPaper } from "./use-read-paper";

function LinkAction({ link, label, icon, layout, description }: { link: PaperLink | null; label: string; icon: ReactNode; layout: PaperActionLayout; description: string }) {
  const iconOnly = layout === "icons";
  const className = iconOnly ? "size-8" : STACKED_ACTION;
  const { pathname, search } = useLocation();
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
  return (
    <Button asChild variant="ghost" size={iconOnly ? "icon" : "sm"} className={className} data-hint={iconOnly ? description : undefined}>
      {link.internal ? (
        // The reader's Back returns here (PaperNavigationState.from).
        <Link to={link.href} state={{ from: `${pathname}${search}` }} aria-label={iconOnly ? label : undefined}>
          {content}
        </Link>
      ) : (
        <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={iconOnly ? label : undefined}>
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
};

/** Save Offline, Read, View, PDF, the Bookmark toggle and Export to Zotero (signed in). */
export function PaperActions({ paper, layout, extra, keptVersion = false, className }: PaperActionsProps) {
  const read = useReadPaper();
  const { bookmarked, toggle } = useBookmarkToggle(paper);
  const iconOnly = layout === "icons";
  const viewLink = paperViewLink(paper, { keptVersion });
  const bookmarkLabel = bookmarked ? "Bookmarked" : "Bookmark";
  const BookmarkIcon = bookmarked ? BookmarkCheck : Bookmark;

  return (
    <div className={cn(iconOnly ? "flex flex-wrap items-center gap-0.5" : "grid auto-cols-fr grid-flow-col gap-0.5", className)}>
      <SaveOfflineButton paper={paper} layout={layout} className={iconOnly ? undefined : STACKED_ACTION} />
      <Button
        variant="ghost"
        size={iconOnly ? "icon" : "sm"}
        onClick={() => void read(paper, { keptVersion })}
        aria-label={iconOnly ? "Read" : undefined}
        data-hint={iconOnly ? "Read in Quire" : undefined}
        className={cn(iconOnly ? "size-8" : STACKED_ACTION, "text-primary")}
      >
        <BookOpen aria-hidden />
        {iconOnly ? null : "Read"}
      </Button>
      <LinkAction
        link={viewLink}
        label="View"
        layout={layout}
        description={viewLink?.internal ? "Abstract page" : "Open the paper's page"}
        icon={<ExternalLink aria-hidden />}
      />
      <LinkAction link={paperPdfLink(paper, { keptVersion })} label="PDF" layout={layout} description="PDF" icon={<FileText aria-hidden />} />
      <Button
        variant="ghost"
        size={iconOnly ? "icon" : "sm"}
        onClick={() => void toggle()}
        aria-label={iconOnly ? bookmarkLabel : undefined}
        data-hint={iconOnly ? (bookmarked ? "Remove bookmark" : "Bookmark") : undefined}
        className={cn(iconOnly ? "size-8" : STACKED_ACTION, bookmarked && "text-primary")}
      >
        <BookmarkIcon aria-hidden className={cn(bookmarked && "fill-current/20")} />
        {iconOnly ? null : bookmarkLabel}
      </Button>
      <ExportToZoteroAction paper={paper} layout={layout} />
      {extra}
    </div>
  );
}
