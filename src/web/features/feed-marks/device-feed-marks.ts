import { STORAGE_KEYS } from "@/shared/constants";
import { FEED_MARK_BATCH_MAX, FEED_MARKS_MAX, FEED_MARKS_REQUEST_MAX, type FeedMarkEntry, type MarkedPaper, type UserFeedMarkKind } from "@/shared/feed/feed-mark-api";
import { api } from "@/web/lib/api";
import { createLocalValue, parseJsonOrNull } from "@/web/lib/local-store";
import { removeString } from "@/web/lib/storage";
import type { MigrationOutcome } from "@/web/lib/user-data/device-data-parts";
import { paperKey } from "@/web/lib/user-data/paper-key";

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

/** What a feed request carries of the device's marks: the newest, within the request's cap. */
export function marksForFeedRequest(marks: FeedMarkMap): { kind: UserFeedMarkKind; paper: MarkedPaper }[] {
  return Object.values(marks)
    .sort(newestFirst)
    .slice(0, FEED_MARKS_REQUEST_MAX)
    .map((mark) => ({ kind: mark.kind, paper: mark.paper }));
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
