/**
 * The feed that learns: each candidate's score is a blend of the user's learned model
 * (feed-model.ts) and the catch-up profile's score, and each paper says why it ranks where it
 * does: the marked paper it is most like, or the profile's reasons. Pure and synchronous: the
 * server and a device run the same code.
 */
import { describeExplanation, type CatchupProfile, type ProfileScores, type ScoreExplanation } from "@/shared/catchup";
import { canonicalPaperId } from "@/shared/paper-id";
import { FEED_MARK_VERBS, type FeedMark } from "./feed-marks";
import type { FeedLikeReason } from "./feed-mark-api";
import type { FeedIndex, FeedPaper, SparseVector } from "./feed-index";
import { FEED_TRAINING_DEFAULTS, scoreCandidates, trainFeedModel, type FeedModel, type FeedTrainingOptions } from "./feed-model";

/** The learned model's share of the blended score once it is trained (the profile has the rest). */
export const FEED_MODEL_WEIGHT = 0.7;
/** Below this similarity (0..1, a weighted cosine) a paper is not said to be "like" a marked one. */
export const FEED_REASON_MIN_SIMILARITY = 0.05;
/**
 * Ranked papers whose `like` is worked out by default: the first ten pages of a catch-up list.
 * Finding a paper's nearest mark costs as much as scoring it again, and nobody reads a whole
 * 10,000-paper feed; a server showing a later page asks for that page (`explain`).
 */
export const FEED_EXPLAINED_PAPERS = 200;

export type FeedModelOptions = FeedTrainingOptions & { modelWeight: number };

export const FEED_MODEL_DEFAULTS: FeedModelOptions = { ...FEED_TRAINING_DEFAULTS, modelWeight: FEED_MODEL_WEIGHT };

export type { FeedLikeReason };

export type RankedFeedPaper<P extends FeedPaper> = {
  paper: P;
  /** The blend, 0..1: what the feed sorts by. */
  score: number;
  /** The learned model's score, 0..1; null while the user has no positive mark. */
  modelScore: number | null;
  /** The catch-up profile's score, 0..1, and its explanation (null when it scored 0). */
  profileScore: number;
  explanation: ScoreExplanation | null;
  /**
   * The marked paper it is most like, when the model rates it relevant; else null. Worked out
   * for the ranks `explain` names (by default the first FEED_EXPLAINED_PAPERS), null elsewhere.
   */
  like: FeedLikeReason | null;
};

/**
 * A ranked paper. Its profile explanation is written when first read: a feed ranks every
 * paper of the range and shows a page of them.
 */
class RankedEntry<P extends FeedPaper> implements RankedFeedPaper<P> {
  readonly #scoring: ProfileScores<P>;
  readonly #position: number;

  constructor(
    readonly paper: P,
    readonly score: number,
    readonly modelScore: number | null,
    readonly profileScore: number,
    readonly like: FeedLikeReason | null,
    scoring: ProfileScores<P>,
    position: number,
  ) {
    this.#scoring = scoring;
    this.#position = position;
  }

  get explanation(): ScoreExplanation | null {
    return this.#scoring.explain(this.#position);
  }
}

export type RankedFeed<P extends FeedPaper> = {
  /** Best first; equal scores keep the candidates' order (newest first, as the feed lists them). */
  papers: RankedFeedPaper<P>[];
  model: { trained: boolean; positives: number; negatives: number; sampledNegatives: number };
};

export type RankFeedInput = {
  marks: readonly FeedMark[];
  profile: CatchupProfile;
  /** Positions in the index to rank (the user's categories and range); all papers by default. */
  candidates?: readonly number[];
  /** Which ranks (0-based) get their `like` worked out, e.g. the page being shown. */
  explain?: { offset: number; limit: number };
};

/**
 * The positive marks' vectors inverted (term -> the marks holding it, as linked lists in typed
 * arrays): the nearest marked paper of a candidate is then found in one pass over the
 * candidate's own terms, without a map lookup per term.
 */
class MarkPostings {
  private readonly head: Int32Array;
  private readonly next: Int32Array;
  private readonly mark: Int32Array;
  private readonly value: Float32Array;
  private readonly similarity: Float64Array;

  constructor(dimensions: number, vectors: readonly SparseVector[]) {
    const entries = vectors.reduce((sum, vector) => sum + vector.terms.length, 0);
    this.head = new Int32Array(dimensions).fill(-1);
    this.next = new Int32Array(entries);
    this.mark = new Int32Array(entries);
    this.value = new Float32Array(entries);
    this.similarity = new Float64Array(vectors.length);
    let at = 0;
    vectors.forEach((vector, mark) => {
      for (let k = 0; k < vector.terms.length; k += 1) {
        const term = vector.terms[k]!;
        this.mark[at] = mark;
        this.value[at] = vector.values[k]!;
        this.next[at] = this.head[term]!;
        this.head[term] = at;
        at += 1;
      }
    });
  }

  /**
   * The mark most similar to a paper of the index (weighted cosine, 0..1) and how similar, or
   * null. `self` (a mark's number, or -1) is the paper's own mark: a marked paper is not said
   * to be like itself.
   */
  nearest(index: FeedIndex<FeedPaper>, position: number, self = -1): { mark: number; similarity: number } | null {
    const similarity = this.similarity;
    similarity.fill(0);
    const { offsets, terms, values } = index;
    for (let k = offsets[position]!, end = offsets[position + 1]!; k < end; k += 1) {
      for (let entry = this.head[terms[k]!]!; entry >= 0; entry = this.next[entry]!) similarity[this.mark[entry]!]! += this.value[entry]! * values[k]!;
    }
    let best = -1;
    for (let mark = 0; mark < similarity.length; mark += 1) if (mark !== self && (best < 0 || similarity[mark]! > similarity[best]!)) best = mark;
    return best >= 0 ? { mark: best, similarity: Math.min(1, similarity[best]! / index.maxSimilarity) } : null;
  }
}

