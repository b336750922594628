import { useCallback, useRef, useState } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import type { Highlight } from "@/shared/highlights";
import { parseArxivId } from "@/shared/arxiv-id";
import type { Paper } from "@/shared/paper";
import { webLinkOrNull } from "@/shared/web-link";
import { clampPage, nextRotation, proxiableArxivId, stepScale, type HighlightColor } from "@/shared/pdf";
import { useMediaQuery } from "@/web/hooks/use-media-query";
import { cn } from "@/web/lib/utils";
import { HighlightPalette } from "./highlight-palette";
import { KeptPagePicture, useKeepPagePicture } from "./kept-page-picture";
import { hasReadAhead, pdfProxyUrl } from "./pdf-document";
import { CSS_PX_PER_POINT, PAGE_GAP_PX, PdfPageView, widthFitScale, type PageSize } from "./pdf-page-view";
import { PdfToolbar } from "./pdf-toolbar";
import { NoPdf, PdfLoadFailure, PdfLoading } from "./pdf-viewer-status";
import { usePageNavigation, usePageSwipe, useViewerKeys } from "./use-page-navigation";
import { usePdfDocument } from "./use-pdf-document";
import { usePdfHighlighting, useSelectionCapture } from "./use-pdf-highlighting";
import { usePdfViewState, useSaveViewState } from "./use-pdf-view-state";
import { useDisplayMode, useElementWidth, useToolbarAutoHide } from "./use-viewer-chrome";
import "./pdf-viewer.css";

const FULL_TOOLBAR_MIN_WIDTH = 680;
const NO_HIGHLIGHTS: readonly Highlight[] = [];

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

/**
 * One document in the viewer. Its parts are hooks, called in the order their effects must run
 * (the document opens before anything that waits for it), and the pieces drawn around the pages.
 */
