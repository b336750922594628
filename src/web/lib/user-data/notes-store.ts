import { MERGED_NOTES_SEPARATOR, type PaperNote } from "@/shared/paper-notes";
import { api } from "@/web/lib/api";
import { parseJsonOrNull } from "@/web/lib/local-store";
import { readString, writeString } from "@/web/lib/storage";
import { byCanonicalKey, paperKey } from "./paper-key";

/**
 * Markdown notes, one per paper (the reader's Notes card). Device notes for anonymous
 * visitors live in localStorage under `paper-notes`; a signed-in user's in /api/me/notes.
 * Saving blank text removes the note.
 */
export interface NotesStore {
  get(paperId: string): Promise<PaperNote | null>;
  save(paperId: string, content: string): Promise<PaperNote | null>;
}

export const DEVICE_NOTES_KEY = "paper-notes";

type NoteMap = Record<string, { content: string; updatedAt: string }>;

type NoteEntry = NoteMap[string];

function readNotes(): NoteMap {
  const parsed = parseJsonOrNull(readString(DEVICE_NOTES_KEY));
  const stored = typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as NoteMap) : {};
  // Notes kept under older spellings of an id are filed under the canonical id (saved with the next note).
  return byCanonicalKey(stored, (entry) => entry, mergeNotes);
}

/** The notes of one paper: every distinct text, the newest first. */
function mergeNotes(entries: NoteEntry[]): NoteEntry {
  const time = (entry: NoteEntry) => Date.parse(entry?.updatedAt) || 0;
  const ordered = [...entries].sort((a, b) => time(b) - time(a));
  const texts = ordered.map((entry) => (typeof entry?.content === "string" ? entry.content : "")).filter((text) => text.trim() !== "");
  return { content: [...new Set(texts)].join(MERGED_NOTES_SEPARATOR), updatedAt: ordered[0]!.updatedAt };
}

export function createDeviceNotesStore(now: () => Date = () => new Date()): NotesStore & { list(): PaperNote[] } {
  // Filed under the canonical id (paper-key.ts); readNotes re-files notes kept under other spellings.
  return {
    async get(raw) {
      const notes = readNotes();
      const paperId = paperKey(raw);
      const entry = notes[paperId];
      return entry && typeof entry.content === "string" ? { paperId, content: entry.content, updatedAt: entry.updatedAt } : null;
    },
    async save(raw, content) {
      const notes = readNotes();
      const paperId = paperKey(raw);
      if (content.trim() === "") {
        delete notes[paperId];
        if (!writeString(DEVICE_NOTES_KEY, JSON.stringify(notes))) throw new Error("The device storage is full.");
        return null;
      }
      const note = { content, updatedAt: now().toISOString() };
      notes[paperId] = note;
      if (!writeString(DEVICE_NOTES_KEY, JSON.stringify(notes))) throw new Error("The device storage is full.");
      return { paperId, ...note };
    },
    list() {
      return Object.entries(readNotes()).map(([paperId, entry]) => ({ paperId, content: entry.content, updatedAt: entry.updatedAt }));
    },
  };
}

function notePath(paperId: string): string {
  return `/api/me/notes/${encodeURIComponent(paperId)}`;
}

export function createServerNotesStore(options: { ready?: () => Promise<unknown> } = {}): NotesStore {
  const ready = options.ready ?? (async () => undefined);
  return {
    async get(paperId) {
      await ready().catch(() => undefined);
      // A paper without a note answers `note: null` (not a 404, which the console would show).
      return (await api.get<{ note: PaperNote | null }>(notePath(paperId))).note;
    },
    async save(paperId, content) {
      await ready().catch(() => undefined);
      return (await api.put<{ note: PaperNote | null }>(notePath(paperId), { content })).note;
    },
  };
}

/**
 * Sign-in: the device's notes go up to the account where the account has none for the paper
 * (an account's own note wins), then leave the device. A note the server refuses stays.
 */
export async function migrateDeviceNotes(): Promise<"nothing" | "moved" | "failed"> {
  const notes = readNotes();
  const entries = Object.entries(notes).filter(([, entry]) => typeof entry?.content === "string" && entry.content.trim() !== "");
  if (entries.length === 0) return "nothing";
  const server = createServerNotesStore();
  let failed = false;
  for (const [paperId, entry] of entries) {
    try {
      if (!(await server.get(paperId))) await server.save(paperId, entry.content);
      delete notes[paperId];
    } catch {
      failed = true;
    }
  }
  writeString(DEVICE_NOTES_KEY, JSON.stringify(notes));
  return failed ? "failed" : "moved";
}
