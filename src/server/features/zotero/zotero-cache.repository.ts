import { and, count, eq, inArray, isNotNull, isNull, max, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { userBookmarks, userReadingHistory, zoteroCache } from "@/server/db/schema";
import type { Paper } from "@/shared/paper";
import { primaryCategory } from "@/shared/paper";
import type { ZoteroItem } from "@/shared/zotero/zotero-item";
import { zoteroItemToPaper } from "@/shared/zotero/zotero-item";

type CacheRow = typeof zoteroCache.$inferSelect;
export type CacheInsert = typeof zoteroCache.$inferInsert;

/** The cache row's paper_id: one row per Zotero item, so two items of one paper both stay mirrored. */
export const cachePaperId = (itemKey: string) => `zotero:${itemKey}`;

/** An item as its zotero_cache row. */
export function cacheRowFor(userId: string, item: ZoteroItem, syncedAt: Date): CacheInsert {
  const paper = zoteroItemToPaper(item);
  const dateAdded = paper.dateAdded ? new Date(paper.dateAdded) : null;
  return {
    userId,
    zoteroItemKey: item.key,
    paperId: cachePaperId(item.key),
    title: paper.title,
    authors: paper.authors,
    abstract: paper.abstract || null,
    url: paper.url || null,
    publishedDate: paper.publishedDate,
    updatedDate: paper.updatedDate,
    dateAdded: dateAdded && !Number.isNaN(dateAdded.getTime()) ? dateAdded : null,
    category: paper.category,
    categories: paper.categories,
    source: "zotero",
    metadata: {
      doi: paper.doi,
      arxivId: paper.arxivId,
      itemType: paper.itemType,
      journalRef: paper.journalRef,
      comments: paper.comments,
      zoteroKey: item.key,
      /** The id Quire opens the paper under (arXiv id, DOI or zotero:KEY). */
      quireId: paper.id,
      journal: paper.journal ?? null,
    },
    itemVersion: item.version,
    lastSynced: syncedAt,
  };
}

/** A cached row as the Paper the UI and the duplicate check read. */
export function paperFromCacheRow(row: Pick<CacheRow, "zoteroItemKey" | "title" | "authors" | "abstract" | "url" | "publishedDate" | "updatedDate" | "dateAdded" | "categories" | "metadata">): Paper {
  const meta = row.metadata as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  const arxivId = text(meta.arxivId);
  const bareArxiv = arxivId?.replace(/v\d+$/, "") ?? null;
  return {
    id: text(meta.quireId) ?? cachePaperId(row.zoteroItemKey),
    title: row.title ?? "Untitled",
    authors: row.authors,
    abstract: row.abstract ?? "",
    url: row.url ?? "",
    pdfUrl: bareArxiv ? `https://arxiv.org/pdf/${bareArxiv}` : null,
    publishedDate: row.publishedDate,
    updatedDate: row.updatedDate,
    ...(row.dateAdded ? { dateAdded: row.dateAdded.toISOString() } : {}),
    categories: row.categories,
    category: primaryCategory(row.categories),
    source: "zotero",
    doi: text(meta.doi),
    journalRef: text(meta.journalRef),
    comments: text(meta.comments),
    arxivId,
    zoteroKey: row.zoteroItemKey,
    ...(text(meta.itemType) ? { itemType: text(meta.itemType)! } : {}),
    ...(text(meta.journal) ? { journal: text(meta.journal)! } : {}),
    links: { abstract: bareArxiv ? `https://arxiv.org/abs/${bareArxiv}` : row.url, pdf: bareArxiv ? `https://arxiv.org/pdf/${bareArxiv}` : null },
  };
}

const UPSERT_CHUNK = 100;

/** zotero_cache: the user's mirrored library. Every query takes the user id. */
export function zoteroCacheRepository(db: Database) {
  return {
    /** Upsert on user plus paper_id (the spec's call); a transaction may be given. */
    async upsert(rows: CacheInsert[], tx: Database = db): Promise<void> {
      for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
        const chunk = rows.slice(i, i + UPSERT_CHUNK);
        if (chunk.length === 0) continue;
        await tx
          .insert(zoteroCache)
          .values(chunk)
          .onConflictDoUpdate({
            target: [zoteroCache.userId, zoteroCache.paperId],
            set: {
              zoteroItemKey: sql`excluded.zotero_item_key`,
              title: sql`excluded.title`,
              authors: sql`excluded.authors`,
              abstract: sql`excluded.abstract`,
              url: sql`excluded.url`,
              publishedDate: sql`excluded.published_date`,
              updatedDate: sql`excluded.updated_date`,
              dateAdded: sql`excluded.date_added`,
              category: sql`excluded.category`,
              categories: sql`excluded.categories`,
              metadata: sql`excluded.metadata`,
              itemVersion: sql`excluded.item_version`,
              lastSynced: sql`excluded.last_synced`,
              // The title, authors or year may have changed: the canonical id is made again.
              canonicalId: sql`null`,
            },
          });
      }
    },

    async removeKeys(userId: string, keys: readonly string[], tx: Database = db): Promise<number> {
      let removed = 0;
      for (let i = 0; i < keys.length; i += 500) {
        const chunk = keys.slice(i, i + 500);
        const rows = await tx
          .delete(zoteroCache)
          .where(and(eq(zoteroCache.userId, userId), inArray(zoteroCache.zoteroItemKey, chunk)))
          .returning({ id: zoteroCache.id });
        removed += rows.length;
      }
      return removed;
    },

    /** Every cached key with its version, for reconciling with Zotero's version list. */
    async versions(userId: string): Promise<Map<string, number | null>> {
      const rows = await db.select({ key: zoteroCache.zoteroItemKey, version: zoteroCache.itemVersion }).from(zoteroCache).where(eq(zoteroCache.userId, userId));
      return new Map(rows.map((row) => [row.key, row.version]));
    },

    async status(userId: string): Promise<{ count: number; lastSync: Date | null }> {
      const [row] = await db.select({ n: count(), last: max(zoteroCache.lastSynced) }).from(zoteroCache).where(eq(zoteroCache.userId, userId));
      return { count: Number(row?.n ?? 0), lastSync: row?.last ? new Date(row.last) : null };
    },

    async clear(userId: string): Promise<number> {
      const rows = await db.delete(zoteroCache).where(eq(zoteroCache.userId, userId)).returning({ id: zoteroCache.id });
      return rows.length;
    },

    /** Every cached paper (for the duplicate check and the existence check). */
    async papers(userId: string): Promise<Paper[]> {
      const rows = await db.select().from(zoteroCache).where(eq(zoteroCache.userId, userId));
      return rows.map(paperFromCacheRow);
    },

    /**
     * The cached item matching a lookup: same DOI, same arXiv id (any version), or the same title
     * (case and spacing aside) with the first author's last name among the authors.
     */
    async findExisting(userId: string, lookup: { doi?: string | null; arxivId?: string | null; title?: string | null; author?: string | null }): Promise<Paper | null> {
      const conditions: SQL[] = [];
      if (lookup.doi) conditions.push(sql`lower(${zoteroCache.metadata}->>'doi') = ${lookup.doi.trim().toLowerCase()}`);
      if (lookup.arxivId) {
        conditions.push(sql`regexp_replace(lower(coalesce(${zoteroCache.metadata}->>'arxivId', '')), 'v[0-9]+$', '') = ${lookup.arxivId.trim().toLowerCase().replace(/v\d+$/, "")}`);
      }
      const title = lookup.title?.toLowerCase().replace(/\s+/g, " ").trim();
      if (title) {
        const sameTitle = sql`regexp_replace(lower(btrim(coalesce(${zoteroCache.title}, ''))), '[[:space:]]+', ' ', 'g') = ${title}`;
        const author = lookup.author?.trim().replace(/[\\%_]/g, (char) => `\\${char}`);
        conditions.push(author ? sql`(${sameTitle} and ${zoteroCache.authors}::text ilike ${`%${author}%`})` : sameTitle);
      }
      if (conditions.length === 0) return null;
      const [row] = await db
        .select()
        .from(zoteroCache)
        .where(and(eq(zoteroCache.userId, userId), or(...conditions)))
        .limit(1);
      return row ? paperFromCacheRow(row) : null;
    },

    async byCanonicalId(userId: string, canonicalId: string): Promise<Paper | null> {
      const [row] = await db.select().from(zoteroCache).where(and(eq(zoteroCache.userId, userId), eq(zoteroCache.canonicalId, canonicalId))).limit(1);
      return row ? paperFromCacheRow(row) : null;
    },

    async canonicalStats(userId: string): Promise<{ total: number; withCanonicalId: number }> {
      const [row] = await db
        .select({ total: count(), with: count(zoteroCache.canonicalId) })
        .from(zoteroCache)
        .where(eq(zoteroCache.userId, userId));
      return { total: Number(row?.total ?? 0), withCanonicalId: Number(row?.with ?? 0) };
    },

    /** The next rows without a canonical id (the generator's batch). */
    async withoutCanonicalId(userId: string, limit: number) {
      return db.select().from(zoteroCache).where(and(eq(zoteroCache.userId, userId), isNull(zoteroCache.canonicalId))).orderBy(zoteroCache.id).limit(limit);
    },

    /** Sets canonical ids (one batch) in one statement. */
    async setCanonicalIds(userId: string, values: { id: string; canonicalId: string }[]): Promise<number> {
      if (values.length === 0) return 0;
      const cases = sql.join(
        values.map((value) => sql`when ${value.id}::uuid then ${value.canonicalId}`),
        sql` `,
      );
      const rows = await db
        .update(zoteroCache)
        .set({ canonicalId: sql`case ${zoteroCache.id} ${cases} end` })
        .where(and(eq(zoteroCache.userId, userId), inArray(zoteroCache.id, values.map((value) => value.id))))
        .returning({ id: zoteroCache.id });
      return rows.length;
    },

    /** The arXiv ids the user's own tables hold, for the id scan. */
    async arxivIdsToScan(userId: string) {
      const [bookmarks, history, cache] = await Promise.all([
        db.select({ rowId: userBookmarks.id, paperId: userBookmarks.paperId, paper: userBookmarks.paperData }).from(userBookmarks).where(eq(userBookmarks.userId, userId)),
        db.select({ rowId: userReadingHistory.id, paperId: userReadingHistory.paperId, paper: userReadingHistory.paperData }).from(userReadingHistory).where(eq(userReadingHistory.userId, userId)),
        db
          .select({ rowId: zoteroCache.id, paperId: zoteroCache.paperId, title: zoteroCache.title, metadata: zoteroCache.metadata })
          .from(zoteroCache)
          .where(and(eq(zoteroCache.userId, userId), isNotNull(sql`${zoteroCache.metadata}->>'arxivId'`))),
      ]);
      return { bookmarks, history, cache };
    },
  };
}
export type ZoteroCacheRepository = ReturnType<typeof zoteroCacheRepository>;
