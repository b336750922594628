import { extractArxivId } from "@/shared/arxiv-id";
import { primaryCategory, type AuthorDetail, type Paper } from "@/shared/paper";
import { parseBibtexText, rawBibtexEntryToCsl, type RawBibtexEntry } from "@/shared/library/citation-js";
import type { CslItem, CslName } from "@/shared/library/csl-mapping";
import { arxivIdFromDoi, displayDoi } from "@/shared/library/paper-identifiers";

/**
 * BibTeX (and BibLaTeX) files back into Papers, through citation-js's parser and field
 * mapping. Malformed input is an error value with the spec-style message, never a throw.
 *
 * How an entry becomes a Paper:
 * - arXiv id: `eprint` (when `archivePrefix`/`eprinttype` is arXiv or absent), else an arXiv DOI,
 *   an arxiv.org URL, or `arXiv:<id>` in `number`/`journal`. The version is kept in `arxivId`.
 * - `doi`: the entry's DOI, except arXiv's own 10.48550 DOI, which becomes the arXiv id (a
 *   Paper's `doi` is the published version's, as in the arXiv source).
 * - id: the arXiv id, else the DOI, else `bibtex:<entry key>`; source `arxiv` or `journal`.
 * - categories from `primaryClass`/`eprintclass`; `note` becomes `journalRef` for arXiv
 *   entries (Quire's export writes the journal reference there) and `comments` otherwise.
 * - "and others" is dropped from the author list.
 */

export const BIBTEX_IMPORT_ERROR_CODE = "bibtex_unreadable";
export const BIBTEX_IMPORT_ERROR_PREFIX = "The BibTeX file could not be read";

export type BibtexImportError = {
  code: typeof BIBTEX_IMPORT_ERROR_CODE;
  /** "The BibTeX file could not be read: <reason>", with the line when known. */
  message: string;
  line: number | null;
  column: number | null;
};

export type BibtexImportResult =
  | {
      ok: true;
      papers: Paper[];
      /** Entries that parsed but could not be turned into a paper (the rest are kept). */
      skipped: { key: string; reason: string }[];
    }
  | { ok: false; error: BibtexImportError };

const TOKEN_NAMES: Readonly<Record<string, string>> = {
  rbrace: '"}"',
  lbrace: '"{"',
  comma: '","',
  equals: '"="',
  quote: "'\"'",
  hash: '"#"',
  at: '"@"',
  label: "an entry key",
  identifier: "a field name",
  number: "a number",
  text: "text",
  junk: "text",
  dataEntryType: "an entry type",
  otherEntryType: "an entry type",
  whitespace: "a space",
};
const tokenName = (token: string) => TOKEN_NAMES[token] ?? token;

function failure(reason: string, line: number | null = null, column: number | null = null): BibtexImportResult {
  const where = line === null ? "" : ` (line ${line}${column === null ? "" : `, column ${column}`})`;
  return { ok: false, error: { code: BIBTEX_IMPORT_ERROR_CODE, message: `${BIBTEX_IMPORT_ERROR_PREFIX}: ${reason}${where}.`, line, column } };
}

/** citation-js's SyntaxError ("expected "rbrace", got EOF at line 1 col 40: ...") in plain words. */
function describeParseError(error: unknown): BibtexImportResult {
  const message = error instanceof Error ? error.message : String(error);
  const syntax = /expected "(\w+)", got (?:"(\w+)"|EOF) at line (\d+) col (\d+)/.exec(message);
  if (syntax) {
    const found = syntax[2] ? tokenName(syntax[2]) : "the end of the file";
    return failure(`expected ${tokenName(syntax[1]!)} but found ${found}`, Number(syntax[3]), Number(syntax[4]));
  }
  const position = /line (\d+)(?: col (\d+))?/.exec(message);
  const reason = message.split("\n")[0]!.replace(/ at line \d+ col \d+:?$/, "").trim() || "unknown error";
  return failure(reason, position ? Number(position[1]) : null, position?.[2] ? Number(position[2]) : null);
}

const plain = (value: string | number | undefined) => (value === undefined ? "" : String(value).replace(/[{}]/g, "").trim());

