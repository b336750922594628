import { STORAGE_KEYS } from "@/shared/constants";
import {
  FEED_MARK_BATCH_MAX,
  FEED_MARKS_MAX,
  FEED_MARKS_REQUEST_MAX,
  toMarkedPaper,
  type FeedMarkEntry,
  type FeedMarkKind,
  type MarkedPaper,
  type UserFeedMarkKind,
} from "@/shared/feed/feed-mark-api";
import type { Paper } from "@/shared/paper";
import { api } from "@/web/lib/api";
import { createLocalValue, parseJsonOrNull } from "@/web/lib/local-store";
import { removeString } from "@/web/lib/storage";
import type { MigrationOutcome } from "@/web/lib/user-data/device-data-parts";
import type { BookmarkSummary, LocalBookmark } from "@/web/lib/user-data/bookmark-store";
import { paperKey } from "@/web/lib/user-data/paper-key";
import type { ReadingHistoryEntry } from "@/web/lib/user-data/reading-history-store";

/**
 * An anonymous visitor's Relevant / Not relevant marks, kept on the device under `feed-marks`
 * (a map from the paper's canonical id to its mark) and sent with each catch-up feed request.
 * At sign-in they move into the account (migrateDeviceFeedMarks), at sign-out they go.
 */
export const DEVICE_FEED_MARKS_KEY = STORAGE_KEYS.feedMarks;

export type FeedMarkMap = Readonly<Record<string, FeedMarkEntry>>;

const isMark = (value: unknown): value is FeedMarkEntry => {
  if (typeof value !== "object" || value === null) return false;
  const mark = value as Partial<FeedMarkEntry>;
  return (mark.kind === "relevant" || mark.kind === "not-relevant") && typeof mark.paper?.title === "string" && typeof mark.markedAt === "string";
};

function decode(raw: string | null): FeedMarkMap {
  const parsed = parseJsonOrNull(raw);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => isMark(value)));
}

const stored = createLocalValue<FeedMarkMap>(DEVICE_FEED_MARKS_KEY, decode);

/** Newest first. */
const newestFirst = (a: FeedMarkEntry, b: FeedMarkEntry) => Date.parse(b.markedAt) - Date.parse(a.markedAt);

export const deviceFeedMarks = {
  get: stored.get,
  subscribe: stored.subscribe,

  /** Sets (kind) or clears (null) a paper's mark; past FEED_MARKS_MAX the oldest go. */
  set(paper: MarkedPaper, kind: UserFeedMarkKind | null, now = new Date()): void {
    const paperId = paperKey(paper.id);
    stored.update((marks) => {
      const next: Record<string, FeedMarkEntry> = { ...marks };
      delete next[paperId];
      if (kind) next[paperId] = { paperId, kind, paper: { ...paper, id: paperId }, markedAt: now.toISOString() };
      const kept = Object.values(next).sort(newestFirst).slice(0, FEED_MARKS_MAX);
      return Object.fromEntries(kept.map((mark) => [mark.paperId, mark]));
    });
  },

  /** Sign-out: the key goes (subscribers told first, through the write it then removes). */
  clear(): void {
    stored.set({});
    removeString(DEVICE_FEED_MARKS_KEY);
  },
};

/** One mark of a feed request: an explicit mark, or a bookmark or a read (the weaker positives). */
export type RequestFeedMark = { kind: FeedMarkKind; paper: MarkedPaper };

/** A device bookmark or reading history entry, as much of it as a weak signal needs. */
type DeviceSignal = { paperId: string; paperData?: Paper | null; at: string };

/** The bookmarks among a device's bookmark index (the device's summaries are whole bookmarks). */
export function deviceBookmarkSignals(bookmarks: Readonly<Record<string, BookmarkSummary | LocalBookmark>>): DeviceSignal[] {
  return Object.values(bookmarks).flatMap((entry) => ("paperData" in entry ? [{ paperId: entry.paperId, paperData: entry.paperData, at: entry.dateAdded }] : []));
}

/** The papers of a device's reading history. */
export function deviceReadSignals(entries: readonly ReadingHistoryEntry[]): DeviceSignal[] {
  return entries.map((entry) => ({ paperId: entry.paperId, paperData: entry.paperData, at: entry.readAt }));
}

/**
 * What a feed request carries of the device: the newest explicit marks first, then the newest
 * bookmarks and reads as weaker positives (as the server adds a signed-in user's), one signal
 * per paper (a paper's explicit mark wins), within the request's cap.
 */
export function marksForFeedRequest(marks: FeedMarkMap, signals: { bookmarks?: readonly DeviceSignal[]; reads?: readonly DeviceSignal[] } = {}): RequestFeedMark[] {
  const explicit = Object.values(marks)
    .sort(newestFirst)
    .slice(0, FEED_MARKS_REQUEST_MAX)
    .map((mark): RequestFeedMark => ({ kind: mark.kind, paper: mark.paper }));
  const carried = new Set(explicit.map((mark) => mark.paper.id));
  const weak: RequestFeedMark[] = [];
  const add = (kind: "bookmark" | "read", list: readonly DeviceSignal[]) => {
    for (const signal of [...list].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))) {
      if (explicit.length + weak.length >= FEED_MARKS_REQUEST_MAX) return;
      const data = signal.paperData;
      const id = paperKey(signal.paperId);
      if (!data || typeof data.title !== "string" || carried.has(id)) continue;
      carried.add(id);
      weak.push({
        kind,
        paper: toMarkedPaper({
          id,
          title: data.title,
          abstract: typeof data.abstract === "string" ? data.abstract : "",
          authors: Array.isArray(data.authors) ? data.authors : [],
          categories: Array.isArray(data.categories) ? data.categories : [],
          publishedDate: data.publishedDate ?? null,
        }),
      });
    }
  };
  add("bookmark", signals.bookmarks ?? []);
  add("read", signals.reads ?? []);
  return [...explicit, ...weak];
}

/**
 * Sign-in: the device's marks go up in batches (the account keeps the later mark of a paper)
 * and each batch leaves the device once the server took it. A refused batch stays for next time.
 */
export async function migrateDeviceFeedMarks(): Promise<MigrationOutcome> {
  const marks = Object.values(stored.get());
  if (marks.length === 0) return "nothing";
  let failed = false;
  for (let start = 0; start < marks.length; start += FEED_MARK_BATCH_MAX) {
    const batch = marks.slice(start, start + FEED_MARK_BATCH_MAX);
    try {
      await api.post("/api/me/feed-marks/batch", { marks: batch.map(({ kind, paper, markedAt }) => ({ kind, paper, markedAt })) });
      stored.update((current) => {
        const next: Record<string, FeedMarkEntry> = { ...current };
        for (const mark of batch) if (next[mark.paperId]?.markedAt === mark.markedAt) delete next[mark.paperId];
        return next;
      });
    } catch {
      failed = true;
    }
  }
  if (Object.keys(stored.get()).length === 0) removeString(DEVICE_FEED_MARKS_KEY);
  return failed ? "failed" : "moved";
}
