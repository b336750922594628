import { Link } from "react-router";
import { Info } from "lucide-react";
import { describePaperChange, keptVersion } from "@/shared/paper-changes";
import type { Paper } from "@/shared/paper";
import { Button } from "@/web/components/ui/button";
import { newVersionPath } from "./paper-change-badge";
import { usePaperChanges } from "./paper-changes-queries";

/**
 * Above the reader of a paper whose newer version the user has been told of: a link to it. The
 * reader (and the cloud PDF cache) stay on the version open until the user moves.
 */
export function ReaderVersionNotice({ paper }: { paper: Paper }) {
  const { changes, update } = usePaperChanges();
  const shown = keptVersion(paper);
  const change = changes.find((candidate) => candidate.paperId === paper.id && candidate.kind === "version" && (shown === null || (candidate.toVersion ?? 0) > shown));
  if (!change) return null;
  const open = newVersionPath(paper, change);
  // The icon keeps to the text's first line on a phone too; the actions wrap under the text.
  return (
    <div role="note" className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1.5">
        <span>A newer version is out: {describePaperChange(change)}.</span>
        {open ? (
          <Link to={open} className="font-medium underline underline-offset-2">
            Open v{change.toVersion}
          </Link>
        ) : null}
        {change.origin === "bookmark" ? (
          <Button variant="outline" size="sm" className="h-7" onClick={() => void update(paper.id)}>
            Update bookmark
          </Button>
        ) : null}
      </div>
    </div>
  );
}
