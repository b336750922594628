import { ARXIV_MIN_INTERVAL_MS } from "@/shared/constants";
import type { Config } from "@/server/config";
import type { Database } from "@/server/db/client";
import type { Logger } from "@/server/logger";
import { createArxivPdfSource } from "./arxiv/arxiv-pdf-source";
import { createArxivHtmlSource } from "./arxiv/arxiv-html-source";
import { createArxivOaiSource } from "./arxiv/arxiv-oai-source";
import { createArxivSource } from "./arxiv/arxiv-source";
import { createCrossrefSource } from "./crossref/crossref-source";
import { createLocalIntervalLimiter, createLocalRateLimiter, createSharedIntervalLimiter, type RateLimiter } from "./http/rate-limit";
import { responseCacheRepository } from "./http/response-cache";
import { createUpstreamClient, politeUserAgent } from "./http/upstream-client";
import type { UpstreamObserver } from "./http/upstream-observer";
import { createLlmSource } from "./llm/llm-source";
import { createOpenAlexSource } from "./openalex/openalex-source";
import { createZoteroApi } from "./zotero/zotero-api";
import { createZoteroClient } from "./zotero/zotero-client";
import { createZoteroOAuth } from "./zotero/zotero-oauth";

/**
 * Every upstream Quire talks to, built once per process from the configuration. The only
 * place that knows upstream URLs; features receive these and never call fetch themselves.
 */
export function createSources(options: {
  config: Config;
  db: Database;
  databaseKind: "pglite" | "postgres";
  logger: Logger;
  /** Told about every upstream exchange and answer (the performance logs). */
  observer?: UpstreamObserver;
}) {
  const { config, db, databaseKind, logger, observer } = options;
  // Embedded PGlite has one user, this process (instance lock): the cache's keys are known in memory.
  const cache = responseCacheRepository(db, { exclusive: databaseKind === "pglite" });
  const userAgent = politeUserAgent(config.publicUrl, config.CONTACT_EMAIL);
  const client = (source: string, limiter: RateLimiter, timeoutMs: number, memoryCacheBytes?: number) =>
    createUpstreamClient({ source, limiter, cache, userAgent, logger, timeoutMs, observer, memoryCacheBytes });
  const arxivHost = new URL(config.ARXIV_API_URL).host;
  // arXiv: one request every 3 s across every instance. Instances share Postgres; PGlite means one instance.
  const arxivLimiter =
    databaseKind === "postgres"
      ? createSharedIntervalLimiter({ db, host: arxivHost, intervalMs: ARXIV_MIN_INTERVAL_MS })
      : createLocalIntervalLimiter({ intervalMs: ARXIV_MIN_INTERVAL_MS });
  const arxivClient = client("arxiv", arxivLimiter, 20_000);
  // OpenAlex allows 10 requests a second; Crossref's public pool 5 a second and 5 at once.
  const openAlexClient = client("openalex", createLocalRateLimiter({ perSecond: 10, concurrency: 10 }), 15_000);
  const crossrefClient = client("crossref", createLocalRateLimiter({ perSecond: 5, concurrency: 5 }), 15_000);
  return {
    cache,
    arxiv: createArxivSource({ client: arxivClient, apiUrl: config.ARXIV_API_URL }),
    // OAI-PMH shares the API's 3-second slot (arXiv counts its interfaces together); its pages
    // of 3,500 records (about 9 MB) get longer to arrive, and none is kept in memory.
    arxivOai: createArxivOaiSource({ client: client("arxiv-oai", arxivLimiter, 120_000, 0), oaiUrl: config.ARXIV_OAI_URL }),
    // HTML full text lives on the PDF host (arxiv.org), not the API host: its own polite limit.
    arxivHtml: createArxivHtmlSource({
      client: client("arxiv-html", createLocalRateLimiter({ perSecond: 4, concurrency: 2 }), 20_000),
      pdfBaseUrl: config.ARXIV_PDF_URL,
    }),
    arxivPdf: createArxivPdfSource({ pdfUrl: config.ARXIV_PDF_URL, userAgent, logger }),
    openalex: createOpenAlexSource({
      client: openAlexClient,
      baseUrl: config.OPENALEX_API_URL,
      mailto: config.CONTACT_EMAIL,
      apiKey: config.OPENALEX_API_KEY,
    }),
    crossref: createCrossrefSource({ client: crossrefClient, baseUrl: config.CROSSREF_API_URL, mailto: config.CONTACT_EMAIL }),
    llm: createLlmSource({ config, logger }),
    zotero: {
      api: createZoteroApi(createZoteroClient({ apiUrl: config.ZOTERO_API_URL, userAgent, logger })),
      /** Absent when Quire has no OAuth consumer at Zotero (ZOTERO_CLIENT_KEY/SECRET): only manual keys then. */
      oauth:
        config.ZOTERO_CLIENT_KEY && config.ZOTERO_CLIENT_SECRET
          ? createZoteroOAuth({ oauthUrl: config.ZOTERO_OAUTH_URL, clientKey: config.ZOTERO_CLIENT_KEY, clientSecret: config.ZOTERO_CLIENT_SECRET, logger })
          : null,
      /** Zotero's page for making a key by hand, with Quire's permissions filled in. */
      newKeyUrl(appName: string): string {
        const url = new URL(config.ZOTERO_KEYS_URL);
        url.searchParams.set("name", appName);
        url.searchParams.set("library_access", "1");
        url.searchParams.set("notes_access", "1");
        url.searchParams.set("write_access", "1");
        return url.toString();
      },
    },
  };
}

export type Sources = ReturnType<typeof createSources>;
