import { MATCHED_BY_NAME_NOTE } from "@/shared/author-identity";
import { SCORE_AUTHOR_MATCH, SCORE_CATEGORY_MATCH, SCORE_PER_EXCLUDE_TERM, SCORE_PER_KEYWORD, type ScoreExplanation } from "@/shared/catchup";
import { cn } from "@/web/lib/utils";

/** Why a paper scored what it did: each matched rule as a small chip, the score first. */
export function ScoreReasons({ explanation, className }: { explanation: ScoreExplanation; className?: string }) {
  const reasons: { text: string; tone: "plus" | "minus" }[] = [];
  if (explanation.category) reasons.push({ text: `${explanation.category} +${SCORE_CATEGORY_MATCH}`, tone: "plus" });
  if (explanation.author) {
    // An author with an identity whose paper OpenAlex could not confirm: the name stood in.
    const note = explanation.authorBy === "name" ? ` (${MATCHED_BY_NAME_NOTE})` : "";
    reasons.push({ text: `${explanation.author} +${SCORE_AUTHOR_MATCH}${note}`, tone: "plus" });
  }
  for (const keyword of explanation.keywords) reasons.push({ text: `“${keyword}” +${SCORE_PER_KEYWORD}`, tone: "plus" });
  for (const term of explanation.excludeTerms) reasons.push({ text: `“${term}” ${SCORE_PER_EXCLUDE_TERM}`, tone: "minus" });
  const percent = `${Math.round(explanation.score * 100)}%`;
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-1 text-xs", className)} aria-label={`Score ${percent}: ${reasons.map((reason) => reason.text).join(", ")}`}>
      <span className="rounded-md bg-primary/10 px-1.5 py-0.5 font-semibold text-primary tabular-nums">Score {percent}</span>
      {reasons.map((reason) => (
        <span
          key={reason.text}
          className={cn(
            "rounded-md px-1.5 py-0.5",
            reason.tone === "plus" ? "bg-muted text-muted-foreground" : "bg-destructive/10 text-destructive dark:text-[oklch(0.78_0.13_27)]",
          )}
        >
          {reason.text}
        </span>
      ))}
    </span>
  );
}
