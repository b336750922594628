import type { DatabaseHandle } from "@/server/db/client";
import type { SettingsService } from "@/server/features/settings/settings.service";
import type { ZoteroSyncQueue } from "@/server/jobs/zotero-sync.job";
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
 * The Zotero integration, wired: connection, library, cache upkeep and the library sync. The
 * sync's jobs go through `syncQueue`, whose worker the composition module runs
 * (jobs/zotero-sync.job.ts); without it (most tests) sync actions answer 503.
 */
export function createZoteroFeature(deps: {
  database: Pick<DatabaseHandle, "db">;
  secret: string;
  sources: Pick<Sources, "zotero">;
  settings: SettingsService;
  logger: Logger;
  syncQueue: ZoteroSyncQueue | null;
  /** Test knobs for the sync's heartbeat and orphan detection. */
  sync?: { heartbeatMs?: number; staleAfterMs?: number };
}) {
  const { settings, logger } = deps;
  const db = deps.database.db;
  const { api, oauth } = deps.sources.zotero;
  const cacheRepository = zoteroCacheRepository(db);
  const connection = zoteroConnectionService({ repository: zoteroConnectionRepository(db), api, oauth, secret: deps.secret, logger });
  const sync = zoteroSyncService({
    syncRepository: zoteroSyncRepository(db),
    cacheRepository,
    connection,
    api,
    settings,
    logger,
    queue: deps.syncQueue,
    heartbeatMs: deps.sync?.heartbeatMs,
    staleAfterMs: deps.sync?.staleAfterMs,
  });

  return {
    connection,
    library: zoteroLibraryService({ api, connection, cache: cacheRepository, settings, logger }),
    cache: zoteroCacheService({ repository: cacheRepository, logger }),
    sync,
    newKeyUrl: deps.sources.zotero.newKeyUrl,
  };
}
export type ZoteroFeature = ReturnType<typeof createZoteroFeature>;
