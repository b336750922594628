/**
 * Tf-idf vectors of a candidate set (the papers a feed ranks), with the vocabulary and the
 * inverse document frequencies learned from that set. Built once per candidate set, like the
 * catch-up `ScoringIndex` (which it carries for the profile half of the blend); every user's
 * ranking over the set then reuses it.
 *
 * Written here rather than taken from a library: the tf-idf libraries for JavaScript keep
 * dense or string-keyed vectors and no scorer for a linear model, while what a feed needs is
 * a compressed sparse matrix a model can be trained on and applied to in milliseconds, in the
 * browser as on the server.
 */
import { ScoringIndex, type ScorablePaper } from "@/shared/catchup";
import { paperTerms, TERM_BLOCKS, TEXT_BLOCK, type TermBlock } from "./feed-text";

/** What the learned feed reads of a paper: what the profile scores, and an id to match marks with. */
export type FeedPaper = ScorablePaper & {
  id: string;
  /** ISO date-time (or date) of the first version; the cold start prefers recent papers. */
  publishedDate?: string | null;
};

/** A sparse vector: term ids and their values. */
export type SparseVector = { terms: Uint32Array; values: Float32Array };

/**
 * The length each block of a paper's vector is scaled to: words, names and categories each
 * count as a whole, however many words a paper has.
 */
export const FEED_BLOCK_WEIGHTS: Record<TermBlock, number> = { text: 1, authors: 1, categories: 0.5 };

/**
 * Words found in only one paper of the set are left out: they cannot tell one candidate from
 * another, and they are most of the vocabulary (pairs of words above all), so dropping them
 * saves much of the work of training and ranking. Names and categories are all kept: a user's own name
 * may well sign a single paper of the feed.
 */
export const FEED_MIN_WORD_FREQUENCY = 2;

export type FeedIndexOptions<P extends FeedPaper> = {
  blockWeights: Record<TermBlock, number>;
  minWordFrequency: number;
  /** A catch-up scoring index the caller already keeps over the very same papers array, to reuse. */
  scoring: ScoringIndex<P>;
};

export class FeedIndex<P extends FeedPaper> {
  readonly papers: readonly P[];
  /** Per term id (ids are dense, 0..dimensions-1, the most frequent terms first): its idf. */
  readonly idf: Float32Array;
  /** Paper `i`'s vector is terms/values[offsets[i]..offsets[i+1]). */
  readonly offsets: Uint32Array;
  readonly terms: Uint32Array;
  readonly values: Float32Array;
  /** Term -> its number while building; `termIds` maps that number to the term id (-1: left out). */
  private readonly vocabulary = new Map<string, number>();
  private readonly termIds: Int32Array;
  private readonly blockWeights: Float64Array;
  private readonly positions = new Map<string, number>();
  private scoringIndex: ScoringIndex<P> | undefined;
  private everyPosition: readonly number[] | undefined;

  constructor(papers: readonly P[], options: Partial<FeedIndexOptions<P>> = {}) {
    this.papers = papers;
    if (options.scoring && options.scoring.papers !== papers) throw new Error("The scoring index must be built over the same papers array");
    this.scoringIndex = options.scoring;
    const { blockWeights = FEED_BLOCK_WEIGHTS, minWordFrequency = FEED_MIN_WORD_FREQUENCY } = options;
    this.blockWeights = Float64Array.from(TERM_BLOCKS, (block) => blockWeights[block]);
    let entries = 0;
    papers.forEach((paper, position) => {
      if (!this.positions.has(paper.id)) this.positions.set(paper.id, position);
      entries += paperTerms(paper).terms.length;
    });
    // Pass 1: number every term and count the papers holding it.
    const numbers = new Uint32Array(entries);
    const frequency: number[] = [];
    const isWord: boolean[] = [];
    let longest = 0;
    let at = 0;
    for (const paper of papers) {
      const { terms, blocks } = paperTerms(paper);
      longest = Math.max(longest, terms.length);
      for (let k = 0; k < terms.length; k += 1) {
        let number = this.vocabulary.get(terms[k]!);
        if (number === undefined) {
          number = frequency.length;
          this.vocabulary.set(terms[k]!, number);
          frequency.push(0);
          isWord.push(blocks[k] === TEXT_BLOCK);
        }
        frequency[number]! += 1;
        numbers[at++] = number;
      }
    }
    // Ids by falling frequency (a counting sort; ties in order of first appearance): the terms
    // most papers hold then share a small, cache-friendly corner of every per-term array.
    const kept = (number: number) => !isWord[number] || frequency[number]! >= minWordFrequency;
    const startOf = new Uint32Array(papers.length + 2);
    for (let number = 0; number < frequency.length; number += 1) if (kept(number)) startOf[papers.length - frequency[number]! + 1]! += 1;
    for (let slot = 1; slot < startOf.length; slot += 1) startOf[slot]! += startOf[slot - 1]!;
    this.termIds = new Int32Array(frequency.length).fill(-1);
    this.idf = new Float32Array(startOf[startOf.length - 1]!);
    for (let number = 0; number < frequency.length; number += 1) {
      if (!kept(number)) continue;
      const id = startOf[papers.length - frequency[number]!]!++;
      this.termIds[number] = id;
      // Smoothed idf (as scikit-learn's TfidfVectorizer): a term in every paper still weighs 1.
      this.idf[id] = Math.log((1 + papers.length) / (1 + frequency[number]!)) + 1;
    }

    // Pass 2: the kept terms of each paper, weighed.
    let total = 0;
    for (const number of numbers) if (this.termIds[number]! >= 0) total += 1;
    this.offsets = new Uint32Array(papers.length + 1);
    this.terms = new Uint32Array(total);
    this.values = new Float32Array(total);
    const keptCounts = new Uint16Array(longest);
    const keptBlocks = new Uint8Array(longest);
    at = 0;
    let write = 0;
    papers.forEach((paper, position) => {
      const { counts, blocks } = paperTerms(paper);
      this.offsets[position] = write;
      const start = write;
      for (let k = 0; k < counts.length; k += 1) {
        const id = this.termIds[numbers[at++]!]!;
        if (id < 0) continue;
        keptCounts[write - start] = counts[k]!;
        keptBlocks[write - start] = blocks[k]!;
        this.terms[write++] = id;
      }
      this.weigh(keptCounts, keptBlocks, this.terms.subarray(start, write), this.values.subarray(start, write));
    });
    this.offsets[papers.length] = write;
  }

