import { PDF_MESSAGES } from "@/shared/pdf";

/**
 * The PDF's download beside pdf.js: pdf.js asks for the file only once its worker is up
 * (its script loaded and compiled), so the viewer downloads it itself meanwhile
 * (pdf-document.ts), and a press of a PDF link starts that download before the app has even
 * gone to the paper (pdf-warmup.ts). Kept apart from pdf.js (a large module) so a press starts
 * the download at once, not after pdf.js has loaded.
 */

/** Why a PDF did not open: a timeout (download instead) or an error with the spec's message. */
export class PdfLoadError extends Error {
  constructor(
    readonly kind: "timeout" | "error",
    message: string,
  ) {
    super(message);
    this.name = "PdfLoadError";
  }
}

/** The proxy's own words in a failed answer (its `{ error: { message } }`), when it gives any. */
export async function failureMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    return typeof body.error?.message === "string" ? body.error.message : null;
  } catch {
    return null;
  }
}

/**
 * The proxy's failed answer as the viewer tells it: its own words, and a 504 (the host sent
 * nothing in time) as the spec's timeout, which offers the download instead.
 */
export async function answerFailure(response: Response): Promise<PdfLoadError> {
  const message = (await failureMessage(response)) ?? (response.status === 504 ? PDF_MESSAGES.timeout : PDF_MESSAGES.downloadFailed(response.status));
  return new PdfLoadError(response.status === 504 ? "timeout" : "error", message);
}

/**
 * The whole PDF, downloaded while pdf.js's worker starts; null when pdf.js should ask for it
 * itself (a download that broke off, or was stopped). Whole, as public/pdf-prefetch.js
 * downloads it: the proxy keeps a PDF in the cloud cache only once it has passed through whole,
 * and pdf.js's range requests for a large file would never bring it there. A failed answer is
 * described from that answer (the proxy's own words), not asked for again: the host may be
 * rate-limiting.
 */
export async function downloadWhole(url: string, signal: AbortSignal): Promise<Uint8Array | null> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", signal });
  } catch {
    if (signal.aborted) return null;
    throw new PdfLoadError("error", PDF_MESSAGES.proxyFailed);
  }
  if (!response.ok) throw await answerFailure(response);
  return response
    .arrayBuffer()
    .then((buffer) => new Uint8Array(buffer))
    .catch(() => null);
}

/** How long a download started on a press waits for the viewer to take it. */
const DOWNLOAD_AHEAD_MS = 10_000;
let ahead: { url: string; bytes: Promise<Uint8Array | null>; abort: AbortController; timer: ReturnType<typeof setTimeout> } | null = null;

/**
 * Starts downloading a PDF the reader has just pressed the link of (pdf-warmup.ts), while the
 * app goes to its page and loads the viewer; the open of the same URL takes it over. One at a
 * time: another press, or no open within 10 s, drops it.
 */
export function downloadAhead(url: string): void {
  if (ahead?.url === url) return;
  dropAhead();
  const abort = new AbortController();
  const bytes = downloadWhole(url, abort.signal);
  // The open that takes this over handles a failure; until then it is no unhandled rejection.
  bytes.catch(() => undefined);
  ahead = { url, bytes, abort, timer: setTimeout(dropAhead, DOWNLOAD_AHEAD_MS) };
}

function dropAhead(): void {
  if (!ahead) return;
  clearTimeout(ahead.timer);
  ahead.abort.abort();
  ahead = null;
}

/** The download started ahead for this URL, taken once; any other is dropped. */
export function takeAhead(url: string): { bytes: Promise<Uint8Array | null>; abort: AbortController } | null {
  if (ahead?.url !== url) {
    dropAhead();
    return null;
  }
  const taken = ahead;
  clearTimeout(taken.timer);
  ahead = null;
  return taken;
}
