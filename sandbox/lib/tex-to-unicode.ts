/**
 * Turns the TeX accents found in arXiv author fields (`Bal\'azs`, `G\"ahler`, `\v{S}r\'amek`,
 * `{\O}bro`) into Unicode, as arXiv's own API does for author names. Written here because the
 * job is a few dozen fixed macros; a TeX-to-Unicode library would bring a full TeX parser.
 */

/** Accent macros that put a combining mark on the following letter. */
const COMBINING_MARKS: Record<string, string> = {
  "'": "\u0301",
  "`": "\u0300",
  '"': "\u0308",
  "^": "\u0302",
  "~": "\u0303",
  "=": "\u0304",
  ".": "\u0307",
  u: "\u0306",
  v: "\u030C",
  H: "\u030B",
  c: "\u0327",
  k: "\u0328",
  r: "\u030A",
  d: "\u0323",
  b: "\u0331",
};

/** Letter macros that stand for a whole character. */
const LETTER_MACROS: Record<string, string> = {
  o: "ø",
  O: "Ø",
  ss: "ß",
  aa: "å",
  AA: "Å",
  ae: "æ",
  AE: "Æ",
  oe: "œ",
  OE: "Œ",
  l: "ł",
  L: "Ł",
  i: "ı",
  j: "ȷ",
};

/** `\'a`, `\'{a}`, `\' a`, `\'\i`, `\c{c}`, `\c c`; symbol accents need no space, letter accents do. */
const ACCENT_PATTERN = /\\(['`"^~=.])\s*(?:\{\s*(\\[ij]|[A-Za-z])\s*\}|(\\[ij])(?![A-Za-z])|([A-Za-z]))|\\([uvHckrdb])(?:\s*\{\s*(\\[ij]|[A-Za-z])\s*\}|\s+([A-Za-z]))/g;
const LETTER_PATTERN = /\\(ss|aa|AA|ae|AE|oe|OE|o|O|l|L|i|j)(?![A-Za-z])\s?/g;

/** Replaces TeX accent and letter macros by Unicode and drops the grouping braces left over. */
export function texToUnicode(input: string): string {
  if (!input.includes("\\")) return input;
  const accented = input.replace(
    ACCENT_PATTERN,
    (_whole, symbolAccent: string | undefined, braced1: string | undefined, dotless: string | undefined, bare: string | undefined, letterAccent: string | undefined, braced2: string | undefined, spaced: string | undefined) => {
      const accent = symbolAccent ?? letterAccent ?? "";
      const base = braced1 ?? dotless ?? bare ?? braced2 ?? spaced ?? "";
      const letter = base === "\\i" ? "i" : base === "\\j" ? "j" : base;
      return (letter + (COMBINING_MARKS[accent] ?? "")).normalize("NFC");
    },
  );
  const lettered = accented
    .replace(LETTER_PATTERN, (_whole, macro: string) => LETTER_MACROS[macro] ?? macro)
    // Explicit spaces (`\ `, thin `\,`, medium `\;` `\:`) and the negative thin space `\!`.
    .replace(/\\[\s,;:]/g, " ")
    .replace(/\\!/g, "");
  // Braces that only grouped a converted letter (`{\"o}` -> `{ö}`) carry no meaning any more.
  return lettered.replace(/\{([^{}\\]*)\}/g, "$1");
}
