import { serve } from "@hono/node-server";
import { createApp, createCatchup, createPdfCache, createPerformance } from "@/server/app";
import { createAuth, promoteConfiguredAdmins } from "@/server/auth/auth";
import { resolveAuthSecret } from "@/server/auth/secret";
import { ConfigError, loadConfig } from "@/server/config";
import { openDatabase } from "@/server/db/client";
import { acquireInstanceLock, InstanceLockError } from "@/server/db/instance-lock";
import { startEmailFeatureInBackground } from "@/server/features/email/email.service";
import { createZoteroFeature } from "@/server/features/zotero/zotero.feature";
import { startCacheCleanup } from "@/server/jobs/cache-cleanup";
import { startPdfBlobSweep } from "@/server/jobs/pdf-blob-sweep";
import { createBlobStore } from "@/server/storage/create-blob-store";
import { clockFrom } from "@/server/lib/clock";
import { createLogger } from "@/server/logger";
import { createServerMetrics } from "@/server/metrics/server-metrics";
import { createMailer, mailFrom } from "@/server/mail/mailer";
import { createSources } from "@/server/sources/sources";
import { keepConnectionsAlive } from "@/server/http/keep-alive";

/** Boots Quire: configuration, the instance lock (PGlite only), the database and its migrations, then HTTP. */
async function main(): Promise<void> {
  const bootStarted = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`quire: ${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);

  let lock: { release(): void } | undefined;
  if (!config.DATABASE_URL) {
    try {
      lock = acquireInstanceLock(config.dataDir);
    } catch (error) {
      if (error instanceof InstanceLockError) {
        process.stderr.write(`quire: ${error.message}\n`);
        process.exit(75); // EX_TEMPFAIL
      }
      throw error;
    }
  }

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  await database.migrate();
  const secret = await resolveAuthSecret(database.db, config.AUTH_SECRET);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: mailFrom(config), logger });
  const metrics = createServerMetrics();
  const sources = createSources({ config, db: database.db, databaseKind: database.kind, logger, observer: metrics.upstreamObserver });
  const catchup = createCatchup({ config, database, sources, logger });
  const email = startEmailFeatureInBackground({ database, config, secret, mailer, catchup, clock: clockFrom(config.CLOCK_START), logger });
  // The welcome e-mail goes through the queue; verification links stay immediate.
  const auth = createAuth({ db: database.db, config, secret, mailer, welcomeMailer: email.outbox, logger });
  const promoted = await promoteConfiguredAdmins(database.db, config);
  if (promoted > 0) logger.info({ promoted }, "made ADMIN_EMAILS accounts admin");
  const blobs = createBlobStore(config, secret);
  const performanceLog = createPerformance({ database, logger, metrics });
  // Zotero's library sync runs on the same job queue as e-mail.
  const zotero = createZoteroFeature({ database, config, secret, sources, logger, jobs: true });
  const app = createApp({ config, database, auth, sources, logger, secret, catchup, email, blobs, metrics, performance: performanceLog, zotero });
  const stopCacheCleanup = startCacheCleanup(sources.cache, logger);
  const stopPdfBlobSweep = startPdfBlobSweep(createPdfCache({ config, database, sources, logger, auth, blobs }).service, logger);
  const stopPerformanceLog = performanceLog.start();

  const server = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT }, (info) => {
    const bootMs = Math.round(performance.now() - bootStarted);
    logger.info({ port: info.port, database: database.kind, bootMs }, `Quire is running at ${config.publicUrl}`);
    void performanceLog.recordStartup(bootMs).catch((error) => logger.warn({ err: error }, "could not log the startup time"));
  });
  keepConnectionsAlive(server);
  server.on("error", (error: NodeJS.ErrnoException) => {
    logger.fatal({ err: error }, error.code === "EADDRINUSE" ? `Port ${config.PORT} is already in use.` : "server error");
    void shutdown(1);
  });

  let stopping = false;
  async function shutdown(code: number): Promise<void> {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(code), 10_000);
    force.unref();
    stopCacheCleanup();
    stopPdfBlobSweep();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await stopPerformanceLog();
    await zotero.stop().catch((error) => logger.error({ err: error }, "stopping the Zotero sync failed"));
    await email.stop().catch((error) => logger.error({ err: error }, "stopping the job queue failed"));
    mailer.close();
    await database.close().catch((error) => logger.error({ err: error }, "closing the database failed"));
    lock?.release();
    process.exit(code);
  }
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  process.on("exit", () => lock?.release());
}

main().catch((error) => {
  process.stderr.write(`quire: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
