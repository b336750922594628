import { memo } from "react";
import type { UserFeedMarkKind } from "@/shared/feed/feed-mark-api";
import type { Paper } from "@/shared/paper";
import { RowIcon, type RowIconName } from "@/web/components/paper-list/row-icon";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/utils";
import { markOf, useFeedMarks } from "./feed-mark-queries";

const CHOICES: { kind: UserFeedMarkKind; label: string; hint: string; icon: RowIconName }[] = [
  { kind: "relevant", label: "Relevant", hint: "More papers like this in your feed", icon: "thumbs-up" },
  { kind: "not-relevant", label: "Not relevant", hint: "Fewer papers like this in your feed", icon: "thumbs-down" },
];

type FeedMarks = ReturnType<typeof useFeedMarks>;

/**
 * Relevant / Not relevant for the learned feed: two toggle buttons (aria-pressed), the pressed
 * one pressed again clears the mark. The catch-up feed re-ranks by these marks.
 */
export function FeedMarkButtons({ paper, className }: { paper: Paper; className?: string }) {
  const { marks, setMark } = useFeedMarks();
  return <FeedMarkChoices paper={paper} marks={marks} setMark={setMark} className={className} />;
}

/**
 * FeedMarkButtons for a row of a list that reads the marks once for all its rows
 * (useFeedMarks): a hook per row is a query and a mutation observer per row, 50 of each for a
 * page of search results, all set up while the page is drawn.
 */
export function FeedMarkChoices({ paper, marks, setMark, className }: { paper: Paper; marks: FeedMarks["marks"]; setMark: FeedMarks["setMark"]; className?: string }) {
  return <MarkChoices paper={paper} current={markOf(marks, paper.id)} setMark={setMark} className={className} />;
}

/** The buttons, redrawn only when this paper's mark changes (given a setMark that stays the same). */
const MarkChoices = memo(function MarkChoices({
  paper,
  current,
  setMark,
  className,
}: {
  paper: Paper;
  current: UserFeedMarkKind | null;
  setMark: FeedMarks["setMark"];
  className?: string;
}) {
  return (
    <span role="group" aria-label={`Mark “${paper.title}” for your feed`} className={cn("inline-flex items-center gap-1", className)}>
      {CHOICES.map(({ kind, label, hint, icon }) => {
        const pressed = current === kind;
        return (
          <Button
            key={kind}
            type="button"
            variant="outline"
            size="sm"
            aria-pressed={pressed}
            title={pressed ? "Clear your mark" : hint}
            onClick={() => setMark(paper, pressed ? null : kind)}
            className={cn(
              "h-7 gap-1 px-2 text-xs font-medium",
              pressed && kind === "relevant" && "border-primary bg-primary/10 text-primary",
              pressed && kind === "not-relevant" && "border-destructive/60 bg-destructive/10 text-destructive dark:text-[oklch(0.78_0.13_27)]",
            )}
          >
            <RowIcon name={icon} className="size-3.5" filled={pressed} />
            {label}
          </Button>
        );
      })}
    </span>
  );
});
