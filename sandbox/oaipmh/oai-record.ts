/**
 * One arXiv record as the sandbox's OAI-PMH service serves it, whatever corpus it comes from
 * (the real one, the scale corpus, or a change a test made), and how a corpus paper becomes one.
 *
 * Datestamps (the day a record last changed, what `from`/`until` select on), day granularity,
 * UTC:
 * - papers of arXiv's OAI test database: arXiv's own, the current row's `updated`, else its
 *   `modtime`, as arXiv's service takes them;
 * - every other paper: the day its latest version was submitted;
 * - never before 2005-09-16, arXiv's earliest datestamp (its older records all carry that day);
 * - a change made through the control API: the day it was made (or the date it names).
 *
 * What the corpus does not know is filled in deterministically from the id: the submitter is
 * the first author, sizes are spread between 20 and 5,000 kb, and three in ten versions are
 * pdfLaTeX ("D").
 */
import type { Paper } from "../corpus";
import { splitName } from "../crossref/names";
import { collapseWhitespace } from "../lib/author-list";
import { unitFor } from "../lib/stable-random";
import { getRawExtras, type RawExtras } from "./raw-extras";
import { isKnownCategory } from "./taxonomy";

/** arXiv's earliest datestamp (Identify): 2005-09-16, as days since 1970-01-01. */
export const EARLIEST_DAY = Date.UTC(2005, 8, 16) / 86_400_000;
export const DAY_MS = 86_400_000;

export interface OaiVersion {
  version: number;
  /** Submission time, epoch ms (whole seconds). */
  submittedMs: number;
  sizeKb: number;
  sourceType: string | null;
}

export interface OaiAuthor {
  keyname: string;
  forenames: string | null;
  suffix: string | null;
  affiliations: string[];
}

export interface OaiRecord {
  /** arXiv id without version: "2401.12345", "hep-th/9901001". */
  id: string;
  /** The datestamp, as days since 1970-01-01 UTC. */
  day: number;
  /** Header status="deleted": only the header is served. */
  deleted: boolean;
  submitter: string;
  /** Oldest first. */
  versions: OaiVersion[];
  title: string;
  /** The author line as submitted (arXivRaw's `<authors>`). */
  authorLine: string;
  /** The same authors split as arXiv's `arXiv` format and `oai_dc` show them. */
  authors: OaiAuthor[];
  /** arXiv categories, primary first (space-separated in `<categories>`). */
  categories: string[];
  comments: string | null;
  proxy: string | null;
  reportNo: string | null;
  mscClass: string | null;
  acmClass: string | null;
  journalRef: string | null;
  doi: string | null;
  license: string | null;
  abstract: string;
}

/** "2026-01-05" for a day number. */
export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The day number of an epoch-ms time (UTC). */
export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** The day number of "YYYY-MM-DD", or undefined when it is not a real date in that form. */
export function parseDay(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return ms / DAY_MS;
}

/** An author as arXiv's `arXiv` format splits it: keyname (surname), forenames, suffix. */
export function splitAuthor(name: string, affiliations: readonly string[] = []): OaiAuthor {
  const parts = splitName(name);
  if (parts.name) return { keyname: parts.name, forenames: null, suffix: null, affiliations: [...affiliations] };
  return { keyname: parts.family ?? name, forenames: parts.given ?? null, suffix: parts.suffix ?? null, affiliations: [...affiliations] };
}

/** "Ada Lovelace (Analytical Engine Co.), Charles Babbage": an author line in arXiv's submission style. */
export function authorLineOf(authors: readonly { name: string; affiliations: readonly string[] }[]): string {
  return authors.map((author) => (author.affiliations.length > 0 ? `${author.name} (${author.affiliations.join(", ")})` : author.name)).join(", ");
}

/** A size between 20 and 5,000 kb, spread evenly on a log scale, fixed by the key. */
export function derivedSizeKb(key: string): number {
  return Math.round(20 * 250 ** unitFor(key, "oai-size"));
}

/** "D" (pdfLaTeX) for three versions in ten, fixed by the key; none for the rest. */
export function derivedSourceType(key: string): string | null {
  return unitFor(key, "oai-source-type") < 0.3 ? "D" : null;
}

function versionsOf(paper: Paper, extras: RawExtras | undefined): OaiVersion[] {
  return paper.versions.map((version) => {
    const raw = extras?.versions[version.version];
    const key = `${paper.id}v${version.version}`;
    return {
      version: version.version,
      submittedMs: Date.parse(version.created),
      sizeKb: raw?.sizeKb ?? derivedSizeKb(key),
      sourceType: raw ? raw.sourceType : derivedSourceType(key),
    };
  });
}

/** The datestamp rule above, for a corpus paper. */
export function datestampDay(paper: Paper, extras: RawExtras | undefined): number {
  const latest = Date.parse(paper.updated);
  const day = dayOf(extras?.datestampMs ?? latest);
  return Math.max(day, EARLIEST_DAY);
}

/** A corpus paper as an OAI record (the raw text where arXiv's fixtures have it). */
export function recordFromPaper(paper: Paper, extras: RawExtras | undefined = getRawExtras().get(paper.id)): OaiRecord {
  const authors = paper.authors.map((name, index) => splitAuthor(name, paper.affiliations[index] ?? []));
  return {
    id: paper.id,
    day: datestampDay(paper, extras),
    deleted: false,
    submitter: extras?.submitter ?? paper.authors[0] ?? "arXiv",
    versions: versionsOf(paper, extras),
    title: extras?.title ?? paper.title,
    authorLine: extras?.authors ?? authorLineOf(paper.authors.map((name, index) => ({ name, affiliations: paper.affiliations[index] ?? [] }))),
    authors,
    categories: paper.categories.filter(isKnownCategory),
    comments: extras?.comments ?? paper.comment,
    proxy: extras?.proxy ?? null,
    reportNo: paper.reportNo,
    mscClass: extras?.mscClass ?? null,
    acmClass: extras?.acmClass ?? null,
    journalRef: paper.journalRef,
    doi: paper.doi,
    license: paper.license,
    abstract: extras?.abstract ?? paper.abstract,
  };
}

/** The record's title and abstract with arXiv's hard wrapping undone (for the query API's view of a change). */
export function plainText(text: string): string {
  return collapseWhitespace(text);
}
