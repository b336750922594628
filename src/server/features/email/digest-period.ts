export const DIGEST_FREQUENCIES = ["daily", "weekly"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** The digest period a moment falls in: its UTC date (daily) or its ISO week's Monday (weekly). */
export function periodKey(frequency: DigestFrequency, now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (frequency === "weekly") day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}
