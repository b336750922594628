/**
 * Dates the way Zotero reads them: the free-text `date` field parsed into year, month and day
 * (`meta.parsedDate`, sorting by date, the year a quick search matches), and the timestamps the
 * API accepts for `dateAdded`, `dateModified` and `accessDate`.
 */

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

export interface ParsedDate {
  year: number;
  month?: number;
  day?: number;
}

function valid(year: number, month?: number, day?: number): ParsedDate | null {
  if (!Number.isInteger(year) || year < 1 || year > 9999) return null;
  if (month !== undefined && (month < 1 || month > 12)) return { year };
  if (day !== undefined && (day < 1 || day > 31)) return month === undefined ? { year } : { year, month };
  return day !== undefined && month !== undefined ? { year, month, day } : month !== undefined ? { year, month } : { year };
}

/**
 * Year, month and day from the forms people and translators write: "2023-08-02", "2019-05",
 * "2015", "12/2006", "5/24/2019", "24.05.2019", "May 24, 2019", "24 May 2019", "March 2019",
 * "2019 Mar 5". Null when no year can be found.
 */
export function parseZoteroDate(text: string): ParsedDate | null {
  const value = text.trim();
  if (!value) return null;
  let match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:[T ]\d{1,2}:\d{2}(?::\d{2})?Z?)?$/.exec(value);
  if (match) return valid(Number(match[1]), match[2] ? Number(match[2]) : undefined, match[3] ? Number(match[3]) : undefined);
  match = /^(\d{1,2})\/(\d{4})$/.exec(value);
  if (match) return valid(Number(match[2]), Number(match[1]));
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (match) {
    // US order (month first) with slashes, day first with dots, as Zotero's parser guesses.
    const [first, second] = [Number(match[1]), Number(match[2])];
    return value.includes("/") && first <= 12 ? valid(Number(match[3]), first, second) : valid(Number(match[3]), second, first);
  }
  const lower = value.toLowerCase();
  const monthIndex = MONTHS.findIndex((name) => new RegExp(`\\b${name}[a-z]*\\.?`).test(lower));
  const yearMatch = /\b(\d{4})\b/.exec(value);
  if (!yearMatch) return null;
  const year = Number(yearMatch[1]);
  if (monthIndex < 0) return valid(year);
  const rest = value.replace(yearMatch[0], " ");
  const dayMatch = /\b(\d{1,2})(?:st|nd|rd|th)?\b/.exec(rest);
  return valid(year, monthIndex + 1, dayMatch ? Number(dayMatch[1]) : undefined);
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** `meta.parsedDate`: "2023-08-02", "2019-05" or "2015", as the API writes it. */
export function parsedDateText(date: ParsedDate): string {
  return [pad(date.year, 4), date.month !== undefined ? pad(date.month) : null, date.day !== undefined ? pad(date.day) : null].filter(Boolean).join("-");
}

/** A sortable form ("2019-05-00"), for sort=date. */
export function sortableDate(text: string): string {
  const date = parseZoteroDate(text);
  return date ? `${pad(date.year, 4)}-${pad(date.month ?? 0)}-${pad(date.day ?? 0)}` : "";
}

/** "2014-06-12T21:28:55Z" from epoch ms, the API's timestamp form. */
export function isoTimestamp(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");
}

const SQL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const SQL_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** A `dateAdded`/`dateModified` value in ISO 8601 or "YYYY-MM-DD hh:mm:ss" (UTC) as ISO, or null when it is neither. */
export function normaliseTimestamp(value: string): string | null {
  if (SQL_DATETIME.test(value)) return `${value.replace(" ", "T")}Z`;
  if (ISO_8601.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : isoTimestamp(ms);
  }
  return null;
}

/** An `accessDate`: also a plain date or CURRENT_TIMESTAMP; "" stays "". */
export function normaliseAccessDate(value: string, nowMs: number): string | null {
  if (value === "") return "";
  if (value === "CURRENT_TIMESTAMP") return isoTimestamp(nowMs);
  if (SQL_DATE.test(value)) return `${value}T00:00:00Z`;
  return normaliseTimestamp(value);
}
