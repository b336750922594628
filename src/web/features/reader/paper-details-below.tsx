import { categoryName } from "@/shared/categories";
import { formatAuthorName, formatPaperDate } from "@/shared/format";
import type { Paper } from "@/shared/paper";
import { Badge } from "@/web/components/ui/badge";

/** Below the viewer: authors, categories, published date, comments and journal. */
export function PaperDetailsBelow({ paper }: { paper: Paper }) {
  const authors = paper.authors.map(formatAuthorName).filter(Boolean);
  const journal = paper.journalRef ?? paper.journal ?? null;
  return (
    <section aria-label="Paper details" className="mt-6 rounded-xl border border-border bg-card px-5 py-5 text-sm shadow-xs sm:px-8">
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[9rem_minmax(0,1fr)]">
        <dt className="font-medium text-muted-foreground">Authors</dt>
        <dd className="leading-relaxed">{authors.length > 0 ? authors.join(", ") : "Unknown authors"}</dd>
        {paper.categories.length > 0 ? (
          <>
            <dt className="font-medium text-muted-foreground">Categories</dt>
            <dd className="flex flex-wrap gap-1.5">
              {paper.categories.map((category) => (
                <Badge key={category} variant="secondary" title={categoryName(category)}>
                  {category}
                </Badge>
              ))}
            </dd>
          </>
        ) : null}
        <dt className="font-medium text-muted-foreground">Published</dt>
        <dd>{formatPaperDate(paper.publishedDate)}</dd>
        {paper.comments ? (
          <>
            <dt className="font-medium text-muted-foreground">Comments</dt>
            <dd className="leading-relaxed">{paper.comments}</dd>
          </>
        ) : null}
        {journal ? (
          <>
            <dt className="font-medium text-muted-foreground">Journal</dt>
            <dd className="leading-relaxed">{journal}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
