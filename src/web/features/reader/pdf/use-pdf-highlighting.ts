import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from "react";
import type { Highlight } from "@/shared/highlights";
import type { HighlightColor } from "@/shared/pdf";
import { clientRectToPageRect, mergeLineRects, rectContains, toUnrotated, type PageRect } from "./highlight-geometry";
import { usePaperHighlights } from "./use-paper-highlights";

/** The highlight colours, offered for a new highlight (a text selection or an area) or for an existing one. */
export type PaletteState =
  | { kind: "new"; pageNumber: number; rects: PageRect[]; text: string; left: number; top: number }
  | { kind: "edit"; highlight: Highlight; left: number; top: number };

/**
 * Highlighting a paper: its highlights by page, the colours offered for a text selection, an
 * area drawn in area mode or a click on an existing highlight, and what picking a colour or
 * Remove does. The selection is listened to by useSelectionCapture, called last by the viewer.
 */
export function usePdfHighlighting(stateKey: string, rootRef: RefObject<HTMLElement | null>, rotation: number) {
  const { highlights, store } = usePaperHighlights(stateKey);
  const highlightsByPage = useMemo(() => {
    const byPage = new Map<number, Highlight[]>();
    for (const highlight of highlights) byPage.set(highlight.pageNumber, [...(byPage.get(highlight.pageNumber) ?? []), highlight]);
    return byPage;
  }, [highlights]);
  const [areaMode, setAreaMode] = useState(false);
  const [palette, setPalette] = useState<PaletteState | null>(null);
  const pointerDown = useRef(false);

  // A text selection on a page offers the highlight colours.
  const captureSelection = useCallback(() => {
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || selection.rangeCount === 0) return false;
    const range = selection.getRangeAt(0);
    const anchor = range.startContainer instanceof Element ? range.startContainer : range.startContainer.parentElement;
    const pageElement = anchor?.closest<HTMLElement>(".pdf-page");
    if (!pageElement || !rootRef.current?.contains(pageElement)) return false;
    const box = pageElement.getBoundingClientRect();
    const rects = mergeLineRects(
      [...range.getClientRects()].map((rect) => clientRectToPageRect(rect, box, rotation)).filter((rect): rect is PageRect => rect !== null),
    );
    if (rects.length === 0) return false;
    const last = [...range.getClientRects()].at(-1) ?? box;
    setPalette({
      kind: "new",
      pageNumber: Number(pageElement.dataset.pageNumber),
      rects,
      text: selection.toString().slice(0, 5000),
      left: Math.min(Math.max(last.left + last.width / 2, 130), window.innerWidth - 130),
      top: Math.min(last.bottom + 10, window.innerHeight - 56),
    });
    return true;
  }, [rotation]);

  const handlePagesPointerDown = () => {
    pointerDown.current = true;
  };
  const handlePagesPointerUp = (event: ReactPointerEvent) => {
    pointerDown.current = false;
    if (areaMode) return;
    if (captureSelection()) return;
    // A click on an existing highlight opens its colours and Remove.
    const pageElement = (event.target as HTMLElement).closest<HTMLElement>(".pdf-page");
    if (!pageElement) return;
    const box = pageElement.getBoundingClientRect();
    const { u, v } = toUnrotated((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height, rotation);
    const pageNumber = Number(pageElement.dataset.pageNumber);
    const hit = [...(highlightsByPage.get(pageNumber) ?? [])].reverse().find((h) => h.rects.some((rect) => rectContains(rect, u, v)));
    setPalette(
      hit
        ? {
            kind: "edit",
            highlight: hit,
            left: Math.min(Math.max(event.clientX, 150), window.innerWidth - 150),
            top: Math.min(event.clientY + 14, window.innerHeight - 56),
          }
        : null,
    );
  };

  const handleArea = useCallback(
    (pageNumber: number, rect: DOMRect, element: HTMLElement) => {
      const pageRect = clientRectToPageRect(rect, element.getBoundingClientRect(), rotation);
      if (!pageRect) return;
      setPalette({
        kind: "new",
        pageNumber,
        rects: [pageRect],
        text: "",
        left: Math.min(Math.max(rect.left + rect.width / 2, 130), window.innerWidth - 130),
        top: Math.min(rect.bottom + 10, window.innerHeight - 56),
      });
    },
    [rotation],
  );

  const handlePick = (color: HighlightColor) => {
    if (!palette) return;
    if (palette.kind === "new") {
      void store.add({ paperId: stateKey, pageNumber: palette.pageNumber, rects: palette.rects, color, text: palette.text });
      window.getSelection()?.removeAllRanges();
      setAreaMode(false);
    } else {
      void store.recolor(stateKey, palette.highlight.id, color);
    }
    setPalette(null);
  };
  const handleRemove = (highlight: Highlight) => {
    void store.remove(stateKey, highlight.id);
    setPalette(null);
  };

  return {
    highlightsByPage,
    areaMode,
    setAreaMode,
    palette,
    setPalette,
    captureSelection,
    pointerDown,
    handlePagesPointerDown,
    handlePagesPointerUp,
    handleArea,
    handlePick,
    handleRemove,
  };
}

/** A text selection offers the colours once it has settled for a moment; during a mouse drag, the button's release does (handlePagesPointerUp). */
export function useSelectionCapture(captureSelection: () => boolean, pointerDown: RefObject<boolean>): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handleSelectionChange = () => {
      clearTimeout(timer);
      // While a mouse drags, wait for the button to come up (pointerup captures then).
      if (pointerDown.current) return;
      timer = setTimeout(captureSelection, 300);
    };
    document.addEventListener("selectionchange", handleSelectionChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("selectionchange", handleSelectionChange);
    };
  }, [captureSelection]);
}
