import { createAuth, promoteConfiguredAdmins, type Auth } from "@/server/auth/auth";
import { resolveAuthSecret } from "@/server/auth/secret";
import type { Config } from "@/server/config";
import { openDatabase, openPostgres, type DatabaseHandle } from "@/server/db/client";
import { performanceRepository } from "@/server/features/admin/performance.repository";
import { performanceService, type PerformanceService } from "@/server/features/admin/performance.service";
import { arxivHarvestRepository } from "@/server/features/arxiv-index/arxiv-harvest.repository";
import { arxivHarvestService, type ArxivHarvestService } from "@/server/features/arxiv-index/arxiv-harvest.service";
import { arxivIndexRepository, type ArxivIndexRepository } from "@/server/features/arxiv-index/arxiv-index.repository";
import { arxivIndexStatus, arxivSearchService, catchupPaperIndex, indexSearchSlots, type ArxivSearchService } from "@/server/features/arxiv-index/arxiv-search.service";
import type { ArxivIndexStatus } from "@/shared/arxiv-index";
import { harvestScopes } from "@/server/features/arxiv-index/harvest-scope";
import { oaiHarvestSource } from "@/server/features/arxiv-index/harvest-source";
import { analyticsReportService, type AnalyticsReportService } from "@/server/features/analytics/analytics-report.service";
import { analyticsRepository, type AnalyticsRepository } from "@/server/features/analytics/analytics.repository";
import { analyticsRateLimits, type AnalyticsRateLimits } from "@/server/features/analytics/analytics.routes";
import { catchupRepository } from "@/server/features/catchup/catchup.repository";
import { catchupService, type CatchupService } from "@/server/features/catchup/catchup.service";
import { authorsService, type AuthorsService } from "@/server/features/authors/authors.service";
import { digestRepository } from "@/server/features/email/digest.repository";
import { emailService, type EmailService } from "@/server/features/email/email.service";
import { entitiesRepository } from "@/server/features/entities/entities.repository";
import { entitiesService, type EntitiesService } from "@/server/features/entities/entities.service";
import { htmlService, type HtmlService } from "@/server/features/html/html.service";
import { llmKeysRepository } from "@/server/features/llm/llm-keys.repository";
import { llmKeysService, type LlmKeysService } from "@/server/features/llm/llm-keys.service";
import { llmUsageRepository } from "@/server/features/llm/llm-usage.repository";
import { llmService, type LlmService } from "@/server/features/llm/llm.service";
import { llmAnonymousRateLimit } from "@/server/features/llm/llm.routes";
import type { RateLimiter as ClientRateLimiter } from "@/server/http/client-rate-limit";
import { papersService, type PapersService } from "@/server/features/papers/papers.service";
import { paperChangesRepository } from "@/server/features/paper-changes/paper-changes.repository";
import { paperChangesService, type PaperChangesService } from "@/server/features/paper-changes/paper-changes.service";
import { publicationLookup } from "@/server/features/paper-changes/publication-lookup";
import { pdfProxyService, type PdfProxyService } from "@/server/features/pdf/pdf-proxy.service";
import { pdfCacheRepository } from "@/server/features/pdf-cache/pdf-cache.repository";
import { pdfCacheService, type PdfCacheService } from "@/server/features/pdf-cache/pdf-cache.service";
import { searchService, type SearchService } from "@/server/features/search/search.service";
import { settingsRepository } from "@/server/features/settings/settings.repository";
import { settingsService } from "@/server/features/settings/settings.service";
import { createZoteroFeature, type ZoteroFeature } from "@/server/features/zotero/zotero.feature";
import { ZOTERO_SYNC_STALE_AFTER_MS } from "@/server/features/zotero/zotero-sync.service";
import type { BackgroundJob } from "@/server/jobs/background-job";
import { arxivHarvestJob } from "@/server/jobs/arxiv-harvest.job";
import { cacheCleanupJob } from "@/server/jobs/cache-cleanup.job";
import { wordPairsJob, type WordPairsJob } from "@/server/jobs/word-pairs.job";
import { digestJob } from "@/server/jobs/digest.job";
import { emailJob } from "@/server/jobs/email.job";
import { paperChangesJob } from "@/server/jobs/paper-changes.job";
import { pdfBlobSweepJob } from "@/server/jobs/pdf-blob-sweep.job";
import { performanceLogJob } from "@/server/jobs/performance-log.job";
import { jobQueue } from "@/server/jobs/queue";
import { zoteroSyncQueue, zoteroSyncWorker } from "@/server/jobs/zotero-sync.job";
import type { BootPhases } from "@/server/lib/boot-phases";
import { clockFrom, type Clock } from "@/server/lib/clock";
import type { Logger } from "@/server/logger";
import { createMailer, mailFrom, type Mailer } from "@/server/mail/mailer";
import { createServerMetrics, type ServerMetrics } from "@/server/metrics/server-metrics";
import { createSources, type Sources } from "@/server/sources/sources";
import type { BlobStore } from "@/server/storage/blob-store";
import type { BlobUrlSigner } from "@/server/storage/blob-url-signer";
import { createBlobStore } from "@/server/storage/create-blob-store";

