/** Papers offered while a person types in the search box, from Quire's own arXiv index. */

/** How many suggestions the box shows. */
export const SUGGESTION_LIMIT = 8;
/** Characters typed before suggestions are asked for. */
export const SUGGESTION_MIN_LENGTH = 2;
/** The pause in typing after which suggestions are asked for (each keystroke would be wasted). */
export const SUGGESTION_DEBOUNCE_MS = 120;

/** What the typed text matched: the arXiv id, the DOI, the title or an author's name. */
export type SuggestionMatch = "id" | "doi" | "title" | "author";

export type PaperSuggestion = {
  /** arXiv id without version: the reader opens it at /abs/{id}. */
  id: string;
  title: string;
  /** The first authors (at most three). */
  authors: string[];
  /** How many authors there are in all. */
  authorCount: number;
  /** The year of the first version. */
  year: number;
  matched: SuggestionMatch;
};

export type SuggestionsResponse = { suggestions: PaperSuggestion[] };
