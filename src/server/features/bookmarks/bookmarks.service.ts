import { AppError, errors } from "@/server/errors";
import { bookmarkSearchText, filterWords } from "@/shared/library/bookmark-filter";
import type { EntityIdentity } from "@/server/features/entities/entities.repository";
import {
  addPaperToKeyedIndex,
  createKeyedDuplicateIndex,
  duplicateKeysOf,
  duplicateMessage,
  replacePaperInKeyedIndex,
  type DuplicateIndex,
  type DuplicateKeys,
  type DuplicateMatch,
  type KeyedPaper,
} from "@/shared/library/duplicates";
import type { Paper } from "@/shared/paper";
import { PAPER_ID_MAX_LENGTH, type BatchBookmark, type BookmarkListQuery, type ServerBookmark } from "@/shared/user-data";
import type { BookmarkQueries, BookmarkRow, BookmarksRepository, BookmarkValues } from "./bookmarks.repository";
import { storedPaper } from "./stored-paper";

/** The stored entities of papers (entities.repository.ts). */
export type EntityLookup = { ofPapers(papers: Paper[]): Promise<Map<string, EntityIdentity[]>> };

/**
 * The user's server-side bookmarks (table user_bookmarks), one per paper; Trash holds the
 * deleted ones. With `entities`, a paper is also a duplicate of a bookmark its stored entity
 * names (the arXiv preprint and its OpenAlex or Crossref record, whatever their titles).
 */
