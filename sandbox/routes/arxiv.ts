/**
 * arXiv: the API (`export.arxiv.org/api/query` -> `/arxiv/api/query`) and the PDFs
 * (`arxiv.org/pdf/<id>` -> `/arxiv/pdf/<id>`).
 */
import type { Context } from "hono";
import { ATOM_CONTENT_TYPE } from "../arxiv/atom-feed";
import { pdfFaultResponse } from "../arxiv/pdf-faults";
import { findPdf } from "../arxiv/pdf-store";
import { answerArxivQuery, type PaperChanges } from "../arxiv/query-api";
import { rangeResponse } from "../lib/byte-ranges";
import { arxivLiveState } from "../oaipmh/live-state";
import type { Upstream } from "../upstream";

export const ARXIV_API_ROUTE = "arxiv-api";
export const ARXIV_PDF_ROUTE = "arxiv-pdf";

/** The API takes its parameters from the query string, or from a form body on POST (as arXiv allows). */
async function queryParams(c: Context): Promise<URLSearchParams> {
  const params = new URL(c.req.url).searchParams;
  if (c.req.method === "POST") {
    const form = new URLSearchParams(await c.req.text());
    for (const [name, value] of form) params.set(name, value);
  }
  return params;
}

async function handleQuery(c: Context, changes: PaperChanges): Promise<Response> {
  const { status, body } = answerArxivQuery(await queryParams(c), new Date(), changes);
  return new Response(body, { status, headers: { "Content-Type": ATOM_CONTENT_TYPE } });
}

async function handlePdf(c: Context): Promise<Response> {
  const idPath = new URL(c.req.url).pathname.replace(/^\/arxiv\/pdf\//, "");
  const fault = pdfFaultResponse(idPath);
  if (fault) return fault;
  const file = await findPdf(idPath);
  if (!file) {
    const shown = idPath.replace(/[<>&"]/g, "");
    return new Response(`<!DOCTYPE html>\n<html><head><title>Not Found</title></head><body><h1>Not Found</h1><p>Article identifier '${shown}' not recognized.</p></body></html>\n`, {
      status: 404,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  }
  return rangeResponse(file.bytes, c.req.header("range"), {
    "Content-Type": "application/pdf",
    ETag: file.etag,
    "Last-Modified": file.lastModified.toUTCString(),
  });
}

export const arxivUpstream: Upstream = {
  name: "arxiv",
  routes: [ARXIV_API_ROUTE, ARXIV_PDF_ROUTE],
  register(app, context) {
    // Changes made through /__control/arxiv show here too (oaipmh/live-state.ts).
    app.on(["GET", "POST"], "/arxiv/api/query", context.route(ARXIV_API_ROUTE), (c) => handleQuery(c, arxivLiveState(context)));
    app.get("/arxiv/pdf/*", context.route(ARXIV_PDF_ROUTE), handlePdf);
  },
};
