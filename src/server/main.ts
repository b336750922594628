import { serve } from "@hono/node-server";
import { createApp } from "@/server/app";
import { composeServer } from "@/server/composition";
import { ConfigError, loadConfig } from "@/server/config";
import { acquireInstanceLock, InstanceLockError } from "@/server/db/instance-lock";
import { startJobs } from "@/server/jobs/background-job";
import { createLogger } from "@/server/logger";
import { keepConnectionsAlive } from "@/server/http/keep-alive";
import { answerOversizedRequests, httpServerOptions } from "@/server/http/request-head-limit";
import { bootPhases } from "@/server/lib/boot-phases";
import { loadSearchPreviewRenderer } from "@/server/features/search/search-preview";
import { loadPaperPreviewRenderer } from "@/server/features/papers/paper-preview";
import { loadLandingPreviewRenderer } from "@/server/features/landing/landing-preview";

/** How long after listening the background jobs start on the embedded database (see where it is used). */
const JOBS_START_DELAY_MS = 1_000;

/**
 * Boots Quire: configuration, the instance lock (PGlite only), the object graph (the database
 * and its migrations first: composition.ts), HTTP and the background jobs; stops them in order.
 */
async function main(): Promise<void> {
  // Each phase's start is logged before the logger exists too: scripts waiting for the server
  // (npm run demo) read these lines to say what they wait for, and know it is making progress.
  let phaseLog = (name: string): void => void process.stdout.write(`${JSON.stringify({ level: 30, service: "quire", bootPhase: name, msg: `starting: ${name}` })}\n`);
  const phases = bootPhases({ onPhase: (name) => phaseLog(name) });
  phases.begin("config");
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
  phaseLog = (name) => logger.info({ bootPhase: name }, `starting: ${name}`);

  let lock: { release(): void } | undefined;
  if (!config.DATABASE_URL) {
    phases.begin("lock");
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

  const graph = await composeServer({ config, logger, phases });
  const app = createApp({ ...graph, boot: () => phases.report() });
  phases.begin("listen");

  let jobs: ReturnType<typeof startJobs> | undefined;
  let jobsTimer: NodeJS.Timeout | undefined;
  const server = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT, serverOptions: httpServerOptions }, (info) => {
    phases.end();
    const boot = phases.report();
    logger.info({ port: info.port, database: graph.database.kind, bootMs: boot.totalMs, boot: boot.phases }, `Quire is running at ${config.publicUrl}; ${phases.line()}`);
    void graph.performance.recordStartup(boot.totalMs).catch((error) => logger.warn({ err: error }, "could not log the startup time"));
    // In the background, and on the embedded database a moment after listening: the queue's
    // start (its schema check, its workers' first polls) runs dozens of statements, and PGlite
    // runs one at a time, so the first requests (a waiting script's health check, the first
    // page) would otherwise wait behind it. PostgreSQL serves them side by side.
    const jobsDelayMs = graph.database.kind === "pglite" ? JOBS_START_DELAY_MS : 0;
    jobsTimer = setTimeout(() => {
      jobs = startJobs(graph.jobs, logger);
      // A job that did not start has been logged by startJobs.
      jobs.started.then(
        () => {
          phases.jobsRunning();
          logger.info({ jobsMs: phases.report().jobsMs }, "background jobs running");
        },
        () => undefined,
      );
    }, jobsDelayMs);
    // The code that draws /search, reader pages and the landing page, loaded once the first requests
    // have had their turn rather than on the way to listening: the first such page then does not wait for it.
    const loadRenderers = () => Promise.all([loadSearchPreviewRenderer(), loadPaperPreviewRenderer(), loadLandingPreviewRenderer()]);
    setTimeout(() => void loadRenderers().catch((error) => logger.warn({ err: error }, "could not load the page renderer")), 2 * JOBS_START_DELAY_MS).unref();
  });
  keepConnectionsAlive(server);
  answerOversizedRequests(server);
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
    await new Promise<void>((resolve) => server.close(() => resolve()));
    clearTimeout(jobsTimer);
    // The performance log's last flush first (it has the last requests), the queue's workers last.
    await jobs?.stop();
    await graph.close();
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
