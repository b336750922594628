/**
 * The sandbox upstream: one HTTP server that answers like arXiv, OpenAlex and Crossref (and, as
 * they are added, the other upstreams in routes/registry.ts) over recorded real data, plus the /__control API that
 * tests use to inject faults and read the requests the app made; and, on its own port, an SMTP
 * sink (smtp/smtp-sink.ts) whose messages the control API shows.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { getSearchIndex } from "./arxiv/search-index";
import { getCorpus } from "./corpus";
import { arxivLiveState, configureArxivCorpus } from "./oaipmh/live-state";
import { prepareCrossref } from "./crossref/works-query";
import { prepareOpenAlex } from "./openalex/works-query";
import { registerControlRoutes } from "./routes/control";
import { UPSTREAMS } from "./routes/registry";
import { startSmtpSink } from "./smtp/smtp-sink";
import { createSandboxContext, type SandboxContext, type Upstream } from "./upstream";

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /**
   * Load the corpus, search index and the OpenAlex and Crossref catalogues before listening
   * (default true), so the first request is as fast as any other. About half a second from
   * the cache in sandbox/.cache, a few seconds the first time on a fresh checkout.
   */
  preload?: boolean;
  /** The SMTP sink's port (smtp/smtp-sink.ts), on the same host; 0 (the default) picks a free port. */
  smtpPort?: number;
  /** Told the name of each part of the preload as it starts. */
  onPhase?: (name: string) => void;
  /**
   * What arXiv's OAI-PMH service (`/arxiv/oai`) serves: "real" (the corpus, the default) or
   * "scale:<N>" (the scale corpus of N records, oaipmh/scale/scale-corpus.ts, made on first use
   * and kept in sandbox/.cache). Default: SANDBOX_ARXIV_CORPUS, else "real".
   */
  arxivCorpus?: string;
}

export interface RunningSandbox {
  /** Base URL without trailing slash, e.g. "http://127.0.0.1:40123". */
  url: string;
  port: number;
  /** The SMTP sink, e.g. "smtp://127.0.0.1:40124"; what it receives is at `${url}/__control/mail`. */
  smtpUrl: string;
  /** What preloading the data took; absent when it was not preloaded. */
  preload?: PreloadReport;
  close(): Promise<void>;
}

/** The Hono app with every upstream and the control API; exported for in-process tests. */
export function createSandboxApp(upstreams: readonly Upstream[] = UPSTREAMS, options: Pick<SandboxOptions, "arxivCorpus"> = {}): { app: Hono; context: SandboxContext } {
  const app = new Hono();
  const context = createSandboxContext(upstreams);
  configureArxivCorpus(context, options.arxivCorpus);
  app.use("*", async (c, next) => {
    context.arrivals.record("*", c.req.raw);
    await next();
  });
  registerControlRoutes(app, context);
  for (const upstream of upstreams) upstream.register(app, context);
  app.notFound((c) => c.text("Not Found", 404));
  app.onError((error, c) => {
    console.error("[sandbox]", error);
    return c.text(`Internal Server Error: ${error.message}`, 500);
  });
  return { app, context };
}

/** What preloading took: each part's ms, and whether the corpus came from sandbox/.cache. */
export type PreloadReport = { totalMs: number; phases: Record<string, number>; corpusFromCache: boolean };

/**
 * Preloads the data every route needs (corpus, search index, OpenAlex and Crossref catalogues),
 * telling `onPhase` as each part starts (the demo shows it while it waits).
 */
export function preloadData(onPhase?: (name: string) => void): PreloadReport {
  const started = performance.now();
  const phases: Record<string, number> = {};
  const timed = <T>(name: string, work: () => T): T => {
    onPhase?.(name);
    const since = performance.now();
    const result = work();
    phases[name] = Math.round(performance.now() - since);
    return result;
  };
  const corpus = timed("loading the corpus", getCorpus);
  timed("building the search index", getSearchIndex);
  timed("preparing OpenAlex", prepareOpenAlex);
  timed("preparing Crossref", prepareCrossref);
  return { totalMs: Math.round(performance.now() - started), phases, corpusFromCache: corpus.fromCache };
}

export async function startSandbox({ port = 0, host = "127.0.0.1", preload = true, smtpPort = 0, arxivCorpus, onPhase }: SandboxOptions = {}): Promise<RunningSandbox> {
  const preloaded = preload ? preloadData(onPhase) : undefined;
  const { app, context } = createSandboxApp(UPSTREAMS, { arxivCorpus });
  // A scale corpus is made (or read from sandbox/.cache) before listening; the real one on first use.
  if (preload && arxivLiveState(context).corpusChoice.kind === "scale") void arxivLiveState(context).repository;
  const smtp = await startSmtpSink({ port: smtpPort, host, store: context.mail });
  const server = await new Promise<Server>((resolve, reject) => {
    const created = serve({ fetch: app.fetch, port, hostname: host }) as Server;
    // Node's 5-s idle limit races clients that reuse a kept-alive connection just as the
    // server closes it ("read ECONNRESET" in a test on a loaded machine); arXiv's and the
    // other upstreams' servers keep idle connections far longer, and so does Quire's own.
    created.keepAliveTimeout = 65_000;
    created.headersTimeout = 66_000;
    created.once("listening", () => resolve(created));
    created.once("error", reject);
  }).catch(async (error: unknown) => {
    await smtp.close();
    throw error;
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    smtpUrl: smtp.url,
    preload: preloaded,
    close: async () => {
      const http = new Promise<void>((resolve, reject) => {
        context.releaseHangs();
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive and held (hang fault) connections would otherwise keep close() waiting.
        server.closeAllConnections();
      });
      await Promise.all([http, smtp.close()]);
    },
  };
}
