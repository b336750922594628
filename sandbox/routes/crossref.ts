/**
 * Crossref (`api.crossref.org` -> `/crossref`): `/works` and `/works/{doi}` under the route
 * name `crossref-api`. Point Quire at it with `CROSSREF_API_URL=<sandbox>/crossref`.
 */
import type { Context } from "hono";
import { answerWork, answerWorks, type CrossrefAnswer } from "../crossref/works-query";
import type { Upstream } from "../upstream";

export const CROSSREF_API_ROUTE = "crossref-api";

/**
 * Crossref's rate-limit headers: the polite pool (a `mailto` parameter or a User-Agent naming
 * one) gets more than the public pool.
 */
function poolHeaders(c: Context): Record<string, string> {
  const polite = new URL(c.req.url).searchParams.has("mailto") || /mailto:/i.test(c.req.header("user-agent") ?? "");
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Headers": "X-Requested-With, Accept, Accept-Encoding, Accept-Charset, Accept-Language, Accept-Ranges, Cache-Control",
    "Access-Control-Expose-Headers": "Link",
    "X-Rate-Limit-Limit": polite ? "10" : "5",
    "X-Rate-Limit-Interval": "1s",
    "X-Concurrency-Limit": polite ? "3" : "1",
    "X-API-Pool": polite ? "polite" : "public",
  };
}

function respond(c: Context, answer: CrossrefAnswer): Response {
  const headers = poolHeaders(c);
  if (answer.text !== undefined) return new Response(answer.text, { status: answer.status, headers: { ...headers, "Content-Type": "text/plain" } });
  return new Response(JSON.stringify(answer.json), { status: answer.status, headers: { ...headers, "Content-Type": "application/json" } });
}

/** The DOI after `/crossref/works/`, with its slashes either as they are or percent-encoded. */
function doiFrom(c: Context): string {
  const rest = new URL(c.req.url).pathname.slice("/crossref/works/".length);
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}

export const crossrefUpstream: Upstream = {
  name: "crossref",
  routes: [CROSSREF_API_ROUTE],
  register(app, context) {
    const route = context.route(CROSSREF_API_ROUTE);
    app.get("/crossref/works", route, (c) => respond(c, answerWorks(new URL(c.req.url).searchParams)));
    app.get("/crossref/works/*", route, (c) => respond(c, answerWork(doiFrom(c), new URL(c.req.url).searchParams)));
  },
};
