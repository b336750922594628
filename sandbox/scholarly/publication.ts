/**
 * The journal-side facts of a corpus paper that was published (has a journal DOI): journal,
 * volume, pages and the online and print publication dates. OpenAlex and Crossref both read
 * them from here so the two upstreams agree about the same DOI, as the real ones mostly do.
 *
 * Dates: the year from the journal reference when it is plausible (the year before the arXiv
 * posting up to four after), else the posting date plus two to eleven months; month and day are
 * fixed per paper. Print follows online by three weeks to four months; a fifth of papers have
 * no print date, a quarter of the rest only a month.
 */
import type { Paper } from "../corpus";
import { intFor, unitFor } from "../lib/stable-random";
import { journalDoi, journalOf, parseJournalRef, publisherOf, volumeFromDoi } from "./journals";

/** Crossref's partial dates: [year], [year, month] or [year, month, day]. */
export type DateParts = [number] | [number, number] | [number, number, number];

export interface JournalFacts {
  doi: string;
  journal: string | null;
  publisher: string;
  volume: string | null;
  issue: string | null;
  firstPage: string | null;
  lastPage: string | null;
  /** "123-130" or "123" as Crossref writes `page`. */
  page: string | null;
  online: [number, number, number];
  print: DateParts | null;
}

const DAY_MS = 86_400_000;

function toParts(ms: number): [number, number, number] {
  const date = new Date(ms);
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

/** The journal facts of a paper, or null when it has no (Crossref-registered) journal DOI. */
export function journalFacts(paper: Paper): JournalFacts | null {
  const doi = journalDoi(paper.doi);
  if (!doi) return null;
  const ref = parseJournalRef(paper.journalRef);
  const postedMs = Date.parse(paper.published);
  const postedYear = new Date(postedMs).getUTCFullYear();

  let onlineMs: number;
  if (ref.year !== null && ref.year >= postedYear - 1 && ref.year <= postedYear + 4) {
    if (ref.year === postedYear) {
      const endOfYear = Date.UTC(postedYear, 11, 31);
      onlineMs = Math.min(endOfYear, postedMs + intFor(paper.id, "online-delay", 20, 200) * DAY_MS);
    } else {
      onlineMs = Date.UTC(ref.year, intFor(paper.id, "online-month", 0, 11), intFor(paper.id, "online-day", 1, 28));
    }
  } else {
    onlineMs = postedMs + intFor(paper.id, "online-delay", 60, 330) * DAY_MS;
  }
  const online = toParts(onlineMs);

  let print: DateParts | null = null;
  if (unitFor(paper.id, "has-print") >= 0.2) {
    const printed = toParts(onlineMs + intFor(paper.id, "print-delay", 21, 120) * DAY_MS);
    print = unitFor(paper.id, "print-day") < 0.25 ? [printed[0], printed[1]] : printed;
  }

  // The DOI's own volume and page win where it has them; the reference fills in the rest.
  const fromDoi = volumeFromDoi(doi);
  const page = fromDoi?.page ?? ref.page;
  const [firstPage, lastPage] = (page ?? "").split("-");
  return {
    doi,
    journal: journalOf(doi, ref),
    publisher: publisherOf(doi),
    volume: fromDoi?.volume ?? ref.volume,
    issue: fromDoi?.issue ?? null,
    firstPage: firstPage || null,
    lastPage: lastPage || null,
    page,
    online,
    print,
  };
}

/** "2007-03-05" from date parts (missing month or day as 01). */
export function isoDate(parts: readonly number[]): string {
  const [year, month = 1, day = 1] = parts;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
