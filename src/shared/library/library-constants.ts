import { CITE_KEY_FORMATS, SETTINGS_DEFAULTS, type CiteKeyFormat } from "@/shared/constants";

/**
 * The library's numbers and names. Defined once here for the library code; the cite-key default
 * comes from the settings defaults in `@/shared/constants`.
 */

export { CITE_KEY_FORMATS, type CiteKeyFormat };
export const DEFAULT_CITE_KEY_FORMAT: CiteKeyFormat = SETTINGS_DEFAULTS.citeKeyFormat;
/** The placeholders a custom cite-key pattern may use. */
export const CITE_KEY_PLACEHOLDERS = ["first_author", "year", "short_title", "arxiv_id", "category"] as const;
export type CiteKeyPlaceholder = (typeof CITE_KEY_PLACEHOLDERS)[number];
/** A short title is made of this many words... */
export const SHORT_TITLE_WORDS = 3;
/** ...each longer than this many characters. */
export const SHORT_TITLE_MIN_WORD_LENGTH_EXCLUSIVE = 2;

/** The canonical id is this many hex characters of a SHA-256. */
export const CANONICAL_ID_HEX_LENGTH = 16;

/** Fuzzy duplicates: at least this title word overlap and this author overlap. */
export const FUZZY_TITLE_OVERLAP_MIN = 0.8;
export const FUZZY_AUTHOR_OVERLAP_MIN = 0.5;

/**
 * BibTeX entries list at most this many authors, then "and others" (which BibTeX styles print
 * as "et al."): a 5,000-author collaboration paper would otherwise add ~100 KB per entry.
 * JSON, CSV, RIS and CSL-JSON keep every author.
 */
export const BIBTEX_MAX_AUTHORS = 50;

/** Export file names: `quire-bookmarks-YYYY-MM-DD.<extension>` ("Export file names carry the date"). */
export const EXPORT_FILE_PREFIX = "quire-bookmarks";

/** At most this many bookmarks per page of `GET /api/me/bookmarks`. */
export const BOOKMARK_PAGE_MAX = 1000;
/** At most this many bookmarks per `POST /api/me/bookmarks/batch` (the 1 MB body limit binds first for large papers). */
export const BOOKMARK_BATCH_MAX = 500;
