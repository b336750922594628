import { ARXIV_ID_PROBLEMS, checkArxivId } from "@/shared/arxiv-id-validation";

/**
 * The one paper-id rule: every spelling of a paper's id a person or a client may send (a
 * version, an `arXiv:` prefix, an arxiv.org or doi.org address, stray spaces, invisible
 * characters, full-width digits, a `#fragment`) is turned into one canonical id, so a paper is
 * one bookmark, one note, one set of highlights, one authored-papers row and one reading-history
 * thread whichever way its id was written. Used by the server's zod schemas (`paperIdSchema` in
 * paper.ts) and by the web app's device stores, so signed-in and anonymous data key alike.
 *
 * Kinds and their canonical form:
 * - arXiv: the bare id without version, `2401.12345` or `hep-th/9901001` (from `2401.12345v2`,
 *   `arXiv:2401.12345`, arxiv.org/abs|pdf|html addresses, the arXiv DOI `10.48550/arXiv.<id>`).
 * - DOI: lower-cased (DOIs are case-insensitive), without `doi:` or a doi.org resolver.
 * - OpenAlex: `W` and digits (from `w123` or an openalex.org address).
 * - Any other source id (`zotero:KEY`, `bibtex:key`, an app-made id): kept as written, cleaned
 *   of invisible characters and surrounding spaces; it may not hold spaces or be another address.
 *
 * Versions: every store is about the paper, not one of its versions, so the version never
 * reaches the key. The version a reader saw stays in the paper data (`Paper.arxivId`, e.g.
 * `2401.12345v2`), which is where the product shows it.
 */

/** Paper ids (arXiv ids, DOIs, source ids) longer than this, once canonical, are refused. */
export const PAPER_ID_MAX_LENGTH = 300;
/** Raw input longer than this is refused before any work (an address with a long query). */
const RAW_MAX_LENGTH = 2000;

export const PAPER_ID_MESSAGES = {
  empty: "A paper id is required.",
  tooLong: `Paper id is longer than ${PAPER_ID_MAX_LENGTH} characters.`,
  control: "A paper id may not contain control characters.",
  address: "This address does not name a paper: use an arxiv.org, doi.org or openalex.org address, or the id itself.",
  arxiv: (problem: string) => `Not a valid arXiv id (${problem}).`,
  doi: "Not a valid DOI: a DOI looks like 10.1234/abc.",
  form: "Not a paper id: use an arXiv id (2401.12345), a DOI (10.1234/abc), an OpenAlex id (W1234) or a source id such as zotero:ABCD1234, without spaces.",
} as const;

export type PaperIdKind = "arxiv" | "doi" | "openalex" | "other";
export type CanonicalPaperId = {
  /** The canonical id, the key of every stored row about the paper. */
  id: string;
  kind: PaperIdKind;
  /** The arXiv version that was written (`v2` -> 2), for callers that show it; never part of `id`. */
  version: number | null;
};
export type PaperIdResult = { ok: true; value: CanonicalPaperId } | { ok: false; message: string };

// Zero-width spaces and joiners, BOMs, soft hyphens, bidi marks, fillers, variation selectors.
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
const CONTROL = /\p{Cc}/u;
const NEW_ARXIV = /^(\d{4}\.\d{4,5})(?:v(\d+))?$/i;
const OLD_ARXIV = /^([a-z-]+)(\.[a-z]{2})?\/(\d{7})(?:v(\d+))?$/i;
const DOI = /^10\.\d{4,9}\/\S+$/;
const ARXIV_DOI = /^10\.48550\/arxiv\.(.+)$/i;
const OPENALEX = /^w(\d{1,15})$/i;
const OTHER = /^[\p{L}\p{N}][^\s\\]*$/u;

const fail = (message: string): PaperIdResult => ({ ok: false, message });

