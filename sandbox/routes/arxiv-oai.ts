/**
 * arXiv's OAI-PMH service (`https://oaipmh.arxiv.org/oai` -> `/arxiv/oai`, route name
 * `arxiv-oai`), GET or POST with a form body, over the corpus the sandbox was started with, and
 * its control API at `/__control/arxiv` (oaipmh/control.ts).
 *
 * arXiv's flow control answers a client that asks too fast with 503, a Retry-After and a small
 * HTML page ("Retry after 10 seconds"); a queued 503 fault on this route, and the optional flow
 * control of the control API, answer the same way.
 */
import type { Context, MiddlewareHandler } from "hono";
import { registerArxivControl } from "../oaipmh/control";
import { arxivLiveState } from "../oaipmh/live-state";
import { answerOai } from "../oaipmh/protocol";
import type { Upstream } from "../upstream";

export const ARXIV_OAI_ROUTE = "arxiv-oai";

/** What arXiv answers while its flow control holds a client back. */
export function flowControlResponse(retryAfterSeconds: number | null): Response {
  const headers: Record<string, string> = { "Content-Type": "text/html" };
  if (retryAfterSeconds !== null) headers["Retry-After"] = String(retryAfterSeconds);
  const wait = retryAfterSeconds === null ? "a while" : `${retryAfterSeconds} seconds`;
  return new Response(`<html><body>\n<h1>Retry after ${wait}</h1>\n</body></html>\n`, { status: 503, headers });
}

/** A queued 503 fault with the fault queue's default body becomes arXiv's flow-control page. */
const shapeUnavailable: MiddlewareHandler = async (c, next) => {
  await next();
  const response = c.res;
  if (response.status !== 503 || !response.headers.get("content-type")?.startsWith("text/plain")) return;
  if ((await response.clone().text()) !== "Service Unavailable") return;
  const retryAfter = response.headers.get("retry-after");
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
  c.res = undefined;
  c.res = flowControlResponse(seconds);
};

/** The request's arguments in order, repeats kept: the query string, or a POST's form body, as arXiv reads them. */
async function argumentsOf(c: Context): Promise<[string, string][]> {
  if (c.req.method === "POST") return [...new URLSearchParams(await c.req.text())];
  return [...new URL(c.req.url).searchParams];
}

export const arxivOaiUpstream: Upstream = {
  name: "arxiv-oai",
  routes: [ARXIV_OAI_ROUTE],
  register(app, context) {
    const state = () => arxivLiveState(context);
    app.on(["GET", "POST"], "/arxiv/oai", shapeUnavailable, context.route(ARXIV_OAI_ROUTE), async (c) => {
      const live = state();
      const now = Date.now();
      const flow = live.settings.flowControl;
      if (flow && now - live.lastRequestMs < flow.minIntervalMs) return flowControlResponse(flow.retryAfterSeconds);
      live.lastRequestMs = now;
      const url = new URL(c.req.url);
      const body = answerOai(await argumentsOf(c), { baseUrl: `${url.origin}${url.pathname}`, now: new Date(now), repository: live.repository, settings: live.settings });
      return new Response(body, { status: 200, headers: { "Content-Type": "text/xml" } });
    });
    registerArxivControl(app, state);
  },
};
