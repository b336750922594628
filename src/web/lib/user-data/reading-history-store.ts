import {
  READING_HISTORY_ANONYMOUS_MAX_ENTRIES,
  READING_HISTORY_KEEP_PER_PAPER_VIEW,
  READING_HISTORY_MERGE_WINDOW_MS,
  SETTINGS_DEFAULTS,
  STORAGE_KEYS,
} from "@/shared/constants";
import type { Paper } from "@/shared/paper";
import { createLocalValue, parseJsonOrNull, randomId } from "@/web/lib/local-store";
import { readJson } from "@/web/lib/storage";
import { paperKey } from "./paper-key";

/**
 * Reading history. Features use the ReadingHistoryStore
 * interface; this file holds the rules and the device implementation (anonymous visitors,
 * newest 50). The accounts issue adds the server implementation.
 */

export type ReadingHistoryEntry = {
  id: string;
  paperId: string;
  paperData: Paper;
  /** Which view was opened: "paper", "abs", "pdf", "html". */
  viewType: string;
  /** ISO timestamp of the latest read. */
  readAt: string;
};

export interface ReadingHistoryStore {
  getSnapshot(): readonly ReadingHistoryEntry[];
  subscribe(onChange: () => void): () => void;
  /** Records a read, unless the enableReadingHistory setting is off. */
  record(paper: Paper, viewType: string): Promise<void>;
  /** Removes every entry (Clear History). */
  clear(): Promise<void>;
  /** Reads the history again from where it lives (Refresh). */
  reload(): Promise<void>;
}

export type ReadingHistoryLimits = { mergeWindowMs: number; keepPerPaperView: number; maxEntries: number };

export const ANONYMOUS_READING_HISTORY_LIMITS: ReadingHistoryLimits = {
  mergeWindowMs: READING_HISTORY_MERGE_WINDOW_MS,
  keepPerPaperView: READING_HISTORY_KEEP_PER_PAPER_VIEW,
  maxEntries: READING_HISTORY_ANONYMOUS_MAX_ENTRIES,
};

/**
 * The history after a read: a read of the same paper and view within the merge window
 * updates that entry's read time (and moves it to the front); otherwise a new entry is added
 * and only the newest `keepPerPaperView` for that paper and view are kept. At most
 * `maxEntries` overall, newest first.
 */
export function recordReading(
  entries: readonly ReadingHistoryEntry[],
  read: { paper: Paper; viewType: string; now: Date; id?: string },
  limits: ReadingHistoryLimits = ANONYMOUS_READING_HISTORY_LIMITS,
): ReadingHistoryEntry[] {
  const sorted = [...entries].sort((a, b) => Date.parse(b.readAt) - Date.parse(a.readAt));
  // Spellings of one id are one paper (paper-key.ts): the version read stays in paperData.
  const paperId = paperKey(read.paper.id);
  const samePaperView = (entry: ReadingHistoryEntry) => paperKey(entry.paperId) === paperId && entry.viewType === read.viewType;
  const recent = sorted.find(samePaperView);
  const readAt = read.now.toISOString();

  if (recent && read.now.getTime() - Date.parse(recent.readAt) < limits.mergeWindowMs) {
    const updated = { ...recent, readAt, paperData: read.paper };
    return [updated, ...sorted.filter((entry) => entry !== recent)].slice(0, limits.maxEntries);
  }

  const added: ReadingHistoryEntry = { id: read.id ?? randomId(), paperId, paperData: read.paper, viewType: read.viewType, readAt };
  let kept = 0;
  return [added, ...sorted]
    .filter((entry) => !samePaperView(entry) || ++kept <= limits.keepPerPaperView)
    .slice(0, limits.maxEntries);
}

function isEntry(value: unknown): value is ReadingHistoryEntry {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Partial<ReadingHistoryEntry>;
  return typeof entry.paperId === "string" && typeof entry.viewType === "string" && typeof entry.readAt === "string";
}

export function decodeReadingHistory(raw: string | null): ReadingHistoryEntry[] {
  const value = parseJsonOrNull(raw);
  // Entries kept under older spellings of an id are filed under the canonical id (paper-key.ts).
  return Array.isArray(value) ? value.filter(isEntry).map((entry) => ({ ...entry, paperId: paperKey(entry.paperId) })) : [];
}

/** The enableReadingHistory setting from the device's settings (on unless turned off). */
function readingHistoryEnabled(): boolean {
  const settings = readJson(STORAGE_KEYS.settings);
  if (typeof settings === "object" && settings !== null && "enableReadingHistory" in settings) {
    return (settings as { enableReadingHistory: unknown }).enableReadingHistory !== false;
  }
  return SETTINGS_DEFAULTS.enableReadingHistory;
}

export function createLocalReadingHistoryStore(
  options: { key?: string; now?: () => Date; limits?: ReadingHistoryLimits } = {},
): ReadingHistoryStore {
  const now = options.now ?? (() => new Date());
  const value = createLocalValue(options.key ?? STORAGE_KEYS.readingHistory, decodeReadingHistory);
  return {
    getSnapshot: value.get,
    subscribe: value.subscribe,
    async record(paper, viewType) {
      if (!readingHistoryEnabled()) return;
      value.update((entries) => recordReading(entries, { paper, viewType, now: now() }, options.limits));
    },
    async clear() {
      value.update(() => []);
    },
    async reload() {
      // localStorage is read on every snapshot; nothing to fetch.
    },
  };
}
