import { logger, plugins } from "@citation-js/core";
import "@citation-js/plugin-bibtex";
import "@citation-js/plugin-ris";
import type { CslItem } from "@/shared/library/csl-mapping";
import { replaceMath } from "@/shared/library/latex-math";

/**
 * The one place Quire talks to citation-js (BibTeX and RIS mapping, LaTeX escaping, the BibTeX
 * parser). Only synchronous, local conversions of data we already hold: every call names its
 * input type (`plugins.input.data(text, "@biblatex/text")`) or formats CSL we built, so
 * citation-js's type sniffing and its URL input (the only code that fetches) are never reached.
 *
 * Versions: @citation-js/core, plugin-bibtex and plugin-ris 0.8.x (plugin-ris has no 0.9
 * release yet and requires core ^0.8). Core 0.8 still imports node-fetch, which a browser
 * never calls: the web build aliases it to the browser's fetch (vite.config.ts), so Node's
 * modules stay out of the bundle.
 */

/** A BibTeX entry as citation-js's mapping produces it: values already LaTeX-escaped. */
export type BibtexEntry = { type: string; label: string; properties: Record<string, string> };

/** A BibTeX entry as read from a file: values are the raw text between the delimiters. */
export type RawBibtexEntry = { type: string; label: string; properties: Record<string, string | number> };

/** A RIS record as citation-js maps it: tag -> value(s). */
export type RisRecord = Record<string, string | number | (string | number)[]>;

type BibtexConstants = {
  commands: Record<string, string>;
  diacritics: Record<string, string>;
  ligatures: Record<string, string>;
  mathCommands: Record<string, string>;
};

// citation-js keeps every log line in memory (`logger._log`) even when silent; a long-lived
// server would grow it forever.
function forgetLog(): void {
  if (Array.isArray(logger._log)) logger._log.length = 0;
}

// With `asciiOnly` (the default, and what classic BibTeX needs) citation-js writes characters it
// knows as LaTeX (é -> {\'e}, α -> $\alpha$) and silently DROPS the rest (CJK, Cyrillic, ≤, ∞...).
// Those characters are swapped for ASCII placeholders before formatting and put back, as UTF-8,
// afterwards; BibTeX passes UTF-8 through. The sets below mirror citation-js's escaper.
const { commands, diacritics, ligatures, mathCommands } = (plugins.config.get("@bibtex") as { constants: BibtexConstants }).constants;
const ESCAPABLE = new Set<string>([
  ...Object.values(commands),
  ...Object.values(diacritics),
  ...Object.values(ligatures),
  ...Object.values(mathCommands),
]);
const KEPT_AS_IS = /[a-zA-Z0-9\s!"'()*+,\-./:;=?@[\]\u0300-\u0308\u030a-\u030c\u0332\u0323\u0327\u0328\u0361\u0326&%$#_{}]/;

function survivesEscaping(char: string): boolean {
  const decomposed = char.normalize("NFKD");
  // Compatibility forms would be flattened (x² -> x2); keep the original character instead.
  if (decomposed !== char.normalize("NFD") && !/^[\s.]+$|^f[filt]+$/.test(decomposed)) return false;
  for (const part of decomposed) if (!KEPT_AS_IS.test(part) && !ESCAPABLE.has(part)) return false;
  return true;
}

type Protector = { protect(text: string): string; restore(text: string): string };

function createProtector(marker: string): Protector {
  const placeholder = new RegExp(`${marker}([0-9a-f]+)${marker}`, "g");
  const cache = new Map<string, boolean>();
  return {
    protect: (text) => {
      // Most values are plain ASCII: nothing to protect, no copy.
      if (!NON_ASCII.test(text)) return text;
      let out = "";
      for (const char of text) {
        if (char.charCodeAt(0) < 0x80 || char === "\u00a0") {
          out += char;
          continue;
        }
        let ok = cache.get(char);
        if (ok === undefined) {
          ok = survivesEscaping(char);
          cache.set(char, ok);
        }
        out += ok ? char : `${marker}${char.codePointAt(0)!.toString(16)}${marker}`;
      }
      return out;
    },
    restore: (text) => (text.includes(marker) ? text.replace(placeholder, (_match, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16))) : text),
  };
}

const NON_ASCII = /[^\x00-\x7f]/;

/** Whether any string inside the value contains the text. */
function anyStringIncludes(value: unknown, text: string): boolean {
  if (typeof value === "string") return value.includes(text);
  if (Array.isArray(value)) return value.some((item) => anyStringIncludes(item, text));
  if (value && typeof value === "object") return Object.values(value).some((item) => anyStringIncludes(item, text));
  return false;
}

