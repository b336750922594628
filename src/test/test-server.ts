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
  options: { env?: Record<string, string>; webDistDir?: string } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const config = loadConfig({ DATA_DIR: ".tmp/test-data", LOG_LEVEL: "silent", PORT: "0", ...options.env });
  const secret = await resolveAuthSecret(database.db, config.AUTH_SECRET);
  const auth = createAuth({ db: database.db, config, secret });
  const logger = createLogger(config.LOG_LEVEL);
  const sources = createSources({ config, db: database.db, logger });
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
      await database.close();
    },
  };
}
