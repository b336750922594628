/**
 * Where the PDF viewer finds a paper kept for offline reading before it asks the network. The
 * native app registers its device files here at start (native-app.ts); on the web nothing is
 * registered, because the service worker answers the proxy URL of a kept paper from the copy
 * itself (src/web/sw.ts), including pdf.js's range requests and public/pdf-prefetch.js's
 * early download. Kept tiny: the reader's pdf.js module imports it.
 */
export type KeptPdfSource = (pdfUrl: string) => Promise<Uint8Array | null>;

let source: KeptPdfSource | null = null;

export function setKeptPdfSource(next: KeptPdfSource | null): void {
  source = next;
}

export function keptPdfSource(): KeptPdfSource | null {
  return source;
}
