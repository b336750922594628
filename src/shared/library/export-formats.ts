import type { Paper } from "@/shared/paper";
import { cslToBibtexEntries, cslToJson, cslToRisRecords, type BibtexEntry, type RisRecord } from "@/shared/library/citation-js";
import { createCiteKeyAllocator, citeKeyFor, type CiteKeySettings } from "@/shared/library/cite-key";
import { paperToCsl, type CslItem } from "@/shared/library/csl-mapping";
import { toCsv } from "@/shared/library/csv";
import { BIBTEX_MAX_AUTHORS, EXPORT_FILE_PREFIX } from "@/shared/library/library-constants";
import { EXPORT_FORMATS, EXPORT_MESSAGES, type ExportFormat } from "@/shared/library/export-labels";
import { paperArxivId } from "@/shared/library/paper-identifiers";

/**
 * Exports of bookmarks (or plain papers) as JSON, CSV, BibTeX, RIS and CSL-JSON.
 * Pure functions from data to text: the caller turns the text into a download.
 */

export { EXPORT_FORMATS, EXPORT_MESSAGES, type ExportFormat } from "@/shared/library/export-labels";

/** A bookmark to export: the paper plus the bookmark's own fields. */
export type ExportItem = { paper: Paper; dateAdded?: string | null; collections?: readonly string[] };
/** The device bookmark's shape (web `LocalBookmark`). */
type LocalBookmarkLike = { paperData: Paper; dateAdded?: string; collections?: readonly string[] };
/** The server bookmark's shape (`ServerBookmark`: collections are its tags). */
type ServerBookmarkLike = { paperData: Paper; bookmarkedAt?: string; tags?: readonly string[] };
/** Anything the export functions take: a plain Paper, an ExportItem, or a device or server bookmark. */
export type Exportable = Paper | ExportItem | LocalBookmarkLike | ServerBookmarkLike;

/** Normalises the accepted inputs to an ExportItem. */
export function toExportItem(value: Exportable): ExportItem {
  if ("paper" in value) return value;
  if ("paperData" in value) {
    if ("bookmarkedAt" in value || "tags" in value) {
      const server = value as ServerBookmarkLike;
      return { paper: server.paperData, dateAdded: server.bookmarkedAt ?? null, collections: server.tags ?? [] };
    }
    const local = value as LocalBookmarkLike;
    return { paper: local.paperData, dateAdded: local.dateAdded ?? null, collections: local.collections ?? [] };
  }
  return { paper: value, dateAdded: value.dateAdded ?? null, collections: [] };
}

/** The spec's "Bookmark export record". */
export type BookmarkExportRecord = {
  paperId: string;
  title: string;
  authors: string[];
  abstract: string;
  url: string;
  publishedDate: string | null;
  updatedDate: string | null;
  categories: string[];
  dateAdded: string | null;
  collections: string[];
  source: Paper["source"];
  journalRef: string | null;
  comments: string | null;
  doi: string | null;
};

/** The record fields in the spec's order: the JSON key order and the CSV columns. */
export const BOOKMARK_EXPORT_FIELDS = [
  "paperId",
  "title",
  "authors",
  "abstract",
  "url",
  "publishedDate",
  "updatedDate",
  "categories",
  "dateAdded",
  "collections",
  "source",
  "journalRef",
  "comments",
  "doi",
] as const satisfies readonly (keyof BookmarkExportRecord)[];

export function toBookmarkExportRecord(value: Exportable): BookmarkExportRecord {
  const { paper, dateAdded, collections } = toExportItem(value);
  return {
    paperId: paper.id,
    title: paper.title,
    authors: [...paper.authors],
    abstract: paper.abstract,
    url: paper.url,
    publishedDate: paper.publishedDate,
    updatedDate: paper.updatedDate,
    categories: [...paper.categories],
    dateAdded: dateAdded ?? paper.dateAdded ?? null,
    collections: [...(collections ?? [])],
    source: paper.source,
    journalRef: paper.journalRef,
    comments: paper.comments,
    doi: paper.doi,
  };
}

/** JSON: an array of bookmark export records, 2-space indented. */
export function exportJson(items: readonly Exportable[]): string {
  return `${JSON.stringify(items.map(toBookmarkExportRecord), null, 2)}\n`;
}

/** CSV (RFC 4180): a header row of the record fields, then one row per bookmark; lists joined by "; ". */
export function exportCsv(items: readonly Exportable[]): string {
  const rows = items.map((item) => {
    const record = toBookmarkExportRecord(item);
    return BOOKMARK_EXPORT_FIELDS.map((field) => {
      const value = record[field];
      return Array.isArray(value) ? value.join("; ") : (value ?? "");
    });
  });
  return toCsv([[...BOOKMARK_EXPORT_FIELDS], ...rows]);
}

/** The CSL items of an export, each with a cite key unique within it. */
export function exportCslItems(items: readonly Exportable[], settings: CiteKeySettings = {}): CslItem[] {
  const allocate = createCiteKeyAllocator();
  return items.map((item) => {
    const { paper } = toExportItem(item);
    return paperToCsl(paper, allocate(citeKeyFor(paper, settings)));
  });
}

