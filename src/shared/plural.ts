import { formatCount } from "@/shared/format";

/**
 * Plural forms for every count Quire writes ("1 result", "2 results", "0 papers"), so no
 * page says "1 results" or "1 papers". English only: exactly one takes the singular, every
 * other count (0, 2, 1,000...) the plural. Written out rather than with Intl.PluralRules for
 * the reason formatCount gives: no locale data before the first result row.
 */

/**
 * The word that goes with a count: `singular` for exactly 1, else `pluralForm` (the singular
 * plus "s" unless given, e.g. plural(n, "entry", "entries"), plural(n, "has", "have")).
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

/** A count and its word, with thousands separators: "1 paper", "0 papers", "12,345 results". */
export function countOf(count: number, singular: string, pluralForm?: string): string {
  return `${formatCount(count)} ${plural(count, singular, pluralForm)}`;
}
