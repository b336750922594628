import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { reorderLastFirst } from "@/shared/format";
import type { Paper } from "@/shared/paper";
import { paperAuthorNames } from "@/shared/library/author-names";
import { CANONICAL_ID_HEX_LENGTH } from "@/shared/library/library-constants";
import { paperYear } from "@/shared/library/paper-identifiers";
import { normalizeWords } from "@/shared/library/text-fold";

/**
 * The canonical id: one id for the same paper whichever
 * source it came from, so a cached Zotero item, an arXiv record and an OpenAlex record of one
 * paper agree.
 *
 *   canonical string = normalizeTitle(title) + "|" + sorted normalised authors joined by ";" + "|" + year
 *   canonical id     = the first 16 hex characters of SHA-256(UTF-8 of the canonical string)
 *
 * e.g. "attention is all you need|ashish vaswani;noam shazeer|2017". After normalising, titles
 * and names hold only letters, digits and single spaces, so "|" and ";" cannot occur inside a
 * part. Authors are sorted by UTF-16 code units (plain `Array.prototype.sort`), the same in
 * every JavaScript engine. An unknown year is the empty string.
 *
 * SHA-256 comes from @noble/hashes: synchronous and identical in the browser and in Node
 * (`crypto.subtle` is async-only, `node:crypto` is Node-only).
 */

/**
 * A title for comparison: lowercase, accents folded, markup tags and punctuation removed,
 * single spaces ("BERT: Pre-training of Deep  Bidirectional Transformers" ->
 * "bert pre training of deep bidirectional transformers").
 */
export function normalizeTitle(title: string): string {
  return normalizeWords(title);
}

/**
 * An author name for comparison, as "first last": "Last, First" reordered, lowercase, accents
 * folded, punctuation removed ("Müller, Zoë" -> "zoe muller", "J. R. R. Tolkien" ->
 * "j r r tolkien").
 */
export function normalizeAuthorName(name: string): string {
  return normalizeWords(name.includes(",") ? reorderLastFirst(name.trim()) : name);
}

export type CanonicalPaper = Pick<Paper, "id" | "title" | "authors" | "publishedDate" | "arxivId"> &
  Partial<Pick<Paper, "authorDetails" | "doi">>;

/** The normalised authors of a paper, in the paper's order, empty names dropped. */
export function normalizedAuthorsOf(paper: Pick<Paper, "authors"> & Partial<Pick<Paper, "authorDetails">>): string[] {
  return paperAuthorNames(paper)
    .map(normalizeAuthorName)
    .filter((name) => name !== "");
}

/** The canonical string from parts already normalised (`normalizeTitle`, `normalizeAuthorName`). */
export function canonicalStringFromParts(normalizedTitle: string, normalizedAuthors: readonly string[], year: number | null): string {
  return `${normalizedTitle}|${[...normalizedAuthors].sort().join(";")}|${year ?? ""}`;
}

/** The string the canonical id hashes (documented above). */
export function canonicalString(paper: CanonicalPaper): string {
  return canonicalStringFromParts(normalizeTitle(paper.title), normalizedAuthorsOf(paper), paperYear(paper));
}

/** The first 16 hex characters of the SHA-256 of a canonical string. */
export function hashCanonicalString(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text))).slice(0, CANONICAL_ID_HEX_LENGTH);
}

/** The canonical id of a paper: 16 lowercase hex characters. */
export function canonicalId(paper: CanonicalPaper): string {
  return hashCanonicalString(canonicalString(paper));
}