/** Enough for any feed: sort keys keep 30 bits of the score and 22 of the candidate's place. */
const MAX_CANDIDATES = 2 ** 22;
const SCORE_STEPS = 2 ** 30;

/**
 * Candidate indices (into `candidates`), best score first, ties in the candidates' order
 * (newest first). Scores and places are packed into one number per candidate so the engine's
 * native numeric sort does the work, without a comparator call per pair.
 */
function rankOrder(candidates: readonly number[], scores: Float64Array): Uint32Array {
  if (candidates.length > MAX_CANDIDATES) throw new RangeError(`A feed ranks at most ${MAX_CANDIDATES} papers`);
  const keys = new Float64Array(candidates.length);
  for (let at = 0; at < candidates.length; at += 1) {
    const score = Math.min(1, Math.max(0, scores[candidates[at]!]!));
    keys[at] = Math.round((1 - score) * SCORE_STEPS) * MAX_CANDIDATES + at;
  }
  keys.sort();
  const order = new Uint32Array(keys.length);
  for (let at = 0; at < keys.length; at += 1) order[at] = keys[at]! % MAX_CANDIDATES;
  return order;
}

/**
 * Ranks a feed for one user: trains the user's model on their marks (once they have a positive
 * one), scores every candidate, blends with the profile's score and says why.
 */
export function rankFeed<P extends FeedPaper>(index: FeedIndex<P>, input: RankFeedInput, options: Partial<FeedModelOptions> = {}): RankedFeed<P> {
  const settings = { ...FEED_MODEL_DEFAULTS, ...options };
  const candidates = input.candidates ?? index.allPositions;
  const model = trainFeedModel(index, input.marks, input.candidates, settings);
  return rankWithModel(index, model, input.profile, candidates, model ? settings.modelWeight : 0, input.explain);
}

/**
 * The ranking once the model is trained (or null: the profile alone). `profileScores` is the
 * profile's scoring of the candidates (index.scoring.profileScores) when the caller has it
 * already: the server settles the author matches by identity first.
 */
export function rankWithModel<P extends FeedPaper>(
  index: FeedIndex<P>,
  model: FeedModel | null,
  profile: CatchupProfile,
  candidates: readonly number[],
  modelWeight: number,
  explain: { offset: number; limit: number } = { offset: 0, limit: FEED_EXPLAINED_PAPERS },
  profileScores?: ProfileScores<P>,
): RankedFeed<P> {
  const scoring = profileScores ?? index.scoring.profileScores(profile, candidates);
  const profileOf = scoring.scores;
  const modelScores = model ? scoreCandidates(index, model, candidates) : null;
  const weight = modelScores ? modelWeight : 0;
  const blended = new Float64Array(index.size);
  for (let at = 0; at < candidates.length; at += 1) {
    const position = candidates[at]!;
    blended[position] = weight * (modelScores ? modelScores[position]! : 0) + (1 - weight) * profileOf[position]!;
  }

  const order = rankOrder(candidates, blended);
  const postings = model ? new MarkPostings(index.dimensions, model.positives.map(({ vector }) => vector)) : null;
  // A marked paper of the feed is like another mark, never like its own (its nearest, at similarity 1).
  const markAt = new Map<number, number>();
  model?.positives.forEach(({ mark }, number) => {
    const position = index.positionOf(mark.paper.id) ?? index.positionOf(canonicalPaperId(mark.paper.id) ?? mark.paper.id);
    if (position !== undefined) markAt.set(position, number);
  });
  const papers = new Array<RankedFeedPaper<P>>(order.length);
  for (let rank = 0; rank < order.length; rank += 1) {
    const at = order[rank]!;
    const position = candidates[at]!;
    const modelScore = modelScores ? modelScores[position]! : null;
    let like: FeedLikeReason | null = null;
    // The model speaks for the papers it rates relevant (a positive decision value).
    const explained = rank >= explain.offset && rank < explain.offset + explain.limit;
    if (explained && model && postings && modelScore !== null && modelScore > 0.5) {
      const nearest = postings.nearest(index, position, markAt.get(position) ?? -1);
      if (nearest && nearest.similarity >= FEED_REASON_MIN_SIMILARITY) {
        const { mark } = model.positives[nearest.mark]!;
        like = { paperId: mark.paper.id, title: mark.paper.title, mark: mark.kind as FeedLikeReason["mark"], similarity: nearest.similarity };
      }
    }
    papers[rank] = new RankedEntry(index.papers[position]!, blended[position]!, modelScore, profileOf[position]!, like, scoring, position);
  }
  return {
    papers,
    model: { trained: model !== null, positives: model?.positives.length ?? 0, negatives: model?.negatives ?? 0, sampledNegatives: model?.sampledNegatives ?? 0 },
  };
}

/**
 * Why a paper is in the feed where it is, as short phrases for its card: the marked paper it is
 * like first ("like “X” that you marked"), then the profile's reasons ("category cs.AI +0.3").
 */
export function describeFeedReason(entry: Pick<RankedFeedPaper<FeedPaper>, "like" | "explanation">): string[] {
  const reasons = entry.like ? [`like “${entry.like.title}” that you ${FEED_MARK_VERBS[entry.like.mark]}`] : [];
  return entry.explanation ? [...reasons, ...describeExplanation(entry.explanation)] : reasons;
}