function PdfDocumentViewer({ url, stateKey, externalUrl }: { url: string; stateKey: string; externalUrl: string }) {
  const phone = useMediaQuery("(max-width: 639px)");
  const { view, setView, keepZoom, history, setHistory } = usePdfViewState(stateKey);
  /** The kept picture of that page is up while the document opens (KeptPagePicture). */
  const [pictureShown, setPictureShown] = useState(false);
  const handlePictureShown = useCallback(() => setPictureShown(true), []);
  /** A /pdf/ page load has its page drawn ahead (and its picture already up): the kept picture is not read again. */
  const [readAheadOnScreen] = useState(hasReadAhead);

  const rootRef = useRef<HTMLDivElement>(null);
  const rootWidth = useElementWidth(rootRef);
  // The full toolbar needs about 680 px; a narrower viewer (a phone, or beside the side cards) gets the compact one.
  const compact = phone || (rootWidth > 0 && rootWidth < FULL_TOOLBAR_MIN_WIDTH);
  const scrollRef = useRef<HTMLDivElement>(null);
  const highlighting = usePdfHighlighting(stateKey, rootRef, view.rotation);
  const { palette, setPalette, areaMode, setAreaMode } = highlighting;

  // A zoom not chosen on this kind of screen that would cut the page off on the right: fit the
  // width rather than scroll sideways. Set with the document (one render), so page 1 is drawn
  // once, at the scale it keeps.
  const fitOnOpen = (doc: PDFDocumentProxy, firstPage: PageSize) => {
    const fitWidth = !keepZoom.current;
    keepZoom.current = true;
    setView((current) => {
      const widthPt = current.rotation % 180 ? firstPage.height : firstPage.width;
      const fit = fitWidth ? widthFitScale(scrollRef.current, widthPt) : null;
      const overflows = fit !== null && widthPt * CSS_PX_PER_POINT * current.scale > fit.available;
      return { ...current, pageNumber: clampPage(current.pageNumber, doc.numPages), scale: overflows ? fit.scale : current.scale };
    });
  };
  const { load, doc, landed, sizeOf, handlePageSize, handlePainted, retry } = usePdfDocument(url, fitOnOpen);
  useSaveViewState(stateKey, view, doc);
  useKeepPagePicture(doc, stateKey, view, scrollRef);
  const closePalette = () => setPalette(null);
  const navigation = usePageNavigation({ doc, view, setView, history, setHistory, pagesRef: scrollRef, onMove: closePalette });
  const { pageCount, goToPage } = navigation;
  const display = useDisplayMode(view.displayMode, setView, rootRef);
  useViewerKeys({
    rootRef,
    displayMode: view.displayMode,
    viewMode: view.pdfViewMode,
    pageNumber: view.pageNumber,
    palette,
    closePalette,
    setDisplayMode: display.setDisplayMode,
    stopAreaMode: () => setAreaMode(false),
    goToPage,
  });
  // Phones, fullscreen or maximized: the toolbar hides 3 s after the last touch.
  const autoHide = phone && view.displayMode !== "normal";
  const { toolbarHidden, handleInteraction } = useToolbarAutoHide(autoHide);
  useSelectionCapture(highlighting.captureSelection, highlighting.pointerDown);
  const swipe = usePageSwipe({ pagesRef: scrollRef, pageNumber: view.pageNumber, goToPage, areaMode, onTouch: handleInteraction });

  const handleFit = () => {
    const size = sizeOf(view.pageNumber);
    const fit = widthFitScale(scrollRef.current, view.rotation % 180 ? size.height : size.width);
    if (fit) setView((current) => ({ ...current, scale: fit.scale }));
  };

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
            onBack={navigation.goBack}
            onForward={navigation.goForward}
            onPrevious={() => goToPage(view.pageNumber - 1)}
            onNext={() => goToPage(view.pageNumber + 1)}
            onPage={(page) => goToPage(page)}
            onZoom={(direction) => setView((current) => ({ ...current, scale: stepScale(current.scale, direction) }))}
            onFit={handleFit}
            onRotate={() => setView((current) => ({ ...current, rotation: nextRotation(current.rotation) }))}
            onViewMode={navigation.changeViewMode}
            onFullscreen={() => void display.toggleFullscreen()}
            onMaximize={() => void display.toggleMaximized()}
            onAreaMode={() => setAreaMode((on) => !on)}
          />
        </div>
      ) : load.status === "loading" && !autoHide ? (
        // The toolbar's room, kept while the document opens: the pages (or the kept picture of
        // the page) do not move down when it comes.
        <div aria-hidden className="h-12 shrink-0 border-b border-border bg-background/95 supports-[backdrop-filter]:bg-background/80" />
      ) : null}

      {load.status === "loading" ? <PdfLoading pictureShown={pictureShown} /> : null}
      {load.status === "timeout" || load.status === "error" ? (
        <PdfLoadFailure timedOut={load.status === "timeout"} message={load.message} url={url} externalUrl={externalUrl} onRetry={retry} />
      ) : null}

      {/* There from the start (empty until the document opens), with its scrollbar's room kept,
          so the width page 1 is fitted to is measured before page 1 is drawn. */}
      <div
        ref={scrollRef}
        data-testid={doc ? "pdf-pages" : undefined}
        // Focusable, so the pages scroll with the arrow and page keys without a pointer.
        role="group"
        aria-label="Pages"
        tabIndex={0}
        className={cn(
          "relative flex-1 overflow-auto overscroll-contain outline-none [scrollbar-gutter:stable] focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
          autoHide && "pt-12",
        )}
        onTouchStart={swipe.handleTouchStart}
        onTouchEnd={swipe.handleTouchEnd}
        onPointerDown={highlighting.handlePagesPointerDown}
        onPointerUp={highlighting.handlePagesPointerUp}
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
                active={view.pdfViewMode === "single" || (navigation.nearPages.has(page) && (landed || page === view.pageNumber))}
                highlights={highlighting.highlightsByPage.get(page) ?? NO_HIGHLIGHTS}
                selectedHighlightId={selectedHighlightId}
                onSize={handlePageSize}
                onPainted={handlePainted}
                areaMode={areaMode}
                onArea={highlighting.handleArea}
              />
            ))}
          </div>
        ) : null}
      </div>

      {palette ? (
        <HighlightPalette
          position={{ left: palette.left, top: palette.top }}
          current={palette.kind === "edit" ? (palette.highlight.color as HighlightColor) : undefined}
          onPick={highlighting.handlePick}
          onRemove={palette.kind === "edit" ? () => highlighting.handleRemove(palette.highlight) : undefined}
        />
      ) : null}
    </section>
  );
}
