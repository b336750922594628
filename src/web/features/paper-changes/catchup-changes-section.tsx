import { Link } from "react-router";
import { X } from "lucide-react";
import { parseArxivId } from "@/shared/arxiv-id";
import { versionedArxivId, type PaperChange } from "@/shared/paper-changes";
import { Button } from "@/web/components/ui/button";
import { readerPath } from "@/web/features/reader/paper-route";
import { PaperChangeLine } from "./paper-change-badge";
import { usePaperChanges } from "./paper-changes-queries";

/** The paper as the user keeps it: the kept version of a version change, so nothing moves until they ask. */
function keptPath(change: PaperChange): string {
  const parsed = parseArxivId(change.paperId);
  const kept = parsed && !parsed.version && change.kind === "version" && change.fromVersion ? versionedArxivId(parsed.id, change.fromVersion) : null;
  return readerPath("abs", kept ?? change.paperId);
}

/** Paper Catchup's "Changes": new versions and publications of the papers the user keeps, above the feed. */
export function CatchupChangesSection() {
  const { changes, update, dismiss } = usePaperChanges();
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="catchup-changes-heading" className="mt-5 rounded-xl border border-border bg-card p-4">
      <h2 id="catchup-changes-heading" className="font-serif text-lg font-semibold">
        Changes
      </h2>
      <p className="text-sm text-muted-foreground">New versions and publications of papers you keep.</p>
      <ul className="mt-3 divide-y divide-border">
        {changes.map((change) => {
          const paper = { id: change.paperId, arxivId: null, source: "arxiv" as const, title: change.title };
          return (
            <li key={change.id} className="flex items-start justify-between gap-2 py-2">
              <div className="min-w-0 space-y-1">
                <Link to={keptPath(change)} className="font-medium hover:underline">
                  {change.title}
                </Link>
                <PaperChangeLine paper={paper} change={change} onUpdate={() => update(change.paperId)} />
              </div>
              <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={`Dismiss the change to ${change.title}`} onClick={() => void dismiss(change)}>
                <X aria-hidden />
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
