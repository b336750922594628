/**
 * A fixed-size latency histogram: bucket i holds durations from BASE * 2^(i/4) ms up to the
 * next bucket, four buckets per doubling from 0.05 ms to about 14 minutes. Recording is one
 * logarithm and one array increment; histograms of several windows or instances merge by adding
 * their buckets, and a percentile read from them is within about 9 % of the true value.
 */
export const HISTOGRAM_BASE_MS = 0.05;
export const HISTOGRAM_STEPS_PER_DOUBLING = 4;
export const HISTOGRAM_BUCKETS = 96;

/** Sparse bucket counts, as stored in system_logs: { bucketIndex: count }. */
export type SparseBuckets = Record<string, number>;

export function bucketIndex(ms: number): number {
  if (!(ms > HISTOGRAM_BASE_MS)) return 0;
  const index = Math.floor(HISTOGRAM_STEPS_PER_DOUBLING * Math.log2(ms / HISTOGRAM_BASE_MS));
  return index >= HISTOGRAM_BUCKETS ? HISTOGRAM_BUCKETS - 1 : index;
}

/** The value a bucket stands for: the geometric middle of its range. */
export function bucketValue(index: number): number {
  return HISTOGRAM_BASE_MS * 2 ** ((index + 0.5) / HISTOGRAM_STEPS_PER_DOUBLING);
}

export function createHistogram(): Uint32Array {
  return new Uint32Array(HISTOGRAM_BUCKETS);
}

export function toSparse(counts: Uint32Array): SparseBuckets {
  const sparse: SparseBuckets = {};
  for (let index = 0; index < counts.length; index++) if (counts[index]) sparse[index] = counts[index]!;
  return sparse;
}

/** Adds sparse buckets into `into` (merging windows or instances). */
export function addSparse(into: Map<number, number>, buckets: SparseBuckets | Iterable<[number, number]>): void {
  const entries = Symbol.iterator in buckets ? (buckets as Iterable<[number, number]>) : Object.entries(buckets).map(([key, value]) => [Number(key), value] as [number, number]);
  for (const [index, count] of entries) {
    if (!Number.isInteger(index) || index < 0 || index >= HISTOGRAM_BUCKETS || !(count > 0)) continue;
    into.set(index, (into.get(index) ?? 0) + count);
  }
}

/** The p-th percentile (0-100) of merged buckets, in ms; null when there is nothing. */
export function percentileOf(buckets: Map<number, number>, p: number): number | null {
  let total = 0;
  for (const count of buckets.values()) total += count;
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const index of [...buckets.keys()].sort((a, b) => a - b)) {
    seen += buckets.get(index)!;
    if (seen >= rank) return bucketValue(index);
  }
  return bucketValue(HISTOGRAM_BUCKETS - 1);
}
