import { memo, useEffect, useRef, type PointerEvent as ReactPointerEvent } from "react";
import { TextLayer, type PDFDocumentProxy, type RenderTask } from "pdfjs-dist";
import type { Highlight } from "@/shared/highlights";
import { clampScale, HIGHLIGHT_OPACITY } from "@/shared/pdf";
import { cn } from "@/web/lib/utils";
import { outputScale as pageOutputScale, takeReadAhead } from "./pdf-document";

/** CSS pixels per PDF point at zoom 1: a Letter page is 612 px wide, so the 0.5 minimum fits a phone. */
export const CSS_PX_PER_POINT = 1;

export type PageSize = { width: number; height: number };

/** US Letter, until the first page says otherwise. */
export const DEFAULT_PAGE: PageSize = { width: 612, height: 792 };
/** The room between the pages, and around them. */
export const PAGE_GAP_PX = 16;

/** The zoom at which a page this many points wide fills the pages' area, and that area's width; null before it is laid out. */
export function widthFitScale(container: HTMLElement | null, pageWidthPt: number): { scale: number; available: number } | null {
  const available = (container?.clientWidth ?? 0) - 2 * PAGE_GAP_PX;
  if (available <= 0 || pageWidthPt <= 0) return null;
  return { scale: clampScale(available / (pageWidthPt * CSS_PX_PER_POINT)), available };
}

type PdfPageViewProps = {
  doc: PDFDocumentProxy;
  pageNumber: number;
  scale: number;
  rotation: number;
  /** Unrotated page size in points; the real one once the page is loaded, else an estimate. */
  size: PageSize;
  /** Render the canvas and text; false keeps only a sized placeholder (continuous mode, far pages). */
  active: boolean;
  highlights: readonly Highlight[];
  selectedHighlightId: string | null;
  onSize?: (pageNumber: number, size: PageSize) => void;
  onPainted?: (pageNumber: number) => void;
  /** Drag-a-rectangle mode (scanned pages): called with the dragged area in client pixels. */
  areaMode?: boolean;
  onArea?: (pageNumber: number, rect: DOMRect, element: HTMLElement) => void;
};

/**
 * One PDF page: a canvas, pdf.js's text layer (selectable text) and the highlights, all in
 * the page's unrotated frame turned by the same CSS rotation (see pdf-viewer.css).
 */
