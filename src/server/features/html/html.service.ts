import { parseArxivId } from "@/shared/arxiv-id";
import { AppError, errors } from "@/server/errors";
import type { Sources } from "@/server/sources/sources";
import { sourceError } from "@/server/features/search/search.service";
import { htmlTitle, sanitizeArxivHtml } from "./html-sanitize";

/** A paper's HTML full text, ready to show: sanitised, arXiv links rewritten to Quire's paths. */
export type PaperHtml = { paperId: string; title: string | null; html: string; sourceUrl: string };

/** Larger pages are refused rather than parsed (the biggest real renditions are a few MB). */
export const HTML_MAX_BYTES = 15 * 1024 * 1024;

/**
 * arXiv's HTML renditions, fetched only from the configured arXiv host:
 * the id must be an arXiv id (a URL to another host, a path or anything else is refused), and
 * the address is built from the configured base, never from the request.
 */
export function htmlService(deps: { sources: Pick<Sources, "arxivHtml"> }) {
  return {
    async get(rawId: string): Promise<PaperHtml> {
      const parsed = parseArxivId(rawId.trim().replace(/\.pdf$/i, ""));
      if (!parsed) throw errors.validation("Invalid paper ID or URL");
      const id = parsed.id + (parsed.version ? `v${parsed.version}` : "");
      const sourceUrl = deps.sources.arxivHtml.urlFor(id);
      let response;
      try {
        response = await deps.sources.arxivHtml.get(id);
      } catch (error) {
        throw sourceError("ArXiv", error);
      }
      if (response.status === 404) throw new AppError("html_not_available", "No HTML version of this paper is available.", 404);
      if (response.status !== 200) throw errors.upstream(`Download failed with status: ${response.status}`);
      if (!/html/i.test(response.contentType ?? "")) throw errors.upstream("ArXiv API error: the response could not be read");
      if (response.body.length > HTML_MAX_BYTES) throw errors.upstream("The HTML version is too large to show.");
      return { paperId: id, title: htmlTitle(response.body), html: sanitizeArxivHtml(response.body, { pageUrl: `${sourceUrl}/` }), sourceUrl };
    },
  };
}

export type HtmlService = ReturnType<typeof htmlService>;
