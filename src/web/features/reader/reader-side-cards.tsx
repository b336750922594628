import { useState } from "react";
import { ChevronDown } from "lucide-react";
import { categoryName } from "@/shared/categories";
import { formatCount, formatPaperDate } from "@/shared/format";
import type { Paper } from "@/shared/paper";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { cn } from "@/web/lib/utils";
import { NotesCard } from "./notes-card";
import type { ReaderView } from "./paper-route";
import { RelationsCard } from "./relations-card";

const SOURCE_LABELS: Record<Paper["source"], string> = {
  arxiv: "arXiv",
  openalex: "OpenAlex",
  crossref: "Crossref",
  journal: "Journal",
  zotero: "Zotero",
  preprint: "Preprint",
};

/** Paper Information, Abstract, Notes, References and Citations. */
export function ReaderSideCards({ paper, view }: { paper: Paper; view: ReaderView }) {
  return (
    <aside aria-label="About this paper" className="flex min-w-0 flex-col gap-4">
      <PaperInformationCard paper={paper} />
      {view !== "abs" ? <AbstractCard paper={paper} /> : null}
      <NotesCard paper={paper} />
      <RelationsCard paper={paper} kind="references" />
      <RelationsCard paper={paper} kind="citations" />
    </aside>
  );
}

function InfoRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right break-words">{children}</dd>
    </div>
  );
}

function PaperInformationCard({ paper }: { paper: Paper }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle level={2} className="text-base">Paper Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-border">
          <InfoRow label="Source">{SOURCE_LABELS[paper.source]}</InfoRow>
          <InfoRow label="ID">
            <span className="font-mono text-xs">{paper.arxivId ?? paper.id}</span>
          </InfoRow>
          <InfoRow label="Published">{formatPaperDate(paper.publishedDate)}</InfoRow>
          {paper.updatedDate && paper.updatedDate !== paper.publishedDate ? <InfoRow label="Updated">{formatPaperDate(paper.updatedDate)}</InfoRow> : null}
          {paper.category && paper.category !== "unknown" ? <InfoRow label="Category">{categoryName(paper.category)}</InfoRow> : null}
          {paper.citationCount !== undefined ? <InfoRow label="Citations">{formatCount(paper.citationCount)}</InfoRow> : null}
          {paper.doi ? (
            <InfoRow label="DOI">
              <a href={`https://doi.org/${paper.doi}`} target="_blank" rel="noopener noreferrer" className="font-mono text-xs text-primary hover:underline">
                {paper.doi}
              </a>
            </InfoRow>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}

function AbstractCard({ paper }: { paper: Paper }) {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle level={2} className="text-base">Abstract</CardTitle>
      </CardHeader>
      <CardContent>
        {paper.abstract ? (
          <>
            <p className={cn("text-sm leading-relaxed text-foreground/85", !open && "line-clamp-6")}>{paper.abstract}</p>
            <button
              type="button"
              onClick={() => setOpen((value) => !value)}
              aria-expanded={open}
              className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
            >
              {open ? "Show less" : "Show more"}
              <ChevronDown aria-hidden className={cn("size-4 transition-transform", open && "rotate-180")} />
            </button>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">No abstract available.</p>
        )}
      </CardContent>
    </Card>
  );
}
