/**
 * Unicode folding shared by cite keys, canonical ids and duplicate detection.
 */

// Latin letters that have no Unicode decomposition, so NFKD leaves them alone.
const UNDECOMPOSABLE_LATIN: Readonly<Record<string, string>> = {
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "Th",
  ı: "i",
  ħ: "h",
  Ħ: "H",
  ŋ: "n",
  Ŋ: "N",
};
const UNDECOMPOSABLE_PATTERN = new RegExp(`[${Object.keys(UNDECOMPOSABLE_LATIN).join("")}]`, "g");

/** Removes accents and other combining marks ("Zoë Müller" -> "Zoe Muller"); other scripts are kept. */
export function stripDiacritics(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}+/gu, "");
}

/**
 * Folds Latin text to ASCII where possible: marks are stripped and the few letters without a
 * decomposition are spelled out ("Łukasz Østergård" -> "Lukasz Ostergard"). Characters of
 * other scripts are kept; callers that need pure ASCII drop them afterwards.
 */
export function foldToAscii(text: string): string {
  return stripDiacritics(text).replace(UNDECOMPOSABLE_PATTERN, (letter) => UNDECOMPOSABLE_LATIN[letter] ?? letter);
}

// Crossref titles carry JATS/HTML markup (<i>, <sub>, <mml:math>); "a < b" is not a tag.
const ASCII_ONLY = /^[\x00-\x7f]*$/;
const MARKUP_TAG = /<\/?[a-z][a-z0-9:-]*(?:\s[^<>]*)?\/?>/gi;

/**
 * Lowercase words of letters and digits, any script, separated by single spaces: Latin
 * folded to ASCII (`foldToAscii`), apostrophes dropped ("Don't" -> "dont"), HTML tags dropped, every other
 * non-letter, non-digit character turned into a space.
 */
export function normalizeWords(text: string): string {
  const stripped = text.includes("<") ? text.replace(MARKUP_TAG, " ") : text;
  // Most titles and names are ASCII: skip the Unicode passes for them (duplicate scans run this
  // on every title and author of a library).
  if (ASCII_ONLY.test(stripped)) {
    return stripped.toLowerCase().replace(/['`]/g, "").replace(/[^a-z0-9]+/g, " ").trim();
  }
  return foldToAscii(stripped)
    .toLowerCase()
    .replace(/['’‘`´]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
