import { Link } from "react-router";
import { BellDot, RefreshCw } from "lucide-react";
import { arxivBaseId, describePaperChangeParts, versionedArxivId, type PaperChange } from "@/shared/paper-changes";
import type { Paper } from "@/shared/paper";
import { Button } from "@/web/components/ui/button";
import { toast } from "@/web/components/ui/use-toast";
import { readerPath } from "@/web/features/reader/paper-route";
import { usePaperChanges } from "./paper-changes-queries";

/** The reader path of the newest version a change names (null for a publication, or a paper with no arXiv id). */
export function newVersionPath(paper: Pick<Paper, "id" | "arxivId" | "source">, change: PaperChange): string | null {
  const base = arxivBaseId(paper) ?? (change.paperId.match(/^\d{4}\.\d{4,5}$/) ? change.paperId : null);
  return change.kind === "version" && change.toVersion && base ? readerPath("abs", versionedArxivId(base, change.toVersion)) : null;
}

/** What changed, with its actions: open the new version, move the bookmark to it ("Update"). */
export function PaperChangeLine({ paper, change, onUpdate, update = true }: { paper: Pick<Paper, "id" | "arxivId" | "source" | "title">; change: PaperChange; onUpdate: () => Promise<void>; update?: boolean }) {
  const open = newVersionPath(paper, change);
  const handleUpdate = async () => {
    try {
      await onUpdate();
      toast({ title: "Bookmark updated", description: paper.title });
    } catch {
      toast({ title: "Could not update the bookmark", variant: "destructive" });
    }
  };
  const { head, detail } = describePaperChangeParts(change);
  // The head stays one short chip even in a table's narrow title column; arXiv's comment, which
  // can run long, goes under it in two lines at most (all of it on hover).
  return (
    <div className="space-y-1 text-sm">
      <span className="inline-flex max-w-full items-start gap-1 rounded-md bg-amber-100 px-2 py-0.5 font-medium text-amber-950 dark:bg-amber-400/15 dark:text-amber-200">
        <BellDot aria-hidden className="mt-0.5 size-3.5 shrink-0" />
        {/* A journal reference is often one long token ("Astrophys.J.663:1149-1173,2007"): it wraps inside the chip. */}
        <span className="min-w-0 [overflow-wrap:anywhere]">{head}</span>
      </span>
      {detail ? (
        <p className="line-clamp-2 text-xs text-muted-foreground" title={detail}>
          {detail}
        </p>
      ) : null}
      {open || (update && change.origin === "bookmark") ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {open ? (
            <Link to={open} className="text-[0.8125rem] font-medium text-primary underline-offset-4 hover:underline">
              Open new version
            </Link>
          ) : null}
          {update && change.origin === "bookmark" ? (
            <Button variant="outline" size="sm" className="h-7" onClick={handleUpdate}>
              <RefreshCw aria-hidden />
              Update
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** A bookmark row's badge: what changed in the paper since it was bookmarked. */
export function PaperChangeBadge({ paper }: { paper: Paper }) {
  const { changes, update } = usePaperChanges();
  const mine = changes.filter((change) => change.paperId === paper.id && change.origin === "bookmark");
  if (mine.length === 0) return null;
  return (
    <div className="mt-1 space-y-1" role="status" aria-label={`Changes to ${paper.title}`}>
      {mine.map((change) => (
        <PaperChangeLine key={change.id} paper={paper} change={change} onUpdate={() => update(paper.id)} />
      ))}
    </div>
  );
}
