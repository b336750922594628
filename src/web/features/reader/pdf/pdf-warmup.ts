import { apiOrigin, isNativePlatform } from "@/web/lib/platform";

/**
 * Starts on a PDF before the reader's click has taken the app to it. pdf.js's worker takes
 * a noticeable time to load and compile, and the viewer's code, the paper's page and
 * the PDF's download would otherwise each wait for the one before:
 * - at the first sign of intent (a pointer resting on a link to a paper's PDF view, the
 *   keyboard's focus on one, a press), the tab's worker starts, and pdf.js's and the viewer's
 *   code load, once;
 * - at a press (a pointer or finger going down on such a link, Enter on it), that paper's PDF
 *   starts downloading, and the viewer takes the download over when it opens.
 * Nothing is loaded for a reader who never goes near a PDF.
 */

/** The app's links to a paper's PDF view (/pdf/{id}). */
const PDF_LINK = 'a[href^="/pdf/"]';
/** How long a pointer rests on a link before it counts as intent (a pass over it does not). */
export const PDF_WARMUP_HOVER_MS = 80;

function pdfLink(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>(PDF_LINK) : null;
}

export type PdfWarmup = {
  /** Starts the worker and pdf.js's module (called once; again only after it failed). */
  warm: () => Promise<unknown>;
  /** A press of the link to this path (/pdf/{id}). */
  press: (pathname: string) => void;
};

/** Listens on `root` (the document); returns a function that removes the listeners. */
export function installPdfWarmup(root: Document, { warm, press }: PdfWarmup): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let warming = false;
  const start = () => {
    clearTimeout(timer);
    if (warming) return;
    warming = true;
    // A failed download of the code (a flaky network) lets a later sign try again.
    warm().catch(() => {
      warming = false;
    });
  };
  const pressed = (link: HTMLAnchorElement) => {
    start();
    press(new URL(link.href, root.baseURI).pathname);
  };
  const listeners: [string, (event: Event) => void][] = [
    [
      "pointerover",
      (event) => {
        if (warming || !pdfLink(event.target)) return;
        clearTimeout(timer);
        timer = setTimeout(start, PDF_WARMUP_HOVER_MS);
      },
    ],
    [
      "pointerout",
      (event) => {
        const from = pdfLink(event.target);
        if (from && !from.contains((event as MouseEvent).relatedTarget as Node | null)) clearTimeout(timer);
      },
    ],
    ["focusin", (event) => void (pdfLink(event.target) && start())],
    [
      "pointerdown",
      (event) => {
        const link = pdfLink(event.target);
        if (link && (event as MouseEvent).button === 0) pressed(link);
      },
    ],
    [
      "keydown",
      (event) => {
        const link = pdfLink(event.target);
        if (link && (event as KeyboardEvent).key === "Enter") pressed(link);
      },
    ],
  ];
  for (const [type, listener] of listeners) root.addEventListener(type, listener, { passive: true, capture: true });
  return () => {
    clearTimeout(timer);
    for (const [type, listener] of listeners) root.removeEventListener(type, listener, { capture: true });
  };
}

/** The app's warm-up; none when the reader saves data. */
export function startPdfWarmup(): void {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  // The worker's and the download's code are small, but no page needs them before a reader's
  // intent: they load with it, as pdf.js does (the first sign of intent comes before a press).
  installPdfWarmup(document, {
    warm: () => Promise.all([import("./pdf-worker-port").then(({ pdfWorkerPort }) => pdfWorkerPort()), import("./pdf-document"), import("./pdf-viewer")]),
    press: (pathname) => {
      // In the Android app a paper kept on the device opens from there (kept-pdf-source.ts).
      if (isNativePlatform()) return;
      void Promise.all([import("@/shared/pdf"), import("./pdf-download")])
        .then(([{ pdfPagePdfUrl }, { downloadAhead }]) => {
          const path = pdfPagePdfUrl(pathname);
          if (path) downloadAhead(`${apiOrigin()}${path}`);
        })
        .catch(() => undefined);
    },
  });
}
