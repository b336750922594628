import { z } from "zod";
import { extractArxivId, parseArxivId } from "@/shared/arxiv-id";
import { splitAuthorName } from "@/shared/library/author-names";
import { arxivDoi, arxivIdFromDoi, displayDoi, normalizeDoi, paperArxivId } from "@/shared/library/paper-identifiers";
import { primaryCategory, type AuthorDetail, type Paper } from "@/shared/paper";
import { webLinkOrNull } from "@/shared/web-link";

/**
 * Zotero items (Web API v3 JSON) and their
 * mapping to and from Quire's Paper.
 *
 * An arXiv id may sit in several fields, depending on how the item was made (Zotero's arXiv
 * translator, an older Zotero, a hand-entered item): `archiveID` ("arXiv:1706.03762"), a line of
 * `extra` ("arXiv:1810.04805 [cs.CL]", "arXiv: 1305.4904"), an arXiv DOI
 * ("10.48550/arXiv.1706.03762"), an arxiv.org URL, or the publication title ("arXiv preprint
 * arXiv:2212.14882"). They are read in that order.
 */

const creatorSchema = z
  .object({
    creatorType: z.string().default("author"),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    name: z.string().optional(),
  })
  .loose();
export type ZoteroCreator = z.infer<typeof creatorSchema>;

/** An item's `data`: the fields Quire reads, any others kept as they are. */
export const zoteroItemDataSchema = z
  .object({
    key: z.string().optional(),
    version: z.number().optional(),
    itemType: z.string(),
    title: z.string().optional(),
    creators: z.array(creatorSchema).optional(),
    abstractNote: z.string().optional(),
    date: z.string().optional(),
    dateAdded: z.string().optional(),
    dateModified: z.string().optional(),
    url: z.string().optional(),
    extra: z.string().optional(),
    DOI: z.string().optional(),
    archiveID: z.string().optional(),
    publicationTitle: z.string().optional(),
    repository: z.string().optional(),
    volume: z.string().optional(),
    issue: z.string().optional(),
    pages: z.string().optional(),
    parentItem: z.string().optional(),
    collections: z.array(z.string()).optional(),
    note: z.string().optional(),
  })
  .loose();
export type ZoteroItemData = z.infer<typeof zoteroItemDataSchema>;

/** One item as the API answers it (`GET /users/{id}/items`). */
export const zoteroItemSchema = z
  .object({
    key: z.string().regex(/^[A-Z0-9]{8}$/, "not a Zotero item key"),
    version: z.number().int().nonnegative(),
    links: z.object({ alternate: z.object({ href: z.string() }).loose().optional() }).loose().optional(),
    meta: z
      .object({
        creatorSummary: z.string().optional(),
        parsedDate: z.string().optional(),
        numChildren: z.number().optional(),
      })
      .loose()
      .optional(),
    data: zoteroItemDataSchema,
  })
  .loose();
export type ZoteroItem = z.infer<typeof zoteroItemSchema>;

/** A Zotero item key: 8 characters of A-Z and 0-9. */
export const ZOTERO_KEY_PATTERN = /^[A-Z0-9]{8}$/;

/** Reads a list of items, keeping the well-formed ones and counting the rest. */
export function parseZoteroItems(body: unknown): { items: ZoteroItem[]; malformed: number } {
  if (!Array.isArray(body)) return { items: [], malformed: 1 };
  const items: ZoteroItem[] = [];
  let malformed = 0;
  for (const entry of body) {
    const parsed = zoteroItemSchema.safeParse(entry);
    if (parsed.success) items.push(parsed.data);
    else malformed += 1;
  }
  return { items, malformed };
}

const ARXIV_IN_TEXT = /arxiv:\s*([a-z-]+(?:\.[A-Z]{2})?\/\d{7}|\d{4}\.\d{4,5})(v\d+)?(?:\s*\[([^\]]+)\])?/i;

/** The arXiv id (with its version when written) and category an item carries, if any. */
export function zoteroItemArxiv(data: ZoteroItemData): { id: string; version: string | null; category: string | null } | null {
  const fromText = (text: string | undefined) => {
    if (!text) return null;
    const match = ARXIV_IN_TEXT.exec(text);
    if (!match || !parseArxivId(match[1]!)) return null;
    return { id: match[1]!, version: match[2] ?? null, category: match[3]?.trim() || null };
  };
  const fromArchive = fromText(data.archiveID);
  const fromExtra = fromText(data.extra);
  const category = fromExtra?.category ?? fromText(data.publicationTitle)?.category ?? null;
  const found =
    fromArchive ??
    fromExtra ??
    (() => {
      const doiId = arxivIdFromDoi(data.DOI);
      if (doiId) return { id: doiId, version: null, category: null };
      if (data.url && /arxiv\.org\/(?:abs|pdf)\//i.test(data.url)) {
        const parsed = extractArxivId(data.url);
        if (parsed) return { id: parsed.id, version: parsed.version ? `v${parsed.version}` : null, category: null };
      }
      return fromText(data.publicationTitle);
    })();
  return found ? { ...found, category: found.category ?? category } : null;
}

