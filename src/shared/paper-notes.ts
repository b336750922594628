/**
 * A markdown note per paper, in a Notes card that works rather than a "coming soon"
 * placeholder. Anonymous visitors keep notes on the device; signed-in users in
 * `user_paper_notes` through /api/me/notes (src/server/features/notes/).
 */

/** Longest note kept, in characters (a few pages of markdown). */
export const NOTE_MAX_LENGTH = 50_000;
/** The Notes card saves this long after the last keystroke. */
export const NOTE_SAVE_DEBOUNCE_MS = 600;
/**
 * Two different notes of one paper, kept under two spellings of its id before ids were made
 * canonical, are both kept, the newer first, with this between them (server and device alike).
 */
export const MERGED_NOTES_SEPARATOR = "\n\n---\n\n";

export type PaperNote = { paperId: string; content: string; updatedAt: string };

