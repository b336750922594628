import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "@/server/app";
import { createAuth } from "@/server/auth/auth";
import { resolveAuthSecret } from "@/server/auth/secret";
import { loadConfig, type Config } from "@/server/config";
import type { DatabaseHandle } from "@/server/db/client";
import { createLogger } from "@/server/logger";
import { createSources } from "@/server/sources/sources";
import { createTestDatabase } from "./test-database";

export type TestServer = {
  url: string;
  config: Config;
  database: DatabaseHandle;
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
        CONTACT_EMAIL: "tests@quire.invalid",
      }
    : {};
  const config = loadConfig({ DATA_DIR: ".tmp/test-data", LOG_LEVEL: "silent", PORT: "0", ...upstreamEnv, ...options.env });
  const secret = await resolveAuthSecret(database.db, config.AUTH_SECRET);
  const auth = createAuth({ db: database.db, config, secret });
  const logger = createLogger(config.LOG_LEVEL);
  const sources = createSources({ config, db: database.db, databaseKind: database.kind, logger });
  const app = createApp({ config, database, auth, sources, logger, webDistDir: options.webDistDir });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    config,
    database,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.database) await database.close();
    },
  };
}
