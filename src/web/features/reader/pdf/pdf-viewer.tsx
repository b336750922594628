import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type TouchEvent as ReactTouchEvent } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { AlertCircle, Download, ExternalLink, FileX2, Loader2, RefreshCw } from "lucide-react";
import type { Highlight } from "@/shared/highlights";
import { parseArxivId } from "@/shared/arxiv-id";
import type { Paper } from "@/shared/paper";
import { webLinkOrNull } from "@/shared/web-link";
import {
  clampPage,
  clampScale,
  nextRotation,
  PDF_MESSAGES,
  PDF_SCALE_SAVE_DEBOUNCE_MS,
  PDF_SCROLL_DETECT_DEBOUNCE_MS,
  PDF_SWIPE_THRESHOLD_PX,
  PDF_TOOLBAR_HIDE_MS,
  stepScale,
  type HighlightColor,
} from "@/shared/pdf";
import { Button } from "@/web/components/ui/button";
import { useMediaQuery } from "@/web/hooks/use-media-query";
import { cn } from "@/web/lib/utils";
import { clientRectToPageRect, mergeLineRects, rectContains, toUnrotated, type PageRect } from "./highlight-geometry";
import { HighlightPalette } from "./highlight-palette";
import { hasReadAhead, outputScale, pdfProxyUrl, proxiableArxivId, takePdf } from "./pdf-document";
import { isNativePlatform } from "@/web/lib/platform";
import { keepPagePicture, PAGE_PICTURE_DELAY_MS, readPagePicture } from "./page-picture";
import type { PdfLoadError } from "./pdf-download";
import { CSS_PX_PER_POINT, PdfPageView, type PageSize } from "./pdf-page-view";
import { PdfToolbar } from "./pdf-toolbar";
import {
  historyBack,
  hasZoomFor,
  historyForward,
  loadViewState,
  saveViewState,
  startHistory,
  swipeDirection,
  visitPage,
  type PdfDisplayMode,
  type PdfViewMode,
  type PdfViewState,
} from "./pdf-view-state";
import { usePaperHighlights } from "./use-paper-highlights";
import "./pdf-viewer.css";

type LoadState =
  | { status: "loading" }
  | { status: "loaded"; doc: PDFDocumentProxy; firstPage: PageSize }
  | { status: "error" | "timeout"; message: string };

type PaletteState =
  | { kind: "new"; pageNumber: number; rects: PageRect[]; text: string; left: number; top: number }
  | { kind: "edit"; highlight: Highlight; left: number; top: number };

/** US Letter, until the first page says otherwise. */
const DEFAULT_PAGE: PageSize = { width: 612, height: 792 };
const PAGE_GAP_PX = 16;
const FULL_TOOLBAR_MIN_WIDTH = 680;
/** How long the first page renders alone before the pages around it start anyway. */
const FIRST_PAGE_ALONE_MAX_MS = 2000;

/** The zoom at which a page this many points wide fills the pages' area, and that area's width; null before it is laid out. */
function widthFitScale(container: HTMLElement | null, pageWidthPt: number): { scale: number; available: number } | null {
  const available = (container?.clientWidth ?? 0) - 2 * PAGE_GAP_PX;
  if (available <= 0 || pageWidthPt <= 0) return null;
  return { scale: clampScale(available / (pageWidthPt * CSS_PX_PER_POINT)), available };
}

