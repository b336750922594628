/**
 * A linear support vector machine over sparse vectors, trained by dual coordinate descent
 * (Hsieh et al., "A Dual Coordinate Descent Method for Large-scale Linear SVM", ICML 2008: the
 * algorithm of LIBLINEAR, which arxiv-sanity-lite's scikit-learn `LinearSVC` runs). Each
 * example carries its own weight (a bookmark counts less than a Relevant mark), which bounds
 * its dual variable. Written here because no JavaScript library trains a weighted linear model
 * on sparse vectors; the whole method is the loop below.
 */
import type { SparseVector } from "./feed-index";

export type TrainingExample = {
  vector: SparseVector;
  label: 1 | -1;
  /** How much this example counts (its cost is `c * weight`). */
  weight: number;
};

export type LinearModel = {
  weights: Float64Array;
  bias: number;
};

export type SvmOptions = {
  /** The cost of a margin violation; small values regularise strongly (few, noisy examples). */
  c: number;
  /** At most this many passes over the examples. */
  maxEpochs: number;
  /** Stop when the projected gradients all lie within this band. */
  tolerance: number;
  /** Seeds the order examples are visited in, so training is deterministic. */
  seed: number;
};

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same order everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The bias is learned as the weight of a constant feature of this value (LIBLINEAR's `-B 1`). */
const BIAS_FEATURE = 1;

/** Trains an L1-loss (hinge) linear SVM with per-example costs. */
export function trainLinearSvm(examples: readonly TrainingExample[], dimensions: number, options: SvmOptions): LinearModel {
  const weights = new Float64Array(dimensions);
  let bias = 0;
  const count = examples.length;
  const alpha = new Float64Array(count);
  // Indexed loops throughout: iterating a typed array with for...of boxes every value.
  const upper = new Float64Array(count);
  const diagonal = new Float64Array(count);
  const order = new Uint32Array(count);
  for (let index = 0; index < count; index += 1) {
    const { weight, vector } = examples[index]!;
    upper[index] = options.c * weight;
    let norm = BIAS_FEATURE * BIAS_FEATURE;
    for (let k = 0; k < vector.values.length; k += 1) norm += vector.values[k]! * vector.values[k]!;
    diagonal[index] = norm;
    order[index] = index;
  }
  const random = seededRandom(options.seed);

  for (let epoch = 0; epoch < options.maxEpochs; epoch += 1) {
    // A fresh permutation each pass (Fisher-Yates), as the paper recommends.
    for (let i = count - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let highest = Number.NEGATIVE_INFINITY;
    let lowest = Number.POSITIVE_INFINITY;
    for (const index of order) {
      const { vector, label } = examples[index]!;
      if (upper[index]! <= 0 || diagonal[index]! <= 0) continue;
      let margin = bias * BIAS_FEATURE;
      for (let k = 0; k < vector.terms.length; k += 1) margin += weights[vector.terms[k]!]! * vector.values[k]!;
      const gradient = label * margin - 1;
      const current = alpha[index]!;
      const projected = current === 0 ? Math.min(gradient, 0) : current >= upper[index]! ? Math.max(gradient, 0) : gradient;
      highest = Math.max(highest, projected);
      lowest = Math.min(lowest, projected);
      if (Math.abs(projected) < 1e-12) continue;
      const next = Math.min(Math.max(current - gradient / diagonal[index]!, 0), upper[index]!);
      const step = (next - current) * label;
      alpha[index] = next;
      for (let k = 0; k < vector.terms.length; k += 1) weights[vector.terms[k]!]! += step * vector.values[k]!;
      bias += step * BIAS_FEATURE;
    }
    if (highest - lowest <= options.tolerance) break;
  }
  return { weights, bias };
}

/** The model's decision value for a vector: positive on the "relevant" side. */
export function decisionValue(model: LinearModel, vector: SparseVector): number {
  let sum = model.bias * BIAS_FEATURE;
  for (let k = 0; k < vector.terms.length; k += 1) sum += model.weights[vector.terms[k]!]! * vector.values[k]!;
  return sum;
}
