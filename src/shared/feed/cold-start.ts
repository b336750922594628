/**
 * The cold start: a user with no marks is asked to mark a few papers of their categories. The
 * papers asked about should be recent (what the feed will show) and unlike one another (each
 * answer then teaches the model something new), and every category should get its turn.
 */
import type { FeedIndex, FeedPaper } from "./feed-index";

/** How many papers a new user is asked to mark. */
export const FEED_COLD_START_COUNT = 8;
/** The papers are chosen among this many of the newest in the user's categories. */
export const FEED_COLD_START_POOL = 150;
/** How much being older costs a paper against being different (0: only difference counts). */
const RECENCY_WEIGHT = 0.15;

export type ColdStartOptions = { categories: readonly string[]; count?: number; pool?: number };

function publishedMs(paper: FeedPaper): number {
  const ms = paper.publishedDate ? Date.parse(paper.publishedDate) : Number.NaN;
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/**
 * Papers of the index to ask a new user about, in the order to show them: the newest paper of
 * each category in turn first, then, category by category, the paper least like those already
 * chosen (greedy farthest-first over the tf-idf vectors), a newer paper winning when two are as
 * different. Deterministic: the same index and categories give the same papers.
 */
export function pickColdStartPapers<P extends FeedPaper>(index: FeedIndex<P>, options: ColdStartOptions): P[] {
  const count = options.count ?? FEED_COLD_START_COUNT;
  const categories = [...new Set(options.categories)];
  const wanted = new Set(categories);
  const inCategories: number[] = [];
  index.papers.forEach((paper, position) => {
    if (paper.categories.some((category) => wanted.has(category))) inCategories.push(position);
  });
  // Newest first; the index's order on equal dates.
  const pool = inCategories
    .map((position) => ({ position, ms: publishedMs(index.papers[position]!) }))
    .sort((a, b) => b.ms - a.ms || a.position - b.position)
    .slice(0, options.pool ?? FEED_COLD_START_POOL)
    .map(({ position }) => position);
  if (pool.length === 0 || count <= 0) return [];

  /** Per pool paper, its greatest similarity to a chosen paper. */
  const closest = new Float64Array(pool.length);
  const chosen = new Set<number>();
  const dense = new Float32Array(index.dimensions);
  const { offsets, terms, values } = index;
  const choose = (at: number) => {
    chosen.add(at);
    const position = pool[at]!;
    for (let k = offsets[position]!; k < offsets[position + 1]!; k += 1) dense[terms[k]!] = values[k]!;
    pool.forEach((other, j) => {
      let dot = 0;
      for (let k = offsets[other]!; k < offsets[other + 1]!; k += 1) dot += dense[terms[k]!]! * values[k]!;
      closest[j] = Math.max(closest[j]!, dot / index.maxSimilarity);
    });
    for (let k = offsets[position]!; k < offsets[position + 1]!; k += 1) dense[terms[k]!] = 0;
  };

  for (let turn = 0; chosen.size < Math.min(count, pool.length); turn += 1) {
    // Each category in turn; one with no paper left gives its turn to any category.
    const category = categories[turn % categories.length]!;
    let best = -1;
    let bestCost = Number.POSITIVE_INFINITY;
    for (const anyCategory of [false, true]) {
      pool.forEach((position, at) => {
        if (chosen.has(at) || (!anyCategory && !index.papers[position]!.categories.includes(category))) return;
        const cost = closest[at]! + (RECENCY_WEIGHT * at) / pool.length;
        if (cost < bestCost) {
          best = at;
          bestCost = cost;
        }
      });
      if (best >= 0) break;
    }
    choose(best);
  }
  return [...chosen].map((at) => index.papers[pool[at]!]!);
}
