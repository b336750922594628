import type { ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Bookmark, BookmarkCheck, BookOpen, ExternalLink, FileText } from "lucide-react";
import type { Paper } from "@/shared/paper";
import { paperDetailPath, paperPdfLink, paperViewLink, type PaperLink } from "@/shared/paper-links";
import { Button } from "@/web/components/ui/button";
import { toast } from "@/web/components/ui/use-toast";
import { SaveOfflineButton } from "@/web/features/offline/save-offline-button";
import { ExportToZoteroAction } from "@/web/features/zotero/export-to-zotero-action";
import { useZoteroDuplicateNote } from "@/web/features/zotero/use-zotero-duplicate-note";
import { duplicateNotice } from "@/web/lib/user-data/bookmark-duplicates";
import { track } from "@/web/lib/analytics";
import { useBookmarks, useUserStores } from "@/web/lib/user-data/user-stores";
import { cn } from "@/web/lib/utils";

/** Navigation state the paper page receives: where to go back to, and the paper so it can show at once. */
export type PaperNavigationState = { from: string; paper: Paper };

export function useReadPaper(): (paper: Paper) => Promise<void> {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { readingHistory } = useUserStores();
  return async (paper) => {
    try {
      await readingHistory.record(paper, "paper");
    } catch {
      // A history that cannot be written must not stop the reader from opening.
    }
    const state: PaperNavigationState = { from: `${pathname}${search}`, paper };
    navigate(paperDetailPath(paper.id), { state });
  };
}

/**
 * The Bookmark toggle (core-app.md section 4). Adding a paper already bookmarked under another
 * id (another source, another version, the published version) tells the user instead of
 * adding a second copy (section 5, "Duplicate detection").
 */
export function useBookmarkToggle(paper: Paper): { bookmarked: boolean; toggle: () => Promise<void> } {
  const bookmarks = useBookmarks();
  const { bookmarks: store } = useUserStores();
  const zoteroNote = useZoteroDuplicateNote();
  const bookmarked = Boolean(bookmarks[paper.id]);
  return {
    bookmarked,
    toggle: async () => {
      try {
        const duplicate = bookmarked ? null : await store.findDuplicate(paper);
        if (duplicate) {
          toast(duplicateNotice(duplicate));
          return;
        }
        if (bookmarked) {
          await store.remove(paper.id);
          track("bookmark", { action: "remove", paperId: paper.id, source: paper.source });
          toast({ title: "Bookmark removed", description: paper.title });
        } else {
          await store.add(paper);
          track("bookmark", { action: "add", paperId: paper.id, source: paper.source });
          // A paper already in the user's Zotero library says so (Zotero in the duplicate check).
          const inZotero = await zoteroNote(paper);
          toast({ title: "Bookmark added", description: inZotero ? `${paper.title} — ${inZotero}` : paper.title });
        }
      } catch {
        toast({ variant: "destructive", title: bookmarked ? "Failed to delete bookmark" : "Failed to save bookmark" });
      }
    },
  };
}

type Layout = "icons" | "labels";

/**
 * Labelled actions on cards: icon over label, four or five across a phone-wide card (the
 * library adds Collections). Tight enough that "Bookmarked" and "Collections" never touch.
 */
export const STACKED_ACTION =
  "h-auto min-w-0 flex-col gap-1 px-0.5 py-1.5 text-[0.6875rem] leading-tight font-medium tracking-tight [&_svg:not([class*='size-'])]:size-[1.125rem]";

function LinkAction({ link, label, icon, layout, description }: { link: PaperLink | null; label: string; icon: ReactNode; layout: Layout; description: string }) {
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
  layout: Layout;
  /** More actions a list adds (e.g. the Zotero library's Delete). */
  extra?: ReactNode;
  className?: string;
};

/** Save Offline, Read, View, PDF, the Bookmark toggle and Export to Zotero (signed in). */
export function PaperActions({ paper, layout, extra, className }: PaperActionsProps) {
  const read = useReadPaper();
  const { bookmarked, toggle } = useBookmarkToggle(paper);
  const iconOnly = layout === "icons";
  const viewLink = paperViewLink(paper);
  const bookmarkLabel = bookmarked ? "Bookmarked" : "Bookmark";
  const BookmarkIcon = bookmarked ? BookmarkCheck : Bookmark;

  return (
    <div className={cn(iconOnly ? "flex items-center gap-0.5" : "grid auto-cols-fr grid-flow-col gap-0.5", className)}>
      <SaveOfflineButton paper={paper} layout={layout} className={iconOnly ? undefined : STACKED_ACTION} />
      <Button
        variant="ghost"
        size={iconOnly ? "icon" : "sm"}
        onClick={() => void read(paper)}
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
      <LinkAction link={paperPdfLink(paper)} label="PDF" layout={layout} description="PDF" icon={<FileText aria-hidden />} />
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
