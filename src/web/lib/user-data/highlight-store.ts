import type { Highlight, HighlightInput } from "@/shared/highlights";
import type { HighlightColor } from "@/shared/pdf";
import { api, isApiError } from "@/web/lib/api";
import { randomId } from "@/web/lib/local-store";
import { readJson, removeString, writeString } from "@/web/lib/storage";
import { byCanonicalKey, paperKey } from "./paper-key";

/**
 * Highlights per paper. Anonymous visitors keep them on
 * the device; signed-in users in `/api/me/highlights`. A change shows at once; on the server
 * store it also goes into an outbox kept on the device, sent in order and retried while the
 * network is away, so a highlight made offline is not lost (not even by a reload).
 */
export type HighlightStore = {
  subscribe(listener: () => void): () => void;
  /** This paper's highlights; the same array until they change. */
  getSnapshot(paperId: string): readonly Highlight[];
  /** Asks the server for a paper's highlights (no-op on the device). */
  load(paperId: string): void;
  add(input: HighlightInput): Promise<Highlight>;
  recolor(paperId: string, id: string, color: HighlightColor): Promise<void>;
  remove(paperId: string, id: string): Promise<void>;
  /** Changes not yet accepted by the server (0 on the device). */
  pendingCount(): number;
  dispose?(): void;
};

const NONE: readonly Highlight[] = [];
export const DEVICE_HIGHLIGHTS_KEY = "highlights";
const OUTBOX_KEY_PREFIX = "highlights.outbox.";
/** How often the outbox is retried while something waits in it. */
const RETRY_MS = 10_000;

function boundingBox(rects: HighlightInput["rects"]): Highlight["coordinates"] {
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return {
    x,
    y,
    width: Math.max(...rects.map((r) => r.x + r.width)) - x,
    height: Math.max(...rects.map((r) => r.y + r.height)) - y,
  };
}

/** A new highlight made on this device, with its id (also the server's id). */
export function newHighlight(input: HighlightInput, now = new Date()): Highlight {
  const stamp = now.toISOString();
  return { ...input, id: randomId(), coordinates: boundingBox(input.rects), createdAt: stamp, updatedAt: stamp };
}

/** The device's highlights by canonical paper id: those kept under older spellings of an id join it. */
function byPaperFromStorage(key: string): Record<string, Highlight[]> {
  const raw = readJson(key);
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  return byCanonicalKey(
    raw as Record<string, Highlight[]>,
    (list, paperId) => (Array.isArray(list) ? list.map((highlight) => ({ ...highlight, paperId })) : []),
    (lists) => lists.flat(),
  );
}

