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

function inAppLink(view: AppView, paper: LinkablePaper, url: string | null): PaperLink | null {
  if (paper.source === "arxiv" && parseArxivId(paper.id)) return { href: `/${view}/${paper.id}`, internal: true };
  if (url) {
    const rewritten = arxivUrlToAppPath(url);
    if (rewritten) return { href: rewritten.replace(/^\/(abs|pdf|html)\//, `/${view}/`), internal: true };
    // A stored link from before links were checked (or a device's own store) may be javascript: or data:.
    if (isWebLink(url)) return { href: url, internal: false };
  }
  return null;
}

/** The paper's abstract page: in-app /abs for arXiv papers, else its landing page. */
export function paperViewLink(paper: LinkablePaper): PaperLink | null {
  return inAppLink("abs", paper, paper.url || null);
}

/** The paper's PDF: in-app /pdf for arXiv papers, else its PDF URL (null when it has none). */
export function paperPdfLink(paper: LinkablePaper): PaperLink | null {
  if (paper.source !== "arxiv" && !paper.pdfUrl) return null;
  return inAppLink("pdf", paper, paper.pdfUrl);
}

/** The paper detail page; the id is URL-encoded (DOIs hold slashes). */
export function paperDetailPath(id: string): string {
  return `/paper/${encodeURIComponent(id)}`;
}
