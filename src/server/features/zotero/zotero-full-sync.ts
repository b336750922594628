import type { SettingsService } from "@/server/features/settings/settings.service";
import type { ZoteroAccess, ZoteroApi } from "@/server/sources/zotero/zotero-api";
import type { ZoteroApiError, ZoteroClientEvents } from "@/server/sources/zotero/zotero-client";
import { ZOTERO_MESSAGES } from "@/shared/zotero/zotero-messages";
import { cacheRowFor, type ZoteroCacheRepository } from "./zotero-cache.repository";
import type { ZoteroSyncRepository } from "./zotero-sync.repository";
import { CACHED_ITEMS, SyncFailure, SyncStop, type SyncRun, type SyncSteps } from "./zotero-sync-steps";

/**
 * Sync One Batch, Full Sync and Resume: batch after batch from the saved position (one batch
 * only for Sync One Batch, then paused). The library size is read first; pages are sorted by
 * date added so new items land at the end. At the end the cache is reconciled with Zotero's
 * version list (one request): items changed or skipped while the pass ran are fetched by key,
 * items gone are removed, and the library version is kept for incremental sync.
 */
export function fullSync(deps: { api: ZoteroApi; cache: ZoteroCacheRepository; states: ZoteroSyncRepository; settings: SettingsService; steps: SyncSteps }) {
  const { api, cache, states, settings } = deps;
  const { log, finish, patiently, stopRequested, storeBatch } = deps.steps;

  /** Makes the cache equal Zotero's version list: fetch what is missing or newer, remove what is gone. */
  async function reconcile(userId: string, access: ZoteroAccess, signal: AbortSignal, events: ZoteroClientEvents) {
    const { versions, libraryVersion } = await api.itemVersions(access, { ...CACHED_ITEMS, signal }, events);
    const cached = await cache.versions(userId);
    const stale = Object.entries(versions)
      .filter(([key, version]) => cached.get(key) !== version)
      .map(([key]) => key);
    const gone = [...cached.keys()].filter((key) => !(key in versions));
    let fetched = 0;
    if (stale.length > 0) {
      const { items } = await api.itemsByKey(access, stale, signal, events);
      if (signal.aborted) throw signal.reason;
      await cache.upsert(items.map((item) => cacheRowFor(userId, item, new Date())));
      fetched = items.length;
    }
    const removed = gone.length > 0 ? await cache.removeKeys(userId, gone) : 0;
    return { libraryVersion, fetched, removed };
  }

  return async function runFull({ userId, jobId, state, access, signal, events }: SyncRun): Promise<void> {
    const sessionId = state.sessionId;
    const oneBatch = state.mode === "batch";
    const resuming = state.position > 0;
    const failed = (event: string, cause: unknown) => new SyncFailure(event, resuming ? ZOTERO_MESSAGES.resumeFailed : event === ZOTERO_MESSAGES.batchItemsFailed ? ZOTERO_MESSAGES.batchFailed : ZOTERO_MESSAGES.syncFailed, cause);
    const rethrowStop = (error: unknown) => {
      if (signal.aborted || error instanceof SyncStop) throw signal.reason instanceof SyncStop ? signal.reason : error;
    };

    const retrying = (waitMs: number, error: ZoteroApiError) => void log(userId, sessionId, "WARN", "Retrying", `waiting ${waitMs / 1000} s after ${error.status ? `HTTP ${error.status}` : "a network error"}`);
    let size;
    try {
      size = await patiently(() => api.items(access, { ...CACHED_ITEMS, limit: 1, signal }, events), signal, retrying);
    } catch (error) {
      rethrowStop(error);
      throw failed(ZOTERO_MESSAGES.librarySizeFailed, error);
    }
    let position = state.position;
    let total = size.totalResults;
    let passVersion = state.passVersion;
    let passStartedAt = state.passStartedAt;
    if (position === 0 || passVersion === null) {
      position = 0;
      passVersion = size.libraryVersion;
      passStartedAt = new Date();
    }
    await states.updateOwned(userId, jobId, { total, current: Math.min(position, total), passVersion, passStartedAt });
    await log(userId, sessionId, "INFO", resuming ? "Resuming sync" : oneBatch ? "Syncing one batch" : "Full sync started", `${position} of ${total} items done; batches of ${state.batchSize}`, {
      libraryVersion: size.libraryVersion,
    });

    let batches = 0;
    while (position < total) {
      if (await stopRequested(userId, signal)) {
        await log(userId, sessionId, "INFO", "Sync stopped", `paused at ${position} of ${total}`);
        await finish(userId, jobId, { status: "paused", message: "Sync paused", current: position });
        return;
      }
      let page;
      try {
        page = await patiently(() => api.items(access, { ...CACHED_ITEMS, sort: "dateAdded", direction: "asc", start: position, limit: state.batchSize, signal }, events), signal, retrying);
      } catch (error) {
        rethrowStop(error);
        throw failed(position === 0 ? ZOTERO_MESSAGES.initialBatchFailed : ZOTERO_MESSAGES.batchItemsFailed, error);
      }
      total = page.totalResults;
      const covered = page.items.length + page.malformed;
      if (covered === 0) break; // The library shrank under the pass; the reconcile catches up.
      const next = position + covered;
      await storeBatch(userId, jobId, page.items, { position: next, current: Math.min(next, total), total: Math.max(total, next) }, signal);
      position = next;
      batches += 1;
      if (page.malformed > 0) await log(userId, sessionId, "WARN", "Malformed items skipped", `${page.malformed} item${page.malformed === 1 ? "" : "s"} Zotero sent could not be read`);
      await log(userId, sessionId, "INFO", "Batch synced", `${position} of ${total} items`, { batch: batches, items: page.items.length });
      if (oneBatch && position < total) {
        await finish(userId, jobId, { status: "paused", message: `Synced one batch: ${position} of ${total}` });
        return;
      }
    }

    // The pass is through: make the cache match the library exactly.
    let reconciled;
    try {
      reconciled = await reconcile(userId, access, signal, events);
    } catch (error) {
      rethrowStop(error);
      throw failed(ZOTERO_MESSAGES.batchItemsFailed, error);
    }
    await states.updateOwned(userId, jobId, {});
    await settings.update(userId, { zoteroLibraryVersion: reconciled.libraryVersion });
    const count = (await cache.status(userId)).count;
    await log(userId, sessionId, "INFO", "Sync complete", `${count} items cached (library version ${reconciled.libraryVersion}); ${reconciled.fetched} fetched again, ${reconciled.removed} removed`);
    await finish(userId, jobId, {
      status: "idle",
      position: 0,
      current: count,
      total: count,
      passVersion: null,
      passStartedAt: null,
      libraryVersion: reconciled.libraryVersion,
      lastSyncedAt: new Date(),
      message: `Sync complete: ${count} items`,
    });
  };
}
