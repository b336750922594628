import { errors } from "@/server/errors";
import type { Logger } from "@/server/logger";
import { checkArxivId } from "@/shared/arxiv-id-validation";
import { canonicalId } from "@/shared/library/canonical-id";
import { CANONICAL_ID_BATCH_SIZE } from "@/shared/zotero/zotero-constants";
import type { ArxivScanIssue, ArxivScanResult, CanonicalIdStats, ZoteroCacheStatus } from "@/shared/zotero/zotero-contract";
import { ZOTERO_MESSAGES } from "@/shared/zotero/zotero-messages";
import { paperFromCacheRow, type ZoteroCacheRepository } from "./zotero-cache.repository";

/**
 * The mirrored library's upkeep: its status, canonical
 * ids generated in batches of 100 (the settings card calls batch after batch, so Stop takes
 * effect after the current one), and the arXiv id scan of the user's own tables.
 */
export function zoteroCacheService(deps: { repository: ZoteroCacheRepository; logger: Logger }) {
  const { repository, logger } = deps;

  async function stats(userId: string): Promise<CanonicalIdStats> {
    const { total, withCanonicalId } = await repository.canonicalStats(userId);
    return { total, withCanonicalId, withoutCanonicalId: total - withCanonicalId };
  }

  return {
    async status(userId: string): Promise<ZoteroCacheStatus> {
      const { count, lastSync } = await repository.status(userId);
      return { count, lastSync: lastSync?.toISOString() ?? null };
    },

    canonicalStats: stats,

    /** One batch of up to 100 cached items without a canonical id. */
    async generateCanonicalBatch(userId: string): Promise<{ updated: number; stats: CanonicalIdStats }> {
      const rows = await repository.withoutCanonicalId(userId, CANONICAL_ID_BATCH_SIZE);
      const values = rows.map((row) => ({ id: row.id, canonicalId: canonicalId(paperFromCacheRow(row)) }));
      const updated = await repository.setCanonicalIds(userId, values);
      return { updated, stats: await stats(userId) };
    },

    /**
     * Scans the arXiv ids the user's tables hold (bookmarks, reading history, the Zotero cache)
     * with the spec's rules. `suggestion` stays null here: the settings card asks the
     * language-model id correction for one id at a time, when the user wants a suggestion.
     */
    async scanArxivIds(userId: string): Promise<ArxivScanResult> {
      let sources;
      try {
        sources = await repository.arxivIdsToScan(userId);
      } catch (error) {
        logger.error({ err: error }, "arXiv id scan failed");
        throw errors.unavailable(ZOTERO_MESSAGES.scanError);
      }
      const invalid: ArxivScanIssue[] = [];
      let scanned = 0;
      const check = (table: ArxivScanIssue["table"], rowId: string, paperId: string, title: string, arxivId: unknown) => {
        if (typeof arxivId !== "string") return;
        scanned += 1;
        const result = checkArxivId(arxivId);
        if (!result.valid) invalid.push({ table, rowId, paperId, title, arxivId, message: result.message, suggestion: null });
      };
      const fromPaper = (paper: Record<string, unknown> | null | undefined) => {
        const source = paper?.source;
        // Only arXiv records must carry an arXiv id; others may hold one when the source knew it.
        const id = paper?.arxivId ?? (source === "arxiv" ? paper?.id : undefined);
        return { id, title: typeof paper?.title === "string" ? paper.title : "" };
      };
      for (const row of sources.bookmarks) {
        const { id, title } = fromPaper(row.paper);
        check("user_bookmarks", row.rowId, row.paperId, title, id);
      }
      for (const row of sources.history) {
        const { id, title } = fromPaper(row.paper);
        check("user_reading_history", row.rowId, row.paperId, title, id);
      }
      for (const row of sources.cache) check("zotero_cache", row.rowId, row.paperId, row.title ?? "", (row.metadata as Record<string, unknown>).arxivId);
      return { scanned, invalid, tables: ["user_bookmarks", "user_reading_history", "zotero_cache"] };
    },
  };
}
export type ZoteroCacheService = ReturnType<typeof zoteroCacheService>;