/** A small map of paper -> highlights that keeps each paper's array stable between changes. */
function createHighlightMap(initial: Record<string, Highlight[]> = {}) {
  let byPaper: Record<string, readonly Highlight[]> = initial;
  const listeners = new Set<() => void>();
  return {
    get: (paperId: string) => byPaper[paperId] ?? NONE,
    all: () => byPaper,
    set(paperId: string, list: readonly Highlight[]) {
      byPaper = { ...byPaper, [paperId]: list };
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** On the device: localStorage `highlights`, a map of paper id to highlights. */
export function createDeviceHighlightStore(): HighlightStore {
  const map = createHighlightMap(byPaperFromStorage(DEVICE_HIGHLIGHTS_KEY));
  const persist = () => writeString(DEVICE_HIGHLIGHTS_KEY, JSON.stringify(map.all()));
  // Highlights re-filed from older spellings are stored so at once (the move happens once).
  if (JSON.stringify(map.all()) !== JSON.stringify(readJson(DEVICE_HIGHLIGHTS_KEY) ?? {})) persist();
  return {
    subscribe: map.subscribe,
    // Filed under the canonical id (paper-key.ts): spellings of one id share their highlights.
    getSnapshot: (paperId) => map.get(paperKey(paperId)),
    load: () => undefined,
    async add(input) {
      const highlight = newHighlight({ ...input, paperId: paperKey(input.paperId) });
      map.set(highlight.paperId, [...map.get(highlight.paperId), highlight]);
      persist();
      return highlight;
    },
    async recolor(raw, id, color) {
      const updatedAt = new Date().toISOString();
      const paperId = paperKey(raw);
      map.set(paperId, map.get(paperId).map((h) => (h.id === id ? { ...h, color, updatedAt } : h)));
      persist();
    },
    async remove(raw, id) {
      const paperId = paperKey(raw);
      map.set(paperId, map.get(paperId).filter((h) => h.id !== id));
      persist();
    },
    pendingCount: () => 0,
  };
}

type OutboxEntry =
  | { kind: "put"; highlight: Highlight }
  | { kind: "patch"; paperId: string; id: string; color: HighlightColor }
  | { kind: "delete"; paperId: string; id: string };

/** The outbox applied over what the server said, so unsent changes show after a reload too. */
function applyOutbox(list: readonly Highlight[], paperId: string, outbox: OutboxEntry[]): readonly Highlight[] {
  let result = [...list];
  for (const entry of outbox) {
    if (entry.kind === "put" && entry.highlight.paperId === paperId) {
      result = [...result.filter((h) => h.id !== entry.highlight.id), entry.highlight];
    } else if (entry.kind === "patch" && entry.paperId === paperId) {
      result = result.map((h) => (h.id === entry.id ? { ...h, color: entry.color } : h));
    } else if (entry.kind === "delete" && entry.paperId === paperId) {
      result = result.filter((h) => h.id !== entry.id);
    }
  }
  return result;
}

/** A failure worth retrying: no network, a timeout, or the server having a bad moment. */
function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Signed in: `/api/me/highlights`, with the device outbox described above. */
export function createServerHighlightStore(options: { userId: string; ready?: () => Promise<unknown> }): HighlightStore {
  const outboxKey = `${OUTBOX_KEY_PREFIX}${options.userId}`;
  const map = createHighlightMap();
  const fromServer = new Map<string, readonly Highlight[]>();
  let outbox: OutboxEntry[] = Array.isArray(readJson(outboxKey)) ? (readJson(outboxKey) as OutboxEntry[]) : [];
  let flushing: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const saveOutbox = () => writeString(outboxKey, JSON.stringify(outbox));
  const refresh = (paperId: string) => map.set(paperId, applyOutbox(fromServer.get(paperId) ?? NONE, paperId, outbox));

  function scheduleRetry() {
    clearTimeout(timer);
    if (outbox.length > 0) timer = setTimeout(() => void flush(), RETRY_MS);
  }

  async function send(entry: OutboxEntry): Promise<void> {
    if (entry.kind === "put") {
      const { id, paperId, pageNumber, rects, color, text } = entry.highlight;
      await api.put(`/api/me/highlights/${encodeURIComponent(id)}`, { paperId, pageNumber, rects, color, text });
    } else if (entry.kind === "patch") {
      await api.patch(`/api/me/highlights/${encodeURIComponent(entry.id)}`, { color: entry.color });
    } else {
      await api.delete(`/api/me/highlights/${encodeURIComponent(entry.id)}`);
    }
  }

  /** Sends the outbox in order; stops at the first transient failure and tries again later. */
  function flush(): Promise<void> {
    flushing ??= (async () => {
      await options.ready?.().catch(() => undefined);
      while (outbox.length > 0) {
        const entry = outbox[0] as OutboxEntry;
        try {
          await send(entry);
        } catch (error) {
          if (isTransient(error)) break;
          // The server refused it for good (bad input): keeping it would block everything behind it.
          console.warn("A highlight change was refused by the server", error);
        }
        outbox = outbox.slice(1);
        saveOutbox();
        const paperId = entry.kind === "put" ? entry.highlight.paperId : entry.paperId;
        const server = fromServer.get(paperId);
        if (server) fromServer.set(paperId, applyOutbox(server, paperId, [entry]));
      }
    })().finally(() => {
      flushing = null;
      scheduleRetry();
    });
    return flushing;
  }

  function enqueue(entry: OutboxEntry, paperId: string) {
    outbox = [...outbox, entry];
    saveOutbox();
    refresh(paperId);
    void flush();
  }

  const handleOnline = () => void flush();
  if (typeof window !== "undefined") window.addEventListener("online", handleOnline);
  if (outbox.length > 0) void flush();

  return {
    subscribe: map.subscribe,
    getSnapshot: map.get,
    load(paperId) {
      refresh(paperId);
      void (async () => {
        await options.ready?.().catch(() => undefined);
        try {
          const { highlights } = await api.get<{ highlights: Highlight[] }>("/api/me/highlights", { query: { paperId } });
          fromServer.set(paperId, highlights);
          refresh(paperId);
        } catch {
          // Offline or failing: what the outbox holds is still shown; the next load tries again.
        }
      })();
    },
    async add(input) {
      const highlight = newHighlight(input);
      enqueue({ kind: "put", highlight }, input.paperId);
      return highlight;
    },
    async recolor(paperId, id, color) {
      enqueue({ kind: "patch", paperId, id, color }, paperId);
    },
    async remove(paperId, id) {
      enqueue({ kind: "delete", paperId, id }, paperId);
    },
    pendingCount: () => outbox.length,
    dispose() {
      clearTimeout(timer);
      if (typeof window !== "undefined") window.removeEventListener("online", handleOnline);
    },
  };
}

/** Highlights are uploaded this many at a time when they move into the account. */
const MIGRATION_CONCURRENCY = 4;

/**
 * Sign-in: the device's highlights go up to the account, each under its own id, so a run cut short
 * and repeated is the same upload, never a duplicate. Each leaves the device once the server has
 * it; one the server refuses stays.
 */
export async function migrateDeviceHighlights(): Promise<"nothing" | "moved" | "failed"> {
  const byPaper = byPaperFromStorage(DEVICE_HIGHLIGHTS_KEY);
  const all = Object.values(byPaper).flatMap((list) => (Array.isArray(list) ? list : []));
  if (all.length === 0) return "nothing";
  // zod is not part of the first load: only when there is something to check.
  const { highlightIdSchema, highlightInputSchema } = await import("@/shared/highlights");
  const moved = new Set<Highlight>();
  let failed = false;
  let next = 0;
  const worker = async () => {
    while (next < all.length) {
      const highlight = all[next++]!;
      const body = highlightInputSchema.safeParse(highlight);
      if (!body.success || !highlightIdSchema.safeParse(highlight.id).success) {
        failed = true;
        continue;
      }
      try {
        await api.put(`/api/me/highlights/${encodeURIComponent(highlight.id)}`, body.data);
        moved.add(highlight);
      } catch (error) {
        // Another account holds this id (409): the same highlight under a fresh one.
        if (isApiError(error) && error.status === 409) {
          try {
            await api.put(`/api/me/highlights/${encodeURIComponent(randomId())}`, body.data);
            moved.add(highlight);
            continue;
          } catch {
            // kept below
          }
        }
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(MIGRATION_CONCURRENCY, all.length) }, worker));
  const left = Object.fromEntries(
    Object.entries(byPaper)
      .map(([paperId, list]) => [paperId, (Array.isArray(list) ? list : []).filter((highlight) => !moved.has(highlight))] as const)
      .filter(([, list]) => list.length > 0),
  );
  if (Object.keys(left).length === 0) removeString(DEVICE_HIGHLIGHTS_KEY);
  else writeString(DEVICE_HIGHLIGHTS_KEY, JSON.stringify(left));
  return failed ? "failed" : "moved";
}
