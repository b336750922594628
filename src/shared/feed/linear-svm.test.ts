import { describe, expect, it } from "vitest";
import type { SparseVector } from "./feed-index";
import { decisionValue, seededRandom, trainLinearSvm, type TrainingExample } from "./linear-svm";

/** Unit-length sparse vectors over 20 dimensions: class +1 lives on dimensions 0-9, class -1 on 10-19, with noise on the other side. */
function toySet(count: number, seed: number): TrainingExample[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, n) => {
    const label: 1 | -1 = n % 2 === 0 ? 1 : -1;
    const base = label === 1 ? 0 : 10;
    const entries = new Map<number, number>();
    for (let i = 0; i < 3; i += 1) entries.set(base + Math.floor(random() * 10), 1 + random());
    entries.set((base + 10 + Math.floor(random() * 10)) % 20, 0.3 * random());
    const terms = [...entries.keys()].sort((a, b) => a - b);
    const raw = terms.map((term) => entries.get(term)!);
    const norm = Math.hypot(...raw);
    const vector: SparseVector = { terms: Uint32Array.from(terms), values: Float32Array.from(raw, (value) => value / norm) };
    return { vector, label, weight: 1 };
  });
}

const options = { c: 1, maxEpochs: 50, tolerance: 0.01, seed: 7 };

describe("linear SVM (dual coordinate descent)", () => {
  it("separates a linearly separable set and classifies new points of the same kind", () => {
    const model = trainLinearSvm(toySet(60, 1), 20, options);
    for (const example of toySet(60, 1)) expect(Math.sign(decisionValue(model, example.vector))).toBe(example.label);
    const unseen = toySet(200, 99);
    const right = unseen.filter((example) => Math.sign(decisionValue(model, example.vector)) === example.label).length;
    expect(right / unseen.length).toBeGreaterThan(0.97);
  });

  it("is deterministic for a seed", () => {
    const a = trainLinearSvm(toySet(40, 3), 20, options);
    const b = trainLinearSvm(toySet(40, 3), 20, options);
    expect(Array.from(a.weights)).toEqual(Array.from(b.weights));
    expect(a.bias).toBe(b.bias);
  });

  it("lets a heavier example pull the boundary harder than a light one", () => {
    // Two contradicting examples on the same point: the heavier one decides its side.
    const point: SparseVector = { terms: Uint32Array.of(0), values: Float32Array.of(1) };
    const train = (positive: number, negative: number) =>
      decisionValue(
        trainLinearSvm(
          [
            { vector: point, label: 1, weight: positive },
            { vector: point, label: -1, weight: negative },
          ],
          1,
          { ...options, c: 0.5 },
        ),
        point,
      );
    expect(train(1, 0.25)).toBeGreaterThan(0);
    expect(train(0.25, 1)).toBeLessThan(0);
    expect(train(0, 1)).toBeLessThan(train(0.25, 1));
  });
});
