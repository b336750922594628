import { and, count, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "@/server/db/client";
import type { DuplicateKeys, DuplicatePaper } from "@/shared/library/duplicates";
import { userBookmarks } from "@/server/db/schema";

export type BookmarkRow = typeof userBookmarks.$inferSelect;

/** The fields of a stored paper that duplicate detection reads. */
export type DuplicateSource = DuplicatePaper;

/** The filters of a list, already normalised by the service (words, not raw text). */
export type BookmarkListFilter = {
  words: string[];
  author: string;
  category?: string;
  collection?: string;
  trash: boolean;
};

export type BookmarkValues = {
  paperId: string;
  paperData: Record<string, unknown>;
  searchText: string;
  canonicalId: string | null;
  duplicateKeys: DuplicateKeys;
  tags?: string[];
  notes?: string | null;
  bookmarkedAt?: Date;
};

/** `%`, `_` and `\` are LIKE wildcards; a filter word is matched literally. */
function likeLiteral(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(userId: string, filter: BookmarkListFilter): SQL {
  const conditions: SQL[] = [eq(userBookmarks.userId, userId), filter.trash ? isNotNull(userBookmarks.deletedAt) : isNull(userBookmarks.deletedAt)];
  for (const word of filter.words) conditions.push(sql`${userBookmarks.searchText} like ${likeLiteral(word)}`);
  // The authors list as JSON text, lowercased: enough to find part of a name.
  if (filter.author) conditions.push(sql`lower(${userBookmarks.paperData}->>'authors') like ${likeLiteral(filter.author)}`);
  if (filter.category) conditions.push(sql`${userBookmarks.paperData}->'categories' @> ${JSON.stringify([filter.category])}::jsonb`);
  if (filter.collection) conditions.push(sql`${userBookmarks.tags} @> ${JSON.stringify([filter.collection])}::jsonb`);
  return and(...conditions)!;
}

export function bookmarksRepository(db: Database) {
  return {
    ...bookmarkQueries(db),
    /**
     * Runs `work` on one snapshot of the database (a repeatable-read transaction): what it reads
     * and what it writes are the library as of one moment plus its own writes, whatever other
     * requests commit meanwhile.
     */
    async inSnapshot<T>(work: (queries: BookmarkQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(bookmarkQueries(tx as unknown as Database)), { isolationLevel: "repeatable read" });
    },
  };
}

function bookmarkQueries(db: Database) {
  return {
    /**
     * A fingerprint of the user's rows that any insert, update or delete changes: their count
     * and the sum of their row versions' transaction ids (a write gives each row it writes the
     * id of its transaction, never the one the row had).
     */
    async libraryVersion(userId: string): Promise<string> {
      const [row] = await queryRows<{ version: string }>(
        db,
        sql`select count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text as version from ${userBookmarks} where user_id = ${userId}`,
      );
      return row?.version ?? "0:0";
    },

    /** Newest first; a page when `limit` is given. */
    async list(userId: string, filter: BookmarkListFilter, page: { limit?: number; offset: number }): Promise<{ rows: BookmarkRow[]; total: number }> {
      const where = whereOf(userId, filter);
      // `nulls last` as in user_bookmarks_user_library_order_idx: a first page walks that index
      // newest first and stops after `limit` matches instead of sorting every match.
      const query = db.select().from(userBookmarks).where(where).orderBy(sql`${userBookmarks.bookmarkedAt} desc nulls last`, sql`${userBookmarks.id} desc nulls last`);
      const rows = page.limit !== undefined ? await query.limit(page.limit).offset(page.offset) : await query.offset(page.offset);
      // A short page is the last one: its offset and length are the total, no count needed
      // (an empty page past the end is not, and counts).
      if (page.limit === undefined || (rows.length < page.limit && (page.offset === 0 || rows.length > 0))) return { rows, total: page.offset + rows.length };
      const [counted] = await db.select({ n: count() }).from(userBookmarks).where(where);
      return { rows, total: counted?.n ?? 0 };
    },

    /**
     * Paper ids in the library (not Trash) and the collections of those that have any. Built as
     * one JSON value in the database: 10,000 rows handed over one by one cost more than the query.
     */
    async ids(userId: string): Promise<{ ids: string[]; collections: Record<string, string[]> }> {
      const [row] = await queryRows<{ ids: string | null; collections: string | null }>(
        db,
        sql`select json_agg(paper_id)::text as ids,
                   json_object_agg(paper_id, tags) filter (where tags <> '[]'::jsonb)::text as collections
            from ${userBookmarks}
            where user_id = ${userId} and deleted_at is null`,
      );
      return { ids: row?.ids ? (JSON.parse(row.ids) as string[]) : [], collections: row?.collections ? (JSON.parse(row.collections) as Record<string, string[]>) : {} };
    },

    /**
     * The stored duplicate keys of the library, and for rows written before they were stored,
     * what duplicate detection reads of the paper (no abstract); built as JSON in the database.
     */
    async duplicateSources(userId: string): Promise<{ keys: DuplicateKeys[]; papers: DuplicateSource[] }> {
      const [row] = await queryRows<{ keys: string | null; papers: string | null }>(
        db,
        sql`select json_agg(duplicate_keys) filter (where duplicate_keys is not null)::text as keys,
                   json_agg(json_build_object(
                     'id', paper_id,
                     'title', coalesce(paper_data->>'title', ''),
                     'authors', coalesce(paper_data->'authors', '[]'::jsonb),
                     'authorDetails', paper_data->'authorDetails',
                     'publishedDate', paper_data->>'publishedDate',
                     'arxivId', paper_data->>'arxivId',
                     'doi', paper_data->>'doi',
                     'url', paper_data->>'url')) filter (where duplicate_keys is null)::text as papers
            from ${userBookmarks}
            where user_id = ${userId} and deleted_at is null`,
      );
      return {
        keys: row?.keys ? (JSON.parse(row.keys) as DuplicateKeys[]) : [],
        papers: row?.papers ? (JSON.parse(row.papers) as DuplicateSource[]) : [],
      };
    },

    /** Sets a bookmark's collections; undefined when the user has no such bookmark. */
    async setTags(userId: string, paperId: string, tags: string[]): Promise<BookmarkRow | undefined> {
      const [row] = await db
        .update(userBookmarks)
        .set({ tags })
        .where(and(eq(userBookmarks.userId, userId), eq(userBookmarks.paperId, paperId)))
        .returning();
      return row;
    },

    /**
     * Inserts or updates the bookmark of `paperId`; on update, tags, notes and bookmarkedAt
     * change only when given. A bookmark in Trash comes back to the library.
     */
    async upsert(userId: string, values: BookmarkValues): Promise<BookmarkRow> {
      const [row] = await db
        .insert(userBookmarks)
        .values({
          userId,
          paperId: values.paperId,
          paperData: values.paperData,
          searchText: values.searchText,
          canonicalId: values.canonicalId,
          duplicateKeys: values.duplicateKeys,
          tags: values.tags ?? [],
          notes: values.notes ?? null,
          ...(values.bookmarkedAt ? { bookmarkedAt: values.bookmarkedAt } : {}),
        })
        .onConflictDoUpdate({
          target: [userBookmarks.userId, userBookmarks.paperId],
          set: {
            paperData: sql`excluded.paper_data`,
            searchText: sql`excluded.search_text`,
            canonicalId: sql`excluded.canonical_id`,
            duplicateKeys: sql`excluded.duplicate_keys`,
            deletedAt: null,
            ...(values.tags !== undefined ? { tags: sql`excluded.tags` } : {}),
            ...(values.notes !== undefined ? { notes: sql`excluded.notes` } : {}),
            ...(values.bookmarkedAt ? { bookmarkedAt: sql`excluded.bookmarked_at` } : {}),
          },
        })
        .returning();
      if (!row) throw new Error("user_bookmarks upsert returned no row");
      return row;
    },

    /**
     * Writes whole bookmarks in one statement, keyed by paper id: running the same batch twice
     * (a retried sync) leaves the same rows. Notes are kept when the batch has none.
     */
    async upsertMany(userId: string, values: (BookmarkValues & { tags: string[]; bookmarkedAt: Date })[]): Promise<number> {
      if (values.length === 0) return 0;
      // The batch travels as one JSON parameter, unpacked by jsonb_to_recordset: building a
      // statement of 8 parameters a row cost more than the write itself for sync-sized batches.
      const rows = JSON.stringify(
        values.map((v) => ({
          paper_id: v.paperId,
          paper_data: v.paperData,
          search_text: v.searchText,
          canonical_id: v.canonicalId,
          duplicate_keys: v.duplicateKeys,
          tags: v.tags,
          notes: v.notes ?? null,
          bookmarked_at: v.bookmarkedAt.toISOString(),
        })),
      );
      await db.execute(sql`
        insert into ${userBookmarks} (user_id, paper_id, paper_data, search_text, canonical_id, duplicate_keys, tags, notes, bookmarked_at)
        select ${userId}::text, r.paper_id, r.paper_data, r.search_text, r.canonical_id, r.duplicate_keys, r.tags, r.notes, r.bookmarked_at
        from jsonb_to_recordset(${rows}::jsonb)
          as r(paper_id text, paper_data jsonb, search_text text, canonical_id text, duplicate_keys jsonb, tags jsonb, notes text, bookmarked_at timestamptz)
        on conflict (user_id, paper_id) do update set
          paper_data = excluded.paper_data,
          search_text = excluded.search_text,
          canonical_id = excluded.canonical_id,
          duplicate_keys = excluded.duplicate_keys,
          tags = excluded.tags,
          notes = coalesce(excluded.notes, ${userBookmarks}.notes),
          bookmarked_at = excluded.bookmarked_at,
          deleted_at = null
      `);
      // Every row is written (inserted or updated): the service hands over one row per paper.
      return values.length;
    },

    /** Moves to Trash (`deletedAt` set) or back (`null`). */
    async setDeleted(userId: string, paperId: string, deletedAt: Date | null): Promise<BookmarkRow | undefined> {
      const [row] = await db
        .update(userBookmarks)
        .set({ deletedAt })
        .where(and(eq(userBookmarks.userId, userId), eq(userBookmarks.paperId, paperId)))
        .returning();
      return row;
    },

    async delete(userId: string, paperId: string): Promise<number> {
      const rows = await db
        .delete(userBookmarks)
        .where(and(eq(userBookmarks.userId, userId), eq(userBookmarks.paperId, paperId)))
        .returning({ id: userBookmarks.id });
      return rows.length;
    },

    async deleteAll(userId: string): Promise<void> {
      await db.delete(userBookmarks).where(eq(userBookmarks.userId, userId));
    },
  };
}
export type BookmarkQueries = ReturnType<typeof bookmarkQueries>;
export type BookmarksRepository = ReturnType<typeof bookmarksRepository>;
