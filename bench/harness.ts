/**
 * A small benchmark harness: each case times a subject against a baseline in the same run,
 * interleaving their rounds so machine noise hits both alike, and reports the ratio.
 */
export type BenchCase = {
  name: string;
  /** What the subject is compared with, e.g. "bare Hono handler". */
  baselineName: string;
  setup?: () => Promise<void>;
  teardown?: () => Promise<void>;
  baseline: () => Promise<unknown>;
  subject: () => Promise<unknown>;
  /** Operations per round (default 200). */
  operations?: number;
  /** Rounds (default 7); the median round counts. */
  rounds?: number;
};

export type BenchResult = {
  name: string;
  baselineName: string;
  baselineMedianUs: number;
  subjectMedianUs: number;
  /** subject time / baseline time: 1.0 = as fast as the baseline. */
  ratio: number;
  operations: number;
  rounds: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function timeRound(fn: () => Promise<unknown>, operations: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < operations; i++) await fn();
  return ((performance.now() - started) * 1000) / operations;
}

export async function runCase(bench: BenchCase): Promise<BenchResult> {
  const operations = bench.operations ?? 200;
  const rounds = bench.rounds ?? 7;
  await bench.setup?.();
  try {
    // Warm both paths (JIT, connection pools, caches) before measuring.
    await timeRound(bench.baseline, Math.ceil(operations / 4));
    await timeRound(bench.subject, Math.ceil(operations / 4));
    const baseline: number[] = [];
    const subject: number[] = [];
    for (let round = 0; round < rounds; round++) {
      baseline.push(await timeRound(bench.baseline, operations));
      subject.push(await timeRound(bench.subject, operations));
    }
    const baselineMedianUs = median(baseline);
    const subjectMedianUs = median(subject);
    return {
      name: bench.name,
      baselineName: bench.baselineName,
      baselineMedianUs: Math.round(baselineMedianUs * 10) / 10,
      subjectMedianUs: Math.round(subjectMedianUs * 10) / 10,
      ratio: Math.round((subjectMedianUs / baselineMedianUs) * 100) / 100,
      operations,
      rounds,
    };
  } finally {
    await bench.teardown?.();
  }
}
