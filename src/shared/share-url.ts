import { parseArxivId } from "@/shared/arxiv-id";
import { arxivIdFromDoi } from "@/shared/library/paper-identifiers";

/**
 * The share page's detection: which paper an arXiv or DOI link, or a bare identifier, points at, in
 * every form researchers paste or share.
 */

/** A shared link longer than this is refused before any parsing (no real arXiv or DOI link comes near it). */
export const SHARE_URL_MAX_LENGTH = 2048;

/**
 * The longest request head (request line and headers) the server reads, so the longest shared
 * `/share?text=` link it opens: 20,000 characters of shared text are up to 180 KB encoded.
 */
export const REQUEST_HEAD_MAX_BYTES = 256 * 1024;

/** The longest shared text searched for a link: all a link the server opens can carry. */
export const SHARE_TEXT_MAX_LENGTH = REQUEST_HEAD_MAX_BYTES;

/** The share page's messages. */
export const SHARE_MESSAGES = {
  empty: "Please enter a URL",
  unsupported: "Unsupported URL. Only arXiv and DOI URLs are supported.",
  noLink: "Please enter a valid arXiv or DOI URL",
  loadFailed: "Failed to load paper information",
} as const;

export type SharedPaperRef = { kind: "arxiv"; id: string; version: number | null } | { kind: "doi"; doi: string };

export type ShareDetection = { ok: true; ref: SharedPaperRef } | { ok: false; message: string };

