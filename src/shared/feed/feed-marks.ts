/**
 * What a user tells the learned feed: explicit Relevant / Not relevant marks on feed cards and
 * search results, and the weaker signals of bookmarking or reading a paper. The names and
 * weights live here once, for the server's zod schemas, the database and the model alike.
 */
import type { FeedPaper } from "./feed-index";
import { FEED_MARK_KINDS, type FeedMarkKind } from "./feed-mark-api";

export { FEED_MARK_KINDS, type FeedMarkKind };

/** Marks the user gave on purpose: they override what bookmarks and reads suggest. */
export const FEED_EXPLICIT_MARKS: readonly FeedMarkKind[] = ["relevant", "not-relevant"];

/** How much one mark of each kind counts in training, a Relevant mark being 1. */
export const FEED_MARK_WEIGHTS: Record<FeedMarkKind, number> = {
  relevant: 1,
  "not-relevant": 1,
  bookmark: 0.5,
  read: 0.25,
};

/** How a reason names the mark: "like 'X' that you marked / saved / read". */
export const FEED_MARK_VERBS: Record<Exclude<FeedMarkKind, "not-relevant">, string> = {
  relevant: "marked",
  bookmark: "saved",
  read: "read",
};

/** One mark: its kind and the marked paper (which need not be in the feed being ranked). */
export type FeedMark = { kind: FeedMarkKind; paper: FeedPaper };

/** A paper's strongest signal when it carries several (an explicit mark, else the heavier weak one). */
export type ResolvedMark = { kind: FeedMarkKind; paper: FeedPaper; label: 1 | -1; weight: number };

/**
 * One signal per paper: an explicit mark wins over a bookmark or a read (a paper bookmarked and
 * then marked Not relevant is a negative), the later explicit mark wins over an earlier one,
 * and among weak signals the heavier counts. Marks keep the order they came in.
 */
export function resolveMarks(marks: readonly FeedMark[]): ResolvedMark[] {
  const byPaper = new Map<string, ResolvedMark>();
  for (const mark of marks) {
    const resolved: ResolvedMark = { kind: mark.kind, paper: mark.paper, label: mark.kind === "not-relevant" ? -1 : 1, weight: FEED_MARK_WEIGHTS[mark.kind] };
    const known = byPaper.get(mark.paper.id);
    if (!known) {
      byPaper.set(mark.paper.id, resolved);
      continue;
    }
    const explicit = FEED_EXPLICIT_MARKS.includes(mark.kind);
    const knownExplicit = FEED_EXPLICIT_MARKS.includes(known.kind);
    if (explicit || (!knownExplicit && resolved.weight > known.weight)) byPaper.set(mark.paper.id, resolved);
  }
  return [...byPaper.values()];
}
