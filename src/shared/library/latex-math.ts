/**
 * TeX math inside titles and abstracts (`$\Delta\sigma$`, `$$E=mc^2$$`, `\(x^2\)`), as arXiv
 * records carry it. BibTeX needs it written as math, not escaped into literal dollars and
 * backslashes; citation-js has no option for that, so its spans are found here and kept out of
 * its escaping (and out of its lossy LaTeX decoding on import).
 *
 * A dollar opens math only when a non-space follows it, and closes it only when a non-space
 * precedes it and no digit follows (pandoc's rule), so "costs $5 and $10" stays text. A span
 * is kept as math only when BibTeX and LaTeX can take it as it is: braces balanced, no bare
 * `%` (a comment), `#` or `&`; anything else is left to the ordinary escaping.
 */

/** [start, end) of each math span, in order, delimiters included. */
export function findMathSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  if (!text.includes("$") && !text.includes("\\(")) return spans;
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === "\\") {
      if (text[i + 1] === "(") {
        const close = text.indexOf("\\)", i + 2);
        if (close !== -1 && usableMath(text.slice(i + 2, close))) {
          spans.push([i, close + 2]);
          i = close + 2;
          continue;
        }
      }
      // An escaped character (\$, \%): never a delimiter.
      i += 2;
      continue;
    }
    if (char !== "$") {
      i += 1;
      continue;
    }
    const width = text[i + 1] === "$" ? 2 : 1;
    const start = i + width;
    if (start >= text.length || /\s/.test(text[start]!)) {
      i = start;
      continue;
    }
    // The first unescaped dollar after the opening either closes the span or opens the next one.
    let j = start;
    while (j < text.length && text[j] !== "$") j += text[j] === "\\" ? 2 : 1;
    if (j >= text.length) break;
    const closes =
      !/\s/.test(text[j - 1]!) &&
      (width === 2 ? text[j + 1] === "$" : !/\d/.test(text[j + 1] ?? "")) &&
      j > start &&
      usableMath(text.slice(start, j));
    if (closes) {
      spans.push([i, j + width]);
      i = j + width;
    } else i = j;
  }
  return spans;
}

/**
 * Whether math can go into a BibTeX value untouched: braces balanced, counting escaped ones too
 * (BibTeX counts `\{` as a brace), and no bare `%`, `#`, `&`.
 */
function usableMath(body: string): boolean {
  let depth = 0;
  for (let i = 0; i < body.length; i += 1) {
    let char = body[i];
    if (char === "\\") {
      i += 1;
      char = body[i];
      if (char !== "{" && char !== "}") continue;
    } else if (char === "%" || char === "#" || char === "&" || char === "\n") return false;
    if (char === "{") depth += 1;
    else if (char === "}" && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * The text with each math span swapped for `placeholder(index)`, and the spans, so that
 * `restore` can put them back (after escaping or decoding the rest).
 */
export function replaceMath(text: string, placeholder: (index: number) => string, spans: string[]): string {
  const found = findMathSpans(text);
  if (found.length === 0) return text;
  let out = "";
  let last = 0;
  for (const [start, end] of found) {
    out += text.slice(last, start) + placeholder(spans.length);
    spans.push(text.slice(start, end));
    last = end;
  }
  return out + text.slice(last);
}
