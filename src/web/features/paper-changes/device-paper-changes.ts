import { changeKey, detectPaperChanges, type PaperChange, type PaperChangeDraft } from "@/shared/paper-changes";
import type { Paper } from "@/shared/paper";
import { readJson, writeString } from "@/web/lib/storage";
import type { LocalBookmark } from "@/web/lib/user-data/bookmark-store";
import { paperKey } from "@/web/lib/user-data/paper-key";

/**
 * An anonymous user's version watch, on the device: what the papers the device was shown (one
 * opened, a search's results) said changed since the device's bookmark of them. The device
 * cannot ask the index about every bookmark, so it finds only what it sees.
 */
const KEY = "paper-changes";
const MAX_KEPT = 200;

let listeners: (() => void)[] = [];
let snapshot: PaperChange[] | null = null;

function read(): PaperChange[] {
  if (snapshot) return snapshot;
  const stored = readJson(KEY);
  snapshot = Array.isArray(stored) ? (stored as PaperChange[]) : [];
  return snapshot;
}

function write(changes: PaperChange[]): void {
  snapshot = changes.slice(0, MAX_KEPT);
  writeString(KEY, JSON.stringify(snapshot));
  for (const listener of listeners) listener();
}

export const devicePaperChanges = {
  getSnapshot: read,
  subscribe(listener: () => void): () => void {
    listeners.push(listener);
    return () => {
      listeners = listeners.filter((other) => other !== listener);
    };
  },
  /** Compares a fresh paper with the device's bookmark of it; keeps what is new. */
  observe(kept: Paper, current: Paper): void {
    devicePaperChanges.observeAll([{ kept, current }]);
  },
  /** `observe` for many papers at once (a page of search results), written once. */
  observeAll(pairs: readonly { kept: Paper; current: Paper }[]): void {
    const existing = read();
    const known = new Set(existing.map((change) => `${change.paperId}|${changeKey(change)}`));
    let next = existing;
    for (const { kept, current } of pairs) {
      const fresh = detectPaperChanges(kept, current)
        .filter((draft) => !known.has(`${draft.paperId}|${changeKey(draft)}`))
        .map((draft) => toChange(kept.title, draft));
      if (fresh.length === 0) continue;
      for (const change of fresh) known.add(`${change.paperId}|${changeKey(change)}`);
      // A newer version supersedes an older one of the same paper.
      const newest = fresh.find((change) => change.kind === "version");
      const rest = newest ? next.filter((change) => !(change.paperId === newest.paperId && change.kind === "version")) : next;
      next = [...fresh, ...rest];
    }
    if (next !== existing) write(next);
  },
  remove(predicate: (change: PaperChange) => boolean): void {
    write(read().filter((change) => !predicate(change)));
  },
};

function toChange(title: string, draft: PaperChangeDraft): PaperChange {
  return { ...draft, id: `device-${draft.paperId}-${changeKey(draft)}`, title, origin: "bookmark", source: "opened", detectedAt: new Date().toISOString(), seenAt: null };
}

/**
 * The papers of `results` the device keeps a bookmark of, each with that bookmark's copy: what
 * a page of search results lets the device compare without asking anyone anything.
 */
export function keptAmong(bookmarks: readonly LocalBookmark[], results: readonly Paper[]): { kept: Paper; current: Paper }[] {
  const byKey = new Map(bookmarks.map((bookmark) => [paperKey(bookmark.paperId), bookmark.paperData]));
  return results.flatMap((current) => {
    const kept = byKey.get(paperKey(current.id));
    return kept ? [{ kept, current }] : [];
  });
}
