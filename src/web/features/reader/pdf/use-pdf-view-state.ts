import { useEffect, useRef, useState } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { PDF_SCALE_SAVE_DEBOUNCE_MS } from "@/shared/pdf";
import { currentScreenClass, hasZoomFor, loadViewState, saveViewState, startHistory, type PdfViewState } from "./pdf-view-state";

/**
 * The view of one paper (page, zoom, rotation, modes) as it was left, and the pages visited
 * (Back and Forward). `keepZoom`: a zoom was chosen for this paper on this kind of screen; any
 * other (a new paper, or one last read on a wider screen) is fitted to the width when the
 * document opens if the page would not fit.
 */
export function usePdfViewState(stateKey: string) {
  const [view, setView] = useState<PdfViewState>(() => {
    const saved = loadViewState(stateKey);
    // Browser fullscreen needs a click; a paper left in fullscreen comes back maximized.
    return saved.displayMode === "fullscreen" ? { ...saved, displayMode: "maximized" } : saved;
  });
  const keepZoom = useRef(hasZoomFor(stateKey));
  const [history, setHistory] = useState(() => startHistory(view.pageNumber));
  return { view, setView, keepZoom, history, setHistory };
}

/**
 * Saves the view per paper; debounced so a run of zoom clicks is one write (spec: 300 ms). Only
 * once the document is open: before, the zoom may not yet be fitted to this screen. The zoom is
 * the one of the screen it was chosen on: a window resized (a tablet turned) before the write
 * must not file a phone's zoom as the desktop's.
 */
export function useSaveViewState(stateKey: string, view: PdfViewState, doc: PDFDocumentProxy | null): void {
  useEffect(() => {
    if (!doc) return;
    const screen = currentScreenClass();
    const timer = setTimeout(() => saveViewState(stateKey, view, screen), PDF_SCALE_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [stateKey, view, doc]);
}
