import { useCallback, useEffect, useState } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { takePdf } from "./pdf-document";
import type { PdfLoadError } from "./pdf-download";
import { DEFAULT_PAGE } from "./pdf-page-view";
import type { PageSize } from "./pdf-page-view";

export type PdfLoadState =
  | { status: "loading" }
  | { status: "loaded"; doc: PDFDocumentProxy; firstPage: PageSize }
  | { status: "error" | "timeout"; message: string };

/** How long the first page renders alone before the pages around it start anyway. */
const FIRST_PAGE_ALONE_MAX_MS = 2000;

/**
 * The viewer's document: opened (again on `retry`) from the download the page may have started
 * already (takePdf), with its first page's size. `onOpened` runs with the document's arrival, in
 * the same render, so what it sets (the zoom page 1 is drawn at) comes with it. `landed`: the
 * page the viewer opens on is painted; until then it has the worker and the main thread to
 * itself. `sizeOf`: a page's size, from its own drawing once it has one (`handlePageSize`).
 */
export function usePdfDocument(url: string, onOpened: (doc: PDFDocumentProxy, firstPage: PageSize) => void) {
  const [load, setLoad] = useState<PdfLoadState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [landed, setLanded] = useState(false);
  const [pageSizes, setPageSizes] = useState<Record<number, PageSize>>({});

  // Open the document (again on Retry). `onOpened` is the one of the render that opened it: it
  // only sets state and refs, which every render shares.
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
        setLoad({ status: "loaded", doc, firstPage });
        onOpened(doc, firstPage);
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

  const sizeOf = useCallback((page: number) => pageSizes[page] ?? (load.status === "loaded" ? load.firstPage : DEFAULT_PAGE), [pageSizes, load]);
  const handlePageSize = useCallback((page: number, size: PageSize) => setPageSizes((current) => ({ ...current, [page]: size })), []);
  const handlePainted = useCallback(() => setLanded(true), []);
  const retry = () => setAttempt((n) => n + 1);

  return { load, doc, landed, sizeOf, handlePageSize, handlePainted, retry };
}
