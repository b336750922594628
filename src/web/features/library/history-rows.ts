import type { Paper } from "@/shared/paper";
import type { ReadingHistoryEntry } from "@/web/lib/user-data/reading-history-store";
import { READER_VIEWS, type ReaderView } from "@/web/features/reader/paper-route";

/** One view of a paper in the history: the reader view it opened, and when last. */
export type HistoryView = { view: ReaderView; label: string; readAt: string };

/** A row of /history: a paper, read last at `paper.dateAdded`, with every view it was read in. */
export type HistoryRow = { paper: Paper; views: HistoryView[] };

/**
 * The reader view a history entry's view type opened: the list's Read button ("paper") opens
 * the abstract page, so it counts as the abstract view.
 */
function readerViewOf(viewType: string): ReaderView | null {
  if (viewType === "paper" || viewType === "abs") return "abs";
  if (viewType === "pdf" || viewType === "html") return viewType;
  return null;
}

/**
 * The history as /history lists it: one row per paper (the store keeps an entry per paper and
 * view type), newest read first, each row naming the views it was read in (Abstract, PDF,
 * HTML, in the reader's order) with the time of the latest read of each. So the page's
 * "N papers read" counts exactly the rows it lists.
 */
export function groupReadingHistory(entries: readonly ReadingHistoryEntry[]): HistoryRow[] {
  const byPaper = new Map<string, { latest: ReadingHistoryEntry; views: Map<ReaderView, string> }>();
  for (const entry of entries) {
    const group = byPaper.get(entry.paperId) ?? { latest: entry, views: new Map<ReaderView, string>() };
    if (Date.parse(entry.readAt) > Date.parse(group.latest.readAt)) group.latest = entry;
    const view = readerViewOf(entry.viewType);
    const seen = view ? group.views.get(view) : undefined;
    if (view && (!seen || Date.parse(entry.readAt) > Date.parse(seen))) group.views.set(view, entry.readAt);
    byPaper.set(entry.paperId, group);
  }
  return [...byPaper.values()]
    .sort((a, b) => Date.parse(b.latest.readAt) - Date.parse(a.latest.readAt))
    .map(({ latest, views }) => ({
      paper: { ...latest.paperData, dateAdded: latest.readAt, historyEntryId: latest.id },
      views: READER_VIEWS.flatMap(({ view, label }) => {
        const readAt = views.get(view);
        return readAt ? [{ view, label, readAt }] : [];
      }),
    }));
}
