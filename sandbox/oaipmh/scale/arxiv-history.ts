/**
 * The shape of arXiv's history the scale corpus follows: submissions per month from August 1991
 * to October 2026 (interpolated between yearly anchors, growing from a few dozen a month to
 * about 28,000, about 2.8 million papers in all), and the share of each subject group over the
 * years (physics most of the early archive, computer science half of it by 2025). The figures
 * are rounded public arXiv submission statistics; only their shape matters here.
 */

/** The scale corpus's months: "YYYY-MM" from the first to the last, as [year, month]. */
export const FIRST_MONTH: readonly [number, number] = [1991, 8];
export const LAST_MONTH: readonly [number, number] = [2026, 10];
/** Nothing in the scale corpus happens after this (versions, datestamps). */
export const SCALE_END_MS = Date.UTC(2026, 10, 1) - 1000;

/** Submissions per month at these months (year, month, count); log-linear in between. */
const MONTHLY_ANCHORS: readonly (readonly [number, number, number])[] = [
  [1991, 8, 40],
  [1992, 6, 400],
  [1994, 1, 1000],
  [1996, 1, 1600],
  [1998, 1, 2000],
  [2000, 1, 2500],
  [2002, 1, 2900],
  [2004, 1, 3500],
  [2006, 1, 4000],
  [2008, 1, 5000],
  [2010, 1, 5800],
  [2012, 1, 6900],
  [2014, 1, 8000],
  [2016, 1, 9500],
  [2018, 1, 11000],
  [2020, 1, 14000],
  [2022, 1, 16500],
  [2024, 1, 19500],
  [2025, 1, 24000],
  [2026, 10, 28000],
];

export const SUBJECT_GROUPS = ["physics", "math", "cs", "q-bio", "q-fin", "stat", "eess", "econ"] as const;
export type SubjectGroup = (typeof SUBJECT_GROUPS)[number];

/** Share of each group (in SUBJECT_GROUPS order) at these years; linear in between. */
const GROUP_SHARES: readonly (readonly [number, readonly number[]])[] = [
  [1992, [0.92, 0.07, 0.01, 0, 0, 0, 0, 0]],
  [2000, [0.8, 0.17, 0.03, 0, 0, 0, 0, 0]],
  [2005, [0.68, 0.24, 0.06, 0.02, 0, 0, 0, 0]],
  [2010, [0.58, 0.27, 0.09, 0.02, 0.01, 0.03, 0, 0]],
  [2015, [0.46, 0.27, 0.2, 0.02, 0.01, 0.04, 0, 0]],
  [2020, [0.3, 0.2, 0.38, 0.02, 0.005, 0.04, 0.05, 0.005]],
  [2025, [0.22, 0.14, 0.5, 0.02, 0.01, 0.03, 0.07, 0.01]],
  [2027, [0.22, 0.14, 0.5, 0.02, 0.01, 0.03, 0.07, 0.01]],
];

/** A month as a count of months since January 1990. */
export const monthIndex = (year: number, month: number) => (year - 1990) * 12 + (month - 1);
export const monthYear = (index: number): [number, number] => [1990 + Math.floor(index / 12), (index % 12) + 1];

/** The relative weight of each month of the history, first month first. */
export function monthlyWeights(): number[] {
  const first = monthIndex(...FIRST_MONTH);
  const last = monthIndex(...LAST_MONTH);
  const anchors = MONTHLY_ANCHORS.map(([year, month, count]) => [monthIndex(year, month), Math.log(count)] as const);
  const weights: number[] = [];
  for (let index = first; index <= last; index += 1) {
    const after = anchors.findIndex(([at]) => at >= index);
    const [atB, logB] = anchors[after]!;
    const [atA, logA] = anchors[Math.max(0, after - 1)]!;
    const t = atB === atA ? 0 : (index - atA) / (atB - atA);
    weights.push(Math.exp(logA + t * (logB - logA)));
  }
  return weights;
}

/**
 * `total` papers spread over the months in proportion to their weights (largest remainders,
 * so the counts add up exactly), each month at most `capacity(month)`; what a full month cannot
 * take goes to the later months.
 */
export function monthlyCounts(total: number, capacity: (monthIndex: number) => number): number[] {
  const weights = monthlyWeights();
  const first = monthIndex(...FIRST_MONTH);
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => [value - Math.floor(value), index] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, index] of order) {
    if (left === 0) break;
    counts[index]! += 1;
    left -= 1;
  }
  let spill = 0;
  for (let index = 0; index < counts.length; index += 1) {
    const cap = capacity(first + index);
    counts[index]! += spill;
    spill = Math.max(0, counts[index]! - cap);
    counts[index] = Math.min(counts[index]!, cap);
  }
  if (spill > 0) throw new Error(`The scale corpus cannot hold ${total} papers`);
  return counts;
}

/** The group shares in a year, in SUBJECT_GROUPS order (summing to 1). */
export function groupShares(year: number): number[] {
  const after = GROUP_SHARES.findIndex(([at]) => at >= year);
  const [yearB, sharesB] = GROUP_SHARES[Math.max(0, after)]!;
  const [yearA, sharesA] = GROUP_SHARES[Math.max(0, after - 1)]!;
  const t = yearB === yearA ? 0 : Math.min(1, Math.max(0, (year - yearA) / (yearB - yearA)));
  const shares = sharesA.map((share, index) => share + t * (sharesB[index]! - share));
  const sum = shares.reduce((a, b) => a + b, 0);
  return shares.map((share) => share / sum);
}