/** The item's journal DOI (not arXiv's DataCite DOI): the DOI field, or a "DOI: ..." line of `extra`. */
export function zoteroItemDoi(data: ZoteroItemData): string | null {
  const fromField = data.DOI ? displayDoi(data.DOI) : null;
  const fromExtra = /^\s*DOI:\s*(\S+)\s*$/im.exec(data.extra ?? "")?.[1];
  for (const candidate of [fromField, fromExtra ? displayDoi(fromExtra) : null]) {
    if (candidate && !arxivIdFromDoi(candidate)) return candidate;
  }
  return null;
}

/** "First Last" for a person, the single field for an organisation. */
export function creatorName(creator: ZoteroCreator): string {
  if (creator.name?.trim()) return creator.name.trim();
  return [creator.firstName?.trim(), creator.lastName?.trim()].filter(Boolean).join(" ");
}

/** The item's authors (creators of type author; every creator when none is an author). */
export function zoteroItemAuthors(data: ZoteroItemData): ZoteroCreator[] {
  const creators = data.creators ?? [];
  const authors = creators.filter((creator) => creator.creatorType === "author");
  return (authors.length > 0 ? authors : creators).filter((creator) => creatorName(creator) !== "");
}

/** A date Zotero wrote ("2017-06-12", "June 2017", "2017") as ISO date or year; null when none is readable. */
function isoDate(parsed: string | undefined, written: string | undefined): string | null {
  // Older answers write unknown parts as 00 ("1992-00-00").
  const cleaned = parsed?.replace(/(-00)+$/, "");
  if (cleaned && /^\d{4}(-\d{2}(-\d{2})?)?$/.test(cleaned) && !cleaned.startsWith("0000")) return cleaned;
  const text = written?.trim();
  if (!text) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const year = /\b(1[89]\d{2}|20\d{2})\b/.exec(text);
  return year ? year[1]! : null;
}

/** Whether the item is something Quire keeps as a paper (attachments and notes are not). */
export function isPaperItem(data: ZoteroItemData): boolean {
  return data.itemType !== "attachment" && data.itemType !== "note" && data.itemType !== "annotation";
}

/**
 * The item as a Quire Paper. Its id is the arXiv id (no version), else the DOI, else
 * `zotero:<KEY>`, so Read, View and PDF open the paper in Quire's reader where an id allows it.
 */
export function zoteroItemToPaper(item: ZoteroItem): Paper {
  const { data } = item;
  const arxiv = zoteroItemArxiv(data);
  const doi = zoteroItemDoi(data);
  const creators = zoteroItemAuthors(data);
  const authorDetails: AuthorDetail[] = creators.map((creator) => ({
    name: creatorName(creator),
    ...(creator.firstName ? { given: creator.firstName } : {}),
    ...(creator.lastName ? { family: creator.lastName } : {}),
    affiliation: [],
  }));
  const categories = arxiv?.category ? [arxiv.category] : [];
  const arxivAbs = arxiv ? `https://arxiv.org/abs/${arxiv.id}` : null;
  const arxivPdf = arxiv ? `https://arxiv.org/pdf/${arxiv.id}` : null;
  // The item's URL is whatever its owner typed into Zotero: only an http(s) one is a link.
  const url = webLinkOrNull(data.url?.trim()) || arxivAbs || (doi ? `https://doi.org/${doi}` : "") || webLinkOrNull(item.links?.alternate?.href) || "";
  const title = data.title?.trim() || (data.itemType === "note" ? noteTitle(data.note) : "") || "Untitled";
  const journal = data.itemType === "journalArticle" ? data.publicationTitle?.trim() || undefined : undefined;
  return {
    id: arxiv?.id ?? doi ?? `zotero:${item.key}`,
    title,
    authors: authorDetails.map((author) => author.name),
    authorDetails,
    abstract: data.abstractNote?.trim() ?? "",
    url,
    pdfUrl: arxivPdf,
    publishedDate: isoDate(item.meta?.parsedDate, data.date),
    updatedDate: data.dateModified ?? null,
    ...(data.dateAdded ? { dateAdded: data.dateAdded } : {}),
    categories,
    category: primaryCategory(categories),
    source: "zotero",
    doi: doi ?? (arxiv ? arxivDoi(arxiv.id) : null),
    journalRef: journal ? [journal, data.volume, data.pages].filter(Boolean).join(" ") : null,
    comments: null,
    arxivId: arxiv ? `${arxiv.id}${arxiv.version ?? ""}` : null,
    zoteroKey: item.key,
    itemType: data.itemType,
    ...(journal ? { journal } : {}),
    ...(data.volume ? { volume: data.volume } : {}),
    ...(data.pages ? { pages: data.pages } : {}),
    links: { abstract: arxivAbs ?? (url || null), pdf: arxivPdf },
  };
}

