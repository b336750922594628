import { errors } from "@/server/errors";
import type { SettingsService } from "@/server/features/settings/settings.service";
import type { Logger } from "@/server/logger";
import type { ZoteroAccess, ZoteroApi } from "@/server/sources/zotero/zotero-api";
import { ZoteroApiError } from "@/server/sources/zotero/zotero-client";
import { normalizeTitle } from "@/shared/library/canonical-id";
import { citeKeyFor, citeKeysFor } from "@/shared/library/cite-key";
import { arxivIdFromDoi, normalizeDoi } from "@/shared/library/paper-identifiers";
import type { Paper } from "@/shared/paper";
import type { BibliographyResult, ZoteroBatchExportResult } from "@/shared/zotero/zotero-contract";
import { lastNameOf, paperToZoteroItem, zoteroItemToPaper, zoteroLookupFor, type ZoteroItem, type ZoteroLookup } from "@/shared/zotero/zotero-item";
import { ZOTERO_MESSAGES } from "@/shared/zotero/zotero-messages";
import { cacheRowFor, type ZoteroCacheRepository } from "./zotero-cache.repository";
import type { ZoteroConnectionService } from "./zotero-connection.service";

export type BibliographyQuery = {
  start: number;
  limit: number;
  q?: string;
  topLevelOnly?: boolean;
  itemTypes: string[];
  since?: number;
  sort?: "dateAdded" | "dateModified" | "title" | "creator" | "date";
  direction?: "asc" | "desc";
};

/** Zotero's itemType expression for the chosen chips; attachments are never listed. */
export function itemTypeExpression(itemTypes: readonly string[]): string {
  return itemTypes.length > 0 ? itemTypes.join(" || ") : "-attachment";
}

/** Whether a Zotero item is the paper a lookup describes: DOI, arXiv id, or title with the first author's last name. */
export function matchesLookup(paper: Paper, lookup: ZoteroLookup): boolean {
  const doi = normalizeDoi(lookup.doi);
  if (doi && !arxivIdFromDoi(doi) && normalizeDoi(paper.doi) === doi) return true;
  const arxiv = lookup.arxivId?.trim().toLowerCase().replace(/v\d+$/, "");
  if (arxiv && paper.arxivId?.toLowerCase().replace(/v\d+$/, "") === arxiv) return true;
  if (lookup.title && normalizeTitle(lookup.title) !== "" && normalizeTitle(paper.title) === normalizeTitle(lookup.title)) {
    if (!lookup.author) return true;
    const wanted = normalizeTitle(lookup.author);
    return paper.authors.some((name) => normalizeTitle(lastNameOf(name) ?? name) === wanted || normalizeTitle(name).split(" ").includes(wanted));
  }
  return false;
}

/** A Zotero failure as the API answers it: 409 when the key was refused, 502 otherwise. */
function upstreamFailure(error: unknown, what: (text: string) => string) {
  if (error instanceof ZoteroApiError) {
    if (error.kind === "unauthorized") return errors.notConnected(ZOTERO_MESSAGES.notConnectedTitle);
    if (error.kind === "network") return errors.upstream(ZOTERO_MESSAGES.exportNetworkError);
    return errors.upstream(what(error.message));
  }
  return error;
}

/**
 * Browsing, exporting to and deleting from the user's Zotero library. Every call acts on the
 * signed-in user's own library, with their own key.
 */