/** CSL-JSON: the CSL items (see `paperToCsl`), ids = cite keys. */
export function exportCslJson(items: readonly Exportable[], settings: CiteKeySettings = {}): string {
  return `${cslToJson(exportCslItems(items, settings))}\n`;
}

const MONTH_MACROS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"] as const;
// arXiv's own export order first (title, author, year, eprint, archivePrefix, primaryClass, url).
const BIBTEX_FIELD_ORDER = [
  "title",
  "author",
  "journal",
  "booktitle",
  "year",
  "month",
  "volume",
  "number",
  "pages",
  "publisher",
  "eprint",
  "archivePrefix",
  "primaryClass",
  "doi",
  "url",
  "note",
  "abstract",
];

// biblatex's data model has no publisher in these types: biber warns on each one.
const TYPES_WITHOUT_PUBLISHER = new Set(["article", "misc"]);

type BibtexField = { name: string; value: string; /** a macro such as `jun`, written without braces */ bare?: boolean };

function balanced(value: string): boolean {
  let depth = 0;
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i];
    if (char === "\\") i += 1;
    else if (char === "{") depth += 1;
    else if (char === "}" && --depth < 0) return false;
  }
  return depth === 0;
}

// A verbatim value (URL, DOI) with an unbalanced brace would end the entry early.
const verbatimSafe = (value: string) => (balanced(value) ? value : value.replace(/\{/g, "%7B").replace(/\}/g, "%7D"));

/**
 * citation-js braces capitalised words so BibTeX styles keep their case, except a word at the
 * very start or right after a colon. Styles keep the first letter there anyway, but would
 * still lowercase the rest of "BERT" or "PipeDream"; such words get braces too.
 */
