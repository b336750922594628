import { createServer, type AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "@/server/app";
import { composeServer, type ServerGraph } from "@/server/composition";
import type { PerformanceService } from "@/server/features/admin/performance.service";
import type { EmailService } from "@/server/features/email/email.service";
import type { ZoteroFeature } from "@/server/features/zotero/zotero.feature";
import { startJobs } from "@/server/jobs/background-job";
import type { ServerMetrics } from "@/server/metrics/server-metrics";
import { loadConfig, type Config } from "@/server/config";
import type { DatabaseHandle } from "@/server/db/client";
import { createLogger } from "@/server/logger";
import type { MailMessage, Mailer } from "@/server/mail/mailer";
import { SANDBOX_ZOTERO_CLIENT_KEY, SANDBOX_ZOTERO_CLIENT_SECRET } from "../../sandbox/oauth/clients";
import { createTestDatabase } from "./test-database";
import { keepConnectionsAlive } from "@/server/http/keep-alive";
import { answerOversizedRequests, httpServerOptions } from "@/server/http/request-head-limit";

export type TestServer = {
  url: string;
  /** The Hono app itself (its route table, for tests that walk every route of an area). */
  app: ReturnType<typeof createApp>;
  /** E-mail the server sent, when no SMTP_URL was given (newest last). */
  sentMail: MailMessage[];
  config: Config;
  database: DatabaseHandle;
  /** The queue-backed e-mail feature, when `email` was asked for. */
  email?: EmailService;
  /** The server's measurements and its performance logs (tests flush them by hand). */
  metrics: ServerMetrics;
  performance: PerformanceService;
  /** Quire's arXiv index (tests harvest it by hand) and the version watch. */
  arxivIndex: ServerGraph["arxivIndex"];
  paperChanges: ServerGraph["paperChanges"];
  /**
   * The Zotero integration (its sync worker runs only when `zoteroSync` was asked for); `stop()`
   * stops this instance's background jobs, its sync worker among them, as a server going away
   * would (the others answer on).
   */
  zotero: ZoteroFeature & { stop(): Promise<void> };
  close(): Promise<void>;
};

/** Quire's real app on a real HTTP port over a fresh test database. */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    webDistDir?: string;
    /** Share another server's database, as a second instance would; it stays open after close(). */
    database?: DatabaseHandle;
    /** The sandbox upstream to wire every source to. */
    sandboxUrl?: string;
    /** Start the job queue and /api/email (welcome e-mails then go through it); no cron schedules. */
    email?: { retryDelaySeconds?: number };
    /** Start the job queue and the Zotero sync worker (with test timings when given). */
    zoteroSync?: { heartbeatMs?: number; staleAfterMs?: number; recoverEveryMs?: number };
    /** Start the job queue and the arXiv harvest (ARXIV_HARVEST in `env` says what it takes). */
    arxivHarvest?: boolean;
    /** Start the job queue and the version watch's check job (no schedule: a check runs after each harvest run). */
    paperChanges?: boolean;
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const upstreamEnv: Record<string, string> = options.sandboxUrl
    ? {
        ARXIV_API_URL: `${options.sandboxUrl}/arxiv/api/query`,
        ARXIV_PDF_URL: `${options.sandboxUrl}/arxiv/pdf`,
        ARXIV_OAI_URL: `${options.sandboxUrl}/arxiv/oai`,
        OPENALEX_API_URL: `${options.sandboxUrl}/openalex`,
        CROSSREF_API_URL: `${options.sandboxUrl}/crossref`,
        ZOTERO_API_URL: `${options.sandboxUrl}/zotero`,
        ZOTERO_OAUTH_URL: `${options.sandboxUrl}/zotero-web/oauth`,
        ZOTERO_KEYS_URL: `${options.sandboxUrl}/zotero-web/settings/keys/new`,
        ZOTERO_CLIENT_KEY: SANDBOX_ZOTERO_CLIENT_KEY,
        ZOTERO_CLIENT_SECRET: SANDBOX_ZOTERO_CLIENT_SECRET,
        CONTACT_EMAIL: "tests@quire.invalid",
      }
    : {};
  // The port is chosen first so PUBLIC_URL (trusted origin, links in e-mails) is the real one.
  const port = await freePort();
  const config = loadConfig({
    DATA_DIR: ".tmp/test-data",
    LOG_LEVEL: "silent",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Tests sign many users in, send events and call models from one address; the limits have their own tests.
    AUTH_RATE_LIMIT_PER_MINUTE: "10000",
    EVENTS_RATE_LIMIT_PER_MINUTE: "1000000",
    LLM_RATE_LIMIT_PER_MINUTE: "10000",
    ...upstreamEnv,
    ...options.env,
  });
  const logger = createLogger(config.LOG_LEVEL);
  const sentMail: MailMessage[] = [];
  const capture: Mailer = {
    kind: "log",
    send: async (message) => {
      sentMail.push(message);
    },
    close() {},
  };
  const graph = await composeServer({
    config,
    logger,
    database,
    // With SMTP_URL the real mailer, built from the configuration.
    mailer: config.SMTP_URL ? undefined : capture,
    email: options.email ? { retryDelaySeconds: options.email.retryDelaySeconds, schedule: false } : false,
    zoteroSync: options.zoteroSync ?? false,
    timers: false,
    promoteAdmins: false,
    arxivHarvest: options.arxivHarvest ?? false,
    paperChanges: options.paperChanges ? { schedule: false } : false,
  });
  const app = createApp({ ...graph, webDistDir: options.webDistDir });
  const jobs = startJobs(graph.jobs, logger);
  await jobs.started;
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: "127.0.0.1", port, serverOptions: httpServerOptions }, () => resolve(started));
  });
  keepConnectionsAlive(server);
  answerOversizedRequests(server);
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    sentMail,
    config,
    database,
    email: graph.email,
    metrics: graph.metrics,
    performance: graph.performance,
    arxivIndex: graph.arxivIndex,
    paperChanges: graph.paperChanges,
    zotero: { ...graph.zotero, stop: jobs.stop },
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A connection whose last answer was a file (serveStatic's stream) is not counted idle,
      // so close() alone would wait out its 65-s keep-alive; the tests are done with them all.
      (server as import("node:http").Server).closeAllConnections();
      await closed;
      await jobs.stop();
      await graph.close();
      if (!options.database) await database.close();
    },
  };
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
