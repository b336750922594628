import { texToUnicode } from "./tex-to-unicode";

/** One author as arXiv's API shows it: a name and zero or more `arxiv:affiliation`s. */
export interface ParsedAuthor {
  name: string;
  affiliations: string[];
}

/** Suffixes that a comma separates from the name they belong to ("John Smith, Jr."). */
const NAME_SUFFIXES = new Set(["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"]);

/**
 * Collapses arXiv's hard wrapping: every run of spaces, tabs and line breaks becomes one space.
 * Two single-character passes, which are faster than one `\s+` pass over a corpus of abstracts.
 */
export function collapseWhitespace(text: string): string {
  return text.replace(/[\t\n\r\f\v]/g, " ").replace(/ {2,}/g, " ").trim();
}

type Piece = { kind: "text"; value: string } | { kind: "group"; value: string } | { kind: "separator" };

/**
 * Splits an arXiv author string into names, the way arXiv's metadata does: names are separated
 * by commas and "and" outside parentheses; a parenthesised group after a name is that name's
 * affiliation; a trailing `((1) Univ A, (2) Univ B)` block resolves numbered references like
 * `(1 and 2)`. TeX accents become Unicode.
 */
export function parseAuthorList(raw: string): ParsedAuthor[] {
  // The OAI-PMH export escaped some names twice (`Fr\\'ed`, `Sch\\\"urmann`); a name never holds `\\`.
  const unescaped = raw.includes("\\\\") ? raw.replace(/\\([\\"])/g, "$1") : raw;
  const text = collapseWhitespace(texToUnicode(unescaped));
  const pieces = splitTopLevel(text);

  const authors: ParsedAuthor[] = [];
  const numbered = new Map<string, string>();
  let current: ParsedAuthor | undefined;
  for (const piece of pieces) {
    if (piece.kind === "separator") {
      current = undefined;
      continue;
    }
    if (piece.kind === "group") {
      const block = parseNumberedBlock(piece.value);
      if (block) {
        for (const [key, value] of block) numbered.set(key, value);
      } else if (current) {
        current.affiliations.push(piece.value);
      } else if (authors.length > 0) {
        authors[authors.length - 1]!.affiliations.push(piece.value);
      }
      continue;
    }
    const name = piece.value.trim();
    if (!name) continue;
    if (current) {
      current.name = `${current.name} ${name}`;
    } else if (NAME_SUFFIXES.has(name.toLowerCase()) && authors.length > 0) {
      const previous = authors[authors.length - 1]!;
      previous.name = `${previous.name} ${name}`;
      current = previous;
    } else {
      current = { name, affiliations: [] };
      authors.push(current);
    }
  }

  if (numbered.size > 0) {
    for (const author of authors) {
      author.affiliations = author.affiliations.flatMap((affiliation) => {
        const keys = affiliation.split(/\s*(?:,|\band\b|&)\s*/).filter(Boolean);
        if (keys.length > 0 && keys.every((key) => numbered.has(key))) return keys.map((key) => numbered.get(key)!);
        return [affiliation];
      });
    }
  }
  return authors.filter((author) => author.name.length > 0);
}

/** Cuts the string at commas, semicolons and the word "and" outside parentheses; keeps groups whole. */
function splitTopLevel(text: string): Piece[] {
  const pieces: Piece[] = [];
  let buffer = "";
  const flushText = () => {
    if (buffer.trim()) pieces.push({ kind: "text", value: buffer.trim() });
    buffer = "";
  };
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === "(") {
      const end = matchingParen(text, index);
      flushText();
      pieces.push({ kind: "group", value: text.slice(index + 1, end).trim() });
      index = end + 1;
      continue;
    }
    if (char === "," || char === ";") {
      flushText();
      pieces.push({ kind: "separator" });
      index += 1;
      continue;
    }
    const andMatch = /^\s+(?:and|&)\s+/.exec(text.slice(index, index + 8));
    if (andMatch) {
      flushText();
      pieces.push({ kind: "separator" });
      index += andMatch[0].length;
      continue;
    }
    buffer += char;
    index += 1;
  }
  flushText();
  return pieces;
}

/** Index of the parenthesis closing the one at `open`, or the end of the text if it never closes. */
function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === "(") depth += 1;
    else if (text[index] === ")") {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return text.length;
}

/** Reads `(1) Univ A, (2) Univ B` into {1: "Univ A", 2: "Univ B"}; undefined if it is not such a block. */
function parseNumberedBlock(group: string): Map<string, string> | undefined {
  if (!/^\(\s*\w{1,3}\s*\)/.test(group)) return undefined;
  const result = new Map<string, string>();
  const pattern = /\(\s*(\w{1,3})\s*\)\s*((?:[^()]|\([^()]*\))*?)\s*(?:,\s*)?(?=\(\s*\w{1,3}\s*\)|$)/g;
  for (const match of group.matchAll(pattern)) {
    const value = match[2]!.replace(/[,;]\s*$/, "").trim();
    if (value) result.set(match[1]!, value);
  }
  return result.size > 0 ? result : undefined;
}
