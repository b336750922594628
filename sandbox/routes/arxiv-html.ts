/**
 * arXiv's HTML full text (`arxiv.org/html/<id>` -> `/arxiv/html/<id>`), generated for part of
 * the corpus (arxiv/html-rendition.ts). Point Quire at it through `ARXIV_PDF_URL=<sandbox>/arxiv/pdf`:
 * the HTML lives next to the PDFs on the same host.
 */
import type { Context } from "hono";
import { findHtmlRendition } from "../arxiv/html-rendition";
import type { Upstream } from "../upstream";

export const ARXIV_HTML_ROUTE = "arxiv-html";

function handleHtml(c: Context): Response {
  const idPath = new URL(c.req.url).pathname.replace(/^\/arxiv\/html\//, "");
  const page = findHtmlRendition(idPath);
  if (!page) {
    const shown = idPath.replace(/[<>&"]/g, "");
    return new Response(`<!DOCTYPE html>\n<html><head><title>No HTML</title></head><body><h1>No HTML for '${shown}'</h1><p>HTML is not available for the source.</p></body></html>\n`, {
      status: 404,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  }
  return new Response(page, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

export const arxivHtmlUpstream: Upstream = {
  name: "arxiv-html",
  routes: [ARXIV_HTML_ROUTE],
  register(app, context) {
    app.get("/arxiv/html/*", context.route(ARXIV_HTML_ROUTE), handleHtml);
  },
};