function arxivIdOf(raw: RawBibtexEntry, item: CslItem): string | null {
  const fields = raw.properties;
  const prefix = plain(fields.archiveprefix ?? fields.eprinttype).toLowerCase();
  if (fields.eprint !== undefined && (prefix === "" || prefix === "arxiv")) {
    const parsed = extractArxivId(plain(fields.eprint));
    if (parsed) return plain(fields.eprint).replace(/^arxiv:\s*/i, "");
  }
  const fromDoi = arxivIdFromDoi(typeof item.DOI === "string" ? item.DOI : null);
  if (fromDoi) return fromDoi;
  if (typeof item.URL === "string" && /arxiv\.org\//i.test(item.URL)) {
    const parsed = extractArxivId(item.URL);
    if (parsed) return parsed.version === null ? parsed.id : `${parsed.id}v${parsed.version}`;
  }
  for (const field of [fields.number, fields.journal]) {
    const match = /arxiv:\s*(\S+)/i.exec(plain(field));
    const parsed = match ? extractArxivId(match[1]!) : null;
    if (parsed) return parsed.id;
  }
  return null;
}

function nameOf(name: CslName): string {
  if (name.literal) return name.literal.trim();
  return [name.given, name["dropping-particle"], name["non-dropping-particle"], name.family, name.suffix]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
}

function isOthers(name: CslName): boolean {
  return /^others$/i.test(nameOf(name));
}

function dateOf(item: CslItem): string | null {
  const parts = item.issued?.["date-parts"]?.[0];
  const year = parts?.[0];
  if (year === undefined || !/^\d{4}$/.test(String(year))) return null;
  return [year, ...(parts?.slice(1, 3) ?? [])].map((part, i) => String(part).padStart(i === 0 ? 4 : 2, "0")).join("-");
}

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);

/** One parsed entry as a Paper (see the rules at the top of this file). */
export function bibtexEntryToPaper(raw: RawBibtexEntry, item: CslItem): Paper {
  const arxivVersioned = arxivIdOf(raw, item);
  const arxivBare = arxivVersioned ? (extractArxivId(arxivVersioned)?.id ?? arxivVersioned) : null;
  const doi = arxivIdFromDoi(typeof item.DOI === "string" ? item.DOI : null) ? null : displayDoi(typeof item.DOI === "string" ? item.DOI : null);
  const id = arxivBare ?? doi ?? `bibtex:${raw.label}`;

  const names = (item.author ?? []).filter((name) => !isOthers(name));
  const authorDetails: AuthorDetail[] = names.map((name) => {
    const family = [name["non-dropping-particle"], name.family].map((part) => part?.trim()).filter(Boolean).join(" ");
    return {
      name: nameOf(name),
      ...(name.given?.trim() ? { given: name.given.trim() } : {}),
      ...(family && !name.literal ? { family } : {}),
      affiliation: [],
    };
  });
  const categories = plain(raw.properties.primaryclass ?? raw.properties.eprintclass)
    .split(/[,\s]+/)
    .filter(Boolean);
  const url = text(item.URL) ?? (arxivBare ? `https://arxiv.org/abs/${arxivBare}` : doi ? `https://doi.org/${doi}` : "");
  const pdfUrl = arxivBare ? `https://arxiv.org/pdf/${arxivBare}` : null;
  const note = text(item.note);
  const journal = text(item["container-title"]);

  return {
    id,
    title: text(item.title) ?? "",
    authors: authorDetails.map((author) => author.name),
    abstract: text(item.abstract) ?? "",
    url,
    pdfUrl,
    publishedDate: dateOf(item),
    updatedDate: null,
    categories,
    category: primaryCategory(categories),
    source: arxivBare ? "arxiv" : "journal",
    doi,
    journalRef: arxivBare ? (note ?? null) : null,
    comments: arxivBare ? null : (note ?? null),
    arxivId: arxivVersioned,
    itemType: raw.type,
    ...(journal && !/^arxiv\b/i.test(journal) ? { journal } : {}),
    ...(text(item.publisher) ? { publisher: text(item.publisher) } : {}),
    ...(item.volume !== undefined && String(item.volume).trim() ? { volume: String(item.volume).trim() } : {}),
    ...(text(item.page) ? { pages: text(item.page) } : {}),
    authorDetails,
    links: { abstract: url || null, pdf: pdfUrl },
  };
}

/** Reads a BibTeX file into Papers; a malformed file gives `{ ok: false, error }` with the line. */
export function importBibtex(input: string): BibtexImportResult {
  let entries: RawBibtexEntry[];
  try {
    entries = parseBibtexText(input);
  } catch (error) {
    return describeParseError(error);
  }
  if (entries.length === 0) return failure("no BibTeX entries found");

  const papers: Paper[] = [];
  const skipped: { key: string; reason: string }[] = [];
  for (const entry of entries) {
    try {
      papers.push(bibtexEntryToPaper(entry, rawBibtexEntryToCsl(entry)));
    } catch (error) {
      skipped.push({ key: entry.label, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  if (papers.length === 0) return failure(`no entry could be read (${skipped[0]?.key}: ${skipped[0]?.reason})`);
  return { ok: true, papers, skipped };
}