/**
 * What the composition module is given. Left out, everything is built as in production; the
 * test server gives its own database and mailer and asks only for the background work a test
 * needs.
 */
export type CompositionOptions = {
  config: Config;
  logger: Logger;
  /** An open database with its migrations applied. Not given: opened from the configuration and migrated, and closed by close(). */
  database?: DatabaseHandle;
  /** Where e-mail goes; from SMTP_URL (or the log) when not given. */
  mailer?: Mailer;
  /** The catch-up and digest clock; from CLOCK_START when not given. */
  clock?: Clock;
  /** Queued e-mail and the digests (/api/email/*); false: none, and e-mail goes to the mailer at once. */
  email?: false | { retryDelaySeconds?: number; schedule?: boolean };
  /** The Zotero library sync's worker; false: none, and sync actions answer 503. */
  zoteroSync?: false | { heartbeatMs?: number; staleAfterMs?: number; recoverEveryMs?: number };
  /** The hourly clean-ups and the performance log's flush and samples; default true. */
  timers?: boolean;
  /** Makes the ADMIN_EMAILS accounts admin at start; default true. */
  promoteAdmins?: boolean;
  /** The arXiv harvest's job (ARXIV_HARVEST says what it takes); default true. */
  arxivHarvest?: boolean;
  /** The version watch's check job (after each harvest run and on its schedule); default true, `schedule` default true. */
  paperChanges?: false | { schedule?: boolean };
  /** Times the start-up (main.ts): opening the database, its migrations, and building the rest. */
  phases?: BootPhases;
};

export type PdfCache = { service: PdfCacheService; store: BlobStore; signer: BlobUrlSigner };

/** The server's object graph: everything createApp mounts and main.ts starts, each built once. */
export type ServerGraph = {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  /** The server secret (AUTH_SECRET or the generated one): keys secrets at rest (API keys). */
  secret: string;
  mailer: Mailer;
  /** The server's own measurements (request latency per route; the sources report upstream traffic to it). */
  metrics: ServerMetrics;
  sources: Sources;
  /** Quire's own arXiv index: its papers, its harvest, and the search planner in front of arXiv's API. */
  arxivIndex: {
    papers: ArxivIndexRepository;
    harvest: ArxivHarvestService;
    search: ArxivSearchService;
    /** The scopes the harvest takes now (`all`, or arXiv's sets). */
    scopes: () => Promise<readonly string[]>;
    status: () => Promise<ArxivIndexStatus>;
  };
  auth: Auth;
  /** OpenAlex authors: candidates for a name, and papers' author ids for matching by identity. */
  authors: AuthorsService;
  catchup: CatchupService;
  /** The version watch: what changed in the papers users keep. */
  paperChanges: PaperChangesService;
  /** The performance logs over `metrics` (the admin pages read them; a job flushes them). */
  performance: PerformanceService;
  /** The cloud PDF cache over the configured object store. */
  pdfCache: PdfCache;
  pdfProxy: PdfProxyService;
  search: SearchService;
  papers: PapersService;
  entities: EntitiesService;
  html: HtmlService;
  llmKeys: LlmKeysService;
  llm: LlmService;
  /** Anonymous visitors' model calls per client address, counted in the database across instances. */
  llmAnonymousLimit: ClientRateLimiter;
  analytics: { events: AnalyticsRepository; report: AnalyticsReportService; limits: AnalyticsRateLimits };
  /** Queued e-mail and digests; absent when not asked for (then /api/email/* does not exist). */
  email?: EmailService;
  zotero: ZoteroFeature;
  /** The background work, in start order: main.ts starts it after the graph is built and stops it in reverse. */
  jobs: BackgroundJob[];
  /** After the jobs have stopped: lets the job queue go, closes the mailer, and the database when it was opened here. */
  close(): Promise<void>;
};

/**
 * Builds the server's object graph once: the database and the config-derived objects first,
 * then the features on them, then the background jobs. A new feature is built in the middle
 * part and added to ServerGraph (createApp mounts its routes); a new job is written in jobs/
 * and pushed onto `jobs` at the end.
 */
