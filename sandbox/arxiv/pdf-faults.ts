/**
 * PDFs that go wrong, for the PDF proxy's and the viewer's fault tests. Each lives at a
 * fixed id outside the corpus (arXiv has no December 2026 papers yet), so a test can ask for
 * the fault by URL without queueing anything:
 *
 * - 2612.99001  a real PDF cut off half-way, as a download that stopped early leaves it
 * - 2612.99002  200 with an HTML page instead of a PDF (a captcha or error page)
 * - 2612.99003  headers and the first bytes of a PDF, then nothing ever again
 * - 2612.99004  429 Too Many Requests with Retry-After
 *
 * Two corpus papers have long generated PDFs for the reader benchmark: LONG_PDF_PAPER_ID has
 * 300 pages, TEN_PAGE_PDF_PAPER_ID 10.
 */
import { readFileSync } from "node:fs";
import { dataPath } from "../corpus";

export const PDF_FAULT_IDS = {
  truncated: "2612.99001",
  notPdf: "2612.99002",
  neverFinishes: "2612.99003",
  tooManyRequests: "2612.99004",
} as const;

export const LONG_PDF_PAPER_ID = "2403.16981";
export const LONG_PDF_PAGES = 300;
export const TEN_PAGE_PDF_PAPER_ID = "2406.19956";

let sample: Uint8Array<ArrayBuffer> | undefined;
const samplePdf = () => (sample ??= new Uint8Array(readFileSync(dataPath("pdf/2020.acl-main.447_S2ORC.pdf"))));

/** The faulty answer for an id path, or undefined when the id is no fault id. */
export function pdfFaultResponse(idPath: string): Response | undefined {
  const id = decodeURIComponent(idPath).replace(/\.pdf$/i, "").replace(/v\d+$/, "");
  const bytes = () => samplePdf();
  switch (id) {
    case PDF_FAULT_IDS.truncated: {
      const whole = bytes();
      const half = whole.subarray(0, Math.floor(whole.byteLength / 2));
      return new Response(new Blob([half]).stream(), {
        headers: { "Content-Type": "application/pdf" },
      });
    }
    case PDF_FAULT_IDS.notPdf:
      return new Response("<!DOCTYPE html><html><body><h1>Please verify you are a human</h1></body></html>", {
        headers: { "Content-Type": "application/pdf" },
      });
    case PDF_FAULT_IDS.neverFinishes: {
      const head = bytes().subarray(0, 64 * 1024);
      // The stream is never closed: the sandbox's closeAllConnections ends it on shutdown.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(head);
        },
      });
      return new Response(body, { headers: { "Content-Type": "application/pdf", "Content-Length": String(bytes().byteLength) } });
    }
    case PDF_FAULT_IDS.tooManyRequests:
      return new Response("Rate exceeded.", { status: 429, headers: { "Content-Type": "text/plain", "Retry-After": "5" } });
    default:
      return undefined;
  }
}
