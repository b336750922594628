import { parseArxivId } from "@/shared/arxiv-id";
import type { Paper } from "./paper";

/** The PDF numbers of the spec. */
export const PDF_LOAD_TIMEOUT_MS = 15_000;
export const PDF_MIN_SCALE = 0.5;
export const PDF_MAX_SCALE = 3;
export const PDF_SCALE_STEP = 0.2;
export const PDF_DEFAULT_SCALE = 1;
export const PDF_SCALE_SAVE_DEBOUNCE_MS = 300;
export const PDF_SCROLL_DETECT_DEBOUNCE_MS = 100;
/** Request headers for the proxy must serialise under this many characters. */
export const PDF_PROXY_HEADER_LIMIT = 6000;
export const PDF_TOOLBAR_HIDE_MS = 3000;
export const PDF_SWIPE_THRESHOLD_PX = 80;
/** Longest paperId the proxy reads; arXiv ids and abs/pdf URLs are far shorter. */
export const PDF_PROXY_MAX_ID_LENGTH = 200;

export const HIGHLIGHT_COLORS = ["#FFFF00", "#FFD700", "#98FB98", "#ADD8E6", "#FFB6C1"] as const;
export type HighlightColor = (typeof HIGHLIGHT_COLORS)[number];
export const DEFAULT_HIGHLIGHT_COLOR: HighlightColor = "#FFFF00";
export const HIGHLIGHT_OPACITY = 0.5;

/** The spec's PDF messages, verbatim. */
export const PDF_MESSAGES = {
  timeout: "PDF loading timed out. Please try downloading instead.",
  invalidId: "Invalid paper ID or URL",
  noUrl: "No PDF URL available for this paper",
  loadingError: (message: string) => `PDF Loading Error: ${message}`,
  proxyFailed: "Failed to load PDF through proxy. Try opening directly on ArXiv.",
  documentFailed: "Failed to load PDF document",
  failedRetry: "Failed to load PDF.",
  unavailableTitle: "No PDF Available",
  unavailableText: "Unable to load PDF document",
  downloadFailed: (status: number) => `Download failed with status: ${status}`,
  headersTooLarge: "Request headers too large for PDF proxy",
} as const;

/** The spec's id cleaning: strips a `.pdf` suffix and a version suffix such as v2 (the paper, whatever its version). */
export function cleanPdfPaperId(value: string): string {
  return value.trim().replace(/\.pdf$/i, "").replace(/v\d+$/, "");
}

/**
 * The id the PDF proxy is asked for: a `.pdf` suffix goes, a version stays. The spec's cleaning
 * drops the version too, which made every PDF open the newest version, whatever version the
 * reader named; with the version watch a PDF moves to a new version only when the user asks, so
 * `2401.12345v2` (a bookmark of v2) is v2's PDF and `2401.12345` the newest one.
 */
export function pdfProxyPaperId(value: string): string {
  return value.trim().replace(/\.pdf$/i, "");
}

/**
 * The PDF proxy's path for an arXiv id (with its version, when it names one), cleaned as the
 * proxy cleans it, so one version of a paper has one URL (the reader, public/pdf-prefetch.js,
 * the server's /pdf/ page head and the kept offline copies all use this one).
 */
export function pdfProxyPath(arxivId: string): string {
  return `/api/pdf-proxy?paperId=${encodeURIComponent(pdfProxyPaperId(arxivId))}`;
}

/**
 * The arXiv id the proxy may fetch, with the version it names, from a bare id or an arxiv.org
 * abs/pdf URL; null for anything else (other hosts, paths, control characters, over-long input).
 */
export function pdfProxyArxivId(raw: string): string | null {
  if (raw.length === 0 || raw.length > PDF_PROXY_MAX_ID_LENGTH) return null;
  // Control characters (a %00 decodes to one) and backslashes never belong to an id.
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  let text = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^arxiv:/i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return null;
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (!/^(?:www\.|export\.)?arxiv\.org$/i.test(url.hostname) || url.username || url.password || url.port) return null;
    const match = /^\/(?:abs|pdf)\/(.+)$/.exec(url.pathname);
    if (!match?.[1]) return null;
    text = match[1];
  }
  text = text.replace(/^arxiv:\s*/i, "");
  const parsed = parseArxivId(pdfProxyPaperId(text));
  return parsed ? `${parsed.id}${parsed.version ? `v${parsed.version}` : ""}` : null;
}

/** A page number clamped to 1..pageCount. */
export function clampPage(page: number, pageCount: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.round(page)), Math.max(1, pageCount));
}

/** A zoom clamped to 0.5..3, to two decimals. */
export function clampScale(scale: number): number {
  if (!Number.isFinite(scale)) return PDF_DEFAULT_SCALE;
  const clamped = Math.min(PDF_MAX_SCALE, Math.max(PDF_MIN_SCALE, scale));
  return Math.round(clamped * 100) / 100;
}

/** One zoom step in or out (0.2), clamped. */
export function stepScale(scale: number, direction: 1 | -1): number {
  return clampScale(scale + direction * PDF_SCALE_STEP);
}

/** The next rotation: 90 degrees on, modulo 360. */
export function nextRotation(rotation: number): number {
  return (((rotation + 90) % 360) + 360) % 360;
}

/**
 * The proxy path of the PDF a /pdf/{arXiv id} page opens, exactly as the viewer (pdfProxyUrl),
 * public/pdf-prefetch.js and the server's /pdf/ page head build it; null for any other path
 * (another page, an id that is not arXiv's).
 */
export function pdfPagePdfUrl(pathname: string): string | null {
  const match = /^\/pdf\/(.+)$/.exec(pathname);
  if (!match?.[1]) return null;
  let id: string;
  try {
    id = pdfProxyPaperId(decodeURIComponent(match[1]));
  } catch {
    return null;
  }
  const parsed = parseArxivId(id);
  return parsed && `${parsed.id}${parsed.version ? `v${parsed.version}` : ""}` === id ? pdfProxyPath(id) : null;
}

/**
 * The arXiv id whose PDF the reader opens for a paper, or null (a paper from elsewhere). The
 * route's arXiv id says which version: `/pdf/2401.12345v2` is v2's PDF, `/pdf/2401.12345` the
 * newest, whichever version the paper's details name, so the PDF never moves to another
 * version behind the reader's back, and public/pdf-prefetch.js asked for the same URL.
 */
export function proxiableArxivId(paper: Pick<Paper, "arxivId" | "id" | "source">, routeId: string): string | null {
  const route = parseArxivId(routeId);
  if (route && `${route.id}${route.version ? `v${route.version}` : ""}` === routeId.trim()) return routeId.trim();
  if (paper.arxivId) return parseArxivId(paper.arxivId)?.id ?? null;
  if (paper.source === "arxiv") return parseArxivId(paper.id)?.id ?? null;
  return null;
}
