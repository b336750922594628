/** arXiv identifiers as the API accepts them: `2104.12255`, `2104.12255v1`, `astro-ph/0601001`, `math.GT/0309136v2`. */

export interface ParsedArxivId {
  /** The id without version ("2104.12255", "quant-ph/0201082"). */
  id: string;
  /** The requested version, when the id carried one. */
  version?: number;
}

/**
 * New-style ids have four digits, a dot and four or five digits. arXiv's 2026 API accepts any
 * id of that shape (`0808.05394`, `0000.0000` answer with no entry rather than an error).
 */
const NEW_STYLE = /^(\d{4}\.\d{4,5})(?:v(\d+))?$/;
/** Old-style ids: archive, optional subject class, slash, YYMMNNN. */
const OLD_STYLE = /^([a-z]+(?:-[a-z]+)*(?:\.[A-Z]{2})?\/\d{7})(?:v(\d+))?$/;

/** Parses one id; undefined when arXiv would answer "incorrect id format". */
export function parseArxivId(raw: string): ParsedArxivId | undefined {
  const match = NEW_STYLE.exec(raw) ?? OLD_STYLE.exec(raw);
  if (!match) return undefined;
  const id = match[1]!;
  return match[2] === undefined ? { id } : { id, version: Number(match[2]) };
}

/**
 * Old-style ids with a subject class (`math.GT/0309136`) name the same paper as `math/0309136`;
 * the corpus stores the archive form.
 */
export function canonicalArxivId(id: string): string {
  return id.replace(/^([a-z-]+)\.[A-Z]{2}\//, "$1/");
}
