import { ArrowDown, LoaderCircle } from "lucide-react";
import { cn } from "@/web/lib/utils";
import type { PullToRefresh } from "./use-pull-to-refresh";

const LABELS = {
  pulling: "Pull to refresh",
  "can-refresh": "Release to refresh",
  refreshing: "Refreshing…",
} as const;

/** The round badge that follows the pull down from the top of the page. */
export function PullToRefreshIndicator({ pull }: { pull: PullToRefresh }) {
  if (pull.phase === "idle") return null;
  const progress = Math.min(pull.distance / pull.threshold, 1);
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-14 z-40 flex justify-center"
      style={{ transform: `translateY(${pull.distance - 24}px)`, opacity: Math.max(progress, 0.3) }}
    >
      <div role="status" className="flex items-center gap-2 rounded-full border border-border bg-popover px-3 py-1.5 text-xs font-medium text-popover-foreground shadow-md">
        {pull.phase === "refreshing" ? (
          <LoaderCircle className="size-4 animate-spin text-primary" aria-hidden />
        ) : (
          <ArrowDown
            className={cn("size-4 text-primary transition-transform", pull.phase === "can-refresh" && "rotate-180")}
            aria-hidden
          />
        )}
        {LABELS[pull.phase]}
      </div>
    </div>
  );
}
