import { MATCHED_BY_NAME_NOTE } from "@/shared/author-identity";
import { SCORE_AUTHOR_MATCH, SCORE_CATEGORY_MATCH, SCORE_PER_EXCLUDE_TERM, SCORE_PER_KEYWORD, type ScoreExplanation } from "@/shared/catchup";
import { FEED_MARK_VERBS } from "@/shared/feed/feed-marks";
import type { FeedLikeReason } from "@/shared/feed/rank-feed";
import { cn } from "@/web/lib/utils";

type ScoreReasonsProps = {
  explanation: ScoreExplanation;
  /** The learned feed's blended score, shown instead of the profile's once the model ranks. */
  score?: number;
  /** The marked paper this one is like: the learned half of why it ranks where it does. */
  like?: FeedLikeReason | null;
  className?: string;
};

/** Why a paper scored what it did: the marked paper it is like, then each matched rule as a small chip, the score first. */
export function ScoreReasons({ explanation, score, like, className }: ScoreReasonsProps) {
  const reasons: { text: string; tone: "like" | "plus" | "minus" }[] = [];
  if (like) reasons.push({ text: `like “${like.title}” that you ${FEED_MARK_VERBS[like.mark]}`, tone: "like" });
  if (explanation.category) reasons.push({ text: `${explanation.category} +${SCORE_CATEGORY_MATCH}`, tone: "plus" });
  if (explanation.author) {
    // An author with an identity whose paper OpenAlex could not confirm: the name stood in.
    const note = explanation.authorBy === "name" ? ` (${MATCHED_BY_NAME_NOTE})` : "";
    reasons.push({ text: `${explanation.author} +${SCORE_AUTHOR_MATCH}${note}`, tone: "plus" });
  }
  for (const keyword of explanation.keywords) reasons.push({ text: `“${keyword}” +${SCORE_PER_KEYWORD}`, tone: "plus" });
  for (const term of explanation.excludeTerms) reasons.push({ text: `“${term}” ${SCORE_PER_EXCLUDE_TERM}`, tone: "minus" });
  const percent = `${Math.round((score ?? explanation.score) * 100)}%`;
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-1 text-xs", className)} aria-label={`Score ${percent}: ${reasons.map((reason) => reason.text).join(", ")}`}>
      <span className="rounded-md bg-primary/10 px-1.5 py-0.5 font-semibold text-primary tabular-nums">Score {percent}</span>
      {reasons.map((reason) => (
        <span
          key={reason.text}
          title={reason.tone === "like" ? reason.text : undefined}
          className={cn(
            "rounded-md px-1.5 py-0.5",
            reason.tone === "like" && "max-w-full truncate bg-primary/10 text-primary",
            reason.tone === "plus" && "bg-muted text-muted-foreground",
            reason.tone === "minus" && "bg-destructive/10 text-destructive dark:text-[oklch(0.78_0.13_27)]",
          )}
        >
          {reason.text}
        </span>
      ))}
    </span>
  );
}