export function zoteroLibraryService(deps: { api: ZoteroApi; connection: ZoteroConnectionService; cache: ZoteroCacheRepository; settings: SettingsService; logger: Logger }) {
  const { api, connection, cache, settings, logger } = deps;

  /** A live search of the library for the paper a lookup describes. */
  async function findLive(access: ZoteroAccess, lookup: ZoteroLookup): Promise<Paper | null> {
    const query = lookup.title?.trim() || lookup.arxivId || lookup.doi;
    if (!query) return null;
    const page = await api.items(access, { q: query.slice(0, 200), qmode: lookup.title ? "titleCreatorYear" : "everything", itemType: "-attachment", limit: 25 });
    return page.items.map(zoteroItemToPaper).find((paper) => matchesLookup(paper, lookup)) ?? null;
  }

  async function exists(userId: string, access: ZoteroAccess, lookup: ZoteroLookup, options: { live: boolean }): Promise<Paper | null> {
    const cached = await cache.findExisting(userId, lookup);
    if (cached) return cached;
    return options.live ? findLive(access, lookup) : null;
  }

  async function storeCreated(userId: string, items: Iterable<ZoteroItem>) {
    const now = new Date();
    await cache.upsert([...items].map((item) => cacheRowFor(userId, item, now))).catch((error) => logger.warn({ err: error }, "could not cache exported items"));
  }

  /** Adds an existing item to a collection (a conditional write; a stale version is read again once). */
  async function fileInCollection(access: ZoteroAccess, itemKey: string, collectionKey: string): Promise<void> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const item = await api.item(access, itemKey);
      if (!item) return;
      const collections = item.data.collections ?? [];
      if (collections.includes(collectionKey)) return;
      try {
        await api.updateItem(access, itemKey, item.version, { collections: [...collections, collectionKey] });
        return;
      } catch (error) {
        if (error instanceof ZoteroApiError && error.kind === "precondition" && attempt === 0) continue;
        throw error;
      }
    }
  }

  return {
    /** GET /api/zotero/bibliography: a page of the live library. */
    async bibliography(userId: string, query: BibliographyQuery): Promise<BibliographyResult> {
      const access = await connection.access(userId);
      try {
        const page = await api.items(access, {
          top: query.topLevelOnly === true,
          start: query.start,
          limit: query.limit,
          q: query.q,
          itemType: itemTypeExpression(query.itemTypes),
          since: query.since,
          sort: query.sort ?? "dateAdded",
          direction: query.direction ?? "desc",
        });
        const seen = new Set<string>();
        const items = page.items.map((item) => {
          const paper = zoteroItemToPaper(item);
          // Two items of one paper on a page: the later keeps its own key as id (rows need unique ids).
          if (seen.has(paper.id)) return { ...paper, id: `zotero:${item.key}` };
          seen.add(paper.id);
          return paper;
        });
        return { items, totalResults: page.totalResults, version: page.libraryVersion, lastModified: null };
      } catch (error) {
        throw upstreamFailure(error, () => ZOTERO_MESSAGES.libraryLoadError);
      }
    },

    /** GET /api/zotero-ops?action=check-exists */
    async checkExists(userId: string, lookup: ZoteroLookup): Promise<{ exists: boolean; itemKey: string | null }> {
      const access = await connection.access(userId);
      try {
        const found = await exists(userId, access, lookup, { live: true });
        return { exists: found !== null, itemKey: found?.zoteroKey ?? null };
      } catch (error) {
        throw upstreamFailure(error, (text) => text);
      }
    },

    /** Whether a paper is in the mirrored library (the Bookmark toggle's duplicate check; never calls Zotero). */
    async inCacheByLookup(userId: string, lookup: ZoteroLookup): Promise<Paper | null> {
      return cache.findExisting(userId, lookup);
    },

    /** POST /api/zotero-ops?action=export: one paper, unless it is already there. */
    async export(userId: string, paper: Paper): Promise<{ itemKey: string; exists: boolean; message: string }> {
      const access = await connection.access(userId);
      try {
        const userSettings = await settings.get(userId);
        if (!userSettings.zoteroSkipDuplicateCheck) {
          const found = await exists(userId, access, zoteroLookupFor(paper), { live: true });
          if (found?.zoteroKey) return { itemKey: found.zoteroKey, exists: true, message: ZOTERO_MESSAGES.alreadyInLibrary };
        }
        const result = await api.createItems(access, [paperToZoteroItem(paper, { citationKey: citeKeyFor(paper, userSettings) })]);
        const failure = result.failed.get(0);
        if (failure) throw errors.upstream(ZOTERO_MESSAGES.exportFailedWith(failure));
        const itemKey = result.created.get(0);
        if (!itemKey) throw errors.upstream(ZOTERO_MESSAGES.exportFailedWith("Zotero did not say what it stored"));
        await storeCreated(userId, result.items.values());
        return { itemKey, exists: false, message: ZOTERO_MESSAGES.exportSucceeded };
      } catch (error) {
        throw upstreamFailure(error, (text) => ZOTERO_MESSAGES.exportFailedWith(text));
      }
    },

    /**
     * POST /api/zotero-ops?action=export-batch: a selection or a collection in writes of 50,
     * optionally filed in the Zotero collection of a name (made when missing); papers already
     * in the library are filed there too.
     */
    async exportBatch(userId: string, papers: Paper[], collectionName?: string): Promise<ZoteroBatchExportResult> {
      const access = await connection.access(userId);
      try {
        let collectionKey: string | null = null;
        if (collectionName) {
          const existing = (await api.collections(access)).find((collection) => collection.name === collectionName);
          collectionKey = existing?.key ?? (await api.createCollection(access, collectionName));
        }
        const userSettings = await settings.get(userId);
        const skipCheck = userSettings.zoteroSkipDuplicateCheck;
        // Live searches only when the library was never synced: the mirror answers otherwise.
        const live = (await cache.status(userId)).count === 0;
        const fresh: Paper[] = [];
        const existingKeys: string[] = [];
        const seen = new Set<string>();
        for (const paper of papers) {
          if (seen.has(paper.id)) continue;
          seen.add(paper.id);
          const found = skipCheck ? null : await exists(userId, access, zoteroLookupFor(paper), { live });
          if (found?.zoteroKey) existingKeys.push(found.zoteroKey);
          else fresh.push(paper);
        }
        if (collectionKey) for (const key of existingKeys) await fileInCollection(access, key, collectionKey);
        // Keys unique within the batch, as in a file export.
        const keys = citeKeysFor(fresh, userSettings);
        const items = fresh.map((paper, i) => paperToZoteroItem(paper, { collections: collectionKey ? [collectionKey] : [], citationKey: keys[i] }));
        const result = fresh.length > 0 ? await api.createItems(access, items) : null;
        if (result) await storeCreated(userId, result.items.values());
        return {
          exported: result?.created.size ?? 0,
          alreadyInLibrary: existingKeys.length,
          failed: [...(result?.failed ?? new Map<number, string>())].map(([index, message]) => ({ paperId: fresh[index]!.id, message })),
          collectionKey,
          writes: Math.ceil(fresh.length / 50),
        };
      } catch (error) {
        throw upstreamFailure(error, (text) => ZOTERO_MESSAGES.exportFailedWith(text));
      }
    },

    /**
     * DELETE /api/zotero-ops?action=delete: at the item's current version; when it changed in
     * between (412), read again and delete once more (the user confirmed the deletion).
     */
    async delete(userId: string, itemKey: string): Promise<void> {
      const access = await connection.access(userId);
      try {
        for (let attempt = 0; attempt < 2; attempt++) {
          const item = await api.item(access, itemKey);
          if (!item) break;
          try {
            await api.deleteItem(access, itemKey, item.version);
            break;
          } catch (error) {
            if (error instanceof ZoteroApiError && error.kind === "precondition" && attempt === 0) continue;
            throw error;
          }
        }
        await cache.removeKeys(userId, [itemKey]);
      } catch (error) {
        if (error instanceof ZoteroApiError && error.kind === "unauthorized") throw errors.notConnected(ZOTERO_MESSAGES.notConnectedTitle);
        if (error instanceof ZoteroApiError) throw errors.upstream(ZOTERO_MESSAGES.deleteFailedStatus(error.status || 502));
        throw error;
      }
    },
  };
}
export type ZoteroLibraryService = ReturnType<typeof zoteroLibraryService>;
