import { extractArxivId, parseArxivId } from "@/shared/arxiv-id";
import type { Paper } from "@/shared/paper";

/**
 * Identifiers read off a Paper the same way everywhere in the library: the arXiv id, DOIs and
 * the year.
 */

const DOI_PATTERN = /^10\.\d{4,9}\/\S+$/;
const ARXIV_DOI_PREFIX = /^10\.48550\/arxiv\./i;

/**
 * A DOI in its comparable form: no resolver or `doi:` prefix, lowercase (DOIs are
 * case-insensitive). Null when the text is not a DOI.
 */
export function normalizeDoi(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value
    .trim()
    .replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, "")
    .replace(/^doi:\s*/i, "")
    .toLowerCase();
  return DOI_PATTERN.test(text) ? text : null;
}

/** A DOI as written for people: resolver and `doi:` prefixes removed, case kept; null when not a DOI. */
export function displayDoi(value: string | null | undefined): string | null {
  if (!normalizeDoi(value)) return null;
  return value!
    .trim()
    .replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, "")
    .replace(/^doi:\s*/i, "");
}

/** The bare arXiv id of an arXiv DOI (`10.48550/arXiv.2401.12345` -> `2401.12345`), else null. */
export function arxivIdFromDoi(doi: string | null | undefined): string | null {
  const normalized = normalizeDoi(doi);
  if (!normalized || !ARXIV_DOI_PREFIX.test(normalized)) return null;
  return extractArxivId(normalized)?.id ?? null;
}

/** The DataCite DOI arXiv registers for every paper, `10.48550/arXiv.<id without version>`. */
export function arxivDoi(arxivId: string): string {
  return `10.48550/arXiv.${parseArxivId(arxivId)?.id ?? arxivId}`;
}

export type IdentifiedPaper = Pick<Paper, "id" | "arxivId"> & Partial<Pick<Paper, "doi">>;

/**
 * The paper's arXiv id without version, from `arxivId`, an arXiv paper's `id`, or an arXiv
 * DOI; null for papers that are not on arXiv (as far as the record says).
 */
export function paperArxivId(paper: IdentifiedPaper): string | null {
  if (paper.arxivId) {
    const parsed = extractArxivId(paper.arxivId);
    if (parsed) return parsed.id;
  }
  // Other sources' ids (DOIs, OpenAlex W-ids, Zotero keys) never parse as arXiv ids.
  const fromId = extractArxivId(paper.id);
  if (fromId) return fromId.id;
  return arxivIdFromDoi(paper.doi);
}

/**
 * The year of a paper: the first four digits of `publishedDate`, else the year an arXiv id
 * encodes (`2401.12345` -> 2024, `hep-th/9901001` -> 1999). Null when neither is known.
 */
export function paperYear(paper: Pick<Paper, "publishedDate"> & IdentifiedPaper): number | null {
  const fromDate = /^\s*(\d{4})/.exec(paper.publishedDate ?? "");
  if (fromDate) return Number(fromDate[1]);
  const arxivId = paperArxivId(paper);
  if (!arxivId) return null;
  const yearDigits = /^(\d{2})\d{2}\./.exec(arxivId)?.[1] ?? /\/(\d{2})\d{5}$/.exec(arxivId)?.[1];
  if (!yearDigits) return null;
  const twoDigits = Number(yearDigits);
  // Old-style ids run from 1991; new-style ids (from 0704) are all 20xx.
  return twoDigits >= 91 ? 1900 + twoDigits : 2000 + twoDigits;
}
