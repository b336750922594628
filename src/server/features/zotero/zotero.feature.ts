import type { Config } from "@/server/config";
import type { DatabaseHandle } from "@/server/db/client";
import { settingsRepository } from "@/server/features/settings/settings.repository";
import { settingsService } from "@/server/features/settings/settings.service";
import { acquireQueue } from "@/server/jobs/queue";
import type { Logger } from "@/server/logger";
import type { Sources } from "@/server/sources/sources";
import { zoteroCacheRepository } from "./zotero-cache.repository";
import { zoteroCacheService } from "./zotero-cache.service";
import { zoteroConnectionRepository } from "./zotero-connection.repository";
import { zoteroConnectionService } from "./zotero-connection.service";
import { zoteroLibraryService } from "./zotero-library.service";
import { zoteroSyncRepository } from "./zotero-sync.repository";
import { zoteroSyncService } from "./zotero-sync.service";

/**
 * The Zotero integration, wired: connection, library, cache upkeep and the library sync on the
 * shared job queue. With `jobs: false` (most tests) there is no queue and sync actions answer 503.
 * The queue starts in the background so the server answers at once (its first start creates its
 * schema, which takes seconds on the embedded database).
 */
export function createZoteroFeature(deps: {
  database: Pick<DatabaseHandle, "db" | "kind" | "pglite" | "connectionString">;
  config: Pick<Config, "publicUrl">;
  secret: string;
  sources: Pick<Sources, "zotero">;
  logger: Logger;
  jobs: boolean;
  /** Test knobs for the sync's heartbeat and orphan detection. */
  sync?: { heartbeatMs?: number; staleAfterMs?: number; recoverEveryMs?: number };
}) {
  const { database, logger } = deps;
  const db = database.db;
  const { api, oauth } = deps.sources.zotero;
  const settings = settingsService(settingsRepository(db));
  const cacheRepository = zoteroCacheRepository(db);
  const connection = zoteroConnectionService({ repository: zoteroConnectionRepository(db), api, oauth, secret: deps.secret, logger });
  const queue = deps.jobs ? acquireQueue(database, logger) : null;
  const sync = zoteroSyncService({
    syncRepository: zoteroSyncRepository(db),
    cacheRepository,
    connection,
    api,
    settings,
    logger,
    queue: queue?.boss ?? null,
    heartbeatMs: deps.sync?.heartbeatMs,
    staleAfterMs: deps.sync?.staleAfterMs,
  });
  const worker = queue ? sync.startWorker({ recoverEveryMs: deps.sync?.recoverEveryMs }) : Promise.resolve({ stop: async () => {} });
  worker.catch((error) => logger.error({ err: error }, "the Zotero sync worker did not start"));

  return {
    connection,
    library: zoteroLibraryService({ api, connection, cache: cacheRepository, settings, logger }),
    cache: zoteroCacheService({ repository: cacheRepository, logger }),
    sync,
    newKeyUrl: deps.sources.zotero.newKeyUrl,
    /** Resolves once the sync worker listens (tests wait for it). */
    ready: worker.then(() => undefined),
    async stop(): Promise<void> {
      const running = await worker.catch(() => null);
      await running?.stop();
      await queue?.release({ graceful: true, timeout: 5000 });
    },
  };
}
export type ZoteroFeature = ReturnType<typeof createZoteroFeature>;
