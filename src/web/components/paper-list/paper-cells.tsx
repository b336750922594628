import { categoryName } from "@/shared/categories";
import { formatDateTime, formatPaperDate } from "@/shared/format";
import type { Paper } from "@/shared/paper";
import { Badge } from "@/web/components/ui/badge";

const SOURCE_LABELS: Record<string, string> = {
  arxiv: "arXiv",
  openalex: "OpenAlex",
  crossref: "Crossref",
  journal: "Journal",
  zotero: "Zotero",
  preprint: "Preprint",
};

export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source] ?? source;
}

/** An arXiv category code (cs.CL, hep-th, cond-mat.mtrl-sci), as opposed to a subject name (OpenAlex's concepts). */
const CATEGORY_CODE = /^[a-z-]+(\.[A-Za-z-]+)?$/;

/** The category cell: the arXiv code, a source's subject name, or, with neither, where it was published. */
export function CategoryBadge({ paper }: { paper: Paper }) {
  if (!paper.category || paper.category === "unknown") {
    const venue = paper.journal || paper.publisher || sourceLabel(paper.source);
    return (
      <span className="line-clamp-2 text-xs text-muted-foreground" title={venue}>
        {venue}
      </span>
    );
  }
  if (!CATEGORY_CODE.test(paper.category)) {
    // A subject name ("Computer vision") is words, not a code: it wraps rather than being cut.
    return (
      <span className="line-clamp-2 text-xs leading-snug font-medium" title={paper.category}>
        {paper.category}
      </span>
    );
  }
  return (
    <Badge variant="secondary" title={categoryName(paper.category)} className="max-w-full font-mono font-medium">
      <span className="truncate">{paper.category}</span>
    </Badge>
  );
}

export function PaperDate({ value }: { value: string | null | undefined }) {
  const text = formatPaperDate(value);
  return value && text !== "Invalid date" ? <time dateTime={value}>{text}</time> : <span className="text-muted-foreground">{text}</span>;
}

export function AddedDate({ value, withTime }: { value: string | undefined; withTime: boolean }) {
  return <span>{withTime ? formatDateTime(value) : formatPaperDate(value)}</span>;
}
