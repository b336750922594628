/**
 * Estimates submission times for papers known only from a daily "new submissions" listing.
 *
 * arXiv closes each day's submissions at 14:00 US Eastern (about 18:00 UTC) and announces them
 * at 20:00 Eastern, Sunday to Thursday, so a listing read on weekday L shows what was submitted
 * between the deadlines of the two weekdays before L (Monday's listing: Thursday 18:00Z to
 * Friday 18:00Z; Tuesday's: Friday to Monday). A crawl on a Saturday or Sunday still shows
 * Friday's listing. Within that window the papers are spread evenly in id order (ids are
 * handed out in submission order). Where the result disagrees with the id's YYMM (holiday
 * backlogs such as the 2 January listing, or older papers cross-listed later) the time comes
 * from the id instead: its sequence number's share of the highest number seen that month.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The 14:00 Eastern deadline in UTC (EDT; EST would be 19:00, a detail the estimate ignores). */
const DEADLINE_UTC_HOUR = 18;

export interface ListedPaper {
  id: string;
  /** The crawl date, "YYYY-MM-DD". */
  listingDate: string;
}

export interface ListingEstimate {
  /** Estimated first-version submission time, epoch ms. */
  submittedMs: number;
  /** "listing" when the listing window agreed with the id's month, "id" when the id decided. */
  basis: "listing" | "id";
}

function isWeekend(ms: number): boolean {
  const day = new Date(ms).getUTCDay();
  return day === 0 || day === 6;
}

function previousWeekday(ms: number): number {
  let day = ms - DAY_MS;
  while (isWeekend(day)) day -= DAY_MS;
  return day;
}

/** The submission window [start, end) that the listing crawled on `listingDate` announced. */
export function listingWindow(listingDate: string): { startMs: number; endMs: number } {
  let listingDay = Date.parse(`${listingDate}T00:00:00Z`);
  if (Number.isNaN(listingDay)) throw new Error(`Bad listing date: ${listingDate}`);
  while (isWeekend(listingDay)) listingDay -= DAY_MS;
  const closingDay = previousWeekday(listingDay);
  const openingDay = previousWeekday(closingDay);
  const hour = DEADLINE_UTC_HOUR * 60 * 60 * 1000;
  return { startMs: openingDay + hour, endMs: closingDay + hour };
}

/** "YYMM" of a new-style id ("2503.11731" -> "2503"). */
export function idMonth(id: string): string {
  return id.slice(0, 4);
}

function monthOf(ms: number): string {
  const date = new Date(ms);
  return `${String(date.getUTCFullYear() % 100).padStart(2, "0")}${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

function monthBounds(yymm: string): { startMs: number; endMs: number } {
  const year = 2000 + Number(yymm.slice(0, 2));
  const month = Number(yymm.slice(2, 4)) - 1;
  return { startMs: Date.UTC(year, month, 1), endMs: Date.UTC(year, month + 1, 1) };
}

/** Rounds to the minute: arXiv shows seconds, but an estimate should not pretend to them. */
function toMinute(ms: number): number {
  return Math.round(ms / 60_000) * 60_000;
}

/** Estimates a submission time for each listed paper (new-style ids only). */
export function estimateListingDates(papers: readonly ListedPaper[]): Map<string, ListingEstimate> {
  const highestNumber = new Map<string, number>();
  for (const { id } of papers) {
    const number = Number(id.slice(5));
    highestNumber.set(idMonth(id), Math.max(highestNumber.get(idMonth(id)) ?? 0, number));
  }

  const byListing = new Map<string, string[]>();
  for (const paper of papers) {
    const ids = byListing.get(paper.listingDate) ?? [];
    ids.push(paper.id);
    byListing.set(paper.listingDate, ids);
  }

  const estimates = new Map<string, ListingEstimate>();
  for (const [listingDate, ids] of byListing) {
    const { startMs, endMs } = listingWindow(listingDate);
    const windowMonths = new Set([monthOf(startMs), monthOf(endMs - 1)]);
    const inWindow = ids.filter((id) => windowMonths.has(idMonth(id))).sort();
    inWindow.forEach((id, rank) => {
      const submittedMs = toMinute(startMs + ((rank + 0.5) / inWindow.length) * (endMs - startMs));
      if (monthOf(submittedMs) === idMonth(id)) estimates.set(id, { submittedMs, basis: "listing" });
    });
    const listingDayEnd = Date.parse(`${listingDate}T00:00:00Z`);
    for (const id of ids) {
      if (estimates.has(id)) continue;
      const month = monthBounds(idMonth(id));
      const share = Number(id.slice(5)) / ((highestNumber.get(idMonth(id)) ?? 0) + 1);
      const latest = Math.min(month.endMs - 60_000, listingDayEnd - 60_000);
      const submittedMs = toMinute(Math.min(latest, month.startMs + share * (month.endMs - month.startMs)));
      estimates.set(id, { submittedMs, basis: "id" });
    }
  }
  return estimates;
}
