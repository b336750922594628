import { serve } from "@hono/node-server";
import { createApp } from "@/server/app";
import { composeServer } from "@/server/composition";
import { ConfigError, loadConfig } from "@/server/config";
import { acquireInstanceLock, InstanceLockError } from "@/server/db/instance-lock";
import { startJobs } from "@/server/jobs/background-job";
import { createLogger } from "@/server/logger";
import { keepConnectionsAlive } from "@/server/http/keep-alive";

/**
 * Boots Quire: configuration, the instance lock (PGlite only), the object graph (the database
 * and its migrations first: composition.ts), HTTP and the background jobs; stops them in order.
 */
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

  const graph = await composeServer({ config, logger });
  const app = createApp(graph);
  // In the background: the queue's first start creates its schema, which takes seconds on the
  // embedded database, and the server answers meanwhile.
  const jobs = startJobs(graph.jobs, logger);

  const server = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT }, (info) => {
    const bootMs = Math.round(performance.now() - bootStarted);
    logger.info({ port: info.port, database: graph.database.kind, bootMs }, `Quire is running at ${config.publicUrl}`);
    void graph.performance.recordStartup(bootMs).catch((error) => logger.warn({ err: error }, "could not log the startup time"));
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
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // The performance log's last flush first (it has the last requests), the queue's workers last.
    await jobs.stop();
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
