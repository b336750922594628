import { errors } from "@/server/errors";
import type { Paper } from "@/shared/paper";
import { PAPER_ID_MAX_LENGTH, type ServerBookmark } from "@/shared/user-data";
import type { BookmarkRow, BookmarksRepository } from "./bookmarks.repository";
import { storedPaper } from "./stored-paper";

/** The user's server-side bookmarks (table user_bookmarks), one per paper. */
export function bookmarksService(repository: BookmarksRepository) {
  return {
    async list(userId: string): Promise<ServerBookmark[]> {
      return (await repository.list(userId)).map(toBookmark);
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
      const row = await repository.upsert(userId, {
        paperId,
        paperData: input.paper,
        tags: input.tags === undefined ? undefined : [...new Set(input.tags)],
        notes: input.notes,
        bookmarkedAt: input.bookmarkedAt ? new Date(input.bookmarkedAt) : undefined,
      });
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
  };
}
