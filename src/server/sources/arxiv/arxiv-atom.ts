import { XMLParser } from "fast-xml-parser";
import { z } from "zod";
import { parseArxivId } from "@/shared/arxiv-id";
import { primaryCategory, type Paper } from "@/shared/paper";

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

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  // Both serialisations: the legacy one declares namespaces on each element, the 2026 one on <feed>.
  removeNSPrefix: true,
  isArray: (name) => ["entry", "author", "link", "category", "affiliation"].includes(name),
  parseTagValue: false,
  trimValues: true,
});

const textSchema = z.union([z.string(), z.number(), z.object({ "#text": z.union([z.string(), z.number()]) }).loose()]);
const linkSchema = z.object({ href: z.string(), rel: z.string().optional(), title: z.string().optional(), type: z.string().optional() }).loose();
const entrySchema = z
  .object({
    id: textSchema,
    title: textSchema.optional(),
    summary: textSchema.optional(),
    published: textSchema.optional(),
    updated: textSchema.optional(),
    author: z.array(z.object({ name: textSchema.optional(), affiliation: z.array(textSchema).optional() }).loose()).optional(),
    link: z.array(linkSchema).optional(),
    category: z.array(z.object({ term: z.string() }).loose()).optional(),
    primary_category: z.object({ term: z.string() }).loose().optional(),
    comment: textSchema.optional(),
    journal_ref: textSchema.optional(),
    doi: textSchema.optional(),
  })
  .loose();

function text(value: z.infer<typeof textSchema> | undefined): string {
  if (value === undefined) return "";
  if (typeof value === "object") return String(value["#text"]);
  return String(value);
}

/** arXiv hard-wraps titles and abstracts; collapse every run of whitespace to one space. */
export function collapseWhitespace(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

const orNull = (value: string) => (value === "" ? null : value);

/** Parses an arXiv API Atom response, either serialisation; throws ArxivFeedError for error feeds. */
export function parseArxivAtom(xml: string): ArxivFeed {
  let document: unknown;
  try {
    document = parser.parse(xml, true);
  } catch (error) {
    throw new ArxivMalformedError(`arXiv sent a response that is not valid XML: ${(error as Error).message}`);
  }
  const feed = (document as { feed?: Record<string, unknown> }).feed;
  if (!feed || typeof feed !== "object") throw new ArxivMalformedError("arXiv sent a response that is not an Atom feed.");
  const rawEntries = Array.isArray(feed.entry) ? feed.entry : [];

  const entries: ArxivEntry[] = [];
  for (const raw of rawEntries) {
    const parsed = entrySchema.safeParse(raw);
    if (!parsed.success) throw new ArxivMalformedError("arXiv sent an entry without an id.");
    const entry = parsed.data;
    const idUrl = text(entry.id);
    if (/\/api\/errors/.test(idUrl) || text(entry.title) === "Error") {
      throw new ArxivFeedError(collapseWhitespace(text(entry.summary)) || "arXiv reported an error.", idUrl);
    }
    entries.push(mapEntry(entry, idUrl));
  }

  const number = (value: unknown, fallback: number) => {
    const parsed = Number(text(value as z.infer<typeof textSchema>));
    return Number.isFinite(parsed) ? parsed : fallback;
  };
  return {
    totalResults: number(feed.totalResults, entries.length),
    startIndex: number(feed.startIndex, 0),
    itemsPerPage: number(feed.itemsPerPage, entries.length),
    entries,
  };
}

function mapEntry(entry: z.infer<typeof entrySchema>, idUrl: string): ArxivEntry {
  const versionedId = idUrl.replace(/^https?:\/\/(?:export\.)?arxiv\.org\/abs\//, "");
  const parsedId = parseArxivId(versionedId);
  const links = entry.link ?? [];
  const pdf = links.find((link) => link.title === "pdf" || link.type === "application/pdf");
  const abs = links.find((link) => link.rel === "alternate");
  const doiLink = links.find((link) => link.title === "doi");
  const doi = text(entry.doi) || (doiLink ? doiLink.href.replace(/^https?:\/\/(?:dx\.)?doi\.org\//, "") : "");
  const categories = (entry.category ?? []).map((category) => category.term);
  const primary = entry.primary_category?.term ?? null;
  // arXiv lists the primary category first in practice; make sure of it.
  const ordered = primary ? [primary, ...categories.filter((category) => category !== primary)] : categories;
  return {
    id: parsedId?.id ?? versionedId,
    versionedId,
    title: collapseWhitespace(text(entry.title)),
    summary: collapseWhitespace(text(entry.summary)),
    authors: (entry.author ?? []).map((author) => ({
      name: collapseWhitespace(text(author.name)),
      affiliations: (author.affiliation ?? []).map((affiliation) => collapseWhitespace(text(affiliation))),
    })),
    published: orNull(text(entry.published)),
    updated: orNull(text(entry.updated)),
    categories: ordered,
    primaryCategory: primary,
    comment: orNull(collapseWhitespace(text(entry.comment))),
    journalRef: orNull(collapseWhitespace(text(entry.journal_ref))),
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
    authorDetails: entry.authors.map((author) => ({ name: author.name, affiliation: author.affiliations })),
    links: { abstract: absUrl, pdf: pdfUrl },
  };
}