function protectLeadingWords(title: string): string {
  return title.replace(/(^|:\s*)([A-Za-z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*)(?=[\s:,.;!?-]|$)/g, "$1{$2}");
}

function writeBibtexEntry(type: string, key: string, fields: readonly BibtexField[]): string {
  const rank = (name: string) => {
    const index = BIBTEX_FIELD_ORDER.indexOf(name);
    return index === -1 ? BIBTEX_FIELD_ORDER.length : index;
  };
  const lines = [...fields]
    .sort((a, b) => rank(a.name) - rank(b.name))
    .map((field) => `  ${field.name} = ${field.bare ? field.value : `{${field.value}}`},`);
  return `@${type}{${key},\n${lines.join("\n")}\n}\n`;
}

/**
 * BibTeX through citation-js (type mapping, names, LaTeX escaping), laid out like arXiv's own
 * export (2-space indent, one field a line) with these additions:
 *
 * - arXiv papers carry `eprint = {<id>}`, `archivePrefix = {arXiv}`, `primaryClass = {<primary
 *   category>}`, `url = {https://arxiv.org/abs/<id>}` when the record has no other URL, and `doi`:
 *   the journal DOI when the record has one, else `10.48550/arXiv.<id>`. An arXiv preprint is a
 *   `@misc` (as arXiv exports it); one with a journal name is an `@article`. arXiv's journal
 *   reference, if any, goes to `note`.
 * - `month` is the standard macro (`month = jun`); `abstract` is included.
 * - TeX math in titles and abstracts stays math (`$\Delta\sigma$`; in a title `{$...$}`, so
 *   styles leave its case alone).
 * - No `publisher` in `@article` and `@misc`, where biblatex's data model has none.
 * - More than 50 authors: the first 50, then `and others` (printed "et al.").
 */
export function exportBibtex(items: readonly Exportable[], settings: CiteKeySettings = {}): string {
  if (items.length === 0) return "";
  const papers = items.map((item) => toExportItem(item).paper);
  const cslItems = exportCslItems(items, settings);

  const bibtexCsl = cslItems.map((item, i): CslItem => {
    const paper = papers[i]!;
    const copy: CslItem = { ...item };
    // Carried by eprint/archivePrefix instead (arXiv's export has neither).
    if (paperArxivId(paper) && item.type === "article") {
      delete copy.number;
      if (copy.publisher === "arXiv") delete copy.publisher;
    }
    if (copy.author && copy.author.length > BIBTEX_MAX_AUTHORS) copy.author = copy.author.slice(0, BIBTEX_MAX_AUTHORS);
    // Month and abstract are written below.
    if (copy.issued?.["date-parts"]?.[0]) copy.issued = { "date-parts": [copy.issued["date-parts"][0].slice(0, 1)] };
    delete copy.abstract;
    return copy;
  });
  const entries = cslToBibtexEntries(bibtexCsl, "bibtex");
  const abstracts = cslToBibtexEntries(
    cslItems.map((item) => ({ id: item.id, type: "article", ...(item.abstract ? { abstract: item.abstract } : {}) })),
    "biblatex",
  );

  return entries
    .map((entry: BibtexEntry, i) => {
      const paper = papers[i]!;
      const item = cslItems[i]!;
      const type = item.type === "article" && entry.type === "article" ? "misc" : entry.type;
      const fields: BibtexField[] = Object.entries(entry.properties)
        // citation-js repeats a @misc's URL as howpublished; url already carries it.
        .filter(([name, value]) => !(name === "howpublished" && value === entry.properties.url))
        .filter(([name]) => !(name === "publisher" && TYPES_WITHOUT_PUBLISHER.has(type)))
        .map(([name, value]) => ({
          name,
          value: name === "url" || name === "doi" ? verbatimSafe(value) : name === "title" || name === "booktitle" ? protectLeadingWords(value) : value,
        }));
      const author = fields.find((field) => field.name === "author");
      if (author && (item.author?.length ?? 0) > BIBTEX_MAX_AUTHORS) author.value += " and others";

      const month = item.issued?.["date-parts"]?.[0]?.[1];
      if (typeof month === "number" && month >= 1 && month <= 12) fields.push({ name: "month", value: MONTH_MACROS[month - 1]!, bare: true });

      const arxivId = paperArxivId(paper);
      if (arxivId) {
        fields.push({ name: "eprint", value: arxivId }, { name: "archivePrefix", value: "arXiv" });
        const primary = paper.categories[0] ?? (paper.category !== "unknown" ? paper.category : undefined);
        if (primary && /^[a-z-]+(\.[A-Za-z-]+)?$/.test(primary)) fields.push({ name: "primaryClass", value: primary });
      }
      const abstract = abstracts[i]?.properties.abstract;
      if (abstract) fields.push({ name: "abstract", value: abstract });

      return writeBibtexEntry(type, item.id, fields);
    })
    .join("\n");
}

function risLine(tag: string, value: string | number): string {
  return `${tag}  - ${String(value).replace(/\s*[\r\n]+\s*/g, " ")}`;
}

/** RIS dates as the spec writes them, `YYYY/MM/DD/` zero-padded (citation-js writes `2011/9/19/`). */
function risDate(value: string): string {
  const match = /^(\d{4})\/(\d{0,2})\/(\d{0,2})\/(.*)$/.exec(value);
  if (!match) return value;
  const pad = (part: string) => (part ? part.padStart(2, "0") : "");
  return `${match[1]}/${pad(match[2]!)}/${pad(match[3]!)}/${match[4]}`;
}

/**
 * RIS through citation-js's CSL-to-RIS mapping, written one tag a line (CRLF): `TY` first, `ER`
 * last, a blank line between records. citation-js's own RIS text hard-wraps values every 70
 * characters, which other readers join back with a space inside words, so the lines are
 * written here from its records instead. Every author is kept. A preprint is `TY  - UNPB`, as
 * Zotero exports one; `ID` is the cite key; `DA` is `YYYY/MM/DD/`.
 */
export function exportRis(items: readonly Exportable[], settings: CiteKeySettings = {}): string {
  const cslItems = exportCslItems(items, settings);
  const records: RisRecord[] = cslToRisRecords(cslItems);
  return records
    .map((record, i) => {
      // citation-js cuts ID to the 20 characters of the 1990s RIS spec, which can make two of
      // an export's unique keys equal; readers today take the whole key.
      record.ID = cslItems[i]!.id;
      // citation-js writes CSL's preprint type as a journal article; Zotero exports a preprint
      // as an unpublished work.
      if (cslItems[i]!.type === "article") record.TY = "UNPB";
      if (typeof record.DA === "string") record.DA = risDate(record.DA);
      const lines = [risLine("TY", String(record.TY ?? "GEN"))];
      for (const [tag, value] of Object.entries(record)) {
        if (tag === "TY" || tag === "ER") continue;
        for (const single of Array.isArray(value) ? value : [value]) lines.push(risLine(tag, single));
      }
      lines.push("ER  - ");
      return `${lines.join("\r\n")}\r\n`;
    })
    .join("\r\n");
}

/** `quire-bookmarks-YYYY-MM-DD.<extension>` for the given day (the user's local calendar date). */
export function exportFileName(format: ExportFormat, date: Date = new Date()): string {
  const day = [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((part, i) => String(part).padStart(i === 0 ? 4 : 2, "0")).join("-");
  return `${EXPORT_FILE_PREFIX}-${day}.${EXPORT_FORMATS[format].extension}`;
}

export type ExportResult = {
  content: string;
  fileName: string;
  mimeType: string;
  count: number;
  /** "Exported {n} bookmarks as {format}". */
  message: string;
};

/** One export, ready to download. */
export function exportBookmarks(
  format: ExportFormat,
  items: readonly Exportable[],
  options: { citeKeys?: CiteKeySettings; date?: Date } = {},
): ExportResult {
  const settings = options.citeKeys ?? {};
  const content = {
    json: () => exportJson(items),
    csv: () => exportCsv(items),
    bibtex: () => exportBibtex(items, settings),
    ris: () => exportRis(items, settings),
    "csl-json": () => exportCslJson(items, settings),
  }[format]();
  return {
    content,
    fileName: exportFileName(format, options.date),
    mimeType: EXPORT_FORMATS[format].mimeType,
    count: items.length,
    message: EXPORT_MESSAGES.exported(items.length, format),
  };
}
