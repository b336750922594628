import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

/**
 * The tab's pdf.js worker, as a plain Worker: the one public/pdf-prefetch.js started on a
 * /pdf/ page load, else one started here the first time it is asked for. Kept tiny (a URL and
 * a Worker) so the app's shell can start it on a reader's intent (pdf-warmup.ts), before
 * pdf.js's own module has loaded: the worker's large script then loads and compiles while
 * that module does. pdf-document.ts hands it to pdf.js, which serves every document on it.
 */
let port: Worker | null | undefined;

export function pdfWorkerPort(): Worker | null {
  if (port !== undefined) return port;
  const early = (globalThis as { __quirePdfPrefetch?: { worker?: Worker | null } }).__quirePdfPrefetch?.worker;
  if (early) return (port = early);
  try {
    port = typeof Worker === "undefined" ? null : new Worker(workerUrl, { type: "module" });
  } catch {
    port = null;
  }
  return port;
}
