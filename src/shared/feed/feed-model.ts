/**
 * A user's model of what they want from a feed: a linear SVM trained on their marks over the
 * papers' tf-idf vectors. Positives are Relevant marks, and bookmarks and reads with less
 * weight; negatives are Not relevant marks, topped up with unmarked papers of the same feed
 * while there are few (arxiv-sanity-lite takes every unmarked paper as a negative: a sample
 * does as well and keeps training within milliseconds).
 */
import { resolveMarks, type FeedMark, type ResolvedMark } from "./feed-marks";
import type { FeedIndex, FeedPaper, SparseVector } from "./feed-index";
import { seededRandom, trainLinearSvm, type LinearModel, type TrainingExample } from "./linear-svm";

/** Unmarked feed papers taken as negatives until there are this many negatives in all. */
export const FEED_MIN_NEGATIVES = 400;
/**
 * A sampled negative is only presumed uninteresting: it counts this much next to a Not relevant
 * mark, so a few marks stand out among the hundreds sampled (the classes are balanced after).
 */
export const FEED_SAMPLED_NEGATIVE_WEIGHT = 0.05;
/**
 * The SVM's cost once the classes are balanced: small (arxiv-sanity-lite's), so every example
 * reaches its bound and counts in proportion to its weight: a bookmark half a Relevant mark.
 */
export const FEED_SVM_C = 0.01;
/** Decision values (small, with a small cost) are squashed by a logistic curve of this steepness into 0..1. */
export const FEED_MARGIN_SCALE = 10;
const MAX_EPOCHS = 20;
const TOLERANCE = 0.1;

export type FeedTrainingOptions = {
  minNegatives: number;
  sampledNegativeWeight: number;
  c: number;
  marginScale: number;
  /** Seeds the negative sample and the training order; by default taken from the marks. */
  seed?: number;
};

export const FEED_TRAINING_DEFAULTS: FeedTrainingOptions = {
  minNegatives: FEED_MIN_NEGATIVES,
  sampledNegativeWeight: FEED_SAMPLED_NEGATIVE_WEIGHT,
  c: FEED_SVM_C,
  marginScale: FEED_MARGIN_SCALE,
};

/** A trained model, and what it was trained on (the positives' vectors explain rankings). */
export type FeedModel = {
  linear: LinearModel;
  marginScale: number;
  positives: { mark: ResolvedMark; vector: SparseVector }[];
  negatives: number;
  sampledNegatives: number;
};

/** A stable 32-bit seed from the marked ids (FNV-1a): the same marks always give the same model. */
function seedOf(marks: readonly ResolvedMark[]): number {
  let hash = 0x811c9dc5;
  for (const mark of marks) {
    const text = `${mark.kind}:${mark.paper.id};`;
    for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Picks up to `count` distinct entries of `pool` that `skip` does not refuse, in pool order. In a
 * large pool it draws at random and rejects repeats and skipped entries (marks are few, so
 * rejections are rare) rather than copying the pool; in a small one it shuffles a copy.
 */
function sample(pool: readonly number[], count: number, skip: (entry: number) => boolean, random: () => number): number[] {
  if (count * 4 < pool.length) {
    const chosen = new Set<number>();
    for (let tries = 0; chosen.size < count && tries < count * 8; tries += 1) {
      const at = Math.floor(random() * pool.length);
      if (!chosen.has(at) && !skip(pool[at]!)) chosen.add(at);
    }
    return [...chosen].sort((a, b) => a - b).map((at) => pool[at]!);
  }
  const allowed = pool.filter((entry) => !skip(entry));
  if (count >= allowed.length) return allowed;
  // A partial Fisher-Yates shuffle: the first `count` slots get a uniform sample.
  const order = Array.from(allowed.keys());
  for (let i = 0; i < count; i += 1) {
    const j = i + Math.floor(random() * (order.length - i));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((at) => allowed[at]!);
}

/**
 * Trains a user's model over a feed index. `candidates` (positions in the index; all papers by
 * default) is where unmarked negatives are sampled from. Returns null while the user has no
 * positive mark: there is nothing yet to learn what they like from.
 */
export function trainFeedModel<P extends FeedPaper>(
  index: FeedIndex<P>,
  marks: readonly FeedMark[],
  candidates?: readonly number[],
  options: Partial<FeedTrainingOptions> = {},
): FeedModel | null {
  const settings = { ...FEED_TRAINING_DEFAULTS, ...options };
  const resolved = resolveMarks(marks);
  const positives = resolved.filter((mark) => mark.label === 1).map((mark) => ({ mark, vector: index.vectorOf(mark.paper) }));
  if (positives.length === 0) return null;
  const negatives = resolved.filter((mark) => mark.label === -1);
  const seed = settings.seed ?? seedOf(resolved);

  const examples: TrainingExample[] = positives.map(({ mark, vector }) => ({ vector, label: 1, weight: mark.weight }));
  for (const mark of negatives) examples.push({ vector: index.vectorOf(mark.paper), label: -1, weight: mark.weight });
  let sampledNegatives = 0;
  const wanted = settings.minNegatives - negatives.length;
  if (wanted > 0) {
    const marked = new Set(resolved.map((mark) => mark.paper.id));
    const pool = candidates ?? index.allPositions;
    const picked = sample(pool, wanted, (position) => marked.has(index.papers[position]!.id), seededRandom(seed ^ 0x9e3779b9));
    for (const position of picked) examples.push({ vector: index.vector(position), label: -1, weight: settings.sampledNegativeWeight });
    sampledNegatives = picked.length;
  }

  // Balance the classes (scikit-learn's class_weight="balanced"): each side's weights sum to half.
  let positiveTotal = 0;
  let negativeTotal = 0;
  for (const example of examples) {
    if (example.label === 1) positiveTotal += example.weight;
    else negativeTotal += example.weight;
  }
  if (negativeTotal === 0) return null;
  const total = positiveTotal + negativeTotal;
  for (const example of examples) example.weight *= total / (2 * (example.label === 1 ? positiveTotal : negativeTotal));
  const linear = trainLinearSvm(examples, index.dimensions, { c: settings.c, maxEpochs: MAX_EPOCHS, tolerance: TOLERANCE, seed });
  return { linear, marginScale: settings.marginScale, positives, negatives: negatives.length, sampledNegatives };
}

/**
 * The model's score, 0..1, of each candidate (by position in the index; other positions stay
 * 0). Reads the index's arrays directly: this loop is most of the time a ranking takes.
 */
export function scoreCandidates<P extends FeedPaper>(index: FeedIndex<P>, model: FeedModel, candidates: readonly number[]): Float64Array {
  const scores = new Float64Array(index.size);
  const { offsets, terms, values } = index;
  const { weights, bias } = model.linear;
  const scale = -model.marginScale;
  for (let at = 0; at < candidates.length; at += 1) {
    const position = candidates[at]!;
    let sum = bias;
    for (let k = offsets[position]!, end = offsets[position + 1]!; k < end; k += 1) sum += weights[terms[k]!]! * values[k]!;
    scores[position] = 1 / (1 + Math.exp(scale * sum));
  }
  return scores;
}
