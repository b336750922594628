import { useState } from "react";
import { Link } from "react-router";
import { CheckCircle2, Info } from "lucide-react";
import { describePaperChange, keptVersion, type PaperChange } from "@/shared/paper-changes";
import type { Paper } from "@/shared/paper";
import { Button } from "@/web/components/ui/button";
import { toast } from "@/web/components/ui/use-toast";
import { newVersionPath } from "./paper-change-badge";
import { usePaperChanges } from "./paper-changes-queries";

const NOTICE_CLASS = "mt-3 flex items-start gap-2 rounded-lg border px-3 py-2 text-sm";

/**
 * Above the reader of a paper whose newer version the user has been told of: a link to it, and
 * (for a bookmark) Update. The reader (and the cloud PDF cache) stay on the version open until
 * the user moves; after Update the notice says the bookmark keeps the new version now, still
 * offering it, since the page open is the old one.
 */
export function ReaderVersionNotice({ paper }: { paper: Paper }) {
  const { changes, update } = usePaperChanges();
  // The change the user applied here: it leaves the open list, and the notice says what it did.
  const [applied, setApplied] = useState<PaperChange | null>(null);
  const [updating, setUpdating] = useState(false);
  const shown = keptVersion(paper);
  const open = changes.find((candidate) => candidate.paperId === paper.id && candidate.kind === "version" && (shown === null || (candidate.toVersion ?? 0) > shown));
  const change = applied?.paperId === paper.id ? applied : open;
  if (!change) return null;
  const path = newVersionPath(paper, change);
  const openLink = path ? (
    <Link to={path} className="font-medium underline underline-offset-2">
      Open v{change.toVersion}
    </Link>
  ) : null;

  if (change === applied) {
    return (
      <div role="note" className={`${NOTICE_CLASS} border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-400/40 dark:bg-emerald-400/10 dark:text-emerald-100`}>
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1.5">
          <span>
            Your bookmark now keeps v{change.toVersion}.{shown !== null ? ` This page shows v${shown}.` : ""}
          </span>
          {openLink}
        </div>
      </div>
    );
  }

  const handleUpdate = async () => {
    setUpdating(true);
    try {
      await update(paper.id);
      setApplied(change);
      toast({ title: "Bookmark updated", description: `${paper.title} (now v${change.toVersion})` });
    } catch {
      toast({ title: "Could not update the bookmark", variant: "destructive" });
    } finally {
      setUpdating(false);
    }
  };

  // The icon keeps to the text's first line on a phone too; the actions wrap under the text.
  return (
    <div role="note" className={`${NOTICE_CLASS} border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100`}>
      <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1.5">
        <span>A newer version is out: {describePaperChange(change)}.</span>
        {openLink}
        {change.origin === "bookmark" ? (
          <Button variant="outline" size="sm" className="h-7" disabled={updating} onClick={() => void handleUpdate()}>
            Update bookmark
          </Button>
        ) : null}
      </div>
    </div>
  );
}
