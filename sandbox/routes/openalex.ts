/**
 * OpenAlex (`api.openalex.org` -> `/openalex`): `/works`, `/works/{id}`, `/authors`,
 * `/authors/{id}` under the route name `openalex-api`. Point Quire at it with
 * `OPENALEX_API_URL=<sandbox>/openalex`.
 */
import type { Context } from "hono";
import { answerAuthor, answerAuthors } from "../openalex/authors-query";
import { answerWork, answerWorks, type Answer } from "../openalex/works-query";
import type { Upstream } from "../upstream";

export const OPENALEX_API_ROUTE = "openalex-api";

function respond(answer: Answer): Response {
  if (answer.html !== undefined) return new Response(answer.html, { status: answer.status, headers: { "Content-Type": "text/html; charset=utf-8" } });
  return new Response(JSON.stringify(answer.json), { status: answer.status, headers: { "Content-Type": "application/json" } });
}

/** The id part of `/openalex/<entity>/<id>`, which may itself hold slashes (`https://doi.org/10.1/x`). */
function idFrom(c: Context, entity: string): string {
  const path = new URL(c.req.url).pathname;
  const rest = path.slice(`/openalex/${entity}/`.length);
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}

const paramsOf = (c: Context) => new URL(c.req.url).searchParams;

export const openalexUpstream: Upstream = {
  name: "openalex",
  routes: [OPENALEX_API_ROUTE],
  register(app, context) {
    const route = context.route(OPENALEX_API_ROUTE);
    app.get("/openalex/works", route, (c) => respond(answerWorks(paramsOf(c))));
    app.get("/openalex/works/*", route, (c) => respond(answerWork(idFrom(c, "works"), paramsOf(c))));
    app.get("/openalex/authors", route, (c) => respond(answerAuthors(paramsOf(c))));
    app.get("/openalex/authors/*", route, (c) => respond(answerAuthor(idFrom(c, "authors"), paramsOf(c))));
  },
};