  /** A term's id, or undefined when the set does not hold it (or it was left out). */
  termId(term: string): number | undefined {
    const number = this.vocabulary.get(term);
    if (number === undefined) return undefined;
    const id = this.termIds[number]!;
    return id >= 0 ? id : undefined;
  }

  /** Sublinear tf (1 + ln tf) times idf, each block scaled to its weight. */
  private weigh(counts: ArrayLike<number>, blocks: ArrayLike<number>, ids: Uint32Array, values: Float32Array, present?: Uint8Array): void {
    const norms = [0, 0, 0];
    for (let k = 0; k < ids.length; k += 1) {
      if (present && !present[k]) continue;
      const value = (1 + Math.log(counts[k]!)) * this.idf[ids[k]!]!;
      values[k] = value;
      norms[blocks[k]!]! += value * value;
    }
    const scales = norms.map((norm, block) => (norm > 0 ? this.blockWeights[block]! / Math.sqrt(norm) : 0));
    for (let k = 0; k < ids.length; k += 1) values[k] = values[k]! * scales[blocks[k]!]!;
  }

  get size(): number {
    return this.papers.length;
  }

  /** The dot product of a vector with itself when every block is present: similarities are divided by it. */
  get maxSimilarity(): number {
    return this.blockWeights.reduce((sum, weight) => sum + weight * weight, 0);
  }

  get dimensions(): number {
    return this.idf.length;
  }

  /**
   * Every position, 0..size-1: the candidates of a whole-feed ranking, built once rather than
   * per ranking (a fresh 10,000-entry list per request is garbage to collect).
   */
  get allPositions(): readonly number[] {
    if (!this.everyPosition) {
      const all = new Array<number>(this.papers.length);
      for (let position = 0; position < all.length; position += 1) all[position] = position;
      this.everyPosition = Object.freeze(all);
    }
    return this.everyPosition;
  }

  /** The position of a paper of the set by id. */
  positionOf(id: string): number | undefined {
    return this.positions.get(id);
  }

  /** A paper of the set's vector (views into the index, not copies). */
  vector(position: number): SparseVector {
    const start = this.offsets[position]!;
    const end = this.offsets[position + 1]!;
    return { terms: this.terms.subarray(start, end), values: this.values.subarray(start, end) };
  }

  /**
   * Any paper's vector in this set's vocabulary (a marked paper outside the feed included).
   * Terms the set does not hold are dropped before weighing: no candidate could match them.
   */
  vectorOf(paper: FeedPaper): SparseVector {
    const position = this.positions.get(paper.id);
    if (position !== undefined && this.papers[position] === paper) return this.vector(position);
    const { terms, counts, blocks } = paperTerms(paper);
    const ids = new Uint32Array(terms.length);
    const present = new Uint8Array(terms.length);
    terms.forEach((term, k) => {
      const id = this.termId(term);
      if (id !== undefined) {
        ids[k] = id;
        present[k] = 1;
      }
    });
    const values = new Float32Array(terms.length);
    this.weigh(counts, blocks, ids, values, present);
    const kept = present.reduce((sum, flag) => sum + flag, 0);
    const vector = { terms: new Uint32Array(kept), values: new Float32Array(kept) };
    let at = 0;
    for (let k = 0; k < terms.length; k += 1) {
      if (!present[k]) continue;
      vector.terms[at] = ids[k]!;
      vector.values[at] = values[k]!;
      at += 1;
    }
    return vector;
  }

  /** The catch-up scoring index over the same papers, built on first use and kept. */
  get scoring(): ScoringIndex<P> {
    this.scoringIndex ??= new ScoringIndex(this.papers);
    return this.scoringIndex;
  }
}
