import { useId } from "react";
import { Sparkles } from "lucide-react";
import { FEED_COLD_START_ENOUGH_MARKS } from "@/shared/feed/feed-mark-api";
import type { Paper } from "@/shared/paper";
import { FeedMarkChoices } from "@/web/features/feed-marks/feed-mark-buttons";
import { useFeedMarks } from "@/web/features/feed-marks/feed-mark-queries";

/**
 * The cold start: a user with categories in their profile and (almost) no marks is asked to
 * mark a few papers of their categories, which the feed picks to be recent and unlike one
 * another. It goes once they have marked enough for the feed to learn from.
 */
export function ColdStartPrompt({ papers }: { papers: Paper[] | undefined }) {
  const headingId = useId();
  const { marks, setMark } = useFeedMarks();
  if (!papers?.length || Object.keys(marks).length >= FEED_COLD_START_ENOUGH_MARKS) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-primary/30 bg-primary/5 px-4 py-4 sm:px-5">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <Sparkles className="size-4 text-primary" aria-hidden />
        Teach your feed
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Mark a few of these papers from your categories as Relevant or Not relevant: the feed learns from your marks and ranks what you want first.
      </p>
      <ul className="mt-3 divide-y divide-border">
        {papers.map((paper) => (
          <li key={paper.id} className="flex flex-col gap-1.5 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
            <div className="min-w-0">
              <p className="text-sm font-medium leading-snug">{paper.title}</p>
              <p className="truncate text-xs text-muted-foreground">
                {paper.authors.slice(0, 3).join(", ")}
                {paper.authors.length > 3 ? " et al." : ""} · {paper.category}
              </p>
            </div>
            <FeedMarkChoices paper={paper} marks={marks} setMark={setMark} className="shrink-0" />
          </li>
        ))}
      </ul>
    </section>
  );
}
