import { useCallback, useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction, type TouchEvent as ReactTouchEvent } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { clampPage, PDF_SCROLL_DETECT_DEBOUNCE_MS, PDF_SWIPE_THRESHOLD_PX } from "@/shared/pdf";
import { PAGE_GAP_PX } from "./pdf-page-view";
import { historyBack, historyForward, swipeDirection, visitPage, type PageHistory, type PdfDisplayMode, type PdfViewMode, type PdfViewState } from "./pdf-view-state";

type PageNavigationOptions = {
  doc: PDFDocumentProxy | null;
  view: PdfViewState;
  setView: Dispatch<SetStateAction<PdfViewState>>;
  history: PageHistory;
  setHistory: Dispatch<SetStateAction<PageHistory>>;
  /** The element the pages scroll in. */
  pagesRef: RefObject<HTMLElement | null>;
  /** Navigating or scrolling closes whatever floats over the pages (the highlight colours). */
  onMove: () => void;
};

/**
 * Moving through the pages: going to one (and recording it for Back and Forward), bringing it
 * into view after navigation, zoom, rotation or a change of scroll mode, and, in continuous
 * mode, drawing only the pages near the screen (`nearPages`) and following the page scrolled to.
 */
export function usePageNavigation({ doc, view, setView, history, setHistory, pagesRef, onMove }: PageNavigationOptions) {
  const pageCount = doc?.numPages ?? 0;
  const [nearPages, setNearPages] = useState<ReadonlySet<number>>(() => new Set([view.pageNumber]));
  const scrollTarget = useRef<number | null>(view.pageNumber);
  const currentPage = useRef(view.pageNumber);
  currentPage.current = view.pageNumber;
  /** Bumped by every navigation, so the pages scroll to it (and not when scrolling moved the current page). */
  const [scrollRequest, setScrollRequest] = useState(0);

  const goToPage = useCallback(
    (target: number, options: { record?: boolean } = {}) => {
      if (!pageCount) return;
      const page = clampPage(target, pageCount);
      scrollTarget.current = page;
      setScrollRequest((n) => n + 1);
      setView((current) => ({ ...current, pageNumber: page }));
      if (options.record !== false) setHistory((current) => visitPage(current, page));
      onMove();
    },
    [pageCount],
  );

  // Bring the wanted page into view: after navigation, zoom, rotation or a change of scroll mode.
  useEffect(() => {
    const container = pagesRef.current;
    if (!container || !doc) return;
    if (view.pdfViewMode === "single") {
      container.scrollTo({ top: 0 });
      return;
    }
    const target = scrollTarget.current ?? currentPage.current;
    const element = container.querySelector<HTMLElement>(`[data-page-number="${target}"]`);
    if (element) container.scrollTo({ top: element.offsetTop - PAGE_GAP_PX });
    scrollTarget.current = null;
  }, [doc, scrollRequest, view.scale, view.rotation, view.pdfViewMode]);

  // Continuous mode: render only the pages near the viewport, and follow the current page.
  useEffect(() => {
    const container = pagesRef.current;
    if (!container || !doc || view.pdfViewMode !== "continuous") return;
    const observer = new IntersectionObserver(
      (entries) => {
        setNearPages((current) => {
          const next = new Set(current);
          for (const entry of entries) {
            const page = Number((entry.target as HTMLElement).dataset.pageNumber);
            if (entry.isIntersecting) next.add(page);
            else next.delete(page);
          }
          return next;
        });
      },
      { root: container, rootMargin: "50% 0px" },
    );
    container.querySelectorAll("[data-page-number]").forEach((element) => observer.observe(element));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const detect = () => {
      const top = container.getBoundingClientRect().top;
      const middle = top + container.clientHeight / 3;
      let best = 0;
      for (const element of container.querySelectorAll<HTMLElement>("[data-page-number]")) {
        const rect = element.getBoundingClientRect();
        if (rect.bottom < top) continue;
        best = Number(element.dataset.pageNumber);
        if (rect.bottom >= middle) break;
      }
      if (best) setView((current) => (current.pageNumber === best ? current : { ...current, pageNumber: best }));
    };
    const handleScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(detect, PDF_SCROLL_DETECT_DEBOUNCE_MS);
      onMove();
    };
    container.addEventListener("scroll", handleScroll, { passive: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      container.removeEventListener("scroll", handleScroll);
    };
  }, [doc, view.pdfViewMode, pageCount]);

  const goBack = () => {
    const next = historyBack(history);
    setHistory(next);
    goToPage(next.entries[next.index] ?? 1, { record: false });
  };
  const goForward = () => {
    const next = historyForward(history);
    setHistory(next);
    goToPage(next.entries[next.index] ?? 1, { record: false });
  };
  /** Single or continuous pages, staying on the page the reader is on. */
  const changeViewMode = (mode: PdfViewMode) => {
    scrollTarget.current = view.pageNumber;
    setView((current) => ({ ...current, pdfViewMode: mode }));
  };

  return { pageCount, nearPages, goToPage, goBack, goForward, changeViewMode };
}

