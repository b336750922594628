import { z } from "zod";
import { parsePaperId } from "./paper-id";
import { isWebLink, webLinkOrNull } from "./web-link";

/** Where a paper record came from. */
export const PAPER_SOURCES = ["arxiv", "openalex", "crossref", "journal", "zotero", "preprint"] as const;
export type PaperSource = (typeof PAPER_SOURCES)[number];

export const authorDetailSchema = z.object({
  name: z.string(),
  given: z.string().optional(),
  family: z.string().optional(),
  /** ORCID iD as a bare 0000-0000-0000-0000, when the source knows it. */
  orcid: z.string().optional(),
  affiliation: z.array(z.string()).default([]),
  /** Crossref's "first" / "additional". */
  sequence: z.string().optional(),
  /** Whether the source vouches for the ORCID link (Crossref `authenticated-orcid`). */
  authenticated: z.boolean().optional(),
});
export type AuthorDetail = z.infer<typeof authorDetailSchema>;

/**
 * Link fields keep http(s) addresses only (isWebLink). Any other is dropped where a paper
 * enters rather than refused: the paper is kept without that link, so a sync of 10,000
 * bookmarks does not fail for one.
 */
const requiredLink = z.string().transform((value) => (isWebLink(value) ? value : ""));
const nullableLink = z
  .string()
  .nullable()
  .transform((value) => webLinkOrNull(value));
const optionalLink = z
  .string()
  .transform((value) => webLinkOrNull(value) ?? undefined)
  .optional();

/**
 * A paper id as every route that keys a stored row by paper takes it (path, query or body):
 * any spelling becomes the canonical id of paper-id.ts, so one paper is one row; what is not
 * a paper id fails with the rule's message (a 400 at the edge).
 */
export const paperIdSchema = z.string().transform((raw, ctx) => {
  const result = parsePaperId(raw);
  if (result.ok) return result.value.id;
  ctx.addIssue({ code: "custom", message: result.message });
  return z.NEVER;
});

/**
 * The one paper shape the UI ever sees. Every source
 * adapter maps its raw response to it at the server edge.
 */
export const paperSchema = z.object({
  /** Quire's id: the bare arXiv id (no version) for arXiv papers, else the DOI or the source's id. */
  id: z.string().min(1),
  title: z.string(),
  authors: z.array(z.string()),
  abstract: z.string(),
  /** The paper's landing page ("" when none). Links are http(s) only: see isWebLink. */
  url: requiredLink,
  pdfUrl: nullableLink,
  /** ISO date-time or date, or a bare year when that is all the source has. */
  publishedDate: z.string().nullable(),
  updatedDate: z.string().nullable(),
  dateAdded: z.string().optional(),
  categories: z.array(z.string()),
  /** The first category, or "unknown". */
  category: z.string(),
  source: z.enum(PAPER_SOURCES),
  doi: z.string().nullable(),
  journalRef: z.string().nullable(),
  comments: z.string().nullable(),
  /** The arXiv id with its version when known, e.g. "2401.12345v2". */
  arxivId: z.string().nullable(),
  zoteroKey: z.string().optional(),
  itemType: z.string().optional(),
  thumbnailUrl: optionalLink,
  journal: z.string().optional(),
  publisher: z.string().optional(),
  volume: z.string().optional(),
  issue: z.string().optional(),
  pages: z.string().optional(),
  citationCount: z.number().int().nonnegative().optional(),
  license: z.string().optional(),
  authorDetails: z.array(authorDetailSchema).optional(),
  links: z.object({ abstract: nullableLink, pdf: nullableLink }),
  isFavorite: z.boolean().optional(),
  isRead: z.boolean().optional(),
  historyEntryId: z.string().optional(),
});
export type Paper = z.infer<typeof paperSchema>;

/** The first category, or "unknown" (the spec's rule for `category`). */
export function primaryCategory(categories: readonly string[]): string {
  return categories[0] ?? "unknown";
}
