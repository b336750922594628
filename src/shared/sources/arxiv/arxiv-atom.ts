import { parseArxivId } from "@/shared/arxiv-id";
import { primaryCategory, type Paper } from "@/shared/paper";
import { scanXml, type ScanOptions } from "./xml-scan";

/** One `<entry>` of an arXiv Atom feed, with whitespace normalised. */
export type ArxivEntry = {
  /** Bare id without version, e.g. "2401.12345" or "hep-th/9901001". */
  id: string;
  /** Id with version as arXiv lists it, e.g. "2401.12345v2". */
  versionedId: string;
  title: string;
  summary: string;
  authors: { name: string; affiliations: string[] }[];
  published: string | null;
  updated: string | null;
  categories: string[];
  primaryCategory: string | null;
  comment: string | null;
  journalRef: string | null;
  doi: string | null;
  absUrl: string | null;
  pdfUrl: string | null;
};

export type ArxivFeed = {
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  entries: ArxivEntry[];
};

/** arXiv answered with an error feed (HTTP 400, or 200 with an error entry in older servers). */
export class ArxivFeedError extends Error {
  constructor(
    message: string,
    /** The error entry's id, e.g. "...api/errors#incorrect_id_format_for_abc". */
    readonly errorId: string,
  ) {
    super(message);
    this.name = "ArxivFeedError";
  }
}

/** The body was not an Atom feed at all (truncated, HTML, garbage). */
export class ArxivMalformedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArxivMalformedError";
  }
}

/**
 * Runs of whitespace that are not already a single space: one that holds a tab, newline or
 * other space character, or two or more spaces. Matching only these, and not every space
 * between two words, spares the collapse a replacement for every word of a page of abstracts.
 */
const WHITESPACE_TO_COLLAPSE = / ?[^\S ]\s*| {2,}\s*/g;

/** arXiv hard-wraps titles and abstracts; collapse every run of whitespace to one space. */
export function collapseWhitespace(value: string): string {
  return value.replace(WHITESPACE_TO_COLLAPSE, " ").trim();
}

const orNull = (value: string) => (value === "" ? null : value);
/** "arxiv:comment" -> "comment": both serialisations, whatever prefixes they declare. */
const localName = (name: string) => name.slice(name.indexOf(":") + 1);

type RawEntry = {
  id: string;
  title: string;
  summary: string;
  published: string;
  updated: string;
  comment: string;
  journalRef: string;
  doi: string;
  primary: string | null;
  categories: string[];
  links: { href: string; rel?: string; title?: string; type?: string }[];
  authors: { name: string; affiliations: string[] }[];
};

/**
 * Parses an arXiv API Atom response, either serialisation; throws ArxivFeedError for error
 * feeds and ArxivMalformedError for anything that is not a whole Atom feed. Read with a strict
 * XML scanner (xml-scan.ts): no document tree, and truncated or ill-formed bodies are refused.
 */
