import { errors } from "@/server/errors";
import { storedPaper } from "@/server/features/bookmarks/stored-paper";
import type { BookmarksService } from "@/server/features/bookmarks/bookmarks.service";
import type { SettingsService } from "@/server/features/settings/settings.service";
import { applyPaperChanges, detectPaperChanges, type PaperChange } from "@/shared/paper-changes";
import type { Paper } from "@/shared/paper";
import type { ServerBookmark } from "@/shared/user-data";
import type { PaperChangeRow, PaperChangesRepository } from "./paper-changes.repository";
import type { PublicationLookup, PublicationQuestion } from "./publication-lookup";

/**
 * A kept paper whose arXiv record names no published version is asked about at OpenAlex and
 * Crossref at most once a week: journals take months, and each look-up spends their rate limits.
 */
export const PUBLICATION_CHECK_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;
/** Papers asked about in one check at most (the least recently asked first); the next check takes the next ones. */
export const PUBLICATION_CHECK_BATCH = 200;

export function toPaperChange(row: PaperChangeRow): PaperChange {
  return {
    id: row.id,
    paperId: row.paperId,
    title: row.title,
    kind: row.kind,
    origin: row.origin,
    source: row.source,
    fromVersion: row.fromVersion,
    toVersion: row.toVersion,
    versionDate: row.versionDate?.toISOString() ?? null,
    comment: row.comment,
    doi: row.doi,
    journalRef: row.journalRef,
    detectedAt: row.detectedAt.toISOString(),
    seenAt: row.seenAt?.toISOString() ?? null,
  };
}

/**
 * The version watch of each user: finds what changed in the papers they keep (from Quire's
 * arXiv index after each harvest and on a schedule, with OpenAlex and Crossref asked for the
 * publications arXiv's records do not name, and from a paper answer they open), lists it, and
 * moves a bookmark to the new version when they ask, never by itself.
 */
export function paperChangesService(deps: {
  repository: PaperChangesRepository;
  settings: Pick<SettingsService, "get">;
  bookmarks?: Pick<BookmarksService, "put">;
  /** OpenAlex and Crossref, for publications arXiv's record does not name; without it, the index alone. */
  publications?: PublicationLookup;
  clock?: () => Date;
}) {
  const { repository, settings } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** Asks OpenAlex and Crossref about the kept papers due a look-up and records the answers; answers how many were asked. */
  async function lookUpPublications(): Promise<number> {
    if (!deps.publications) return 0;
    const rows = await repository.publicationQuestions(new Date(clock().getTime() - PUBLICATION_CHECK_INTERVAL_MS), PUBLICATION_CHECK_BATCH);
    if (rows.length === 0) return 0;
    const questions: PublicationQuestion[] = rows.map((row) => ({
      paperId: row.paperId,
      title: row.title,
      authors: Array.isArray(row.authors) ? row.authors.filter((name): name is string => typeof name === "string") : [],
      year: Number(/^\d{4}/.exec(row.published ?? "")?.[0] ?? Number.NaN) || null,
    }));
    const answers = await deps.publications.lookUp(questions);
    await repository.recordPublications(
      [...answers].map(([paperId, found]) => ({ paperId, doi: found?.doi ?? null, journalRef: found?.journalRef ?? null, source: found?.source ?? null })),
    );
    return answers.size;
  }

  return {
    /**
     * Every watching user's kept papers: first OpenAlex and Crossref for the publications arXiv
     * does not name (the papers due a look-up), then everything against the index and those
     * look-ups. Answers how many changes are new.
     */
    async checkAll(): Promise<number> {
      await lookUpPublications();
      return repository.detectFromIndex(null);
    },

    /** One user's kept papers against the index (none when they switched the watch off). */
    checkUser: (userId: string) => repository.detectFromIndex(userId),

    async list(userId: string): Promise<PaperChange[]> {
      return (await repository.listOpen(userId)).map(toPaperChange);
    },

    /**
     * A paper answer the user just opened (the arXiv API's, OpenAlex's or Crossref's, fetched
     * for the reader anyway): what it says changed since their bookmark of it. Papers outside
     * the index are watched this way, with no request of its own upstream.
     */
    async observe(userId: string, paper: Paper): Promise<PaperChange[]> {
      if (!(await settings.get(userId)).watchPaperChanges) return [];
      const bookmark = await repository.bookmark(userId, paper.id);
      if (!bookmark) return [];
      const kept = storedPaper(bookmark.paperId, bookmark.paperData);
      await repository.insert(userId, "bookmark", "opened", kept.title, detectPaperChanges(kept, paper));
      return (await repository.listOpen(userId, { paperId: paper.id })).map(toPaperChange);
    },

    async markSeen(userId: string, ids?: string[]): Promise<number> {
      return repository.markSeen(userId, ids);
    },

    async dismiss(userId: string, id: string): Promise<PaperChange> {
      const row = await repository.dismiss(userId, id);
      if (!row) throw errors.notFound("Change not found.");
      return toPaperChange(row);
    },

    /**
     * Moves the bookmark to what its open changes say (the newest version, the DOI and journal
     * reference): the reader and the cloud PDF cache then open the new version; the cached PDF
     * of the old one is left as it is.
     */
    async applyToBookmark(userId: string, paperId: string): Promise<ServerBookmark> {
      if (!deps.bookmarks) throw errors.unavailable("Bookmarks cannot be updated here.");
      const bookmark = await repository.bookmark(userId, paperId);
      if (!bookmark) throw errors.notFound("Bookmark not found.");
      const changes = (await repository.listOpen(userId, { paperId })).filter((row) => row.origin === "bookmark");
      if (changes.length === 0) throw errors.conflict("This bookmark has no change to apply.");
      const updated = applyPaperChanges(storedPaper(bookmark.paperId, bookmark.paperData), changes.map(toPaperChange));
      const saved = await deps.bookmarks.put(userId, paperId, { paper: updated });
      await repository.markApplied(
        userId,
        changes.map((change) => change.id),
      );
      return saved;
    },

    /** The open changes no digest has listed yet, and what marks them listed. */
    async forDigest(userId: string): Promise<{ changes: PaperChange[]; markDigested(): Promise<void> }> {
      if (!(await settings.get(userId)).watchPaperChanges) return { changes: [], markDigested: async () => {} };
      const rows = await repository.listOpen(userId, { undigested: true });
      return {
        changes: rows.map(toPaperChange),
        markDigested: () =>
          repository.markDigested(
            userId,
            rows.map((row) => row.id),
          ),
      };
    },
  };
}
export type PaperChangesService = ReturnType<typeof paperChangesService>;
