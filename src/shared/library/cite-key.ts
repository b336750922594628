import type { Paper } from "@/shared/paper";
import { paperAuthorParts } from "@/shared/library/author-names";
import {
  CITE_KEY_PLACEHOLDERS,
  DEFAULT_CITE_KEY_FORMAT,
  SHORT_TITLE_MIN_WORD_LENGTH_EXCLUSIVE,
  SHORT_TITLE_WORDS,
  type CiteKeyFormat,
  type CiteKeyPlaceholder,
} from "@/shared/library/library-constants";
import { displayDoi, paperArxivId, paperYear } from "@/shared/library/paper-identifiers";
import { foldToAscii } from "@/shared/library/text-fold";

/**
 * Cite keys per the `citeKeyFormat` setting:
 *
 * - `arxiv_id` (default): the paper's identifier, sanitised: the arXiv id without version
 *   (`2401.12345` -> `2401_12345`, `hep-th/9901001` -> `hep_th_9901001`); a paper with no arXiv
 *   id (a Crossref or OpenAlex record) gets its DOI (`10.1038/nature14539` ->
 *   `10_1038_nature14539`), else its own id, so every key of the format has the same kind.
 * - `first_author_year`: the first author's family name in ASCII, then the year: `Vaswani2017`.
 * - `title_year`: the short title, then the year: `AttentionAllYou2017`.
 * - `custom`: the `customCiteKeyPattern` with `{first_author}`, `{year}`, `{short_title}`,
 *   `{arxiv_id}` and `{category}` replaced: `{first_author}_{year}_{category}` ->
 *   `Vaswani_2017_cs_CL`.
 *
 * Every key is sanitised to ASCII letters, digits and underscores: any other run of characters
 * becomes one `_` (so a key is valid in BibTeX and biber alike).
 *
 * Fallbacks when a part is missing: `first_author_year` without an author uses `title_year`;
 * `title_year` without a title uses `first_author_year`; a missing year is left out
 * (`Vaswani`). When that still gives nothing, the key is the sanitised paper id, and as a last
 * resort `paper`. A custom pattern with no known placeholder, or whose placeholders are all
 * empty for this paper, falls back to the default.
 *
 * This is the one key rule: BibTeX labels, CSL-JSON `citation-key`, RIS `ID` and the Zotero
 * items Quire creates all take their key from `citeKeyFor` / `citeKeysFor`.
 */

export type CiteKeySettings = {
  citeKeyFormat?: CiteKeyFormat;
  customCiteKeyPattern?: string;
};

export type CiteKeyPaper = Pick<Paper, "id" | "title" | "authors" | "publishedDate" | "arxivId" | "categories"> &
  Partial<Pick<Paper, "authorDetails" | "doi" | "category">>;

/** The identifier key of a paper without an arXiv id: its DOI, else its own id. */
function identifierKey(paper: CiteKeyPaper): string {
  return sanitizeCiteKey(displayDoi(paper.doi) ?? displayDoi(paper.id) ?? paper.id);
}

export type CiteKeyParts = Record<CiteKeyPlaceholder, string>;