type PageSwipeOptions = {
  pagesRef: RefObject<HTMLElement | null>;
  pageNumber: number;
  goToPage: (page: number) => void;
  /** No swipe while the reader draws an area to highlight. */
  areaMode: boolean;
  /** Every touch (it shows a hidden toolbar). */
  onTouch: () => void;
};

/** A swipe sideways on the pages turns the page, unless the page is wider than the screen or text is being selected. */
export function usePageSwipe({ pagesRef, pageNumber, goToPage, areaMode, onTouch }: PageSwipeOptions) {
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const handleTouchStart = (event: ReactTouchEvent) => {
    onTouch();
    const touch = event.touches[0];
    touchStart.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const handleTouchEnd = (event: ReactTouchEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    const touch = event.changedTouches[0];
    const container = pagesRef.current;
    if (!start || !touch || !container || areaMode) return;
    // A page wider than the screen scrolls sideways instead; a text selection is no swipe either.
    if (container.scrollWidth > container.clientWidth + 2) return;
    if (!window.getSelection()?.isCollapsed) return;
    const direction = swipeDirection(touch.clientX - start.x, touch.clientY - start.y, PDF_SWIPE_THRESHOLD_PX);
    if (direction === "previous") goToPage(pageNumber - 1);
    if (direction === "next") goToPage(pageNumber + 1);
  };
  return { handleTouchStart, handleTouchEnd };
}

type ViewerKeysOptions = {
  rootRef: RefObject<HTMLElement | null>;
  displayMode: PdfDisplayMode;
  viewMode: PdfViewMode;
  pageNumber: number;
  /** The highlight colours when they are open (the keys are listened to afresh when they change). */
  palette: object | null;
  closePalette: () => void;
  setDisplayMode: (mode: PdfDisplayMode) => void;
  stopAreaMode: () => void;
  goToPage: (page: number) => void;
};

/** Escape closes the highlight colours, else leaves maximized (and area selection); the arrows turn single pages. */
export function useViewerKeys(options: ViewerKeysOptions): void {
  const { rootRef, displayMode, viewMode, pageNumber, palette, closePalette, setDisplayMode, stopAreaMode, goToPage } = options;
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, [contenteditable=true]")) return;
      if (event.key === "Escape") {
        if (palette) closePalette();
        else if (displayMode === "maximized") setDisplayMode("normal");
        stopAreaMode();
      } else if (!rootRef.current?.contains(document.activeElement) && document.activeElement !== document.body) {
        return;
      } else if (event.key === "ArrowRight" && viewMode === "single") {
        goToPage(pageNumber + 1);
      } else if (event.key === "ArrowLeft" && viewMode === "single") {
        goToPage(pageNumber - 1);
      }
    };
    document.addEventListener("keydown", handleKey);
    return () => document.removeEventListener("keydown", handleKey);
  }, [displayMode, viewMode, pageNumber, palette, goToPage, setDisplayMode]);
}
