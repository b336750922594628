import { BREAKPOINT_LARGE_PX } from "@/shared/constants";
import { useMediaQuery } from "@/web/hooks/use-media-query";
import { Skeleton } from "@/web/components/ui/skeleton";

/** Placeholder rows (wide) or cards (narrow) in the shape of the paper list. */
export function PaperListSkeleton({ rows = 6 }: { rows?: number }) {
  const isWide = useMediaQuery(`(min-width: ${BREAKPOINT_LARGE_PX}px)`);
  const items = Array.from({ length: rows }, (_, index) => index);
  if (isWide) {
    return (
      <div className="overflow-hidden rounded-xl border border-border bg-card" aria-hidden>
        <div className="h-10 border-b border-border bg-muted/40" />
        {items.map((index) => (
          <div key={index} className="flex items-start gap-4 border-b border-border px-4 py-4 last:border-b-0">
            <Skeleton className="h-4 w-6" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4" style={{ width: `${70 - (index % 3) * 12}%` }} />
              <Skeleton className="h-4 w-1/3" />
            </div>
            <Skeleton className="h-4 w-[22%]" />
            <Skeleton className="h-5 w-16 rounded-full" />
            <Skeleton className="h-4 w-20" />
            <div className="flex gap-2">
              {[0, 1, 2, 3].map((button) => (
                <Skeleton key={button} className="size-7" />
              ))}
            </div>
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="space-y-3" aria-hidden>
      {items.slice(0, 4).map((index) => (
        <div key={index} className="space-y-2.5 rounded-xl border border-border bg-card p-4">
          <Skeleton className="h-5 w-11/12" />
          <Skeleton className="h-5" style={{ width: `${60 - (index % 2) * 15}%` }} />
          <Skeleton className="h-4 w-2/3" />
          <div className="flex gap-2 pt-1">
            <Skeleton className="h-5 w-14 rounded-full" />
            <Skeleton className="h-5 w-20" />
          </div>
          <div className="flex gap-2 border-t border-border pt-3">
            {[0, 1, 2, 3].map((button) => (
              <Skeleton key={button} className="h-8 w-16" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
