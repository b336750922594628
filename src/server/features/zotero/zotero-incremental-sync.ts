import type { SettingsService } from "@/server/features/settings/settings.service";
import type { ZoteroApi } from "@/server/sources/zotero/zotero-api";
import { ZoteroApiError } from "@/server/sources/zotero/zotero-client";
import { ZOTERO_INCREMENTAL_PAGE_SIZE } from "@/shared/zotero/zotero-constants";
import { ZOTERO_MESSAGES } from "@/shared/zotero/zotero-messages";
import type { ZoteroCacheRepository } from "./zotero-cache.repository";
import { CACHED_ITEMS, SyncFailure, SyncStop, type SyncRun, type SyncSteps } from "./zotero-sync-steps";

/**
 * Incremental Sync: items changed since the kept library version (pages of 100), then deletions
 * and items moved to the trash since then; a 304 means "No recent changes found".
 */
export function incrementalSync(deps: {
  api: ZoteroApi;
  cache: ZoteroCacheRepository;
  settings: SettingsService;
  steps: SyncSteps;
  /** The full pass, for a kept version whose cache is gone: changes since it would rebuild nothing. */
  rebuild: (run: SyncRun) => Promise<void>;
}) {
  const { api, cache, settings } = deps;
  const { log, finish, storeBatch } = deps.steps;

  return async function runIncremental(run: SyncRun): Promise<void> {
    const { userId, jobId, state, access, signal, events } = run;
    const sessionId = state.sessionId;
    const since = state.libraryVersion ?? (await settings.get(userId)).zoteroLibraryVersion ?? null;
    const failed = (cause: unknown) => new SyncFailure(ZOTERO_MESSAGES.incrementalFailed, ZOTERO_MESSAGES.incrementalFailed, cause);
    if (since === null || since <= 0) throw failed(new Error("No library version is kept yet: run a full sync first."));
    if ((await cache.status(userId)).count === 0) {
      await log(userId, sessionId, "WARN", "Nothing cached to build on", `library version ${since} is kept but no item is cached: syncing the whole library`);
      return deps.rebuild(run);
    }
    try {
      let start = 0;
      let changed = 0;
      let version = since;
      for (;;) {
        const page = await api.items(access, { ...CACHED_ITEMS, since, start, limit: ZOTERO_INCREMENTAL_PAGE_SIZE, ...(start === 0 ? { ifModifiedSince: since } : {}), signal }, events);
        if (page.notModified) {
          await log(userId, sessionId, "INFO", ZOTERO_MESSAGES.noRecentChanges, `library version ${since}`);
          const cached = (await cache.status(userId)).count;
          await finish(userId, jobId, { status: "idle", current: cached, total: cached, message: ZOTERO_MESSAGES.noRecentChanges, lastSyncedAt: new Date() });
          return;
        }
        version = Math.max(version, page.libraryVersion);
        const covered = page.items.length + page.malformed;
        changed += page.items.length;
        await storeBatch(userId, jobId, page.items, { current: changed, total: page.totalResults }, signal);
        start += covered;
        if (covered === 0 || start >= page.totalResults) break;
      }
      const deleted = await api.deletedSince(access, since, signal, events);
      const trashed = await api.trashedSince(access, since, signal, events);
      version = Math.max(version, deleted.libraryVersion, trashed.libraryVersion);
      const removed = await cache.removeKeys(userId, [...deleted.items, ...trashed.keys]);
      await settings.update(userId, { zoteroLibraryVersion: version });
      const nothing = changed === 0 && removed === 0;
      const message = nothing ? ZOTERO_MESSAGES.noRecentChanges : `Incremental sync: ${changed} updated, ${removed} removed`;
      await log(userId, sessionId, "INFO", nothing ? ZOTERO_MESSAGES.noRecentChanges : "Incremental sync complete", `${changed} updated, ${removed} removed; library version ${since} -> ${version}`);
      // The progress reads as after a full sync: the whole cached library, not the changed few.
      const cached = (await cache.status(userId)).count;
      await finish(userId, jobId, { status: "idle", libraryVersion: version, lastSyncedAt: new Date(), message, current: cached, total: cached });
    } catch (error) {
      if (signal.aborted || error instanceof SyncStop || (error instanceof ZoteroApiError && error.kind === "cancelled")) throw error;
      throw failed(error);
    }
  };
}
