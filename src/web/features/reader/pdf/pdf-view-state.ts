import { STORAGE_KEYS } from "@/shared/constants";
import { clampScale, PDF_DEFAULT_SCALE } from "@/shared/pdf";
import { readJson, readString, writeString } from "@/web/lib/storage";

export type PdfViewMode = "single" | "continuous";
export type PdfDisplayMode = "normal" | "fullscreen" | "maximized";

/** The spec's saved viewer state per paper (core-app.md section 3). */
export type PdfViewState = {
  pageNumber: number;
  scale: number;
  rotation: number;
  pdfViewMode: PdfViewMode;
  displayMode: PdfDisplayMode;
};

/** Per-paper state lives under this prefix; the last zoom under the spec's `pdf-viewer.scale`. */
export const PDF_STATE_KEY_PREFIX = "pdf-viewer.state.";

const stateKey = (paperId: string) => `${PDF_STATE_KEY_PREFIX}${paperId}`;

/** The last zoom used anywhere, the starting zoom for a paper opened for the first time. */
export function lastScale(): number {
  const raw = Number(readString(STORAGE_KEYS.pdfViewerScale));
  return raw ? clampScale(raw) : PDF_DEFAULT_SCALE;
}

/** The saved state of a paper, or the defaults; unreadable fields fall back one by one. */
export function loadViewState(paperId: string): PdfViewState {
  const saved = readJson(stateKey(paperId));
  const value = (typeof saved === "object" && saved !== null ? saved : {}) as Partial<Record<keyof PdfViewState, unknown>>;
  const pageNumber = typeof value.pageNumber === "number" && value.pageNumber >= 1 ? Math.floor(value.pageNumber) : 1;
  const scale = typeof value.scale === "number" ? clampScale(value.scale) : lastScale();
  const rotation = typeof value.rotation === "number" && [0, 90, 180, 270].includes(value.rotation) ? value.rotation : 0;
  const pdfViewMode = value.pdfViewMode === "single" ? "single" : "continuous";
  const displayMode = value.displayMode === "maximized" || value.displayMode === "fullscreen" ? value.displayMode : "normal";
  return { pageNumber, scale, rotation, pdfViewMode, displayMode };
}

export function saveViewState(paperId: string, state: PdfViewState): void {
  writeString(stateKey(paperId), JSON.stringify(state));
  writeString(STORAGE_KEYS.pdfViewerScale, String(state.scale));
}

/** Back/forward through the pages visited, like a browser's history. */
export type PageHistory = { entries: number[]; index: number };

export function startHistory(page: number): PageHistory {
  return { entries: [page], index: 0 };
}

/** Records a visit; going somewhere new drops the forward entries. */
export function visitPage(history: PageHistory, page: number): PageHistory {
  if (history.entries[history.index] === page) return history;
  const entries = [...history.entries.slice(0, history.index + 1), page].slice(-100);
  return { entries, index: entries.length - 1 };
}

export function historyBack(history: PageHistory): PageHistory {
  return history.index > 0 ? { ...history, index: history.index - 1 } : history;
}

export function historyForward(history: PageHistory): PageHistory {
  return history.index < history.entries.length - 1 ? { ...history, index: history.index + 1 } : history;
}

/** Which way a finished touch turns the page: more than 80 px across and more across than down. */
export function swipeDirection(dx: number, dy: number, thresholdPx: number): "previous" | "next" | null {
  if (Math.abs(dx) <= thresholdPx || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx > 0 ? "previous" : "next";
}
