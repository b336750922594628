import { getDocument, GlobalWorkerOptions, PDFWorker, type PDFDocumentLoadingTask, type PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { clampScale, PDF_LOAD_TIMEOUT_MS, PDF_MESSAGES, pdfProxyPath } from "@/shared/pdf";
import { apiOrigin } from "@/web/lib/platform";
import { keptPdfSource } from "@/web/features/offline/kept-pdf-source";
import type { Paper } from "@/shared/paper";
import { dismissEarlyPage, earlyPagesWidth, showEarlyPage } from "./early-page";
import { answerFailure, downloadWhole, failureMessage, PdfLoadError, takeAhead } from "./pdf-download";
import { hasZoomFor, loadViewState } from "./pdf-view-state";
import { pdfWorkerPort } from "./pdf-worker-port";

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * What public/pdf-prefetch.js started for a /pdf/{id} page load, before this code arrived;
 * `firstPageSettled` (starts the app, which waits for it) is called once page 1 is on screen
 * or could not be drawn.
 */
type EarlyPdf = {
  url: string;
  bytes: Promise<ArrayBuffer | null>;
  /** The proxy's error answer, when `bytes` came to null because of one. */
  failure?: Response | null;
  worker: Worker | null;
  firstPageSettled?: (() => void) | null;
  appStarted?: boolean;
};
const early = (globalThis as { __quirePdfPrefetch?: EarlyPdf }).__quirePdfPrefetch;
let tabWorker: PDFWorker | null = null;
/**
 * One pdf.js worker serves every document of this tab (pdf-worker-port.ts: the one
 * pdf-prefetch.js started, or one started on a reader's intent or with the first PDF). Left to
 * itself pdf.js starts a worker per document and ends it with the document, so each paper
 * opened in the app would wait again for the worker's large script to load and compile before
 * its first page. Handed to each document rather than set as pdf.js's global
 * port: a document pdf.js is handed a worker for never destroys it, so a failed load and a
 * Retry cannot race over it.
 */
function workerOption(): { worker: PDFWorker } {
  if (!tabWorker) {
    const port = pdfWorkerPort();
    tabWorker = port ? PDFWorker.create({ port }) : new PDFWorker();
  }
  return { worker: tabWorker };
}

/**
 * The early download of this URL, taken once (a Retry or another paper downloads afresh). An
 * error answer fails with the proxy's own words: asking the proxy again would only repeat it,
 * as slowly.
 */
function takeEarlyBytes(url: string): Promise<ArrayBuffer | null> | null {
  if (!early || early.url !== url) return null;
  const taken = early;
  early.url = "";
  return taken.bytes.then(async (buffer) => {
    const failure = buffer === null ? taken.failure : null;
    if (!failure) return buffer;
    throw await answerFailure(failure);
  });
}

/** The proxy URL of a paper's PDF; cleaned as the proxy cleans it, so one paper has one URL. */
export function pdfProxyUrl(arxivId: string): string {
  return `${apiOrigin()}${pdfProxyPath(arxivId)}`;
}

/** The proxy's own words for a URL that failed in pdf.js, asked again for one byte. */
async function proxyMessage(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { headers: { Range: "bytes=0-0" } });
    return response.ok ? null : await failureMessage(response);
  } catch {
    return null;
  }
}

/** Turns pdf.js's failure into one of the spec's messages. */
export async function describeLoadFailure(error: unknown, url: string): Promise<PdfLoadError> {
  if (error instanceof PdfLoadError) return error;
  const name = error instanceof Error ? error.name : "";
  const status = typeof (error as { status?: unknown })?.status === "number" ? (error as { status: number }).status : 0;
  if (status >= 400 || name === "ResponseException" || name === "UnexpectedResponseException") {
    const message = (await proxyMessage(url)) ?? (status ? PDF_MESSAGES.downloadFailed(status) : PDF_MESSAGES.proxyFailed);
    return new PdfLoadError("error", message);
  }
  if (name === "InvalidPDFException" || name === "FormatError") {
    return new PdfLoadError("error", PDF_MESSAGES.loadingError(error instanceof Error ? error.message : "Invalid PDF"));
  }
  if (name === "MissingPDFException") return new PdfLoadError("error", PDF_MESSAGES.documentFailed);
  // No answer at all: the proxy could not be reached or the connection broke.
  return new PdfLoadError("error", PDF_MESSAGES.proxyFailed);
}

