import { and, count, countDistinct, desc, eq, getTableColumns, max, sql, sum } from "drizzle-orm";
import { queryRows, type Database } from "@/server/db/client";
import { pdfBlobs, userPdfCache } from "@/server/db/schema";
import { withUserLock } from "@/server/db/user-lock";

export type PdfCacheRow = typeof userPdfCache.$inferSelect;
export type PdfBlobRow = typeof pdfBlobs.$inferSelect;
/** A user's cached PDF with where its bytes are. */
export type PdfCacheEntryRow = PdfCacheRow & { storageKey: string };
/** What a removal took away (the blobs it may have left without a reader). */
export type RemovedPdf = { paperId: string; fileHash: string; fileSizeBytes: number };

export type NewPdfCacheEntry = {
  paperId: string;
  arxivId: string | null;
  source: string;
  storagePath: string;
  fileHash: string;
  fileSizeBytes: number;
  storageKey: string;
};

/**
 * The least recently read of a user's PDFs go until the total is within `maxBytes`;
 * `keepPaperId` (the one just stored) stays. Runs inside the caller's user-locked transaction.
 */
function trimToSize(tx: Database, userId: string, maxBytes: number, keepPaperId: string | null): Promise<RemovedPdf[]> {
  const keep = keepPaperId ?? "";
  return queryRows<RemovedPdf>(
    tx,
    sql`delete from ${userPdfCache} where id in (
          select id from (
            select id, paper_id, sum(file_size_bytes) over (
              order by (paper_id = ${keep}) desc, last_accessed desc, cached_at desc, id
            ) as running
            from ${userPdfCache} where user_id = ${userId}
          ) ranked
          where running > ${maxBytes} and paper_id <> ${keep}
        )
        returning paper_id as "paperId", file_hash as "fileHash", file_size_bytes::float8 as "fileSizeBytes"`,
  );
}

/**
 * The cloud PDF cache's rows: the operations a cache needs (get_user_pdf_cache_stats,
 * get_pdf_cache_stats, clear_pdf_cache, is_pdf_cached, update_pdf_access, add_pdf_to_cache,
 * cleanup_user_cache_by_size) as functions, every per-user one taking the user id. Blobs
 * (pdf_blobs) are shared between users.
 */