const ARXIV_HOST = /^(?:www\.|export\.|browse\.)?arxiv\.org$/i;
const DOI_HOST = /^(?:dx\.|www\.)?doi\.org$/i;
/** A DOI inside a longer text: `10.` prefix, registrant, `/`, then a suffix up to a space or a quote. */
const DOI_IN_TEXT = /10\.\d{4,9}\/[^\s"'<>]+/;
/** Path segments publishers put after a DOI in their URLs (`/doi/10.1002/x.1/abstract`). */
const PUBLISHER_SUFFIX = /\/(?:full|abstract|abs|pdf|epdf|pdfdirect|fulltext|html|meta|references|figures|suppl|summary|epub|citedby|download)\/?$/i;
/** Punctuation that ends a sentence around a link rather than belonging to it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>]+$/;

function arxivRef(value: string): SharedPaperRef | null {
  const cleaned = value.replace(/\.pdf$/i, "").replace(/\/+$/, "");
  const parsed = parseArxivId(cleaned);
  return parsed ? { kind: "arxiv", id: parsed.id, version: parsed.version } : null;
}

/** A DOI string (maybe with trailing punctuation or a publisher's suffix) as a reference; arXiv DOIs become arXiv ids. */
function doiRef(value: string): SharedPaperRef | null {
  let doi = value.replace(TRAILING_PUNCTUATION, "");
  while (PUBLISHER_SUFFIX.test(doi)) doi = doi.replace(PUBLISHER_SUFFIX, "");
  if (!/^10\.\d{4,9}\/\S+$/.test(doi)) return null;
  const arxiv = arxivIdFromDoi(doi);
  if (arxiv) return arxivRef(arxiv);
  return { kind: "doi", doi };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** An http(s) URL's paper, from arXiv's abs/pdf/html pages, doi.org, or a publisher URL carrying a DOI. */
function refFromUrl(url: URL): SharedPaperRef | null {
  const path = safeDecode(url.pathname);
  if (ARXIV_HOST.test(url.hostname)) {
    const match = /^\/(?:abs|pdf|html|format|ps)\/(.+)$/i.exec(path);
    return match?.[1] ? arxivRef(match[1]) : null;
  }
  if (DOI_HOST.test(url.hostname)) return doiRef(path.replace(/^\/+/, ""));
  // A publisher's page: the DOI in the path (/doi/10.1002/..., /article/10.1007/...) or in a query value (?id=10.1371/...).
  const inPath = DOI_IN_TEXT.exec(path);
  if (inPath) return doiRef(inPath[0]);
  for (const value of url.searchParams.values()) {
    const inQuery = DOI_IN_TEXT.exec(value);
    if (inQuery) return doiRef(inQuery[0]);
  }
  return null;
}

/**
 * The paper one pasted value points at: an arXiv abs/pdf/html URL (any version, old-style ids,
 * `.pdf`), a doi.org or dx.doi.org URL, a publisher URL with a DOI in it, `arXiv:` and `doi:`
 * prefixes, a bare arXiv id or a bare DOI. Anything else (another site, `javascript:`, a
 * `data:` URL, an over-long value) is unsupported.
 */
export function detectPaperUrl(input: string): ShareDetection {
  const text = input.trim();
  if (!text) return { ok: false, message: SHARE_MESSAGES.empty };
  if (text.length > SHARE_URL_MAX_LENGTH) return { ok: false, message: SHARE_MESSAGES.unsupported };
  const unsupported = { ok: false, message: SHARE_MESSAGES.unsupported } as const;

  const prefixed = /^(arxiv|doi)\s*:\s*(\S+)$/i.exec(text);
  if (prefixed?.[1] && prefixed[2]) {
    const ref = prefixed[1].toLowerCase() === "arxiv" ? arxivRef(prefixed[2]) : doiRef(prefixed[2]);
    return ref ? { ok: true, ref } : unsupported;
  }
  const bare = arxivRef(text) ?? (/^10\./.test(text) ? doiRef(text) : null);
  if (bare) return { ok: true, ref: bare };

  // A link without its scheme ("arxiv.org/abs/...", "doi.org/10...") is read as https.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : /^[\w-]+(\.[\w-]+)+\//.test(text) ? `https://${text}` : null;
  if (!withScheme) return unsupported;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return unsupported;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return unsupported;
  const ref = refFromUrl(url);
  return ref ? { ok: true, ref } : unsupported;
}

/** The first link or identifier-looking token in shared text (a title line, then the URL, as apps share). */
export function findSharedLink(text: string): string | null {
  if (text.length > SHARE_TEXT_MAX_LENGTH) return null;
  const url = /\bhttps?:\/\/[^\s<>"']+/i.exec(text);
  if (url) return url[0].replace(TRAILING_PUNCTUATION, "");
  const prefixed = /\b(?:arxiv|doi)\s*:\s*\S+/i.exec(text);
  if (prefixed) return prefixed[0].replace(TRAILING_PUNCTUATION, "");
  const schemeless = /\b(?:(?:www\.|export\.)?arxiv\.org|(?:dx\.)?doi\.org)\/[^\s<>"']+/i.exec(text);
  if (schemeless) return schemeless[0].replace(TRAILING_PUNCTUATION, "");
  const doi = DOI_IN_TEXT.exec(text);
  if (doi) return doi[0].replace(TRAILING_PUNCTUATION, "");
  const arxiv = /\b(?:\d{4}\.\d{4,5}(?:v\d+)?|[a-z-]+(?:\.[A-Z]{2})?\/\d{7}(?:v\d+)?)\b/.exec(text);
  return arxiv ? arxiv[0] : null;
}

/**
 * What the share page starts from: the `url` parameter when given, else the link inside the
 * shared `text` (the Web Share Target and Android's share sheet put a link in either).
 * `{ input }` is the value to show in the Paper URL field; `message` is set when the shared
 * text holds no link at all.
 */
export function sharedInput(params: { url?: string | null; text?: string | null }): { input: string; message: string | null } {
  const url = params.url?.trim() ?? "";
  if (url) return { input: url, message: null };
  const text = params.text?.trim() ?? "";
  if (!text) return { input: "", message: null };
  const link = findSharedLink(text);
  return link ? { input: link, message: null } : { input: "", message: SHARE_MESSAGES.noLink };
}

/** The id the paper lookup takes (`/api/papers/lookup?id=`): the arXiv id, or the DOI. */
export function lookupIdFor(ref: SharedPaperRef): string {
  return ref.kind === "arxiv" ? ref.id : ref.doi;
}
