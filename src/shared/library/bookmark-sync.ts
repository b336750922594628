import type { Paper } from "@/shared/paper";
import { countOf } from "@/shared/plural";

/**
 * Bookmark sync:
 * the device's bookmarks and the server's are compared paper by paper. Each is local-only,
 * server-only ("db-only"), conflicting or identical; a conflict is `date_mismatch` when the
 * dates differ by more than 1 s, otherwise `data_mismatch` when the paper data differs.
 * Conflicts are never resolved here: the user chooses a side for each.
 */

/** The spec's tolerance: dates within this many milliseconds are the same date. */
export const BOOKMARK_SYNC_TOLERANCE_MS = 1000;

/** A bookmark on either side, in one comparable shape. */
export type SyncBookmark = { paperId: string; dateAdded: string; collections: readonly string[]; paperData: Paper };

export type SyncConflictKind = "date_mismatch" | "data_mismatch";
export type SyncConflict = { paperId: string; kind: SyncConflictKind; local: SyncBookmark; server: SyncBookmark };

export type SyncComparison = {
  localOnly: SyncBookmark[];
  serverOnly: SyncBookmark[];
  conflicts: SyncConflict[];
  identical: number;
};

/**
 * Deep equality of JSON-like values, whatever order object keys were written in (the server's
 * jsonb reorders them); keys holding undefined count as absent. No strings are built, so
 * comparing 10,000 papers stays cheap.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, index) => sameJson(item, other[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let defined = 0;
  for (const key in left) {
    if (left[key] === undefined) continue;
    defined += 1;
    if (!sameJson(left[key], right[key])) return false;
  }
  for (const key in right) if (right[key] !== undefined) defined -= 1;
  return defined === 0;
}

function sameCollections(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  if (a.every((name, index) => name === b[index])) return true;
  return [...a].sort().join("\u0000") === [...b].sort().join("\u0000");
}

function sameData(a: SyncBookmark, b: SyncBookmark): boolean {
  if (!sameCollections(a.collections, b.collections)) return false;
  const [x, y] = [a.paperData, b.paperData];
  if (x === y) return true;
  // Cheap checks first: most differing papers differ in title or abstract.
  if (x.title !== y.title || x.abstract !== y.abstract) return false;
  return sameJson(x, y);
}

/** Classifies every bookmark of both sides (a map lookup per paper: linear in the library size). */
export function compareBookmarks(local: Iterable<SyncBookmark>, server: Iterable<SyncBookmark>): SyncComparison {
  const onServer = new Map<string, SyncBookmark>();
  for (const bookmark of server) onServer.set(bookmark.paperId, bookmark);
  const result: SyncComparison = { localOnly: [], serverOnly: [], conflicts: [], identical: 0 };
  const seen = new Set<string>();
  for (const mine of local) {
    seen.add(mine.paperId);
    const theirs = onServer.get(mine.paperId);
    if (!theirs) {
      result.localOnly.push(mine);
      continue;
    }
    const gap = Math.abs(Date.parse(mine.dateAdded) - Date.parse(theirs.dateAdded));
    if (!(gap <= BOOKMARK_SYNC_TOLERANCE_MS)) result.conflicts.push({ paperId: mine.paperId, kind: "date_mismatch", local: mine, server: theirs });
    else if (!sameData(mine, theirs)) result.conflicts.push({ paperId: mine.paperId, kind: "data_mismatch", local: mine, server: theirs });
    else result.identical += 1;
  }
  for (const [paperId, theirs] of onServer) if (!seen.has(paperId)) result.serverOnly.push(theirs);
  return result;
}

/** Which side a conflict keeps. */
export type ConflictChoice = "local" | "server";

/**
 * The two-way result once the user has chosen: what to write to the server (local-only plus
 * conflicts kept from the device) and what to write on the device (server-only plus conflicts
 * kept from the server). Every paper of either side ends up on both, exactly once.
 */
export function planTwoWaySync(
  comparison: SyncComparison,
  choices: Readonly<Record<string, ConflictChoice>>,
): { toServer: SyncBookmark[]; toDevice: SyncBookmark[]; unresolved: string[] } {
  const toServer = [...comparison.localOnly];
  const toDevice = [...comparison.serverOnly];
  const unresolved: string[] = [];
  for (const conflict of comparison.conflicts) {
    const choice = choices[conflict.paperId];
    if (choice === "local") toServer.push(conflict.local);
    else if (choice === "server") toDevice.push(conflict.server);
    else unresolved.push(conflict.paperId);
  }
  return { toServer, toDevice, unresolved };
}

/** The spec's sync messages. */
export const SYNC_MESSAGES = {
  successTitle: "Sync successful",
  failedTitle: "Sync failed",
  syncedToDatabase: (n: number) => `Synced ${countOf(n, "bookmark")} to database`,
  failedToDatabase: "Failed to sync to database",
  twoWayDone: "Two-way sync completed",
  failedToFrom: "Failed to sync bookmarks to/from database",
  failedTwoWay: "Failed to perform two-way sync",
} as const;
