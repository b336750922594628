/**
 * Display formatting for dates and author names. Pure and
 * locale-stable (English month names, UTC calendar dates) so a paper shows the same date
 * everywhere and tests do not depend on the machine's time zone.
 */

export const UNKNOWN_DATE = "Unknown date";
export const INVALID_DATE = "Invalid date";

// Written out rather than Intl.DateTimeFormat: the same text everywhere, and no locale data
// to load before the first result row can show.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const monthFormat = { format: (time: number) => `${MONTHS[new Date(time).getUTCMonth()]} ${new Date(time).getUTCFullYear()}` };
const dayFormat = {
  format: (time: number) => {
    const date = new Date(time);
    return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  },
};

/**
 * A paper date for display: empty gives "Unknown date", unparsable gives "Invalid date", a
 * bare 4-digit year is shown as is, "2024-03" as "Mar 2024", anything else as "Mar 5, 2024".
 */
export function formatPaperDate(value: string | null | undefined): string {
  const text = value?.trim() ?? "";
  if (text === "") return UNKNOWN_DATE;
  if (/^\d{4}$/.test(text)) return text;
  const yearMonth = /^(\d{4})-(\d{2})$/.exec(text);
  if (yearMonth) {
    const month = Number(yearMonth[2]);
    if (month < 1 || month > 12) return INVALID_DATE;
    return monthFormat.format(Date.UTC(Number(yearMonth[1]), month - 1, 1));
  }
  const time = Date.parse(text);
  if (Number.isNaN(time)) return INVALID_DATE;
  return dayFormat.format(time);
}

/**
 * A whole count with thousands separators ("12,345"), written out for the same reason as the
 * dates: the first `toLocaleString` call loads number locale data, a noticeable pause in
 * Chromium, and the search page shows a count before its first result row.
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const whole = Math.trunc(Math.abs(value));
  const digits = String(whole);
  let grouped = "";
  for (let end = digits.length; end > 0; end -= 3) grouped = digits.slice(Math.max(0, end - 3), end) + (grouped ? `,${grouped}` : "");
  return value < 0 && whole !== 0 ? `-${grouped}` : grouped;
}

/** A date and time in the viewer's own time zone, for "Time Added" columns. */
export function formatDateTime(value: string | null | undefined, locale?: string): string {
  const text = value?.trim() ?? "";
  if (text === "") return UNKNOWN_DATE;
  const time = Date.parse(text);
  if (Number.isNaN(time)) return INVALID_DATE;
  return new Intl.DateTimeFormat(locale ?? "en-US", { dateStyle: "medium", timeStyle: "short" }).format(time);
}

let relativeFormat: Intl.RelativeTimeFormat | undefined;
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** "just now", "5 minutes ago", "yesterday"... for a past timestamp in ms. */
export function formatRelativeTime(timestamp: number, now: number = Date.now()): string {
  relativeFormat ??= new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  let amount = (timestamp - now) / 1000;
  if (Math.abs(amount) < 45) return "just now";
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeFormat.format(Math.round(amount), unit);
    amount /= size;
  }
  return relativeFormat.format(Math.round(amount), "year");
}

const NAME_SUFFIXES = /^(jr\.?|sr\.?|ii|iii|iv)$/i;

/**
 * "Last, First" becomes "First Last" ("Curie, Marie" -> "Marie Curie"; a suffix stays at the
 * end: "King, Jr., Martin Luther" -> "Martin Luther King Jr."). Names without a comma are kept.
 */
export function reorderLastFirst(name: string): string {
  const parts = name.split(",").map((part) => part.trim()).filter(Boolean);
  if (parts.length === 2) return `${parts[1]} ${parts[0]}`;
  if (parts.length === 3 && NAME_SUFFIXES.test(parts[1]!)) return `${parts[2]} ${parts[0]} ${parts[1]}`;
  return parts.join(", ");
}

export type AuthorLike = string | { name?: string | null; given?: string | null; family?: string | null };

/**
 * The name to show for an author: the name (reordered from "Last, First"), else given +
 * family. An author with no name part gives an empty string, and lists should skip it.
 */
export function formatAuthorName(author: AuthorLike): string {
  if (typeof author === "string") return reorderLastFirst(author.trim());
  const name = author.name?.trim();
  if (name) return reorderLastFirst(name);
  return [author.given?.trim(), author.family?.trim()].filter(Boolean).join(" ");
}