/** ASCII letters, digits and underscores only: other runs become one `_`, no `_` at the ends. */
export function sanitizeCiteKey(text: string): string {
  return foldToAscii(text)
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .replace(/_{2,}/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** ASCII letters and digits of one word ("Müller-Lüdenscheidt" -> "MullerLudenscheidt"). */
function asciiWord(text: string): string {
  return foldToAscii(text).replace(/[^A-Za-z0-9]/g, "");
}

/**
 * The first author's family name in ASCII: `authorDetails[0].family`, else parsed from the name
 * ("Last, First" and "First Last" both give Last; particles and suffixes are left out). A group
 * author gives its first significant word ("The ATLAS Collaboration" -> "ATLAS"). Empty when
 * there is no author or nothing ASCII is left (a name in another script).
 */
export function firstAuthorKeyPart(paper: Pick<Paper, "authors"> & Partial<Pick<Paper, "authorDetails">>): string {
  for (const parts of paperAuthorParts(paper)) {
    if (parts.literal !== undefined) {
      const words = parts.literal.split(/\s+/).filter((word) => !/^(the|a|an)$/i.test(word));
      const word = words.map(asciiWord).find((candidate) => candidate !== "");
      if (word) return word;
      continue;
    }
    const family = asciiWord(parts.family);
    if (family) return family;
    // A family name in another script: try the next author rather than an empty key part.
  }
  return "";
}

/**
 * The first three title words longer than two characters, each with an upper-case first
 * letter, run together ("Attention Is All You Need" -> "AttentionAllYou").
 */
export function shortTitle(title: string): string {
  return title
    .split(/\s+/)
    .map(asciiWord)
    .filter((word) => word.length > SHORT_TITLE_MIN_WORD_LENGTH_EXCLUSIVE)
    .slice(0, SHORT_TITLE_WORDS)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");
}

/** Every placeholder's value for a paper (empty string when unknown), before sanitising. */
export function citeKeyParts(paper: CiteKeyPaper): CiteKeyParts {
  const year = paperYear(paper);
  return {
    first_author: firstAuthorKeyPart(paper),
    year: year === null ? "" : String(year),
    short_title: shortTitle(paper.title),
    arxiv_id: paperArxivId(paper) ?? "",
    category: paper.category && paper.category !== "unknown" ? paper.category : (paper.categories[0] ?? ""),
  };
}

function keyForFormat(format: Exclude<CiteKeyFormat, "custom">, parts: CiteKeyParts, tried: Set<string> = new Set()): string {
  tried.add(format);
  let key = "";
  let next: Exclude<CiteKeyFormat, "custom"> | null = null;
  switch (format) {
    case "arxiv_id":
      // The identifier fallback (DOI, own id) is citeKeyFor's: it needs more than the parts.
      key = parts.arxiv_id;
      break;
    case "first_author_year":
      key = parts.first_author ? parts.first_author + parts.year : "";
      next = "title_year";
      break;
    case "title_year":
      key = parts.short_title ? parts.short_title + parts.year : "";
      next = "first_author_year";
      break;
  }
  const sanitized = sanitizeCiteKey(key);
  if (sanitized) return sanitized;
  return next && !tried.has(next) ? keyForFormat(next, parts, tried) : "";
}

const PLACEHOLDER = /\{([a-z_]+)\}/g;

function keyForPattern(pattern: string, parts: CiteKeyParts): string {
  let known = 0;
  let filled = 0;
  const text = pattern.replace(PLACEHOLDER, (_match, name: string) => {
    if (!(CITE_KEY_PLACEHOLDERS as readonly string[]).includes(name)) return "";
    known += 1;
    const value = parts[name as CiteKeyPlaceholder];
    if (value) filled += 1;
    return value;
  });
  if (known === 0 || filled === 0) return "";
  return sanitizeCiteKey(text);
}

/** The cite key of one paper under the user's settings (default `arxiv_id`). */
export function citeKeyFor(paper: CiteKeyPaper, settings: CiteKeySettings = {}): string {
  const format = settings.citeKeyFormat ?? DEFAULT_CITE_KEY_FORMAT;
  const parts = citeKeyParts(paper);
  let key = "";
  if (format === "custom") key = keyForPattern(settings.customCiteKeyPattern ?? "", parts);
  // A custom pattern that gives nothing falls back to the spec's default format, arxiv_id.
  const fallback = format === "custom" ? "arxiv_id" : format;
  if (!key) key = keyForFormat(fallback, parts);
  if (!key) key = fallback === "arxiv_id" ? identifierKey(paper) : sanitizeCiteKey(paper.id);
  return key || "paper";
}

/** a, b, ..., z, aa, ab, ... (the suffixes BibTeX tools append to repeated keys). */
function letterSuffix(index: number): string {
  let suffix = "";
  let n = index;
  do {
    suffix = String.fromCharCode(97 + (n % 26)) + suffix;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return suffix;
}

/**
 * Hands out keys unique within one export: the first use of a key keeps it, later ones get
 * a, b, c... appended (`Vaswani2017`, `Vaswani2017a`, `Vaswani2017b`), skipping any suffixed
 * key already taken. Keys are compared case-insensitively, as BibTeX does.
 */
export function createCiteKeyAllocator(): (key: string) => string {
  const taken = new Set<string>();
  const nextSuffix = new Map<string, number>();
  return (key) => {
    const base = key.toLowerCase();
    if (!taken.has(base)) {
      taken.add(base);
      return key;
    }
    let index = nextSuffix.get(base) ?? 0;
    let candidate = key + letterSuffix(index);
    while (taken.has(candidate.toLowerCase())) {
      index += 1;
      candidate = key + letterSuffix(index);
    }
    nextSuffix.set(base, index + 1);
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}

/** The keys made unique in order (see `createCiteKeyAllocator`). */
export function makeCiteKeysUnique(keys: readonly string[]): string[] {
  const allocate = createCiteKeyAllocator();
  return keys.map(allocate);
}

/** Unique cite keys for the papers of one export, in order. */
export function citeKeysFor(papers: readonly CiteKeyPaper[], settings: CiteKeySettings = {}): string[] {
  return makeCiteKeysUnique(papers.map((paper) => citeKeyFor(paper, settings)));
}
