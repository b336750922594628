import { createServer, type AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp, createCatchup, createPerformance } from "@/server/app";
import type { PerformanceService } from "@/server/features/admin/performance.service";
import { createServerMetrics, type ServerMetrics } from "@/server/metrics/server-metrics";
import { startEmailFeature, type EmailFeature } from "@/server/features/email/email.service";
import { createZoteroFeature, type ZoteroFeature } from "@/server/features/zotero/zotero.feature";
import { clockFrom } from "@/server/lib/clock";
import { createAuth } from "@/server/auth/auth";
import { resolveAuthSecret } from "@/server/auth/secret";
import { loadConfig, type Config } from "@/server/config";
import type { DatabaseHandle } from "@/server/db/client";
import { createLogger } from "@/server/logger";
import { createMailer, mailFrom, type MailMessage, type Mailer } from "@/server/mail/mailer";
import { createSources } from "@/server/sources/sources";
import { SANDBOX_ZOTERO_CLIENT_KEY, SANDBOX_ZOTERO_CLIENT_SECRET } from "../../sandbox/oauth/clients";
import { createTestDatabase } from "./test-database";
import { keepConnectionsAlive } from "@/server/http/keep-alive";

export type TestServer = {
  url: string;
  /** The Hono app itself (its route table, for tests that walk every route of an area). */
  app: ReturnType<typeof createApp>;
  /** E-mail the server sent, when no SMTP_URL was given (newest last). */
  sentMail: MailMessage[];
  config: Config;
  database: DatabaseHandle;
  /** The queue-backed e-mail feature, when `email` was asked for. */
  email?: EmailFeature;
  /** The server's measurements and its performance logs (tests flush them by hand). */
  metrics: ServerMetrics;
  performance: PerformanceService;
  /** The Zotero integration (its sync worker runs only when `zoteroSync` was asked for). */
  zotero: ZoteroFeature;
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
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const upstreamEnv: Record<string, string> = options.sandboxUrl
    ? {
        ARXIV_API_URL: `${options.sandboxUrl}/arxiv/api/query`,
        ARXIV_PDF_URL: `${options.sandboxUrl}/arxiv/pdf`,
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
    // Tests sign many users in from one address; the limits have their own tests.
    AUTH_RATE_LIMIT_PER_MINUTE: "10000",
    ...upstreamEnv,
    ...options.env,
  });
  const secret = await resolveAuthSecret(database.db, config.AUTH_SECRET);
  const logger = createLogger(config.LOG_LEVEL);
  const sentMail: MailMessage[] = [];
  const mailer: Mailer = config.SMTP_URL
    ? createMailer({ smtpUrl: config.SMTP_URL, from: mailFrom(config), logger })
    : {
        kind: "log",
        send: async (message) => {
          sentMail.push(message);
        },
        close() {},
      };
  const metrics = createServerMetrics();
  const sources = createSources({ config, db: database.db, databaseKind: database.kind, logger, observer: metrics.upstreamObserver });
  const performance = createPerformance({ database, logger, metrics });
  const catchup = createCatchup({ config, database, sources, logger });
  const email = options.email
    ? await startEmailFeature({
        database,
        config,
        secret,
        mailer,
        catchup,
        clock: clockFrom(config.CLOCK_START),
        logger,
        retryDelaySeconds: options.email.retryDelaySeconds,
        schedule: false,
      })
    : undefined;
  const auth = createAuth({ db: database.db, config, secret, mailer, welcomeMailer: email?.outbox, logger });
  const zotero = createZoteroFeature({ database, config, secret, sources, logger, jobs: options.zoteroSync !== undefined, sync: options.zoteroSync });
  if (options.zoteroSync) await zotero.ready;
  const app = createApp({ config, database, auth, sources, logger, secret, webDistDir: options.webDistDir, catchup, email, metrics, performance, zotero });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: "127.0.0.1", port }, () => resolve(started));
  });
  keepConnectionsAlive(server);
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    sentMail,
    config,
    database,
    email,
    metrics,
    performance,
    zotero,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A connection whose last answer was a file (serveStatic's stream) is not counted idle,
      // so close() alone would wait out its 65-s keep-alive; the tests are done with them all.
      (server as import("node:http").Server).closeAllConnections();
      await closed;
      await zotero.stop();
      await email?.stop();
      mailer.close();
      if (!options.database) await database.close();
    },
  };
}

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
