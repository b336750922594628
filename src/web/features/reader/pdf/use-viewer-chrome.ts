import { useCallback, useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import { PDF_TOOLBAR_HIDE_MS } from "@/shared/pdf";
import type { PdfDisplayMode, PdfViewState } from "./pdf-view-state";

/** An element's width, live. */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Normal, maximized (over the page) or the browser's fullscreen, and leaving them. */
export function useDisplayMode(displayMode: PdfDisplayMode, setView: Dispatch<SetStateAction<PdfViewState>>, rootRef: RefObject<HTMLElement | null>) {
  const setDisplayMode = useCallback((mode: PdfDisplayMode) => setView((current) => ({ ...current, displayMode: mode })), []);

  // Leaving browser fullscreen (Escape, F11, the browser's own control) returns to normal.
  useEffect(() => {
    const handleChange = () => {
      if (!document.fullscreenElement) setView((current) => (current.displayMode === "fullscreen" ? { ...current, displayMode: "normal" } : current));
    };
    document.addEventListener("fullscreenchange", handleChange);
    return () => document.removeEventListener("fullscreenchange", handleChange);
  }, []);

  const toggleFullscreen = async () => {
    if (displayMode === "fullscreen") {
      if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
      setDisplayMode("normal");
      return;
    }
    try {
      await rootRef.current?.requestFullscreen();
      setDisplayMode("fullscreen");
    } catch {
      // No fullscreen API (iOS Safari for elements): maximized looks the same.
      setDisplayMode("maximized");
    }
  };
  const toggleMaximized = async () => {
    if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
    setDisplayMode(displayMode === "maximized" ? "normal" : "maximized");
  };

  return { setDisplayMode, toggleFullscreen, toggleMaximized };
}

/** With `autoHide` (phones, fullscreen or maximized): the toolbar hides 3 s after the last touch; `handleInteraction` brings it back. */
export function useToolbarAutoHide(autoHide: boolean) {
  const [toolbarHidden, setToolbarHidden] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const handleInteraction = useCallback(() => {
    if (!autoHide) return;
    setToolbarHidden(false);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setToolbarHidden(true), PDF_TOOLBAR_HIDE_MS);
  }, [autoHide]);
  useEffect(() => {
    if (!autoHide) {
      setToolbarHidden(false);
      return;
    }
    handleInteraction();
    return () => clearTimeout(hideTimer.current);
  }, [autoHide, handleInteraction]);
  return { toolbarHidden, handleInteraction };
}
