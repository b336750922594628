import { splitWords, stem } from "@/shared/arxiv-query/text-analysis";
import { SUGGESTION_LIMIT, SUGGESTION_MIN_LENGTH, type PaperSuggestion } from "@/shared/suggestions";
import type { ArxivIndexRepository } from "./arxiv-index.repository";
import { quoteLexeme } from "./index-document";

/** A new-style id or the start of one (`2401.1`, `arXiv:2401.12345v2`), or an old-style one (`hep-th/99`). */
const ID_PREFIX = /^(?:arxiv:)?(\d{4}\.\d{0,5}|[a-z]+(?:-[a-z]+)*(?:\.[a-z]{2})?\/\d{0,7})(?:v\d*)?$/i;
/** A DOI or the start of one, bare or as a link. */
const DOI_PREFIX = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)?(10\.\S*)$/i;
/** Title words: all but the last as typed in full, the last one being typed (a prefix). */
const MAX_WORDS = 12;

/**
 * Papers for what a person is typing in the search box: the arXiv id or DOI they are typing,
 * titles that begin with it, titles holding its words (the last one as a prefix), and authors
 * whose names begin with it. Every part is an index range or GIN lookup with a limit.
 */
export async function suggestPapers(repository: ArxivIndexRepository, typed: string, limit = SUGGESTION_LIMIT): Promise<PaperSuggestion[]> {
  const text = typed.trim();
  if (text.length < SUGGESTION_MIN_LENGTH) return [];
  const id = ID_PREFIX.exec(text)?.[1]?.toLowerCase().replace(/^([a-z-]+)\.[a-z]{2}\//, "$1/");
  const doi = DOI_PREFIX.exec(text)?.[1]?.toLowerCase();
  const words = splitWords(text).slice(0, MAX_WORDS);
  let titleWords: string | undefined;
  let authorWords: string | undefined;
  let titleFragment: string | undefined;
  if (!id && !doi && words.length > 0) {
    const last = words[words.length - 1]!;
    // A word still being typed: its beginning, or its stem's ("learning" is indexed as "learn").
    const lastWord = [...new Set([last, stem(last)])].map((form) => `${quoteLexeme(form)}:*`).join(" | ");
    const full = words.slice(0, -1).map((word) => quoteLexeme(stem(word)));
    // A one- or two-letter fragment would expand to much of the vocabulary (`m:*` reads the
    // posting lists of every word in m): after full words, those find the titles and the
    // fragment is checked as the start of one of the title's words.
    if (last.length >= 3) titleWords = [...full, `(${lastWord})`].join(" & ");
    else if (full.length > 0) {
      titleWords = full.join(" & ");
      titleFragment = last;
    }
    if (words.length <= 4 && last.length >= 2) authorWords = [...words.slice(0, -1).map(quoteLexeme), `${quoteLexeme(last)}:*`].join(" & ");
  }
  const rows = await repository.suggest({
    idPrefix: id,
    doiPrefix: doi,
    titlePrefix: !id && !doi && text.length >= 3 ? words.join(" ") : undefined,
    titleWords,
    titleFragment,
    authorWords,
    limit,
  });
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    authors: row.authors.slice(0, 3).map((author) => author.name),
    authorCount: row.authors.length,
    year: row.submittedAt.getUTCFullYear(),
    matched: row.matched,
  }));
}
