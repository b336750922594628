import { pathSegment } from "@/server/sources/http/upstream-path";
import type { Logger } from "@/server/logger";
import { UpstreamError } from "@/server/sources/http/upstream-error";
import { upstreamFetch } from "@/server/sources/http/upstream-agent";

export type PdfFetchResult = {
  status: number;
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
};

/** Redirects followed, and only while they stay on the configured origin. */
const MAX_REDIRECTS = 3;

/**
 * arXiv PDFs, streamed. Unlike the JSON/Atom sources these are not buffered or cached (a PDF
 * is megabytes): the body is handed on as it arrives. Only URLs under the configured PDF base
 * are ever requested, and a redirect to any other origin is refused, so a paper id can never
 * make the server fetch somewhere else.
 */
export function createArxivPdfSource(options: {
  pdfUrl: string;
  userAgent: string;
  logger: Logger;
  /** How long to wait for the response headers. */
  headersTimeoutMs?: number;
  fetch?: typeof fetch;
}) {
  const { pdfUrl, userAgent, logger, headersTimeoutMs = 15_000 } = options;
  const doFetch = options.fetch ?? upstreamFetch;
  const base = new URL(`${pdfUrl}/`);

  /** The URL of a paper's PDF; `arxivId` must already be a validated bare id. */
  function urlFor(arxivId: string): URL {
    return new URL(arxivId.split("/").map(pathSegment).join("/"), base);
  }

  async function fetchPdf(arxivId: string, request: { range?: string; signal?: AbortSignal } = {}): Promise<PdfFetchResult> {
    let url = urlFor(arxivId);
    const headers: Record<string, string> = { "User-Agent": userAgent, Accept: "application/pdf" };
    if (request.range) headers.Range = request.range;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new DOMException("timeout", "TimeoutError")), headersTimeoutMs);
      const onAbort = () => controller.abort(request.signal?.reason);
      request.signal?.addEventListener("abort", onAbort, { once: true });
      let response: Response;
      const started = performance.now();
      try {
        response = await doFetch(url, { headers, redirect: "manual", signal: controller.signal });
      } catch (error) {
        const timedOut = controller.signal.reason instanceof DOMException && controller.signal.reason.name === "TimeoutError";
        logger.warn({ source: "arxiv-pdf", err: error, timedOut }, "PDF host unreachable");
        throw new UpstreamError("arxiv-pdf", 0, timedOut ? "Timeout" : "Network error", "The PDF host could not be reached");
      } finally {
        clearTimeout(timer);
      }
      // Headers are in: the body may take as long as it takes, unless the caller gives up.
      logger.debug({ source: "arxiv-pdf", status: response.status, ms: Math.round(performance.now() - started) }, "PDF host answered");
      if (response.status >= 300 && response.status < 400 && response.headers.get("location")) {
        await response.body?.cancel().catch(() => undefined);
        const next = new URL(response.headers.get("location") as string, url);
        if (next.origin !== base.origin || !next.pathname.startsWith(base.pathname)) {
          logger.warn({ source: "arxiv-pdf", location: next.origin }, "PDF host redirected elsewhere; refused");
          throw new UpstreamError("arxiv-pdf", 502, "Bad Gateway", "The PDF host redirected to another address");
        }
        url = next;
        continue;
      }
      return { status: response.status, headers: response.headers, body: response.body };
    }
    throw new UpstreamError("arxiv-pdf", 502, "Bad Gateway", "Too many redirects from the PDF host");
  }

  return { urlFor, fetchPdf };
}

export type ArxivPdfSource = ReturnType<typeof createArxivPdfSource>;
