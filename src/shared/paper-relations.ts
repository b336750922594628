import { extractArxivId } from "@/shared/arxiv-id";
import type { Paper } from "@/shared/paper";

/**
 * References and citations of a paper, from OpenAlex. Shared by the server route and the
 * reader's side cards.
 */

/** Entries shown per page in the References and Citations cards (compact side cards, not the 20 of full lists). */
export const RELATIONS_PAGE_SIZE = 10;
/** References fetch twice the page size at a time. */
export const REFERENCES_FETCH_SIZE = 2 * RELATIONS_PAGE_SIZE;
/** Citations fetch min(2x page size, 200) at a time (OpenAlex's per_page ceiling is 200). */
export const CITATIONS_FETCH_SIZE = Math.min(2 * RELATIONS_PAGE_SIZE, 200);
/** Longest id the paper lookup accepts; anything longer is not an id. */
export const LOOKUP_ID_MAX_LENGTH = 200;

export type RelationKind = "references" | "citations";

/** One page of a paper's references or citations. */
export type RelationsPage = {
  /** Every reference (or citation) OpenAlex knows of, not only this page's. */
  total: number;
  papers: Paper[];
};

/** The OpenAlex work behind a paper, found by DOI ("Finding DOI..."). */
export type WorkLookup = { workId: string | null; doi: string | null };

/** A bare DOI ("10.1234/x") from a DOI, a doi: prefix or a doi.org URL; null when it is none. */
export function bareDoi(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim().replace(/^https?:\/\/(dx\.)?doi\.org\//i, "").replace(/^doi:\s*/i, "");
  return /^10\.\d{4,9}\/\S+$/.test(text) ? text : null;
}

/** The DOI to look a paper up by: its own, else arXiv's DataCite DOI (10.48550/arXiv.{id}). */
export function paperDoi(paper: Pick<Paper, "doi" | "id" | "arxivId" | "source">): string | null {
  const own = bareDoi(paper.doi);
  if (own) return own;
  const arxiv = extractArxivId(paper.arxivId ?? "") ?? (paper.source === "arxiv" ? extractArxivId(paper.id) : null);
  return arxiv ? `10.48550/arXiv.${arxiv.id}` : null;
}
