import type { CatchupFeedRequest } from "@/shared/catchup";
import type { Paper } from "@/shared/paper";

/** The author box, the tab and the Bookmarked filter over a ranked or scored list. */
export function selectFeed<E extends { paper: Paper }>(request: CatchupFeedRequest, ranked: E[], recommendedOf: (entries: E[]) => E[]) {
  const author = request.author?.trim().toLowerCase();
  const matching = author ? ranked.filter((entry) => entry.paper.authors.some((name) => name.toLowerCase().includes(author))) : ranked;
  const recommended = recommendedOf(matching);
  let list = request.tab === "recommended" || request.filter === "recommended" ? recommended : matching;
  if (request.filter === "bookmarked") {
    const ids = new Set(request.bookmarkedIds ?? []);
    list = list.filter((entry) => ids.has(entry.paper.id));
  }
  return { list, matching: matching.length, recommended: recommended.length };
}