/** A note's first line of text, as its title. */
function noteTitle(note: string | undefined): string {
  return (note ?? "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 120);
}

/** The data Quire writes for a new item: what Zotero's own arXiv translator makes. */
export type ZoteroNewItem = {
  itemType: "preprint" | "journalArticle";
  title: string;
  creators: ({ creatorType: "author"; firstName: string; lastName: string } | { creatorType: "author"; name: string })[];
  abstractNote: string;
  date: string;
  url: string;
  DOI: string;
  extra: string;
  libraryCatalog: string;
  tags: { tag: string }[];
  collections: string[];
  /** preprint only */
  repository?: string;
  archiveID?: string;
  /** preprint only: Zotero's own field; a journal article carries the key in `extra` instead */
  citationKey?: string;
  /** journalArticle only */
  publicationTitle?: string;
  volume?: string;
  pages?: string;
};

function creatorOf(name: string): ZoteroNewItem["creators"][number] {
  const parts = splitAuthorName(name);
  if (!parts || parts.literal !== undefined) return { creatorType: "author", name: parts?.literal ?? name.trim() };
  const lastName = [parts.nonDroppingParticle, parts.family, parts.suffix ? `${parts.suffix}` : undefined].filter(Boolean).join(" ");
  const firstName = [parts.given, parts.droppingParticle].filter(Boolean).join(" ");
  return firstName ? { creatorType: "author", firstName, lastName } : { creatorType: "author", name: lastName };
}

/**
 * The Zotero item for a paper, as Zotero's arXiv translator would make it: a journal article
 * when the paper has a journal DOI or journal (the arXiv id then in `extra`), otherwise a
 * preprint in the arXiv repository with arXiv's DOI and `archiveID`.
 *
 * With `citationKey` (the user's key rule, see cite-key.ts) the item keeps that key: in Zotero's
 * `citationKey` field where the item type has one (preprint), else as a `Citation Key:` line of
 * `extra`, which Zotero and Better BibTeX read as the item's key.
 */
export function paperToZoteroItem(paper: Paper, options: { collections?: string[]; citationKey?: string } = {}): ZoteroNewItem {
  const arxivId = paperArxivId(paper);
  const journalDoi = [paper.doi, paper.id].map((value) => (normalizeDoi(value) && !arxivIdFromDoi(value) ? displayDoi(value) : null)).find(Boolean) ?? null;
  const journal = paper.journal?.trim() || null;
  const category = paper.category && paper.category !== "unknown" ? paper.category : (paper.categories[0] ?? null);
  const extra = arxivId ? `arXiv:${arxivId}${category ? ` [${category}]` : ""}` : "";
  const creators = (paper.authorDetails?.length ? paper.authorDetails.map((author) => author.name) : paper.authors).filter((name) => name.trim() !== "").map(creatorOf);
  const url = arxivId ? `http://arxiv.org/abs/${arxivId}` : paper.url || (journalDoi ? `https://doi.org/${journalDoi}` : "");
  const date = paper.publishedDate ? (/^\d{4}(-\d{2}(-\d{2})?)?/.exec(paper.publishedDate)?.[0] ?? paper.publishedDate) : "";
  const common = {
    title: paper.title.trim(),
    creators,
    abstractNote: paper.abstract.trim(),
    date,
    url,
    extra,
    tags: [],
    collections: options.collections ?? [],
  };
  const citationKey = options.citationKey?.trim() || null;
  if (journalDoi || (journal && !arxivId) || (!arxivId && paper.source !== "arxiv")) {
    return {
      itemType: "journalArticle",
      ...common,
      ...(citationKey ? { extra: [extra, `Citation Key: ${citationKey}`].filter(Boolean).join("\n") } : {}),
      DOI: journalDoi ?? "",
      libraryCatalog: arxivId ? "arXiv.org" : "",
      ...(journal ? { publicationTitle: journal } : {}),
      ...(paper.volume ? { volume: paper.volume } : {}),
      ...(paper.pages ? { pages: paper.pages } : {}),
    };
  }
  return {
    itemType: "preprint",
    ...common,
    DOI: arxivId ? arxivDoi(arxivId) : "",
    repository: arxivId ? "arXiv" : "",
    archiveID: arxivId ? `arXiv:${arxivId}` : "",
    libraryCatalog: arxivId ? "arXiv.org" : "",
    ...(citationKey ? { citationKey } : {}),
  };
}

/** What the existence check compares: the paper's DOI, arXiv id, title and first author's last name. */
export type ZoteroLookup = { doi?: string | null; arxivId?: string | null; title?: string | null; author?: string | null };

/** The check-exists parameters for a paper (the first author's last name, as the spec says). */
export function zoteroLookupFor(paper: Paper): ZoteroLookup {
  const first = paper.authorDetails?.[0]?.family ?? (paper.authors[0] ? lastNameOf(paper.authors[0]) : null);
  const journalDoi = normalizeDoi(paper.doi) && !arxivIdFromDoi(paper.doi) ? paper.doi : null;
  return { doi: journalDoi, arxivId: paperArxivId(paper), title: paper.title, author: first };
}

/** A name's last name ("Ada Lovelace" -> "Lovelace", "Lovelace, Ada" -> "Lovelace"). */
export function lastNameOf(name: string): string | null {
  const parts = splitAuthorName(name);
  if (!parts) return null;
  return parts.literal !== undefined ? parts.literal : parts.family;
}
