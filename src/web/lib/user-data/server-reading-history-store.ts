import { READING_HISTORY_KEEP_PER_PAPER_VIEW, READING_HISTORY_LOAD_LIMIT, READING_HISTORY_MERGE_WINDOW_MS } from "@/shared/constants";
import type { Paper } from "@/shared/paper";
import type { ApiReadingHistoryEntry } from "@/shared/user-data";
import { VIEW_TYPES } from "@/shared/user-data-values";
import { api } from "@/web/lib/api";
import { randomId } from "@/web/lib/local-store";
import {
  recordReading,
  type ReadingHistoryEntry,
  type ReadingHistoryLimits,
  type ReadingHistoryStore,
} from "@/web/lib/user-data/reading-history-store";
import { createRemoteValue, type LoadStatus } from "@/web/lib/user-data/remote-value";
import { toastFailure, USER_DATA_MESSAGES, UserDataInputError } from "@/web/lib/user-data/user-data-errors";

/** Signed-in reading history: the 1 h merge and 10 per paper and view, up to 1000 entries loaded. */
export const SIGNED_IN_READING_HISTORY_LIMITS: ReadingHistoryLimits = {
  mergeWindowMs: READING_HISTORY_MERGE_WINDOW_MS,
  keepPerPaperView: READING_HISTORY_KEEP_PER_PAPER_VIEW,
  maxEntries: READING_HISTORY_LOAD_LIMIT,
};

export type ServerReadingHistoryStore = ReadingHistoryStore & { getStatus(): LoadStatus; load(): Promise<unknown>; dispose(): void };

/**
 * A signed-in user's reading history in `/api/me/history`: the server applies the merge and
 * keep rules; the snapshot applies them too so the list is right before the answer arrives.
 */
export function createServerReadingHistoryStore(options: {
  ready?: () => Promise<unknown>;
  /** The enableReadingHistory setting of the same user. */
  isEnabled: () => Promise<boolean>;
  now?: () => Date;
}): ServerReadingHistoryStore {
  const now = options.now ?? (() => new Date());
  const value = createRemoteValue<readonly ReadingHistoryEntry[]>({
    initial: [],
    fetch: async () => {
      await options.ready?.().catch(() => undefined);
      const { entries } = await api.get<{ entries: ApiReadingHistoryEntry[] }>("/api/me/history", {
        query: { limit: READING_HISTORY_LOAD_LIMIT, offset: 0 },
      });
      return entries as ReadingHistoryEntry[];
    },
    onLoadError: () => toastFailure(USER_DATA_MESSAGES.loadReadingHistory),
  });

  return {
    getSnapshot: value.get,
    getStatus: value.getStatus,
    subscribe: value.subscribe,
    load: value.load,
    dispose: value.dispose,
    async clear() {
      const before = value.get();
      value.set([]);
      try {
        await api.delete("/api/me/history");
      } catch (error) {
        value.set(before);
        toastFailure(USER_DATA_MESSAGES.clearReadingHistory);
        throw error;
      }
    },
    async reload() {
      await value.reload();
    },
    async record(paper: Paper, viewType: string) {
      if (!(VIEW_TYPES as readonly string[]).includes(viewType)) {
        throw new UserDataInputError(`Reading not recorded: unknown view "${viewType}" (expected ${VIEW_TYPES.join(", ")}).`);
      }
      if (!(await options.isEnabled())) return;
      // Only a loaded list is changed ahead of the answer; otherwise the next load brings it.
      const before = value.getStatus() === "ready" ? value.get() : undefined;
      const pendingId = `pending-${randomId()}`;
      const optimistic = before ? recordReading(before, { paper, viewType, now: now(), id: pendingId }, SIGNED_IN_READING_HISTORY_LIMITS) : undefined;
      if (optimistic) value.set(optimistic);
      try {
        const { entry } = await api.post<{ entry: ApiReadingHistoryEntry }>("/api/me/history", { paper, viewType });
        if (optimistic && value.get() === optimistic) {
          // recordReading puts the read (new or merged) first: it becomes the server's entry.
          const saved = entry as ReadingHistoryEntry;
          value.set([saved, ...optimistic.slice(1).filter((item) => item.id !== saved.id)]);
        }
      } catch (error) {
        if (optimistic && value.get() === optimistic && before) value.set(before);
        throw error;
      }
    },
  };
}
