import type { Paper } from "@/shared/paper";
import { paperAuthorParts, type AuthorNameParts } from "@/shared/library/author-names";
import { arxivDoi, displayDoi, paperArxivId } from "@/shared/library/paper-identifiers";

/**
 * Paper -> CSL-JSON (Citation Style Language data, the format citation-js and Zotero speak).
 * Everything Quire exports as BibTeX, RIS or CSL-JSON starts from this mapping.
 */

export type CslName = {
  given?: string;
  family?: string;
  suffix?: string;
  "non-dropping-particle"?: string;
  "dropping-particle"?: string;
  literal?: string;
};

export type CslDate = { "date-parts"?: (number | string)[][]; raw?: string; literal?: string };

/** The CSL item fields Quire writes and reads (CSL-JSON 1.0.2); others pass through untyped. */
export type CslItem = {
  id: string;
  type: string;
  "citation-key"?: string;
  title?: string;
  author?: CslName[];
  issued?: CslDate;
  DOI?: string;
  URL?: string;
  "container-title"?: string;
  volume?: string | number;
  issue?: string | number;
  page?: string;
  publisher?: string;
  number?: string | number;
  abstract?: string;
  note?: string;
  [field: string]: unknown;
};

export type CslType = "article" | "article-journal" | "paper-conference" | "chapter" | "book" | "thesis" | "report" | "dataset";

// Source item types (Crossref, OpenAlex, Zotero, BibTeX) that say what the work is.
const ITEM_TYPES: Readonly<Record<string, CslType>> = {
  journalarticle: "article-journal",
  articlejournal: "article-journal",
  review: "article-journal",
  proceedingsarticle: "paper-conference",
  conferencepaper: "paper-conference",
  paperconference: "paper-conference",
  inproceedings: "paper-conference",
  bookchapter: "chapter",
  booksection: "chapter",
  chapter: "chapter",
  book: "book",
  monograph: "book",
  editedbook: "book",
  dissertation: "thesis",
  thesis: "thesis",
  phdthesis: "thesis",
  report: "report",
  techreport: "report",
  dataset: "dataset",
  preprint: "article",
  postedcontent: "article",
};

/**
 * The CSL type: from the source's item type when it says what the work is; otherwise (arXiv
 * papers, OpenAlex's catch-all "article") `article-journal` when the paper names a journal and
 * `article` (CSL's type for preprints) when it does not.
 */
export function cslType(paper: Pick<Paper, "source"> & Partial<Pick<Paper, "itemType" | "journal">>): CslType {
  const known = paper.itemType ? ITEM_TYPES[paper.itemType.toLowerCase().replace(/[^a-z]/g, "")] : undefined;
  if (known) return known;
  const journal = paper.journal?.trim();
  return journal && !/^arxiv\b/i.test(journal) ? "article-journal" : "article";
}

/** "2024-01-15T10:00:00Z" -> [[2024, 1, 15]]; "2024-03" -> [[2024, 3]]; "2024" -> [[2024]]. */
export function cslDate(value: string | null | undefined): CslDate | undefined {
  const match = /^\s*(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?/.exec(value ?? "");
  if (!match) return undefined;
  const parts = [Number(match[1])];
  if (match[2] && Number(match[2]) >= 1 && Number(match[2]) <= 12) {
    parts.push(Number(match[2]));
    if (match[3] && Number(match[3]) >= 1 && Number(match[3]) <= 31) parts.push(Number(match[3]));
  }
  return { "date-parts": [parts] };
}

/** One author as a CSL name (groups as `literal`). */
export function cslName(parts: AuthorNameParts): CslName {
  if (parts.literal !== undefined) return { literal: parts.literal };
  return {
    family: parts.family,
    ...(parts.given ? { given: parts.given } : {}),
    ...(parts.suffix ? { suffix: parts.suffix } : {}),
    ...(parts.nonDroppingParticle ? { "non-dropping-particle": parts.nonDroppingParticle } : {}),
    ...(parts.droppingParticle ? { "dropping-particle": parts.droppingParticle } : {}),
  };
}

/** "420-424", "420–424" and "420--424" all become CSL's "420-424". */
function cslPage(pages: string | undefined): string | undefined {
  const text = pages?.trim();
  return text ? text.replace(/\s*(?:--|[–—-])\s*/g, "-") : undefined;
}

export type CslPaper = Pick<
  Paper,
  "id" | "title" | "authors" | "abstract" | "url" | "publishedDate" | "source" | "doi" | "journalRef" | "arxivId" | "categories"
> &
  Partial<Pick<Paper, "authorDetails" | "itemType" | "journal" | "publisher" | "volume" | "pages">>;

/**
 * A paper as a CSL item whose id (and `citation-key`) is the cite key:
 *
 * - type from `cslType`; author from `authorDetails` given/family, else the split names;
 * - issued from `publishedDate`; DOI; URL; container-title (journal); volume; page; publisher;
 *   abstract;
 * - arXiv papers: DOI is the journal DOI when the record has one (arXiv's `doi` is the
 *   published version's), else arXiv's own `10.48550/arXiv.<id>`; a preprint also gets
 *   `publisher: "arXiv"` and `number: "arXiv:<id>"` (Zotero's convention) and the journal
 *   reference, if any, as `note`.
 */
export function paperToCsl(paper: CslPaper, citeKey: string): CslItem {
  const type = cslType(paper);
  const arxivId = paperArxivId(paper);
  const doi = displayDoi(paper.doi);
  const item: CslItem = { id: citeKey, "citation-key": citeKey, type };
  const title = paper.title.replace(/\s+/g, " ").trim();
  if (title) item.title = title;
  const authors = paperAuthorParts(paper).map(cslName);
  if (authors.length > 0) item.author = authors;
  const issued = cslDate(paper.publishedDate);
  if (issued) item.issued = issued;

  if (doi) item.DOI = doi;
  else if (arxivId) item.DOI = arxivDoi(arxivId);
  const url = paper.url.trim() || (arxivId ? `https://arxiv.org/abs/${arxivId}` : "");
  if (url) item.URL = url;

  const journal = paper.journal?.trim();
  if (journal && type !== "article") item["container-title"] = journal;
  if (paper.volume?.trim()) item.volume = paper.volume.trim();
  const page = cslPage(paper.pages);
  if (page) item.page = page;
  if (paper.publisher?.trim()) item.publisher = paper.publisher.trim();
  const abstract = paper.abstract.replace(/\s+/g, " ").trim();
  if (abstract) item.abstract = abstract;

  if (arxivId && type === "article") {
    item.publisher ??= "arXiv";
    item.number = `arXiv:${arxivId}`;
    if (paper.journalRef?.trim()) item.note = paper.journalRef.trim();
  }
  return item;
}