export function parseArxivAtom(xml: string, options: ScanOptions = {}): ArxivFeed {
  const stack: string[] = [];
  const entries: RawEntry[] = [];
  const feed = { totalResults: "", startIndex: "", itemsPerPage: "" };
  let entry: RawEntry | null = null;
  let author: RawEntry["authors"][number] | null = null;
  let text = "";
  let root: string | null = null;

  const open = (qualifiedName: string, attributes: Readonly<Record<string, string>>) => {
    const name = localName(qualifiedName);
    root ??= name;
    stack.push(name);
    text = "";
    if (name === "entry" && stack.length === 2) {
      entry = { id: "", title: "", summary: "", published: "", updated: "", comment: "", journalRef: "", doi: "", primary: null, categories: [], links: [], authors: [] };
    } else if (entry) {
      if (name === "author") author = { name: "", affiliations: [] };
      else if (name === "link" && attributes.href) entry.links.push({ href: attributes.href, rel: attributes.rel, title: attributes.title, type: attributes.type });
      else if (name === "category" && attributes.term) entry.categories.push(attributes.term);
      else if (name === "primary_category" && attributes.term) entry.primary = attributes.term;
    }
  };
  const close = (qualifiedName: string) => {
    const name = localName(qualifiedName);
    stack.pop();
    const value = text;
    text = "";
    if (!entry) {
      if (stack.length === 1 && (name === "totalResults" || name === "startIndex" || name === "itemsPerPage")) feed[name] = value.trim();
      return;
    }
    if (author) {
      if (name === "name") author.name = collapseWhitespace(value);
      else if (name === "affiliation") author.affiliations.push(collapseWhitespace(value));
      else if (name === "author") {
        entry.authors.push(author);
        author = null;
      }
      return;
    }
    switch (name) {
      case "id":
        entry.id = value.trim();
        break;
      case "title":
        entry.title = collapseWhitespace(value);
        break;
      case "summary":
        entry.summary = collapseWhitespace(value);
        break;
      case "published":
        entry.published = value.trim();
        break;
      case "updated":
        entry.updated = value.trim();
        break;
      case "comment":
        entry.comment = collapseWhitespace(value);
        break;
      case "journal_ref":
        entry.journalRef = collapseWhitespace(value);
        break;
      case "doi":
        entry.doi = value.trim();
        break;
      case "entry":
        entries.push(entry);
        entry = null;
        break;
    }
  };

  try {
    scanXml(xml, {
      open,
      text: (value) => {
        text += value;
      },
      close,
    }, options);
  } catch (error) {
    throw new ArxivMalformedError(`arXiv sent a response that is not valid XML: ${(error as Error).message}`);
  }
  if (root !== "feed") throw new ArxivMalformedError("arXiv sent a response that is not an Atom feed.");

  const mapped: ArxivEntry[] = [];
  for (const raw of entries) {
    if (!raw.id) throw new ArxivMalformedError("arXiv sent an entry without an id.");
    if (/\/api\/errors/.test(raw.id) || raw.title === "Error") {
      throw new ArxivFeedError(raw.summary || "arXiv reported an error.", raw.id);
    }
    mapped.push(mapEntry(raw));
  }
  const number = (value: string, fallback: number) => (value !== "" && Number.isFinite(Number(value)) ? Number(value) : fallback);
  return {
    totalResults: number(feed.totalResults, mapped.length),
    startIndex: number(feed.startIndex, 0),
    itemsPerPage: number(feed.itemsPerPage, mapped.length),
    entries: mapped,
  };
}

function mapEntry(entry: RawEntry): ArxivEntry {
  const versionedId = entry.id.replace(/^https?:\/\/(?:export\.)?arxiv\.org\/abs\//, "");
  const parsedId = parseArxivId(versionedId);
  const pdf = entry.links.find((link) => link.title === "pdf" || link.type === "application/pdf");
  const abs = entry.links.find((link) => link.rel === "alternate");
  const doiLink = entry.links.find((link) => link.title === "doi");
  const doi = entry.doi || (doiLink ? doiLink.href.replace(/^https?:\/\/(?:dx\.)?doi\.org\//, "") : "");
  // arXiv lists the primary category first in practice; make sure of it.
  const categories = entry.primary ? [entry.primary, ...entry.categories.filter((category) => category !== entry.primary)] : entry.categories;
  return {
    id: parsedId?.id ?? versionedId,
    versionedId,
    title: entry.title,
    summary: entry.summary,
    authors: entry.authors,
    published: orNull(entry.published),
    updated: orNull(entry.updated),
    categories,
    primaryCategory: entry.primary,
    comment: orNull(entry.comment),
    journalRef: orNull(entry.journalRef),
    doi: orNull(doi),
    absUrl: abs?.href ?? null,
    pdfUrl: pdf?.href ?? null,
  };
}

/** Maps an arXiv entry to the unified Paper. Links point at arxiv.org; the UI rewrites them in-app. */
export function arxivEntryToPaper(entry: ArxivEntry): Paper {
  const https = (url: string | null) => (url ? url.replace(/^http:\/\//, "https://") : null);
  const absUrl = https(entry.absUrl) ?? `https://arxiv.org/abs/${entry.versionedId}`;
  const pdfUrl = https(entry.pdfUrl) ?? `https://arxiv.org/pdf/${entry.versionedId}`;
  return {
    id: entry.id,
    title: entry.title,
    authors: entry.authors.map((author) => author.name),
    abstract: entry.summary,
    url: absUrl,
    pdfUrl,
    publishedDate: entry.published,
    updatedDate: entry.updated,
    categories: entry.categories,
    category: primaryCategory(entry.categories),
    source: "arxiv",
    doi: entry.doi,
    journalRef: entry.journalRef,
    comments: entry.comment,
    arxivId: entry.versionedId,
    // arXiv's only detail beyond the name is an affiliation, which few entries give; without
    // one, `authors` says it all (every reader of authorDetails falls back to it), and a
    // page of 50 papers is a sixth smaller.
    ...(entry.authors.some((author) => author.affiliations.length > 0)
      ? { authorDetails: entry.authors.map((author) => ({ name: author.name, affiliation: author.affiliations })) }
      : {}),
    links: { abstract: absUrl, pdf: pdfUrl },
  };
}