/**
 * Opens a PDF: from the bytes the page's early download already holds (one download, not
 * two), from a copy kept on the device, or through the proxy, downloaded beside the start of
 * pdf.js's worker rather than after it (pdf.js asks for a file only once its worker is up).
 * Without bytes (a download that broke off, an error answer of the early download) pdf.js asks
 * the proxy itself, with range requests. Gives up after the spec's 15 s.
 */
export function openPdf(url: string): { promise: Promise<PDFDocumentProxy>; cancel: () => void } {
  let task: PDFDocumentLoadingTask | null = null;
  let cancelled = false;
  const fromNetwork = () => getDocument({ url, disableAutoFetch: true, rangeChunkSize: 256 * 1024, ...workerOption() });
  // pdf.js may throw rather than reject (a worker in a bad state): the viewer then shows the failure, not a crash.
  const start = (make: () => PDFDocumentLoadingTask): Promise<PDFDocumentProxy> => {
    try {
      task = make();
      return task.promise;
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const earlyBytes = takeEarlyBytes(url);
  // The native app's kept copy (kept-pdf-source.ts); on the web the service worker serves it.
  const kept = earlyBytes ? null : keptPdfSource();
  const pressed = earlyBytes || kept ? null : takeAhead(url);
  const download = pressed?.abort ?? new AbortController();
  const bytes: Promise<Uint8Array | null> = earlyBytes
    ? earlyBytes.then((early) => (early ? new Uint8Array(early) : null))
    : kept
      ? kept(url)
          .catch(() => null)
          .then((copy) => copy ?? downloadWhole(url, download.signal))
      : (pressed?.bytes ?? downloadWhole(url, download.signal));
  // The worker starts now, beside the download.
  workerOption();
  const opened: Promise<PDFDocumentProxy> = bytes.then((data) => {
    if (cancelled) throw new Error("cancelled");
    // No bytes: pdf.js asks the proxy itself (and reports its error as usual).
    return start(data ? () => getDocument({ data, ...workerOption() }) : fromNetwork);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new PdfLoadError("timeout", PDF_MESSAGES.timeout));
      cancelled = true;
      download.abort();
      void task?.destroy();
    }, PDF_LOAD_TIMEOUT_MS);
  });
  const promise = Promise.race([opened, timeout])
    .catch(async (error: unknown) => {
      throw await describeLoadFailure(error, url);
    })
    .finally(() => clearTimeout(timer));
  return {
    promise,
    cancel: () => {
      clearTimeout(timer);
      cancelled = true;
      download.abort();
      void task?.destroy();
    },
  };
}

type OpeningPdf = ReturnType<typeof openPdf>;
const prefetched = new Map<string, OpeningPdf>();

/**
 * Starts opening a PDF before the viewer is on screen (the reader knows the id from the URL
 * while the paper's details are still on their way); the viewer then takes it over.
 */
export function prefetchPdf(url: string): void {
  if (prefetched.has(url)) return;
  const opening = openPdf(url);
  // The viewer handles a failure when it takes this over; until then it is no unhandled rejection.
  opening.promise.catch(() => undefined);
  prefetched.set(url, opening);
}

/** Page 1 (or the page the paper was left on), drawn before the viewer is on screen. */
type ReadAhead = {
  doc: Promise<PDFDocumentProxy>;
  pageNumber: number;
  rotation: number;
  /** Canvas pixels per PDF point. */
  density: number;
  canvas: Promise<HTMLCanvasElement | null>;
};
let readAhead: ReadAhead | null = null;

/** Keeps canvases small enough on dense screens; 2x is sharp on every phone we target. */
export const MAX_OUTPUT_SCALE = 2;

/** Device pixels per CSS pixel that pages are drawn at. */
export function outputScale(): number {
  return Math.min(window.devicePixelRatio || 1, MAX_OUTPUT_SCALE);
}

/**
 * Draws the page the viewer will open on, on a canvas of its own, before the app starts: the
 * worker reads the page (fonts, images, drawing operations: most of the time to page 1), the
 * drawing goes on screen at once when `onScreen` (showEarlyPage), and the viewer, once up,
 * copies it instead of waiting for it (takeReadAhead). Drawn at the zoom the paper was left
 * at (1 the first time); a first open fitted to a narrower screen copies it scaled down, then
 * draws the page afresh at its own zoom. Settles with the drawing, or null if it failed.
 */