/** The canonical id of `raw`, or why it is not a paper id (see the rule above). */
export function parsePaperId(raw: string): PaperIdResult {
  if (raw.length > RAW_MAX_LENGTH) return fail(PAPER_ID_MESSAGES.tooLong);
  let text = raw.normalize("NFKC").replace(INVISIBLE, "").trim();
  if (CONTROL.test(text)) return fail(PAPER_ID_MESSAGES.control);
  // A fragment or query string never names another paper (arxiv.org/abs/x?context=cs, x#sec2).
  text = text.replace(/[#?][\s\S]*$/, "").trim();
  if (text === "") return fail(PAPER_ID_MESSAGES.empty);

  const result = parseCleaned(text);
  if (result.ok && result.value.id.length > PAPER_ID_MAX_LENGTH) return fail(PAPER_ID_MESSAGES.tooLong);
  return result;
}

/** The canonical id, or null when `raw` is not a paper id. */
export function canonicalPaperId(raw: string): string | null {
  const result = parsePaperId(raw);
  return result.ok ? result.value.id : null;
}

/** Whether two spellings name the same paper (false when either is not a paper id). */
export function samePaperId(a: string, b: string): boolean {
  const left = canonicalPaperId(a);
  return left !== null && left === canonicalPaperId(b);
}

function parseCleaned(text: string): PaperIdResult {
  // An address, with or without its scheme.
  const address = /^(?:https?:\/\/)?((?:www\.|export\.)?arxiv\.org|(?:dx\.)?doi\.org|(?:api\.)?openalex\.org)(\/.*)?$/i.exec(text);
  if (address) return fromAddress(address[1]!.toLowerCase(), address[2] ?? "");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return fail(PAPER_ID_MESSAGES.address);

  const arxivPrefixed = /^arxiv\s*:\s*([\s\S]*)$/i.exec(text);
  // arXiv writes "arXiv:2401.12345v2 [cs.LG]": the category is not part of the id.
  if (arxivPrefixed) return arxiv(compact(arxivPrefixed[1]!.replace(/\[[^\]]*\]$/, "")));
  const doiPrefixed = /^doi\s*:\s*([\s\S]*)$/i.exec(text);
  if (doiPrefixed) return doi(compact(doiPrefixed[1]!));

  const bare = compact(text);
  if (NEW_ARXIV.test(bare) || OLD_ARXIV.test(bare)) return arxiv(bare);
  if (bare.startsWith("10.")) return doi(bare);
  const openalex = OPENALEX.exec(bare);
  if (openalex) return { ok: true, value: { id: `W${openalex[1]}`, kind: "openalex", version: null } };
  if (!OTHER.test(text)) return fail(PAPER_ID_MESSAGES.form);
  return { ok: true, value: { id: text, kind: "other", version: null } };
}

/** Spaces never belong inside an arXiv id, a DOI or an OpenAlex id ("2401. 12345"). */
function compact(text: string): string {
  return text.replace(/\s+/g, "");
}

function fromAddress(host: string, path: string): PaperIdResult {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return fail(PAPER_ID_MESSAGES.address);
  }
  if (host.endsWith("arxiv.org")) {
    const match = /^\/(?:abs|pdf|html)\/(.+?)\/?$/i.exec(decoded);
    return match ? arxiv(match[1]!.replace(/\.pdf$/i, "")) : fail(PAPER_ID_MESSAGES.address);
  }
  if (host.endsWith("doi.org")) return decoded.length > 1 ? doi(compact(decoded.slice(1))) : fail(PAPER_ID_MESSAGES.address);
  const work = /^\/(?:works\/)?(w\d+)\/?$/i.exec(decoded);
  return work ? parseCleaned(work[1]!) : fail(PAPER_ID_MESSAGES.address);
}

function arxiv(text: string): PaperIdResult {
  const modern = NEW_ARXIV.exec(text);
  const legacy = modern ? null : OLD_ARXIV.exec(text);
  if (!modern && !legacy) {
    const check = checkArxivId(text);
    return fail(PAPER_ID_MESSAGES.arxiv(check.valid ? ARXIV_ID_PROBLEMS.format : check.message));
  }
  // Archives are lower case, subject classes upper case (math.GT/0309136).
  const id = modern ? modern[1]! : `${legacy![1]!.toLowerCase()}${legacy![2]?.toUpperCase() ?? ""}/${legacy![3]}`;
  // The year, month, digit count and archive an id can really have.
  const check = checkArxivId(id);
  if (!check.valid) return fail(PAPER_ID_MESSAGES.arxiv(check.message));
  const version = modern ? modern[2] : legacy![4];
  return { ok: true, value: { id, kind: "arxiv", version: version ? Number(version) : null } };
}

function doi(text: string): PaperIdResult {
  const lower = text.toLowerCase();
  if (!DOI.test(lower)) return fail(PAPER_ID_MESSAGES.doi);
  // arXiv registers 10.48550/arXiv.<id> for each paper: that DOI is the arXiv paper.
  const arxivDoi = ARXIV_DOI.exec(lower);
  if (arxivDoi) return arxiv(arxivDoi[1]!);
  return { ok: true, value: { id: lower, kind: "doi", version: null } };
}
