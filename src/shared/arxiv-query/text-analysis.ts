/**
 * How arXiv search cuts text into searchable words: one rule for Quire's own arXiv index and
 * the sandbox that stands in for arXiv, so both find the same papers. Like arXiv's search it is
 * case- and accent-insensitive and matches word forms ("testing" finds "tests"); the stemmer is
 * a deliberately small suffix stripper, enough for plural and -ing/-ed forms, and applies to the
 * same words on both sides so matching stays symmetric. Names and categories are not stemmed.
 */

const ASCII_ONLY = /^[\x00-\x7f]*$/;
const ASCII_WORD = /[a-z0-9]+/g;
const UNICODE_WORD = /[\p{L}\p{N}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;

/** Lower-cased words with accents removed ("Gähler's" -> ["gahler", "s"]). */
export function splitWords(text: string): string[] {
  const lower = text.toLowerCase();
  if (ASCII_ONLY.test(lower)) return lower.match(ASCII_WORD) ?? [];
  return lower.normalize("NFD").replace(COMBINING_MARKS, "").match(UNICODE_WORD) ?? [];
}

const stemCache = new Map<string, string>();

/** Strips common English inflections: -s, -es, -ies, -ing, -ed, a final -e. */
export function stem(word: string): string {
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  const result = computeStem(word);
  stemCache.set(word, result);
  return result;
}

function computeStem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let result = word;
  if (result.endsWith("ies") && result.length > 4) result = `${result.slice(0, -3)}y`;
  else if (result.endsWith("sses")) result = result.slice(0, -2);
  else if (result.endsWith("s") && !/(?:ss|us|is)$/.test(result)) result = result.slice(0, -1);

  if (result.endsWith("ing") && result.length > 5) result = undoubleConsonant(result.slice(0, -3));
  else if (result.endsWith("ed") && result.length > 4) result = undoubleConsonant(result.slice(0, -2));

  if (result.endsWith("e") && result.length > 3) result = result.slice(0, -1);
  return result;
}

/** "stopp" -> "stop", "runn" -> "run"; keeps "ll", "ss", "zz" ("modell" stays a real stem). */
function undoubleConsonant(word: string): string {
  const last = word.at(-1);
  if (last && last === word.at(-2) && !"aeiouylsz".includes(last)) return word.slice(0, -1);
  return word;
}
