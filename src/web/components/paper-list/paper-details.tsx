import type { ReactNode } from "react";
import { categoryName } from "@/shared/categories";
import { formatCount, formatPaperDate } from "@/shared/format";
import type { Paper } from "@/shared/paper";
import { rewritePaperLink } from "@/shared/paper-links";
import { Badge } from "@/web/components/ui/badge";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

/** A row's expanded part: the abstract and the details the row has no room for. */
export function PaperDetails({ paper, id }: { paper: Paper; id: string }) {
  const doiHref = paper.doi ? `https://doi.org/${paper.doi}` : null;
  return (
    <div id={id} className="space-y-4">
      <section aria-label="Abstract">
        <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Abstract</h4>
        <p className="mt-1 max-w-[80ch] font-serif text-[0.95rem] leading-relaxed whitespace-pre-line">
          {paper.abstract.trim() || "No abstract available."}
        </p>
      </section>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
        {paper.doi ? (
          <Detail label="DOI">
            <a href={rewritePaperLink(doiHref!)} target="_blank" rel="noopener noreferrer" className="font-mono text-[0.8125rem] text-primary underline-offset-2 hover:underline">
              {paper.doi}
            </a>
          </Detail>
        ) : null}
        {paper.journalRef ? <Detail label="Journal ref">{paper.journalRef}</Detail> : null}
        {!paper.journalRef && paper.journal ? <Detail label="Journal">{paper.journal}</Detail> : null}
        {paper.comments ? <Detail label="Comments">{paper.comments}</Detail> : null}
        {paper.citationCount !== undefined ? <Detail label="Citations">{formatCount(paper.citationCount)}</Detail> : null}
        <Detail label="Published">{formatPaperDate(paper.publishedDate)}</Detail>
        <Detail label="Updated">{formatPaperDate(paper.updatedDate)}</Detail>
        {paper.categories.length > 0 ? (
          <Detail label="Categories">
            <span className="mt-0.5 flex flex-wrap gap-1">
              {paper.categories.map((category) => (
                <Badge key={category} variant="secondary" title={categoryName(category)} className={/^[a-z-]+(\.[A-Za-z-]+)?$/.test(category) ? "font-mono font-medium" : "font-medium"}>
                  {category}
                </Badge>
              ))}
            </span>
          </Detail>
        ) : null}
      </dl>
    </div>
  );
}
