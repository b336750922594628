import { BREAKPOINT_LARGE_PX, BREAKPOINT_SMALL_PX, STORAGE_KEYS } from "@/shared/constants";
import { clampScale, PDF_DEFAULT_SCALE } from "@/shared/pdf";
import { readJson, readString, writeString } from "@/web/lib/storage";

export type PdfViewMode = "single" | "continuous";
export type PdfDisplayMode = "normal" | "fullscreen" | "maximized";

/** The spec's saved viewer state per paper. */
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

/**
 * The kind of screen a zoom was chosen on (the app's breakpoints: phone below 640 px, tablet
 * below 1024 px, desktop). A paper keeps one zoom per kind, so a zoom chosen on a desktop
 * (one browser's storage, a window resized or a device emulated) never opens a phone's page
 * wider than its screen.
 */
export type ScreenClass = "phone" | "tablet" | "desktop";
const SCREEN_CLASSES: readonly ScreenClass[] = ["phone", "tablet", "desktop"];

/** The kind of screen the viewer is on now (the viewport's width). */
export function currentScreenClass(): ScreenClass {
  const width = typeof window === "undefined" ? BREAKPOINT_LARGE_PX : window.innerWidth;
  return width >= BREAKPOINT_LARGE_PX ? "desktop" : width >= BREAKPOINT_SMALL_PX ? "tablet" : "phone";
}

type StoredViewState = Partial<Record<keyof PdfViewState, unknown>> & { scales?: unknown };

function readStored(paperId: string): StoredViewState | null {
  const saved = readJson(stateKey(paperId));
  return typeof saved === "object" && saved !== null ? (saved as StoredViewState) : null;
}

/** The zoom the paper was left at on this kind of screen, or null if never read on one. */
function zoomOn(saved: StoredViewState | null, screen: ScreenClass): number | null {
  const scales = saved?.scales;
  if (typeof scales !== "object" || scales === null) return null;
  const value = (scales as Record<string, unknown>)[screen];
  return typeof value === "number" && Number.isFinite(value) ? clampScale(value) : null;
}

/**
 * Whether the paper was left at a zoom chosen on this kind of screen: the viewer keeps it as it
 * is (even wider than the screen, since it was chosen there). Otherwise it fits the page to the
 * width when the zoom it starts from would not fit.
 */
export function hasZoomFor(paperId: string, screen: ScreenClass = currentScreenClass()): boolean {
  return zoomOn(readStored(paperId), screen) !== null;
}

/** The last zoom used anywhere, the starting zoom for a paper opened for the first time. */
export function lastScale(): number {
  const raw = Number(readString(STORAGE_KEYS.pdfViewerScale));
  return raw ? clampScale(raw) : PDF_DEFAULT_SCALE;
}

/**
 * The saved state of a paper, or the defaults; unreadable fields fall back one by one. The zoom
 * is the one chosen on this kind of screen, else the paper's last zoom, else the last used.
 */
export function loadViewState(paperId: string, screen: ScreenClass = currentScreenClass()): PdfViewState {
  const saved = readStored(paperId);
  const value = saved ?? {};
  const pageNumber = typeof value.pageNumber === "number" && value.pageNumber >= 1 ? Math.floor(value.pageNumber) : 1;
  const scale = zoomOn(saved, screen) ?? (typeof value.scale === "number" ? clampScale(value.scale) : lastScale());
  const rotation = typeof value.rotation === "number" && [0, 90, 180, 270].includes(value.rotation) ? value.rotation : 0;
  const pdfViewMode = value.pdfViewMode === "single" ? "single" : "continuous";
  const displayMode = value.displayMode === "maximized" || value.displayMode === "fullscreen" ? value.displayMode : "normal";
  return { pageNumber, scale, rotation, pdfViewMode, displayMode };
}

/** Saves the paper's state; its zoom as the zoom for this kind of screen (the others' are kept). */
export function saveViewState(paperId: string, state: PdfViewState, screen: ScreenClass = currentScreenClass()): void {
  const saved = readStored(paperId);
  const scales: Partial<Record<ScreenClass, number>> = {};
  for (const other of SCREEN_CLASSES) {
    const zoom = other === screen ? state.scale : zoomOn(saved, other);
    if (zoom !== null) scales[other] = zoom;
  }
  writeString(stateKey(paperId), JSON.stringify({ ...state, scales }));
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