export function pdfCacheRepository(db: Database) {
  const entryColumns = { ...getTableColumns(userPdfCache), storageKey: pdfBlobs.storageKey };

  return {
    async list(userId: string): Promise<PdfCacheEntryRow[]> {
      return db
        .select(entryColumns)
        .from(userPdfCache)
        .innerJoin(pdfBlobs, eq(pdfBlobs.hash, userPdfCache.fileHash))
        .where(eq(userPdfCache.userId, userId))
        .orderBy(desc(userPdfCache.lastAccessed), desc(userPdfCache.cachedAt));
    },

    async find(userId: string, paperId: string): Promise<PdfCacheEntryRow | null> {
      const [row] = await db
        .select(entryColumns)
        .from(userPdfCache)
        .innerJoin(pdfBlobs, eq(pdfBlobs.hash, userPdfCache.fileHash))
        .where(and(eq(userPdfCache.userId, userId), eq(userPdfCache.paperId, paperId)));
      return row ?? null;
    },

    /** is_pdf_cached. */
    async isCached(userId: string, paperId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: userPdfCache.id })
        .from(userPdfCache)
        .where(and(eq(userPdfCache.userId, userId), eq(userPdfCache.paperId, paperId)));
      return Boolean(row);
    },

    /** get_user_pdf_cache_stats: every file counts in full for each user who keeps it. */
    async userStats(userId: string): Promise<{ totalFiles: number; totalSize: number; lastCachedAt: Date | null }> {
      const [row] = await db
        .select({ totalFiles: count(), totalSize: sum(userPdfCache.fileSizeBytes), lastCachedAt: max(userPdfCache.cachedAt) })
        .from(userPdfCache)
        .where(eq(userPdfCache.userId, userId));
      return { totalFiles: Number(row?.totalFiles ?? 0), totalSize: Number(row?.totalSize ?? 0), lastCachedAt: row?.lastCachedAt ?? null };
    },

    /** get_pdf_cache_stats: the whole cache, what users keep against what is stored once. */
    async globalStats(): Promise<{ totalFiles: number; totalSize: number; users: number; storedFiles: number; storedSize: number }> {
      const [kept] = await db
        .select({ totalFiles: count(), totalSize: sum(userPdfCache.fileSizeBytes), users: countDistinct(userPdfCache.userId) })
        .from(userPdfCache);
      const [stored] = await db.select({ storedFiles: count(), storedSize: sum(pdfBlobs.sizeBytes) }).from(pdfBlobs);
      return {
        totalFiles: Number(kept?.totalFiles ?? 0),
        totalSize: Number(kept?.totalSize ?? 0),
        users: Number(kept?.users ?? 0),
        storedFiles: Number(stored?.storedFiles ?? 0),
        storedSize: Number(stored?.storedSize ?? 0),
      };
    },

    /** update_pdf_access: one more read now. */
    async recordAccess(userId: string, paperId: string, now: Date): Promise<void> {
      await db
        .update(userPdfCache)
        .set({ accessCount: sql`${userPdfCache.accessCount} + 1`, lastAccessed: now })
        .where(and(eq(userPdfCache.userId, userId), eq(userPdfCache.paperId, paperId)));
    },

    async setPaperDetails(userId: string, paperId: string, details: { title: string; authors: string }): Promise<void> {
      await db
        .update(userPdfCache)
        .set({ paperTitle: details.title, paperAuthors: details.authors })
        .where(and(eq(userPdfCache.userId, userId), eq(userPdfCache.paperId, paperId)));
    },

    async findBlob(hash: string): Promise<PdfBlobRow | null> {
      const [row] = await db.select().from(pdfBlobs).where(eq(pdfBlobs.hash, hash));
      return row ?? null;
    },

    /**
     * add_pdf_to_cache then cleanup_user_cache_by_size, in one transaction under the user's
     * lock: records the blob (once) and the user's row, which starts at one read (the open that
     * stored it; `read` false for a refresh nobody opened), and removes the least recently read others until the user is within
     * `maxBytes`, so no reader ever sees the user over the limit. Caching the paper again
     * (other bytes: a new version) replaces the row's file and keeps its count. Answers the
     * hash the row pointed at before (if another), what the trim removed, and whether the row
     * is there (a refresh, `read` false, only replaces a row that still exists).
     */
    async add(userId: string, entry: NewPdfCacheEntry, now: Date, maxBytes: number, read = true): Promise<{ replacedHash: string | null; evicted: RemovedPdf[]; kept: boolean }> {
      return withUserLock(db, "pdf-cache", userId, async (tx) => {
        const [before] = await tx
          .select({ fileHash: userPdfCache.fileHash })
          .from(userPdfCache)
          .where(and(eq(userPdfCache.userId, userId), eq(userPdfCache.paperId, entry.paperId)));
        // A refresh of a PDF the user removed meanwhile brings nothing back.
        if (!read && !before) return { replacedHash: null, evicted: [], kept: false };
        await tx
          .insert(pdfBlobs)
          .values({ hash: entry.fileHash, sizeBytes: entry.fileSizeBytes, storageKey: entry.storageKey })
          .onConflictDoNothing();
        const file = {
          fileHash: entry.fileHash,
          fileSizeBytes: entry.fileSizeBytes,
          storagePath: entry.storagePath,
          source: entry.source,
          arxivId: entry.arxivId,
        };
        await tx
          .insert(userPdfCache)
          .values({ userId, paperId: entry.paperId, ...file, cachedAt: now, lastAccessed: now, accessCount: 1 })
          .onConflictDoUpdate({
            target: [userPdfCache.userId, userPdfCache.paperId],
            set: read ? { ...file, cachedAt: now, lastAccessed: now, accessCount: sql`${userPdfCache.accessCount} + 1` } : { ...file, cachedAt: now },
          });
        const evicted = await trimToSize(tx, userId, maxBytes, entry.paperId);
        return { replacedHash: before && before.fileHash !== entry.fileHash ? before.fileHash : null, evicted, kept: true };
      });
    },

    async remove(userId: string, paperId: string): Promise<RemovedPdf | null> {
      const [row] = await db
        .delete(userPdfCache)
        .where(and(eq(userPdfCache.userId, userId), eq(userPdfCache.paperId, paperId)))
        .returning({ paperId: userPdfCache.paperId, fileHash: userPdfCache.fileHash, fileSizeBytes: userPdfCache.fileSizeBytes });
      return row ?? null;
    },

    /** clear_pdf_cache. */
    async clear(userId: string): Promise<RemovedPdf[]> {
      return db
        .delete(userPdfCache)
        .where(eq(userPdfCache.userId, userId))
        .returning({ paperId: userPdfCache.paperId, fileHash: userPdfCache.fileHash, fileSizeBytes: userPdfCache.fileSizeBytes });
    },

    /**
     * cleanup_user_cache_by_size: the least recently read PDFs go until the user's total is
     * within `maxBytes`. Serialised per user, so two tabs storing at once cannot both decide on
     * a stale total.
     */
    async cleanupBySize(userId: string, maxBytes: number): Promise<RemovedPdf[]> {
      return withUserLock(db, "pdf-cache", userId, (tx) => trimToSize(tx, userId, maxBytes, null));
    },

    /**
     * Deletes the blob row when no user keeps it any more; answers its key (for the store) or
     * null when it is still read by someone (or already gone). The foreign key makes a row
     * added at the same moment win: this delete then fails and the blob stays.
     */
    async deleteBlobIfUnused(hash: string): Promise<string | null> {
      try {
        const rows = await queryRows<{ storage_key: string }>(
          db,
          sql`delete from ${pdfBlobs} where hash = ${hash}
              and not exists (select 1 from ${userPdfCache} where file_hash = ${hash})
              returning storage_key`,
        );
        return rows[0]?.storage_key ?? null;
      } catch (error) {
        if ((error as { code?: string }).code === "23503") return null;
        throw error;
      }
    },

    /** Blobs nobody keeps (left by deleted accounts), oldest first. */
    async unusedBlobHashes(limit: number): Promise<string[]> {
      const rows = await queryRows<{ hash: string }>(
        db,
        sql`select hash from ${pdfBlobs} b where not exists (select 1 from ${userPdfCache} c where c.file_hash = b.hash)
            order by created_at limit ${limit}`,
      );
      return rows.map((row) => row.hash);
    },

    /** Every row of the user (the data export). */
    async exportAll(userId: string): Promise<PdfCacheRow[]> {
      return db.select().from(userPdfCache).where(eq(userPdfCache.userId, userId)).orderBy(desc(userPdfCache.cachedAt));
    },
  };
}
export type PdfCacheRepository = ReturnType<typeof pdfCacheRepository>;

