/** One line of the benchmark table. */
export type Figure = {
  suite: string;
  name: string;
  value: number;
  unit: string;
  /** What the value is measured against, in the same run. */
  baseline?: string;
  baselineValue?: number;
  /** value / baselineValue, where that is meaningful. */
  ratio?: number;
  /** The goal the figure is held to, e.g. "≤ 5 ms" or "≥ 0.5". */
  goal?: string;
  met?: boolean;
};

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** Runs `worker` on `connections` parallel loops for `durationMs`; returns requests per second. */
export async function throughput(worker: () => Promise<unknown>, connections: number, durationMs: number): Promise<number> {
  const deadline = performance.now() + durationMs;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        await worker();
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** How the browser figures launch Chromium (the flags this machine's Chromium needs). */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};