function startReadAhead(
  opening: OpeningPdf,
  view: { pageNumber: number; scale: number; rotation: number },
  onScreen: boolean,
  keepsZoom: boolean,
): Promise<HTMLCanvasElement | null> {
  const canvas = opening.promise.then(async (doc) => {
    performance.mark("quire:pdf-opened");
    const page = await doc.getPage(Math.min(view.pageNumber, doc.numPages));
    const density = (keepsZoom ? view.scale : await openingScale(doc, view)) * outputScale();
    if (readAhead?.canvas === settled) readAhead.density = density;
    const viewport = page.getViewport({ scale: density, rotation: (page.rotate + view.rotation) % 360 });
    const drawing = document.createElement("canvas");
    drawing.width = Math.floor(viewport.width);
    drawing.height = Math.floor(viewport.height);
    await page.render({ canvas: drawing, viewport }).promise;
    performance.mark("quire:pdf-page-drawn");
    // Only while the app has not started (it waits for this up to 2 s, pdf-prefetch.js): over
    // an app already on screen it would only flash.
    if (onScreen && !early?.appStarted && readAhead?.canvas === settled) showEarlyPage(drawing, outputScale());
    return drawing;
  });
  const settled = canvas.catch(() => null);
  readAhead = { doc: opening.promise, pageNumber: view.pageNumber, rotation: view.rotation, density: view.scale * outputScale(), canvas: settled };
  return settled;
}

/**
 * The zoom the viewer will open at, for a paper with no zoom chosen on this kind of screen: page
 * 1 fitted to the viewer's width when it would not fit (pdf-viewer.tsx, fitOnOpen), where the
 * server's drawing shows the viewer's place (early-page.ts); so page 1 is drawn once, at the
 * zoom it keeps, not drawn at the zoom it starts from and then again fitted. Elsewhere the zoom
 * it starts from, as before.
 */
async function openingScale(doc: PDFDocumentProxy, view: { scale: number; rotation: number }): Promise<number> {
  const available = earlyPagesWidth();
  if (available === null) return view.scale;
  const first = await doc.getPage(1);
  const [x0, y0, x1, y1] = first.view as [number, number, number, number];
  const size = first.rotate % 180 ? { width: y1 - y0, height: x1 - x0 } : { width: x1 - x0, height: y1 - y0 };
  // A PDF point is a CSS pixel at zoom 1 (pdf-page-view.tsx, CSS_PX_PER_POINT).
  const widthPt = view.rotation % 180 ? size.height : size.width;
  return widthPt > 0 && widthPt * view.scale > available ? clampScale(available / widthPt) : view.scale;
}

/** Whether a /pdf/ page load's read-ahead is under way or not yet taken (its page is on screen, or soon will be). */
export function hasReadAhead(): boolean {
  return readAhead !== null;
}

/**
 * The read-ahead drawing of this page, once, when it is of this document, page and rotation
 * and at least as sharp as wanted (it is only ever scaled down); null otherwise.
 */
export async function takeReadAhead(doc: PDFDocumentProxy, pageNumber: number, rotation: number, density: number): Promise<HTMLCanvasElement | null> {
  // The viewer is on screen: the early page goes now, in the same task as the viewer's copy
  // of it (no frame in between), whether or not that copy is of this page.
  dismissEarlyPage();
  const ahead = readAhead;
  if (!ahead || ahead.pageNumber !== pageNumber || ahead.rotation !== rotation || ahead.density < density - 0.001) return null;
  const sameDoc = await ahead.doc.then((opened) => opened === doc).catch(() => false);
  if (!sameDoc || readAhead !== ahead) return null;
  readAhead = null;
  return ahead.canvas;
}

// Imported by public/pdf-prefetch.js on a /pdf/{arXiv id} page load, before the app: open the
// PDF it is downloading and draw the page the paper was left on.
// Marks of a /pdf/ load's steps (read by the reader bench's QUIRE_BENCH_MARKS breakdown).
performance.mark("quire:pdf-module");
if (early?.url) {
  void early.bytes.then(() => performance.mark("quire:pdf-bytes"));
  const url = early.url;
  prefetchPdf(url);
  const opening = prefetched.get(url);
  const paperId = new URLSearchParams(url.split("?")[1] ?? "").get("paperId") ?? "";
  const drawn = opening && paperId ? startReadAhead(opening, loadViewState(paperId), Boolean(early.firstPageSettled), hasZoomFor(paperId)) : null;
  void (drawn ?? Promise.resolve()).then(() => early.firstPageSettled?.());
} else {
  early?.firstPageSettled?.();
}

/** The prefetched opening of this URL, or a new one. Taken once: a Retry opens afresh. */
export function takePdf(url: string): OpeningPdf {
  const opening = prefetched.get(url);
  prefetched.delete(url);
  return opening ?? openPdf(url);
}
