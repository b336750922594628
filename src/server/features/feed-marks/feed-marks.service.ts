import { errors } from "@/server/errors";
import { FEED_MARKS_MAX, toMarkedPaper, type FeedMarkEntry, type MarkedPaper, type UserFeedMarkKind } from "@/shared/feed/feed-mark-api";
import type { FeedMark } from "@/shared/feed/feed-marks";
import { canonicalPaperId } from "@/shared/paper-id";
import type { FeedMarkRow, FeedMarksRepository, StoredSignal } from "./feed-marks.repository";

/** Bookmarks and read papers the learned feed trains on (the newest): enough to know a user, few enough to train in milliseconds. */
export const FEED_BOOKMARK_SIGNALS_MAX = 500;
export const FEED_READ_SIGNALS_MAX = 200;

/**
 * A user's Relevant / Not relevant marks (table feed_marks), one per paper under its canonical
 * id, and what the learned feed trains on: those marks, then bookmarks and reads as weaker
 * positives (FEED_MARK_WEIGHTS).
 */
export function feedMarksService(repository: FeedMarksRepository, clock: { now(): Date } = { now: () => new Date() }) {
  return {
    async list(userId: string): Promise<FeedMarkEntry[]> {
      return (await repository.list(userId, FEED_MARKS_MAX)).map(toEntry);
    },

    /** Idempotent: marking a paper again sets its kind and time. */
    async set(userId: string, paperId: string, input: { kind: UserFeedMarkKind; paper: MarkedPaper; markedAt?: string }): Promise<FeedMarkEntry> {
      if (canonicalPaperId(input.paper.id) !== paperId) {
        throw errors.validation(`paper.id: "${input.paper.id}" does not match the paper id in the path ("${paperId}").`);
      }
      const row = await repository.upsert(userId, {
        paperId,
        kind: input.kind,
        paperData: { ...input.paper, id: paperId },
        markedAt: input.markedAt ? new Date(input.markedAt) : clock.now(),
      });
      await repository.prune(userId, FEED_MARKS_MAX);
      return toEntry(row);
    },

    async remove(userId: string, paperId: string): Promise<void> {
      await repository.delete(userId, paperId);
    },

    /** The sign-in move: a device's marks join the account's; of two marks of a paper the later wins. */
    async importMany(userId: string, marks: { kind: UserFeedMarkKind; paper: MarkedPaper; markedAt: string }[]): Promise<{ saved: number }> {
      // One row per paper (the batch's latest), as the table holds.
      const byPaper = new Map<string, (typeof marks)[number]>();
      for (const mark of marks) {
        const known = byPaper.get(mark.paper.id);
        if (!known || Date.parse(mark.markedAt) >= Date.parse(known.markedAt)) byPaper.set(mark.paper.id, mark);
      }
      const saved = await repository.upsertNewer(
        userId,
        [...byPaper.values()].map((mark) => ({ paperId: mark.paper.id, kind: mark.kind, paperData: mark.paper, markedAt: new Date(mark.markedAt) })),
      );
      await repository.prune(userId, FEED_MARKS_MAX);
      return { saved };
    },

    /**
     * Everything the user's model learns from, weakest first so that resolveMarks keeps the
     * explicit mark of a paper also bookmarked or read; and whether any mark is explicit.
     */
    async trainingMarks(userId: string): Promise<{ marks: FeedMark[]; explicit: number }> {
      const [explicit, bookmarked, read] = await Promise.all([
        repository.list(userId, FEED_MARKS_MAX),
        repository.bookmarkedPapers(userId, FEED_BOOKMARK_SIGNALS_MAX),
        repository.readPapers(userId, FEED_READ_SIGNALS_MAX),
      ]);
      const weak = (kind: "bookmark" | "read", signals: StoredSignal[]): FeedMark[] =>
        signals.flatMap((signal) => {
          const paper = storedMarkedPaper(signal);
          return paper ? [{ kind, paper }] : [];
        });
      // Oldest explicit mark first: the later mark of a paper wins in resolveMarks.
      const marks = [...weak("read", read), ...weak("bookmark", bookmarked), ...[...explicit].reverse().map((row) => ({ kind: row.kind, paper: row.paperData }))];
      return { marks, explicit: explicit.length };
    },
  };
}
export type FeedMarksService = ReturnType<typeof feedMarksService>;

function toEntry(row: FeedMarkRow): FeedMarkEntry {
  return { paperId: row.paperId, kind: row.kind, paper: row.paperData, markedAt: row.markedAt.toISOString() };
}

/** A bookmark's or a history entry's stored paper, when it has the text the model reads. */
function storedMarkedPaper(signal: StoredSignal): MarkedPaper | null {
  const data = signal.paperData;
  if (!data || typeof data.title !== "string") return null;
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);
  return toMarkedPaper({
    id: canonicalPaperId(signal.paperId) ?? signal.paperId,
    title: data.title,
    abstract: typeof data.abstract === "string" ? data.abstract : "",
    authors: strings(data.authors),
    categories: strings(data.categories),
    publishedDate: typeof data.publishedDate === "string" ? data.publishedDate : null,
  });
}
