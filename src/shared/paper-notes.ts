/**
 * A markdown note per paper (issue 5: the Notes card works instead of the spec's "coming
 * soon" placeholder). Anonymous visitors keep notes on the device; signed-in users in
 * `user_paper_notes` through /api/me/notes (route list in src/shared/user-data.ts).
 */

/** Longest note kept, in characters (a few pages of markdown). */
export const NOTE_MAX_LENGTH = 50_000;
/** The Notes card saves this long after the last keystroke. */
export const NOTE_SAVE_DEBOUNCE_MS = 600;

export type PaperNote = { paperId: string; content: string; updatedAt: string };