/** A marker no string of the items contains, for the placeholders. */
function freeMarker(items: unknown): string {
  let marker = "zqz";
  while (anyStringIncludes(items, marker)) marker += "q";
  return marker;
}

/** The value with every string changed; parts where nothing changed are shared, not copied. */
function mapStrings<T>(value: T, change: (text: string) => string): T {
  if (typeof value === "string") return change(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index += 1) {
      const next = mapStrings(value[index], change);
      if (next !== value[index]) (copy ??= [...value])[index] = next;
    }
    return (copy ?? value) as T;
  }
  if (value && typeof value === "object") {
    let copy: Record<string, unknown> | null = null;
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key];
      const next = mapStrings(item, change);
      if (next !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = next;
    }
    return (copy ?? value) as T;
  }
  return value;
}

/**
 * CSL items as BibTeX (`bibtex`) or BibLaTeX (`biblatex`) entries through citation-js's
 * mapping: entry type, label from `citation-key`, names, dates, pages, and LaTeX-escaped values
 * (characters LaTeX cannot spell in ASCII are kept as UTF-8).
 */
export function cslToBibtexEntries(items: readonly CslItem[], dialect: "bibtex" | "biblatex" = "bibtex"): BibtexEntry[] {
  const marker = freeMarker(items);
  const protector = createProtector(marker);
  const math = createMathKeeper(marker);
  const protectedItems = items.map((item) => mapStrings(item, (text) => protector.protect(math.keep(text))));
  try {
    const entries = plugins.output.format(dialect, protectedItems, { format: "object" }) as BibtexEntry[];
    return entries.map((entry) => ({
      type: entry.type,
      label: entry.label,
      properties: Object.fromEntries(
        Object.entries(entry.properties).map(([field, value]) => [field, math.restore(protector.restore(String(value)), CASE_CHANGED_FIELDS.has(field))]),
      ),
    }));
  } finally {
    forgetLog();
  }
}

// Fields BibTeX styles may change the case of: math there goes in braces, or \Delta would
// print as \delta.
const CASE_CHANGED_FIELDS = new Set(["title", "booktitle", "journal", "series"]);

/** Math spans swapped for placeholders (`<marker>m<n><marker>`) and put back as they were. */
function createMathKeeper(marker: string) {
  const spans: string[] = [];
  const placeholder = new RegExp(`${marker}m(\\d+)${marker}`, "g");
  return {
    keep: (text: string) => replaceMath(text, (index) => `${marker}m${index}${marker}`, spans),
    restore: (text: string, braced = false) =>
      text.includes(marker) ? text.replace(placeholder, (_match, index: string) => (braced ? `{${spans[Number(index)]}}` : spans[Number(index)]!)) : text,
  };
}

/** CSL items as RIS records (tag -> values) through citation-js's RIS mapping. */
export function cslToRisRecords(items: readonly CslItem[]): RisRecord[] {
  try {
    return plugins.output.format("ris", items, { format: "object" }) as RisRecord[];
  } finally {
    forgetLog();
  }
}

/** CSL items as CSL-JSON text (citation-js's `data` output: the items, 2-space indented). */
export function cslToJson(items: readonly CslItem[]): string {
  try {
    return plugins.output.format("data", items, { format: "text" }) as string;
  } finally {
    forgetLog();
  }
}

/**
 * The entries of a BibTeX file, values raw (still LaTeX). `@string` macros are expanded,
 * `@comment` and `@preamble` skipped. Throws citation-js's SyntaxError on malformed input
 * ("expected ..., got ... at line L col C").
 */
export function parseBibtexText(text: string): RawBibtexEntry[] {
  try {
    return plugins.input.data(text, "@biblatex/text") as RawBibtexEntry[];
  } finally {
    forgetLog();
  }
}

/** One raw entry as CSL: LaTeX decoded, names split, dates parsed (citation-js's BibLaTeX mapping, which also reads BibTeX fields). */
export function rawBibtexEntryToCsl(entry: RawBibtexEntry): CslItem {
  // citation-js turns math into Unicode where it can and drops the rest of the markup
  // ($\frac{a}{b}$ -> "\fracab"): math is kept as written, as Quire's exports write it.
  const math = createMathKeeper(freeMarker(entry));
  const properties = Object.fromEntries(Object.entries(entry.properties).map(([field, value]) => [field, typeof value === "string" ? math.keep(value) : value]));
  try {
    const [item] = plugins.input.data([{ ...entry, properties }], "@biblatex/entries+list") as CslItem[];
    if (!item) throw new Error(`entry ${entry.label} gave no record`);
    return mapStrings(item, (text) => math.restore(text));
  } finally {
    forgetLog();
  }
}
