import { splitWords, stem } from "@/shared/arxiv-query/text-analysis";
import { SUGGESTION_LIMIT, SUGGESTION_MIN_LENGTH, type PaperSuggestion } from "@/shared/suggestions";
import type { ArxivIndexRepository, TitleWordShares } from "./arxiv-index.repository";
import { quoteLexeme } from "./index-document";

/** A new-style id or the start of one (`2401.1`, `arXiv:2401.12345v2`), or an old-style one (`hep-th/99`). */
const ID_PREFIX = /^(?:arxiv:)?(\d{4}\.\d{0,5}|[a-z]+(?:-[a-z]+)*(?:\.[a-z]{2})?\/\d{0,7})(?:v\d*)?$/i;
/** A DOI or the start of one, bare or as a link. */
const DOI_PREFIX = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)?(10\.\S*)$/i;
/** Title words: all but the last as typed in full, the last one being typed (a prefix). */
const MAX_WORDS = 12;
/**
 * Full words this rare (a share of the titles) find few enough titles to check the word being
 * typed on each (3 million papers: at most 9,000 titles) ...
 */
const RARE_WORD_SHARE = 0.003;
/** ... which is done when the typed start begins words this many times as common ... */
const COMMON_START_RATIO = 4;
/**
 * ... or, after any full words, when it begins words in this share of the titles: reading
 * those postings costs more than checking the start on whatever titles the full words find
 * (`3D Gaussian and`: `and` is in a quarter of the titles, 735,000 postings, 207 ms on 3
 * million papers).
 */
const COMMON_START_SHARE = 0.05;

/**
 * Whether the word being typed (its forms) is better checked on the titles the full words find
 * than looked up in the GIN index: `Prostheses for` has one rare word and a start that begins
 * `for`, `form`, `force`, `formula`..., whose postings the index would read in full (1 s on 3
 * million papers) to keep the few titles the rare word has anyway. The shares are the
 * statistics' most common title words (a lower bound for a start). Only after rare words, or for
 * a start so common that its postings cost more than anything (COMMON_START_SHARE): after common
 * words a start of middling share is found faster by the index, the check sizing the walk over
 * their matches badly (`Hierarchical Effici` took 0.5-0.9 s); and a start typed alone (`mode`)
 * gained nothing checked on the newest titles.
 */
export function typedStartIsCommon(wordShares: TitleWordShares | null, fullWords: string[], forms: string[]): boolean {
  if (!wordShares || fullWords.length === 0) return false;
  let start = 0;
  for (const [word, share] of wordShares.shares) if (forms.some((form) => word.startsWith(form))) start += share;
  if (start >= COMMON_START_SHARE) return true;
  const rarest = Math.min(...fullWords.map((word) => wordShares.shares.get(word) ?? wordShares.floor));
  return rarest <= RARE_WORD_SHARE && start >= COMMON_START_RATIO * rarest;
}

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
  let titleFragments: string[] | undefined;
  if (!id && !doi && words.length > 0) {
    const last = words[words.length - 1]!;
    // A word still being typed: its beginning, or its stem's ("learning" is indexed as "learn").
    const forms = [...new Set([last, stem(last)])];
    const lastWord = forms.map((form) => `${quoteLexeme(form)}:*`).join(" | ");
    const fullStems = words.slice(0, -1).map(stem);
    const full = fullStems.map(quoteLexeme);
    // A one- or two-letter fragment would expand to much of the vocabulary (`m:*` reads the
    // posting lists of every word in m), and so would a common start after rare words: then
    // the full words find the titles and the start is checked as the start of one of their words.
    if (full.length > 0 && (last.length < 3 || typedStartIsCommon(repository.titleWordShares(), fullStems, forms))) {
      titleWords = full.join(" & ");
      titleFragments = last.length < 3 ? [last] : forms;
    } else if (last.length >= 3) titleWords = [...full, `(${lastWord})`].join(" & ");
    if (words.length <= 4 && last.length >= 2) authorWords = [...words.slice(0, -1).map(quoteLexeme), `${quoteLexeme(last)}:*`].join(" & ");
  }
  const rows = await repository.suggest({
    idPrefix: id,
    doiPrefix: doi,
    titlePrefix: !id && !doi && text.length >= 3 ? words.join(" ") : undefined,
    titleWords,
    titleFragments,
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