export function bookmarksService(repository: BookmarksRepository, entities?: EntityLookup) {
  /** Every library paper's duplicate keys (the stored ones, else made from the paper). */
  async function libraryKeys(userId: string, queries: Pick<BookmarkQueries, "duplicateSources"> = repository): Promise<DuplicateKeys[]> {
    const { keys, papers } = await queries.duplicateSources(userId);
    return [...keys, ...papers.map((paper) => duplicateKeysOf({ ...paper, authors: Array.isArray(paper.authors) ? paper.authors : [] }))];
  }

  /**
   * The duplicate index of libraries a batch wrote last, each with the library's version after
   * that batch: a sync writes a library in dozens of batches in a row, and building the index of
   * 10,000 papers again for each was most of each batch's time. A batch uses the index only if
   * the library is still at that version (nothing else wrote it since, on any instance), and
   * takes it out while it works, so two batches of one user never share one.
   */
  const recentIndexes = new Map<string, { version: string; index: DuplicateIndex<KeyedPaper> }>();
  const RECENT_INDEXES_KEPT = 8;

  /**
   * For each paper, what its entities say of it: a finder of the library paper (not itself)
   * that holds any identifier of one of its entities, asked when the paper's turn comes.
   */
  async function entityFinder(papers: Paper[]): Promise<(index: DuplicateIndex<KeyedPaper>, paper: Paper) => DuplicateMatch<KeyedPaper> | null> {
    const entitiesOf = entities ? await entities.ofPapers(papers) : new Map<string, EntityIdentity[]>();
    return (index, paper) => {
      for (const row of entitiesOf.get(paper.id) ?? []) {
        const existing = index.findByIdentifiers(
          {
            ids: [row.openalexId, row.arxivId, row.doi].filter((id): id is string => Boolean(id)).map((id) => id.toLowerCase()),
            arxivIds: row.arxivId ? [row.arxivId.toLowerCase()] : [],
            dois: row.doi ? [row.doi.toLowerCase()] : [],
          },
          (candidate) => candidate.id === paper.id,
        );
        if (existing) return { rule: "entity", existing };
      }
      return null;
    };
  }

  return {
    /** Every bookmark in the library, newest first. */
    async list(userId: string): Promise<ServerBookmark[]> {
      return (await repository.list(userId, { words: [], author: "", trash: false }, { offset: 0 })).rows.map(toBookmark);
    },

    /** A filtered page (the Bookmarks page, Trash, a collection). */
    async page(userId: string, query: BookmarkListQuery): Promise<{ bookmarks: ServerBookmark[]; total: number }> {
      const { rows, total } = await repository.list(
        userId,
        {
          words: filterWords(query.q),
          author: query.author?.trim().toLowerCase() ?? "",
          category: query.category?.trim() || undefined,
          collection: query.collection?.trim() || undefined,
          trash: query.trash === "true",
        },
        { limit: query.limit, offset: query.offset },
      );
      return { bookmarks: rows.map(toBookmark), total };
    },

    /** The library's paper ids and, for bookmarks in collections, their collections. */
    async ids(userId: string): Promise<{ ids: string[]; collections: Record<string, string[]> }> {
      return repository.ids(userId);
    },

    /** Every library paper's duplicate keys, for the Bookmark toggle's duplicate check. */
    async duplicateKeys(userId: string): Promise<DuplicateKeys[]> {
      return libraryKeys(userId);
    },

    /** Sets the collections (tags) of one bookmark. */
    async setTags(userId: string, paperId: string, tags: string[]): Promise<ServerBookmark> {
      checkPaperId(paperId);
      const row = await repository.setTags(userId, paperId, [...new Set(tags)]);
      if (!row) throw errors.notFound("Bookmark not found.");
      return toBookmark(row);
    },

    async put(
      userId: string,
      paperId: string,
      input: { paper: Paper; tags?: string[]; notes?: string | null; bookmarkedAt?: string },
    ): Promise<ServerBookmark> {
      checkPaperId(paperId);
      if (input.paper.id !== paperId) {
        throw errors.validation(`paper.id: "${input.paper.id}" does not match the paper id in the path ("${paperId}").`);
      }
      // The Bookmark toggle's duplicate rule, on the server too (API and sync clients): the
      // same paper under another id (a version, its DOI) is not kept twice.
      const [index, sameEntity] = await Promise.all([libraryKeys(userId).then(createKeyedDuplicateIndex), entityFinder([input.paper])]);
      const found = index.find(input.paper);
      const duplicate = found && found.existing.id !== paperId ? found : sameEntity(index, input.paper);
      if (duplicate && duplicate.existing.id !== paperId) {
        throw new AppError("already_bookmarked", duplicateMessage(duplicate), 409, { existingId: duplicate.existing.id, rule: duplicate.rule });
      }
      const row = await repository.upsert(userId, {
        ...paperValues(input.paper),
        tags: input.tags === undefined ? undefined : [...new Set(input.tags)],
        notes: input.notes,
        bookmarkedAt: input.bookmarkedAt ? new Date(input.bookmarkedAt) : undefined,
      });
      return toBookmark(row);
    },

    /** Sync's idempotent batch: the last copy of a paper in the batch wins. */
    async putMany(userId: string, bookmarks: BatchBookmark[]): Promise<{ saved: number; duplicates: number }> {
      const byPaper = new Map(bookmarks.map((bookmark) => [bookmark.paper.id, bookmark]));
      const sameEntity = await entityFinder([...byPaper.values()].map((bookmark) => bookmark.paper));
      // One snapshot from the library's version to the write and the version after it, so the
      // index kept below is exactly the library at that version.
      const { saved, kept, index, version } = await repository.inSnapshot(async (queries) => {
        const before = await queries.libraryVersion(userId);
        const recent = recentIndexes.get(userId);
        recentIndexes.delete(userId);
        const index = recent?.version === before ? recent.index : createKeyedDuplicateIndex(await libraryKeys(userId, queries));
        // A paper the library (or this batch, earlier) already holds under another id is left out.
        // A paper written again with other keys (a new title) is re-indexed in its entry's place;
        // where that cannot be done as a rebuilt index would hold it, the index is not kept for
        // the next batch (a sync rewriting thousands of titles rebuilt it for every batch).
        let exact = true;
        const kept = [...byPaper.values()].filter((bookmark) => {
          const match = index.find(bookmark.paper);
          if (match && match.existing.id !== bookmark.paper.id) return false;
          if (sameEntity(index, bookmark.paper)) return false;
          if (index.holdsAsIs(bookmark.paper)) return true;
          if (replacePaperInKeyedIndex(index, bookmark.paper)) return true;
          if (match) exact = false;
          addPaperToKeyedIndex(index, bookmark.paper);
          return true;
        });
        const saved = await queries.upsertMany(
          userId,
          kept.map((bookmark) => ({
            ...paperValues(bookmark.paper),
            tags: [...new Set(bookmark.tags)],
            notes: bookmark.notes,
            bookmarkedAt: new Date(bookmark.bookmarkedAt),
          })),
        );
        return { saved, kept, index: exact ? index : null, version: await queries.libraryVersion(userId) };
      });
      // Kept only once the write is committed: a failed one leaves no index of rows that are not there.
      if (index) recentIndexes.set(userId, { version, index });
      if (recentIndexes.size > RECENT_INDEXES_KEPT) recentIndexes.delete(recentIndexes.keys().next().value!);
      return { saved, duplicates: byPaper.size - kept.length };
    },

    async trash(userId: string, paperId: string, now = new Date()): Promise<ServerBookmark> {
      checkPaperId(paperId);
      const row = await repository.setDeleted(userId, paperId, now);
      if (!row) throw errors.notFound("Bookmark not found.");
      return toBookmark(row);
    },

    async restore(userId: string, paperId: string): Promise<ServerBookmark> {
      checkPaperId(paperId);
      const row = await repository.setDeleted(userId, paperId, null);
      if (!row) throw errors.notFound("Bookmark not found.");
      return toBookmark(row);
    },

    async delete(userId: string, paperId: string): Promise<void> {
      checkPaperId(paperId);
      await repository.delete(userId, paperId);
    },

    async clear(userId: string): Promise<void> {
      await repository.deleteAll(userId);
    },
  };
}
export type BookmarksService = ReturnType<typeof bookmarksService>;

function paperValues(paper: Paper): Pick<BookmarkValues, "paperId" | "paperData" | "searchText" | "canonicalId" | "duplicateKeys"> {
  // The duplicate keys hold the canonical id: computed once.
  const duplicateKeys = duplicateKeysOf(paper);
  return { paperId: paper.id, paperData: paper, searchText: bookmarkSearchText(paper), canonicalId: duplicateKeys.canonicalId, duplicateKeys };
}

function checkPaperId(paperId: string): void {
  if (paperId.length === 0 || paperId.length > PAPER_ID_MAX_LENGTH) {
    throw errors.validation(`paperId: a paper id has 1 to ${PAPER_ID_MAX_LENGTH} characters.`);
  }
}

function toBookmark(row: BookmarkRow): ServerBookmark {
  return {
    id: row.id,
    paperId: row.paperId,
    paperData: storedPaper(row.paperId, row.paperData),
    notes: row.notes,
    tags: row.tags ?? [],
    bookmarkedAt: row.bookmarkedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}
