import type { UpstreamClient, UpstreamResponse } from "@/server/sources/http/upstream-client";
import { pathSegment } from "@/server/sources/http/upstream-path";

/** An HTML rendition changes rarely: fresh for a day, kept a week. */
const HTML_FRESH_MS = 24 * 60 * 60 * 1000;
const HTML_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The HTML base next to the configured PDF base: arXiv serves PDFs at `{host}/pdf/{id}` and
 * HTML full text at `{host}/html/{id}`, so both come from the one configured host.
 */
export function arxivHtmlBase(pdfBaseUrl: string): string {
  const url = new URL(pdfBaseUrl);
  url.pathname = url.pathname.replace(/\/pdf\/?$/, "") + "/html";
  return url.toString().replace(/\/+$/, "");
}

/** arXiv's HTML full text (LaTeXML renditions) through the shared upstream client. */
export function createArxivHtmlSource(options: { client: UpstreamClient; pdfBaseUrl: string }) {
  const base = arxivHtmlBase(options.pdfBaseUrl);
  // arXiv moves a rendition within its own family (/html/{id} to /html/{id}v2/); nowhere else.
  const family = `${new URL(base).pathname}/`;
  return {
    base,
    /** The page's address for an already validated arXiv id (each path segment encoded). */
    urlFor(id: string): string {
      return `${base}/${id.split("/").map(pathSegment).join("/")}`;
    },
    /** The rendition of a validated arXiv id; a 404 means arXiv has no HTML for the paper. */
    get(id: string): Promise<UpstreamResponse> {
      return options.client.get(this.urlFor(id), { accept: "text/html", freshMs: HTML_FRESH_MS, keepMs: HTML_KEEP_MS, redirectsWithin: family });
    },
  };
}

export type ArxivHtmlSource = ReturnType<typeof createArxivHtmlSource>;
