import { RefreshCw, Search, X } from "lucide-react";
import {
  CATCHUP_RANGE_LABELS,
  CATCHUP_RANGES,
  CATCHUP_THRESHOLD_MAX,
  CATCHUP_THRESHOLD_MIN,
  CATCHUP_THRESHOLD_STEP,
  formatThreshold,
  type CatchupRange,
} from "@/shared/catchup";
import { categoryName } from "@/shared/categories";
import { ALL_CATEGORIES, CategoryPicker } from "@/web/components/paper-list/category-picker";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { cn } from "@/web/lib/utils";
import type { CatchupFilterState } from "./use-catchup-controls";

type CatchupFiltersProps = {
  filters: CatchupFilterState;
  /** The page's ids for its inputs, so each label names its control. */
  ids: { author: string; category: string; range: string; sensitivity: string };
  loadedOnce: boolean;
  /** The feed is being asked for (the button's icon spins). */
  fetching: boolean;
  /** Nothing to show yet and the first answer is on its way. */
  waiting: boolean;
  onLoad: () => void;
};

/** The feed's controls: author, categories, time range, sensitivity, and Load or Refresh Papers. */
export function CatchupFilters({ filters, ids, loadedOnce, fetching, waiting, onLoad }: CatchupFiltersProps) {
  return (
    <div className="space-y-4 rounded-xl border border-border bg-card p-4 shadow-xs sm:p-5">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={ids.author}>Author</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id={ids.author}
              type="search"
              value={filters.authorDraft}
              onChange={(event) => filters.setAuthor(event.target.value)}
              placeholder="Search by author name"
              className="pl-9"
              maxLength={200}
            />
          </div>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.category}>Add a category</Label>
          <CategoryPicker id={ids.category} value={ALL_CATEGORIES} onChange={filters.addCategory} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1.5" aria-label="Categories in the feed">
        {filters.categories.length === 0 ? <span className="text-sm text-muted-foreground">No category: add one to see papers.</span> : null}
        {filters.categories.map((code) => (
          <Badge key={code} variant="secondary" className="gap-1 py-1 pr-1 pl-2 font-medium">
            <span title={categoryName(code)}>{code}</span>
            <button
              type="button"
              onClick={() => filters.removeCategory(code)}
              aria-label={`Remove ${code}`}
              className="rounded-sm p-0.5 text-muted-foreground hover:bg-background hover:text-foreground"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </Badge>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end">
        <div className="space-y-1.5">
          <Label htmlFor={ids.range}>Time range</Label>
          <NativeSelect id={ids.range} aria-label="Select time range" value={filters.range} onChange={(event) => filters.setRange(event.target.value as CatchupRange)}>
            {CATCHUP_RANGES.map((value) => (
              <option key={value} value={value}>
                {CATCHUP_RANGE_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <div className="flex items-center justify-between">
            <Label htmlFor={ids.sensitivity}>Sensitivity</Label>
            <output htmlFor={ids.sensitivity} className="font-mono text-sm tabular-nums" aria-live="polite">
              {formatThreshold(filters.thresholdDraft)}
            </output>
          </div>
          <input
            id={ids.sensitivity}
            type="range"
            min={CATCHUP_THRESHOLD_MIN}
            max={CATCHUP_THRESHOLD_MAX}
            step={CATCHUP_THRESHOLD_STEP}
            value={filters.thresholdDraft}
            aria-valuetext={formatThreshold(filters.thresholdDraft)}
            onChange={(event) => filters.setThreshold(Number(event.target.value))}
            className="h-9 w-full cursor-pointer accent-primary"
          />
        </div>
        <Button type="button" className="h-10" onClick={onLoad} disabled={waiting}>
          <RefreshCw className={cn(fetching && "animate-spin")} aria-hidden />
          {loadedOnce ? "Refresh Papers" : "Load Papers"}
        </Button>
      </div>
    </div>
  );
}