/** An element's width, live. */
function useElementWidth(ref: React.RefObject<HTMLElement | null>): number {
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

function arxivPdfUrl(paper: Paper | undefined, arxivId: string): string {
  return webLinkOrNull(paper?.pdfUrl) ?? webLinkOrNull(paper?.links.pdf) ?? `https://arxiv.org/pdf/${arxivId}`;
}

/**
 * The PDF view of the reader (loaded on demand by LazyPdfViewer). Without the paper (its
 * details still loading on /pdf/{arXiv id}) the route's id names the PDF and the per-paper
 * state; the paper's arrival then changes neither, so the document stays open.
 */
export default function PdfViewer(props: { paper: Paper | undefined; paperId: string }) {
  const arxivId = props.paper ? proxiableArxivId(props.paper, props.paperId) : props.paperId;
  if (!arxivId) return props.paper ? <NoPdf paper={props.paper} /> : null;
  const stateKey = props.paper?.id ?? parseArxivId(props.paperId)?.id ?? props.paperId;
  const url = pdfProxyUrl(arxivId);
  return <PdfDocumentViewer key={`${url} ${stateKey}`} url={url} stateKey={stateKey} externalUrl={arxivPdfUrl(props.paper, arxivId)} />;
}

function NoPdf({ paper }: { paper: Paper }) {
  // Only an http(s) link becomes an href (a paper kept before links were checked may hold another).
  const external = webLinkOrNull(paper.pdfUrl) ?? webLinkOrNull(paper.links.pdf);
  return (
    <ViewerMessage
      icon={<FileX2 className="size-8 text-muted-foreground" />}
      title={external ? PDF_MESSAGES.unavailableTitle : PDF_MESSAGES.noUrl}
      text={external ? PDF_MESSAGES.unavailableText : undefined}
    >
      {external ? (
        <Button asChild variant="outline">
          <a href={external} target="_blank" rel="noreferrer">
            <ExternalLink /> Open PDF externally
          </a>
        </Button>
      ) : null}
    </ViewerMessage>
  );
}

function ViewerMessage(props: { icon: React.ReactNode; title: string; text?: string; children?: React.ReactNode }) {
  return (
    <div role="alert" className="flex min-h-[24rem] flex-col items-center justify-center gap-3 rounded-xl border border-border bg-card px-6 py-12 text-center">
      {props.icon}
      <h2 className="text-lg font-semibold">{props.title}</h2>
      {props.text ? <p className="max-w-md text-sm text-muted-foreground">{props.text}</p> : null}
      <div className="mt-2 flex flex-wrap justify-center gap-2">{props.children}</div>
    </div>
  );
}

function PdfDocumentViewer({ url, stateKey, externalUrl }: { url: string; stateKey: string; externalUrl: string }) {
  const phone = useMediaQuery("(max-width: 639px)");

  const [load, setLoad] = useState<LoadState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<PdfViewState>(() => {
    const saved = loadViewState(stateKey);
    // Browser fullscreen needs a click; a paper left in fullscreen comes back maximized.
    return saved.displayMode === "fullscreen" ? { ...saved, displayMode: "maximized" } : saved;
  });
  // A zoom chosen on this kind of screen is kept; any other (a new paper, or one last read on a
  // wider screen) is fitted to the width when the page would not fit.
  const keepZoom = useRef(hasZoomFor(stateKey));
  const [history, setHistory] = useState(() => startHistory(view.pageNumber));
  const [pageSizes, setPageSizes] = useState<Record<number, PageSize>>({});
  const [nearPages, setNearPages] = useState<ReadonlySet<number>>(() => new Set([view.pageNumber]));
  /** The page opened on is painted: until then it has the worker and the main thread to itself. */
  const [landed, setLanded] = useState(false);
  /** The kept picture of that page is up while the document opens (KeptPagePicture). */
  const [pictureShown, setPictureShown] = useState(false);
  const handlePictureShown = useCallback(() => setPictureShown(true), []);
  /** A /pdf/ page load has its page drawn ahead (and its picture already up): the kept picture is not read again. */
  const [readAheadOnScreen] = useState(hasReadAhead);
  const [areaMode, setAreaMode] = useState(false);
  const [palette, setPalette] = useState<PaletteState | null>(null);
  const [toolbarHidden, setToolbarHidden] = useState(false);

  const rootRef = useRef<HTMLDivElement>(null);
  const rootWidth = useElementWidth(rootRef);
  // The full toolbar needs about 680 px; a narrower viewer (a phone, or beside the side cards) gets the compact one.
  const compact = phone || (rootWidth > 0 && rootWidth < FULL_TOOLBAR_MIN_WIDTH);
  const scrollRef = useRef<HTMLDivElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const scrollTarget = useRef<number | null>(view.pageNumber);
  const currentPage = useRef(view.pageNumber);
  currentPage.current = view.pageNumber;
  /** Bumped by every navigation, so the pages scroll to it (and not when scrolling moved the current page). */
  const [scrollRequest, setScrollRequest] = useState(0);
  const pointerDown = useRef(false);

  const { highlights, store: highlightStore } = usePaperHighlights(stateKey);
  const highlightsByPage = useMemo(() => {
    const byPage = new Map<number, Highlight[]>();
    for (const highlight of highlights) byPage.set(highlight.pageNumber, [...(byPage.get(highlight.pageNumber) ?? []), highlight]);
    return byPage;
  }, [highlights]);

  // Open the document (again on Retry).
  useEffect(() => {
    setLoad({ status: "loading" });
    const opening = takePdf(url);
    let alive = true;
    opening.promise
      .then(async (doc) => {
        const first = await doc.getPage(1);
        const [x0, y0, x1, y1] = first.view as [number, number, number, number];
        const firstPage = first.rotate % 180 ? { width: y1 - y0, height: x1 - x0 } : { width: x1 - x0, height: y1 - y0 };
        if (!alive) return;
        // A zoom not chosen on this kind of screen that would cut the page off on the right: fit
        // the width rather than scroll sideways. Set with the document (one render), so page 1
        // is drawn once, at the scale it keeps.
        const fitWidth = !keepZoom.current;
        keepZoom.current = true;
        setLoad({ status: "loaded", doc, firstPage });
        setView((current) => {
          const widthPt = current.rotation % 180 ? firstPage.height : firstPage.width;
          const fit = fitWidth ? widthFitScale(scrollRef.current, widthPt) : null;
          const overflows = fit !== null && widthPt * CSS_PX_PER_POINT * current.scale > fit.available;
          return { ...current, pageNumber: clampPage(current.pageNumber, doc.numPages), scale: overflows ? fit.scale : current.scale };
        });
      })
      .catch((error: PdfLoadError) => {
        if (alive) setLoad({ status: error.kind === "timeout" ? "timeout" : "error", message: error.message });
      });
    return () => {
      alive = false;
      opening.cancel();
    };
  }, [url, attempt]);

  const doc = load.status === "loaded" ? load.doc : null;

  // A first page that fails to paint must not keep the others waiting for ever.
  useEffect(() => {
    if (!doc) return;
    const timer = setTimeout(() => setLanded(true), FIRST_PAGE_ALONE_MAX_MS);
    return () => clearTimeout(timer);
  }, [doc]);
  const pageCount = doc?.numPages ?? 0;
  const sizeOf = useCallback((page: number) => pageSizes[page] ?? (load.status === "loaded" ? load.firstPage : DEFAULT_PAGE), [pageSizes, load]);

  // Save the state per paper; debounced so a run of zoom clicks is one write (spec: 300 ms).
  // Only once the document is open: before, the zoom may not yet be fitted to this screen.
  useEffect(() => {
    if (!doc) return;
    const timer = setTimeout(() => saveViewState(stateKey, view), PDF_SCALE_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [stateKey, view, doc]);

  // The picture of the page the reader is on, for the next load of this paper's /pdf/ page to
  // show at once (page-picture.ts): taken once the page has stayed as it is for a moment and is
  // drawn. Not in the Android app, whose pages are never loaded from the server.
  useEffect(() => {
    if (!doc || isNativePlatform()) return;
    let timer = 0;
    let tries = 0;
    const take = () => {
      const canvas = scrollRef.current?.querySelector<HTMLCanvasElement>(`[data-page-number="${view.pageNumber}"] canvas[data-painted="true"]`);
      if (canvas) {
        const picture = { pageNumber: view.pageNumber, scale: view.scale, rotation: view.rotation, innerWidth: window.innerWidth, density: outputScale() };
        void keepPagePicture(stateKey, canvas, picture);
      } else if (++tries < 4) {
        timer = window.setTimeout(take, PAGE_PICTURE_DELAY_MS);
      }
    };
    timer = window.setTimeout(take, PAGE_PICTURE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [doc, stateKey, view.pageNumber, view.scale, view.rotation]);

  const goToPage = useCallback(
    (target: number, options: { record?: boolean } = {}) => {
      if (!pageCount) return;
      const page = clampPage(target, pageCount);
      scrollTarget.current = page;
      setScrollRequest((n) => n + 1);
      setView((current) => ({ ...current, pageNumber: page }));
      if (options.record !== false) setHistory((current) => visitPage(current, page));
      setPalette(null);
    },
    [pageCount],
  );

  // Bring the wanted page into view: after navigation, zoom, rotation or a change of scroll mode.
  useEffect(() => {
    const container = scrollRef.current;
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
    const container = scrollRef.current;
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
      setPalette(null);
    };
    container.addEventListener("scroll", handleScroll, { passive: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      container.removeEventListener("scroll", handleScroll);
    };
  }, [doc, view.pdfViewMode, pageCount]);

  const setDisplayMode = useCallback((displayMode: PdfDisplayMode) => setView((current) => ({ ...current, displayMode })), []);

  // Leaving browser fullscreen (Escape, F11, the browser's own control) returns to normal.
  useEffect(() => {
    const handleChange = () => {
      if (!document.fullscreenElement) setView((current) => (current.displayMode === "fullscreen" ? { ...current, displayMode: "normal" } : current));
    };
    document.addEventListener("fullscreenchange", handleChange);
    return () => document.removeEventListener("fullscreenchange", handleChange);
  }, []);

  // Escape in maximized returns to normal; arrows turn pages.
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, [contenteditable=true]")) return;
      if (event.key === "Escape") {
        if (palette) setPalette(null);
        else if (view.displayMode === "maximized") setDisplayMode("normal");
        setAreaMode(false);
      } else if (!rootRef.current?.contains(document.activeElement) && document.activeElement !== document.body) {
        return;
      } else if (event.key === "ArrowRight" && view.pdfViewMode === "single") {
        goToPage(view.pageNumber + 1);
      } else if (event.key === "ArrowLeft" && view.pdfViewMode === "single") {
        goToPage(view.pageNumber - 1);
      }
    };
    document.addEventListener("keydown", handleKey);
    return () => document.removeEventListener("keydown", handleKey);
  }, [view.displayMode, view.pdfViewMode, view.pageNumber, palette, goToPage, setDisplayMode]);

  // Phones, fullscreen or maximized: the toolbar hides 3 s after the last touch.
  const autoHide = phone && view.displayMode !== "normal";
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

  const handleFullscreen = async () => {
    if (view.displayMode === "fullscreen") {
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
  const handleMaximize = async () => {
    if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
    setDisplayMode(view.displayMode === "maximized" ? "normal" : "maximized");
  };
  const handleFit = () => {
    const size = sizeOf(view.pageNumber);
    const fit = widthFitScale(scrollRef.current, view.rotation % 180 ? size.height : size.width);
    if (fit) setView((current) => ({ ...current, scale: fit.scale }));
  };

  const handleTouchStart = (event: ReactTouchEvent) => {
    handleInteraction();
    const touch = event.touches[0];
    touchStart.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const handleTouchEnd = (event: ReactTouchEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    const touch = event.changedTouches[0];
    const container = scrollRef.current;
    if (!start || !touch || !container || areaMode) return;
    // A page wider than the screen scrolls sideways instead; a text selection is no swipe either.
    if (container.scrollWidth > container.clientWidth + 2) return;
    if (!window.getSelection()?.isCollapsed) return;
    const direction = swipeDirection(touch.clientX - start.x, touch.clientY - start.y, PDF_SWIPE_THRESHOLD_PX);
    if (direction === "previous") goToPage(view.pageNumber - 1);
    if (direction === "next") goToPage(view.pageNumber + 1);
  };

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
      [...range.getClientRects()].map((rect) => clientRectToPageRect(rect, box, view.rotation)).filter((rect): rect is PageRect => rect !== null),
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
  }, [view.rotation]);

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

  const handlePagesPointerUp = (event: React.PointerEvent) => {
    pointerDown.current = false;
    if (areaMode) return;
    if (captureSelection()) return;
    // A click on an existing highlight opens its colours and Remove.
    const pageElement = (event.target as HTMLElement).closest<HTMLElement>(".pdf-page");
    if (!pageElement) return;
    const box = pageElement.getBoundingClientRect();
    const { u, v } = toUnrotated((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height, view.rotation);
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
      const pageRect = clientRectToPageRect(rect, element.getBoundingClientRect(), view.rotation);
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
    [view.rotation],
  );

  const handlePick = (color: HighlightColor) => {
    if (!palette) return;
    if (palette.kind === "new") {
      void highlightStore.add({ paperId: stateKey, pageNumber: palette.pageNumber, rects: palette.rects, color, text: palette.text });
      window.getSelection()?.removeAllRanges();
      setAreaMode(false);
    } else {
      void highlightStore.recolor(stateKey, palette.highlight.id, color);
    }
    setPalette(null);
  };

  const handlePainted = useCallback(() => setLanded(true), []);
  const handlePageSize = useCallback((page: number, size: PageSize) => setPageSizes((current) => ({ ...current, [page]: size })), []);

  const displayClass =
    view.displayMode === "maximized"
      ? "fixed inset-0 z-50 rounded-none border-0 bg-muted"
      : view.displayMode === "fullscreen"
        ? "h-dvh rounded-none border-0 bg-muted"
        : "h-[calc(100dvh-8rem)] min-h-[26rem] sm:h-[calc(100dvh-10rem)]";

  const selectedHighlightId = palette?.kind === "edit" ? palette.highlight.id : null;
  const pagesToShow = view.pdfViewMode === "single" ? [view.pageNumber] : Array.from({ length: pageCount }, (_, index) => index + 1);

  return (
    <section
      ref={rootRef}
      aria-label="PDF viewer"
      data-display-mode={view.displayMode}
      data-view-mode={view.pdfViewMode}
      data-rotation={view.rotation}
      className={cn("relative flex flex-col overflow-hidden rounded-xl border border-border bg-muted/50 dark:bg-neutral-900", displayClass)}
      onPointerDown={handleInteraction}
    >
      {doc ? (
        <div className={cn(autoHide && "absolute inset-x-0 top-0 z-20")}>
          <PdfToolbar
            pageNumber={view.pageNumber}
            pageCount={pageCount}
            scale={view.scale}
            viewMode={view.pdfViewMode}
            displayMode={view.displayMode}
            canGoBack={history.index > 0}
            canGoForward={history.index < history.entries.length - 1}
            areaMode={areaMode}
            compact={compact}
            hidden={toolbarHidden}
            downloadUrl={url}
            externalUrl={externalUrl}
            onBack={() => {
              const next = historyBack(history);
              setHistory(next);
              goToPage(next.entries[next.index] ?? 1, { record: false });
            }}
            onForward={() => {
              const next = historyForward(history);
              setHistory(next);
              goToPage(next.entries[next.index] ?? 1, { record: false });
            }}
            onPrevious={() => goToPage(view.pageNumber - 1)}
            onNext={() => goToPage(view.pageNumber + 1)}
            onPage={(page) => goToPage(page)}
            onZoom={(direction) => setView((current) => ({ ...current, scale: stepScale(current.scale, direction) }))}
            onFit={handleFit}
            onRotate={() => setView((current) => ({ ...current, rotation: nextRotation(current.rotation) }))}
            onViewMode={(mode: PdfViewMode) => {
              scrollTarget.current = view.pageNumber;
              setView((current) => ({ ...current, pdfViewMode: mode }));
            }}
            onFullscreen={() => void handleFullscreen()}
            onMaximize={() => void handleMaximize()}
            onAreaMode={() => setAreaMode((on) => !on)}
          />
        </div>
      ) : load.status === "loading" && !autoHide ? (
        // The toolbar's room, kept while the document opens: the pages (or the kept picture of
        // the page) do not move down when it comes.
        <div aria-hidden className="h-12 shrink-0 border-b border-border bg-background/95 supports-[backdrop-filter]:bg-background/80" />
      ) : null}

      {load.status === "loading" ? (
        <div className={pictureShown ? "sr-only" : "absolute inset-0 z-10 flex items-center justify-center"} role="status" aria-live="polite">
          <div className="flex flex-col items-center gap-3 text-sm text-muted-foreground">
            <Loader2 className="size-6 animate-spin" aria-hidden />
            Loading PDF...
          </div>
        </div>
      ) : null}

      {load.status === "timeout" || load.status === "error" ? (
        <div className="absolute inset-0 z-10 flex items-center justify-center p-4">
          <div role="alert" className="flex max-w-md flex-col items-center gap-3 text-center">
            <AlertCircle className="size-8 text-destructive" aria-hidden />
            <h2 className="text-lg font-semibold">{load.status === "timeout" ? PDF_MESSAGES.timeout : PDF_MESSAGES.failedRetry}</h2>
            {load.status === "error" ? <p className="text-sm text-muted-foreground">{load.message}</p> : null}
            <div className="mt-1 flex flex-wrap justify-center gap-2">
              <Button type="button" onClick={() => setAttempt((n) => n + 1)}>
                <RefreshCw /> Retry
              </Button>
              <Button asChild variant="outline">
                <a href={url} download>
                  <Download /> Download
                </a>
              </Button>
              <Button asChild variant="outline">
                <a href={externalUrl} target="_blank" rel="noreferrer">
                  <ExternalLink /> Open on arXiv
                </a>
              </Button>
            </div>
          </div>
        </div>
      ) : null}

      {/* There from the start (empty until the document opens), with its scrollbar's room kept,
          so the width page 1 is fitted to is measured before page 1 is drawn. */}
      <div
        ref={scrollRef}
        data-testid={doc ? "pdf-pages" : undefined}
        className={cn("relative flex-1 overflow-auto overscroll-contain [scrollbar-gutter:stable]", autoHide && "pt-12")}
        onTouchStart={handleTouchStart}
        onTouchEnd={handleTouchEnd}
        onPointerDown={() => {
          pointerDown.current = true;
        }}
        onPointerUp={handlePagesPointerUp}
        onScroll={autoHide ? handleInteraction : undefined}
      >
        {/* Over the pages until the live page is drawn underneath it; gone at once when the
            document opens away from the top (continuous mode scrolled to a later page). */}
        {!landed && !readAheadOnScreen && load.status !== "error" && load.status !== "timeout" && !(doc && view.pdfViewMode === "continuous" && view.pageNumber > 1) ? (
          <div
            aria-hidden
            className={cn("pointer-events-none absolute top-0 left-0 z-[1] flex w-max min-w-full flex-col items-center", autoHide && "mt-12")}
            style={{ padding: PAGE_GAP_PX }}
          >
            <KeptPagePicture paperId={stateKey} view={view} onShown={handlePictureShown} />
          </div>
        ) : null}
        {doc ? (
          <div className="flex w-max min-w-full flex-col items-center" style={{ gap: PAGE_GAP_PX, padding: PAGE_GAP_PX }}>
            {pagesToShow.map((page) => (
              <PdfPageView
                key={page}
                doc={doc}
                pageNumber={page}
                scale={view.scale}
                rotation={view.rotation}
                size={sizeOf(page)}
                active={view.pdfViewMode === "single" || (nearPages.has(page) && (landed || page === view.pageNumber))}
                highlights={highlightsByPage.get(page) ?? NO_HIGHLIGHTS}
                selectedHighlightId={selectedHighlightId}
                onSize={handlePageSize}
                onPainted={handlePainted}
                areaMode={areaMode}
                onArea={handleArea}
              />
            ))}
          </div>
        ) : null}
      </div>

      {palette ? (
        <HighlightPalette
          position={{ left: palette.left, top: palette.top }}
          current={palette.kind === "edit" ? (palette.highlight.color as HighlightColor) : undefined}
          onPick={handlePick}
          onRemove={
            palette.kind === "edit"
              ? () => {
                  void highlightStore.remove(stateKey, palette.highlight.id);
                  setPalette(null);
                }
              : undefined
          }
        />
      ) : null}
    </section>
  );
}

const NO_HIGHLIGHTS: readonly Highlight[] = [];

/**
 * The kept picture of the page the viewer opens on (page-picture.ts), drawn where that page
 * will be while the document opens: a paper read before is on screen at once inside the app
 * too. Nothing when there is no picture of this view; `onShown` once it is up.
 */
function KeptPagePicture(props: { paperId: string; view: PdfViewState; onShown: () => void }) {
  const { paperId, onShown } = props;
  // The view the viewer opens on: read once, as the picture is.
  const [opening] = useState(props.view);
  const [bitmap, setBitmap] = useState<ImageBitmap | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const density = outputScale();
  useEffect(() => {
    let alive = true;
    let read: ImageBitmap | null = null;
    void readPagePicture(paperId, opening, density).then((picture) => {
      read = picture;
      if (!alive) picture?.close();
      else setBitmap(picture);
    });
    return () => {
      alive = false;
      read?.close();
    };
  }, [paperId, opening, density]);
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!bitmap || !canvas) return;
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0);
    canvas.dataset.painted = "true";
    onShown();
  }, [bitmap, onShown]);
  if (!bitmap) return null;
  return (
    <div className="pdf-page-picture relative bg-white shadow-sm ring-1 ring-black/5" style={{ width: bitmap.width / density, height: bitmap.height / density }}>
      <canvas ref={canvasRef} data-picture="true" className="pdf-canvas absolute inset-0 block size-full" />
    </div>
  );
}
