import { PaperListSkeleton } from "@/web/components/paper-list/paper-list-skeleton";

/** While the first page of a search (or the list's code) loads. */
export function SearchResultsSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Searching…
      </p>
      <div className="mb-4 h-9" />
      <PaperListSkeleton />
    </div>
  );
}
