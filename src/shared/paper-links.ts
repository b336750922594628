/**
 * Where a paper's links go. Links to arXiv's abstract, PDF and HTML pages open Quire's own
 * /abs, /pdf and /html views instead; everything else
 * stays an outside link.
 */
import { parseArxivId } from "./arxiv-id";
import { isWebLink } from "./web-link";

export type AppView = "abs" | "pdf" | "html";

const ARXIV_PAGE = /^(?:https?:)?\/\/(?:www\.|export\.)?arxiv\.org\/(abs|pdf|html)\/(.+?)\/?(?:[?#].*)?$/i;

/**
 * The in-app path for an arxiv.org abs, pdf or html URL ("https://arxiv.org/pdf/2401.12345v2"
 * -> "/pdf/2401.12345v2"), or null when the URL is not one. The version is kept; ".pdf" is dropped.
 */
export function arxivUrlToAppPath(url: string): string | null {
  const match = ARXIV_PAGE.exec(url.trim());
  if (!match) return null;
  const view = match[1]!.toLowerCase() as AppView;
  const id = decodeURIComponent(match[2]!).replace(/\.pdf$/i, "");
  if (!parseArxivId(id)) return null;
  return `/${view}/${id}`;
}

/** An arXiv page URL rewritten to its in-app path; any other URL unchanged. */
export function rewritePaperLink(url: string): string {
  return arxivUrlToAppPath(url) ?? url;
}

export type PaperLink = {
  href: string;
  /** True for an in-app path (router link), false for another site (new tab). */
  internal: boolean;
};

type LinkablePaper = {
  id: string;
  source: string;
  url: string;
  pdfUrl: string | null;
  arxivId?: string | null;
};

/** How a paper's links read. */
export type PaperLinkOptions = {
  /**
   * Open the version the paper names (`/abs/2401.12345v2`) rather than the newest (`/abs/2401.12345`):
   * a bookmark opens the version it keeps, and moves to a newer one only when the user asks.
   */
  keptVersion?: boolean;
};

/**
 * The arXiv id with the version an arXiv paper names ("2401.12345v2"); null when it names none
 * (or its arxivId is another paper's).
 */
export function versionedArxivIdOf(paper: Pick<LinkablePaper, "arxivId" | "id" | "source">): string | null {
  const parsed = paper.arxivId ? parseArxivId(paper.arxivId) : null;
  if (paper.source !== "arxiv" || !parsed?.version || parseArxivId(paper.id)?.id !== parsed.id) return null;
  return `${parsed.id}v${parsed.version}`;
}

function inAppLink(view: AppView, paper: LinkablePaper, url: string | null, options: PaperLinkOptions): PaperLink | null {
  if (paper.source === "arxiv" && parseArxivId(paper.id)) {
    const kept = options.keptVersion ? versionedArxivIdOf(paper) : null;
    return { href: `/${view}/${kept ?? paper.id}`, internal: true };
  }
  if (url) {
    const rewritten = arxivUrlToAppPath(url);
    if (rewritten) return { href: rewritten.replace(/^\/(abs|pdf|html)\//, `/${view}/`), internal: true };
    // A stored link from before links were checked (or a device's own store) may be javascript: or data:.
    if (isWebLink(url)) return { href: url, internal: false };
  }
  return null;
}

/** The paper's abstract page: in-app /abs for arXiv papers, else its landing page. */
export function paperViewLink(paper: LinkablePaper, options: PaperLinkOptions = {}): PaperLink | null {
  return inAppLink("abs", paper, paper.url || null, options);
}

/** The paper's PDF: in-app /pdf for arXiv papers, else its PDF URL (null when it has none). */
export function paperPdfLink(paper: LinkablePaper, options: PaperLinkOptions = {}): PaperLink | null {
  if (paper.source !== "arxiv" && !paper.pdfUrl) return null;
  return inAppLink("pdf", paper, paper.pdfUrl, options);
}

/** The paper detail page; the id is URL-encoded (DOIs hold slashes). */
export function paperDetailPath(id: string): string {
  return `/paper/${encodeURIComponent(id)}`;
}