export const PdfPageView = memo(function PdfPageView(props: PdfPageViewProps) {
  const { doc, pageNumber, scale, rotation, size, active, highlights, selectedHighlightId, onSize, onPainted, areaMode, onArea } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<{ x: number; y: number; box: HTMLDivElement } | null>(null);

  const cssScale = scale * CSS_PX_PER_POINT;
  const quarterTurn = rotation % 180 !== 0;
  const width = Math.floor((quarterTurn ? size.height : size.width) * cssScale);
  const height = Math.floor((quarterTurn ? size.width : size.height) * cssScale);

  useEffect(() => {
    const canvas = canvasRef.current;
    const textDiv = textRef.current;
    if (!active || !canvas || !textDiv) return;
    let cancelled = false;
    let renderTask: RenderTask | null = null;
    let textLayer: TextLayer | null = null;
    void (async () => {
      const page = await doc.getPage(pageNumber);
      if (cancelled) return;
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const intrinsicQuarter = page.rotate % 180 !== 0;
      const real = intrinsicQuarter ? { width: y1 - y0, height: x1 - x0 } : { width: x1 - x0, height: y1 - y0 };
      if (Math.abs(real.width - size.width) > 0.5 || Math.abs(real.height - size.height) > 0.5) onSize?.(pageNumber, real);
      const viewport = page.getViewport({ scale: cssScale, rotation: (page.rotate + rotation) % 360 });
      const outputScale = pageOutputScale();
      const transform = outputScale === 1 ? undefined : [outputScale, 0, 0, outputScale, 0, 0];
      // The page drawn while the app started (pdf-document.ts, startReadAhead): shown at once.
      const ahead = await takeReadAhead(doc, pageNumber, rotation, cssScale * outputScale);
      if (cancelled) return;
      canvas.width = Math.floor(viewport.width * outputScale);
      canvas.height = Math.floor(viewport.height * outputScale);
      if (ahead) {
        canvas.getContext("2d")?.drawImage(ahead, 0, 0, canvas.width, canvas.height);
        const exact = ahead.width === canvas.width && ahead.height === canvas.height;
        ahead.width = 0;
        ahead.height = 0;
        canvas.dataset.painted = "true";
        onPainted?.(pageNumber);
        if (!exact) {
          // Drawn at a larger zoom and scaled down: drawn afresh at this one, off screen, then swapped in.
          const sharp = document.createElement("canvas");
          sharp.width = canvas.width;
          sharp.height = canvas.height;
          renderTask = page.render({ canvas: sharp, viewport, transform });
          await renderTask.promise;
          if (cancelled) return;
          canvas.getContext("2d")?.drawImage(sharp, 0, 0);
          sharp.width = 0;
          sharp.height = 0;
        }
      } else {
        renderTask = page.render({ canvas, viewport, transform });
        await renderTask.promise;
        if (cancelled) return;
        canvas.dataset.painted = "true";
        onPainted?.(pageNumber);
      }
      textDiv.replaceChildren();
      textLayer = new TextLayer({ textContentSource: page.streamTextContent(), container: textDiv, viewport });
      await textLayer.render();
    })().catch((error: unknown) => {
      // A cancelled render (zoom, scroll away) is expected; anything else leaves the page blank but the viewer alive.
      if (!cancelled && (error as { name?: string })?.name !== "RenderingCancelledException") console.warn("PDF page render failed", error);
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
      textDiv.replaceChildren();
      // Frees the bitmap now rather than when the element goes: continuous mode keeps the element.
      canvas.width = 0;
      canvas.height = 0;
      delete canvas.dataset.painted;
    };
    // size is read only to report a correction; re-rendering on it would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, pageNumber, cssScale, rotation, active]);

  const unrotatedWidth = Math.floor(size.width * cssScale);
  const unrotatedHeight = Math.floor(size.height * cssScale);
  const layerRotation = String(rotation % 360);

  const handlePointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!areaMode || !pageRef.current) return;
    event.preventDefault();
    const box = document.createElement("div");
    box.className = "pointer-events-none fixed z-40 border-2 border-primary bg-primary/15";
    document.body.appendChild(box);
    dragRef.current = { x: event.clientX, y: event.clientY, box };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const handlePointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const drag = dragRef.current;
    if (!drag) return;
    Object.assign(drag.box.style, {
      left: `${Math.min(drag.x, event.clientX)}px`,
      top: `${Math.min(drag.y, event.clientY)}px`,
      width: `${Math.abs(event.clientX - drag.x)}px`,
      height: `${Math.abs(event.clientY - drag.y)}px`,
    });
  };
  const handlePointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const drag = dragRef.current;
    if (!drag) return;
    dragRef.current = null;
    drag.box.remove();
    const rect = new DOMRect(Math.min(drag.x, event.clientX), Math.min(drag.y, event.clientY), Math.abs(event.clientX - drag.x), Math.abs(event.clientY - drag.y));
    if (rect.width > 4 && rect.height > 4 && pageRef.current) onArea?.(pageNumber, rect, pageRef.current);
  };

  return (
    <div
      ref={pageRef}
      className={cn("pdf-page relative mx-auto bg-white shadow-sm ring-1 ring-black/5", areaMode && "cursor-crosshair touch-none")}
      style={{ width, height, "--total-scale-factor": String(cssScale), "--scale-round-x": "1px", "--scale-round-y": "1px" } as React.CSSProperties}
      data-page-number={pageNumber}
      aria-label={`Page ${pageNumber}`}
      role="region"
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
    >
      <canvas ref={canvasRef} className="pdf-canvas absolute inset-0 block" style={{ width, height }} />
      <div
        className="pdf-highlight-layer absolute top-0 left-0"
        data-main-rotation={layerRotation}
        style={{ width: unrotatedWidth, height: unrotatedHeight }}
        aria-hidden
      >
        {highlights.map((highlight) => (
          <div
            key={highlight.id}
            className={cn("absolute inset-0", selectedHighlightId === highlight.id && "pdf-highlight-selected")}
            style={{ opacity: HIGHLIGHT_OPACITY }}
            data-highlight-id={highlight.id}
            data-color={highlight.color}
          >
            {highlight.rects.map((rect, index) => (
              <div
                key={index}
                className="pdf-highlight absolute"
                style={{
                  left: `${rect.x * 100}%`,
                  top: `${rect.y * 100}%`,
                  width: `${rect.width * 100}%`,
                  height: `${rect.height * 100}%`,
                  backgroundColor: highlight.color,
                }}
              />
            ))}
          </div>
        ))}
      </div>
      <div ref={textRef} className={cn("textLayer", areaMode && "pointer-events-none")} />
    </div>
  );
});
