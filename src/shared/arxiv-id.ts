/**
 * arXiv identifiers: the new form `YYMM.NNNN` (to 1412) or `YYMM.NNNNN` (from 1501), and the
 * old form `archive(.SUBJ)/YYMMNNN` (e.g. `hep-th/9901001`, `math.GT/0309136`), each with an
 * optional version `vN`.
 */
const NEW_ID = /^(\d{4})\.(\d{4,5})(v\d+)?$/;
const OLD_ID = /^([a-z-]+(?:\.[A-Z]{2})?)\/(\d{7})(v\d+)?$/;

export type ParsedArxivId = {
  /** Without the version, e.g. "2401.12345" or "hep-th/9901001". */
  id: string;
  /** The version number, when given. */
  version: number | null;
  style: "new" | "old";
};

/** Parses a bare arXiv id (with an optional version); null when it is not one. */
export function parseArxivId(value: string): ParsedArxivId | null {
  const text = value.trim();
  const modern = NEW_ID.exec(text);
  if (modern) {
    return { id: `${modern[1]}.${modern[2]}`, version: modern[3] ? Number(modern[3].slice(1)) : null, style: "new" };
  }
  const legacy = OLD_ID.exec(text);
  if (legacy) {
    return { id: `${legacy[1]}/${legacy[2]}`, version: legacy[3] ? Number(legacy[3].slice(1)) : null, style: "old" };
  }
  return null;
}

/**
 * Pulls the arXiv id out of an abs/pdf URL, an `arXiv:` prefix or a 10.48550 DOI, and keeps
 * a bare id as it is. Strips a `.pdf` suffix. Null when nothing id-like is found.
 */
export function extractArxivId(value: string): ParsedArxivId | null {
  let text = value.trim();
  text = text.replace(/^arxiv:\s*/i, "");
  text = text.replace(/^(?:https?:\/\/)?(?:doi\.org\/)?10\.48550\/arxiv\./i, "");
  const fromUrl = /arxiv\.org\/(?:abs|pdf|html)\/(.+?)(?:[?#].*)?$/i.exec(text);
  if (fromUrl?.[1]) text = fromUrl[1];
  text = text.replace(/\.pdf$/i, "").replace(/\/+$/, "");
  return parseArxivId(text);
}

/** The id without a `.pdf` suffix or a version suffix (the PDF proxy's cleaning rule). */
export function stripArxivVersion(value: string): string {
  return value.trim().replace(/\.pdf$/i, "").replace(/v\d+$/, "");
}