export async function composeServer(options: CompositionOptions): Promise<ServerGraph> {
  const { config, logger } = options;

  // Infrastructure.
  const database = options.database ?? (await openMigrated(config, logger, options.phases));
  options.phases?.begin("composition");
  const db = database.db;
  const secret = await resolveAuthSecret(db, config.AUTH_SECRET);
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: mailFrom(config), logger });
  const metrics = createServerMetrics();
  const sources = createSources({ config, db, databaseKind: database.kind, logger, observer: metrics.upstreamObserver });
  const clock = options.clock ?? clockFrom(config.CLOCK_START);
  // Searches of the index may read from a replica; everything else, writes included, from the primary.
  const replica = config.DATABASE_READ_URL ? await openPostgres(config.DATABASE_READ_URL) : null;
  // One hold on the shared job queue, taken when the first job needs it.
  const queue = jobQueue(database, logger);

  // Features.
  const harvests = arxivHarvestRepository(db);
  const indexPapers = arxivIndexRepository(db, replica?.db ?? db);
  const scopes = harvestScopes(config.arxivHarvest, () => harvests.followedCategories());
  const settings = settingsService(settingsRepository(db));
  const paperChanges = paperChangesService({
    repository: paperChangesRepository(db),
    settings,
    publications: publicationLookup({ openalex: sources.openalex, crossref: sources.crossref, logger }),
  });
  const paperChangesOptions = options.paperChanges === false ? null : (options.paperChanges ?? {});
  const changeChecks = paperChangesOptions
    ? paperChangesJob({ queue, check: paperChanges.checkAll, logger, schedule: paperChangesOptions.schedule ?? true })
    : null;
  // The embedded database has one server (the instance lock): a restart takes its own harvest back at once.
  const arxivSearch = arxivSearchService({ index: indexPapers, searchSlots: indexSearchSlots(config.INDEX_SEARCH_CONCURRENCY), harvests, arxiv: sources.arxiv, scopes });
  // Built once the first harvests are done: looked for as soon as a run finishes, not at the next timer.
  let wordPairs: WordPairsJob | null = null;
  const harvest = arxivHarvestService({
    repository: harvests,
    source: oaiHarvestSource(sources.arxivOai),
    logger,
    holder: database.kind === "pglite" ? "embedded" : undefined,
    onRunFinished: () => {
      arxivSearch.forgetCoverage();
      wordPairs?.request();
      // A run may have brought new versions and publications of kept papers.
      changeChecks?.request();
    },
  });
  const arxivIndex = {
    papers: indexPapers,
    harvest,
    search: arxivSearch,
    scopes,
    status: () => arxivIndexStatus({ mode: config.arxivHarvest.mode, scopes, papers: indexPapers, harvest, search: arxivSearch }),
  };
  const authors = authorsService({ openalex: sources.openalex, logger });
  const catchup = catchupService({ repository: catchupRepository(db), arxiv: sources.arxiv, clock, logger, index: catchupPaperIndex({ search: arxivIndex.search, papers: arxivIndex.papers }), authors });
  const emailOptions = options.email === false ? null : (options.email ?? {});
  const digests = digestRepository(db);
  const outgoing = emailOptions
    ? emailJob({ queue, mailer, markSent: (delivery) => digests.markSent(delivery.userId, delivery.frequency, delivery.period), logger, retryDelaySeconds: emailOptions.retryDelaySeconds })
    : null;
  const email = outgoing ? emailService({ repository: digests, send: outgoing.send, catchup, paperChanges, clock, config, secret, logger }) : undefined;
  // The welcome e-mail goes through the queue; verification links stay immediate.
  const auth = createAuth({ db, config, secret, mailer, welcomeMailer: email?.outbox, logger });
  if (options.promoteAdmins ?? true) {
    const promoted = await promoteConfiguredAdmins(db, config);
    if (promoted > 0) logger.info({ promoted }, "made ADMIN_EMAILS accounts admin");
  }
  const performanceRows = performanceRepository(db);
  const performance = performanceService({ repository: performanceRows, metrics, logger, databaseKind: database.kind });
  const blobs = createBlobStore(config, secret);
  const pdfCache: PdfCache = {
    service: pdfCacheService({
      repository: pdfCacheRepository(db),
      store: blobs.store,
      logger,
      limitBytes: config.PDF_CACHE_USER_LIMIT_BYTES,
      arxiv: sources.arxiv,
      pdfSource: sources.arxivPdf,
    }),
    ...blobs,
  };
  const zoteroOptions = options.zoteroSync === false ? null : (options.zoteroSync ?? {});
  const zotero = createZoteroFeature({ database, secret, sources, settings, logger, syncQueue: zoteroOptions ? zoteroSyncQueue(queue) : null, sync: zoteroOptions ?? undefined });
  const pdfProxy = pdfProxyService({ source: sources.arxivPdf, cache: pdfCache.service });
  const search = searchService({ sources, arxivSearch: arxivIndex.search });
  const papers = papersService({ sources, arxivSearch: arxivIndex.search });
  const entities = entitiesService({ repository: entitiesRepository(db), sources, papers, logger });
  const html = htmlService({ sources });
  const llmKeys = llmKeysService({ repository: llmKeysRepository(db), secret, llm: sources.llm });
  const llm = llmService({
    keys: llmKeys,
    llm: sources.llm,
    usage: llmUsageRepository(db),
    sources,
    defaults: async (userId) => {
      const { llm } = await settings.get(userId);
      return { provider: llm?.defaultProvider, model: llm?.defaultModel };
    },
    logger,
  });
  const analyticsEvents = analyticsRepository(db);
  const analytics = {
    events: analyticsEvents,
    report: analyticsReportService({ analytics: analyticsEvents, performance: performanceRows, metrics }),
    // Events per client address and per account, counted in the database across instances.
    limits: analyticsRateLimits(db, config.EVENTS_RATE_LIMIT_PER_MINUTE),
  };

  // Background jobs, started in this order by main.ts and stopped in the reverse order.
  const jobs: BackgroundJob[] = [];
  if (outgoing && email) {
    jobs.push(outgoing);
    jobs.push(digestJob({ queue, runDigest: email.runDigest, crons: { daily: config.DIGEST_DAILY_CRON, weekly: config.DIGEST_WEEKLY_CRON }, schedule: emailOptions?.schedule ?? true }));
  }
  if (zoteroOptions) {
    const recoverEveryMs = zoteroOptions.recoverEveryMs ?? zoteroOptions.staleAfterMs ?? ZOTERO_SYNC_STALE_AFTER_MS;
    jobs.push(zoteroSyncWorker({ queue, sync: zotero.sync, logger, recoverEveryMs }));
  }
  if (changeChecks) jobs.push(changeChecks);
  if ((options.arxivHarvest ?? true) && config.arxivHarvest.mode !== "off") {
    jobs.push(arxivHarvestJob({ queue, harvest: arxivIndex.harvest, scopes, states: (names) => harvests.states(names), logger }));
  }
  if (options.timers ?? true) {
    jobs.push(cacheCleanupJob(sources.cache, logger));
    if (database.connectionString) {
      // Due once every scope's first harvest is done (or none is configured).
      const due = async () => {
        const names = [...(await scopes())];
        const states = await harvests.states(names);
        return names.every((name) => states.some((state) => state.scope === name && state.initialDoneAt !== null));
      };
      wordPairs = wordPairsJob({ connectionString: database.connectionString, logger, due, onReady: () => indexPapers.warm() });
      jobs.push(wordPairs);
    }
    jobs.push(pdfBlobSweepJob(pdfCache.service, logger));
    // Last: stopped first, right after HTTP, so its final flush has the last requests.
    jobs.push(performanceLogJob(performance));
  }

  return {
    config,
    logger,
    database,
    secret,
    mailer,
    metrics,
    sources,
    arxivIndex,
    auth,
    authors,
    catchup,
    paperChanges,
    performance,
    pdfCache,
    pdfProxy,
    search,
    papers,
    entities,
    html,
    llmKeys,
    llm,
    llmAnonymousLimit: llmAnonymousRateLimit(db, config.LLM_RATE_LIMIT_PER_MINUTE),
    analytics,
    email,
    zotero,
    jobs,
    async close() {
      await queue.release().catch((error) => logger.error({ err: error }, "stopping the job queue failed"));
      mailer.close();
      if (!options.database) await database.close().catch((error) => logger.error({ err: error }, "closing the database failed"));
      await replica?.close().catch((error) => logger.error({ err: error }, "closing the read replica failed"));
    },
  };
}

/** The configured database (embedded PGlite in DATA_DIR, or DATABASE_URL) with the committed migrations applied. */
async function openMigrated(config: Config, logger: Logger, phases?: BootPhases): Promise<DatabaseHandle> {
  phases?.begin("database");
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  phases?.begin("migrations");
  await database.migrate((name, summary) => logger.info({ migration: name, summary }, "data migration applied"));
  return database;
}
