import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { isNativePlatform } from "@/web/lib/platform";
import { keepPagePicture, PAGE_PICTURE_DELAY_MS, readPagePicture } from "./page-picture";
import { outputScale } from "./pdf-document";
import type { PdfViewState } from "./pdf-view-state";

/**
 * The kept picture of the page the viewer opens on (page-picture.ts), drawn where that page
 * will be while the document opens: a paper read before is on screen at once inside the app
 * too. Nothing when there is no picture of this view; `onShown` once it is up.
 */
export function KeptPagePicture(props: { paperId: string; view: PdfViewState; onShown: () => void }) {
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

/**
 * The picture of the page the reader is on, for the next load of this paper's /pdf/ page to
 * show at once (page-picture.ts): taken once the page has stayed as it is for a moment and is
 * drawn. Not in the Android app, whose pages are never loaded from the server.
 */
export function useKeepPagePicture(doc: PDFDocumentProxy | null, stateKey: string, view: PdfViewState, pagesRef: RefObject<HTMLElement | null>): void {
  const { pageNumber, scale, rotation } = view;
  useEffect(() => {
    if (!doc || isNativePlatform()) return;
    let timer = 0;
    let tries = 0;
    const take = () => {
      const canvas = pagesRef.current?.querySelector<HTMLCanvasElement>(`[data-page-number="${pageNumber}"] canvas[data-painted="true"]`);
      if (canvas) {
        const picture = { pageNumber, scale, rotation, innerWidth: window.innerWidth, density: outputScale() };
        void keepPagePicture(stateKey, canvas, picture);
      } else if (++tries < 4) {
        timer = window.setTimeout(take, PAGE_PICTURE_DELAY_MS);
      }
    };
    timer = window.setTimeout(take, PAGE_PICTURE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [doc, stateKey, pageNumber, scale, rotation, pagesRef]);
}
