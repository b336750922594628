import { PDF_LOAD_TIMEOUT_MS, PDF_MESSAGES, pdfProxyArxivId } from "@/shared/pdf";
import { PDF_CACHE_MESSAGES, PDF_CACHE_REASONS } from "@/shared/pdf-cache";
import { AppError, errors } from "@/server/errors";
import { describeCause } from "@/server/storage/blob-store";
import type { ArxivPdfSource } from "@/server/sources/arxiv/arxiv-pdf-source";
import { UpstreamError } from "@/server/sources/http/upstream-error";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { DownloadLead, PdfArrival, PdfCacheService, PdfCollector } from "@/server/features/pdf-cache/pdf-cache.service";

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
/** pdf.js accepts a header a little way in (some files start with junk); arXiv's never do. */
const MAGIC_SEARCH_BYTES = 1024;
/** Response headers passed on from the PDF host. */
const PASSED_HEADERS = ["content-length", "content-range", "accept-ranges", "etag", "last-modified"];

export type PdfProxyRequest = {
  paperId: string | undefined;
  range: string | undefined;
  signal?: AbortSignal;
  /** The signed-in reader: their cloud cache is read first and filled from the host. Anonymous: none. */
  userId?: string | null;
  ifNoneMatch?: string;
  /** The open as noted when it arrived, before its session was read (`arrive`). */
  arrival?: PdfArrival;
};

/** An arrival for an open whose paper no download could be shared for. */
const NO_ARRIVAL: PdfArrival = { leave() {} };

/** Only single, plain byte ranges go upstream; anything else is dropped (the whole file is sent). */
function acceptableRange(range: string | undefined): string | undefined {
  if (!range) return undefined;
  return /^bytes=(\d{1,15}-\d{0,15}|-\d{1,15})$/.test(range.trim()) ? range.trim() : undefined;
}

/** True when `bytes` holds the PDF signature within its first KB. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.byteLength, MAGIC_SEARCH_BYTES) - PDF_MAGIC.length;
  for (let start = 0; start <= end; start++) {
    if (PDF_MAGIC.every((byte, i) => bytes[start + i] === byte)) return true;
  }
  return false;
}

/**
 * Streams a paper's PDF from the configured arXiv PDF host: validates and cleans the id,
 * passes Range on, checks the bytes are a PDF before answering, and ends a body that stops
 * flowing for the load timeout rather than holding the connection forever. For a signed-in
 * reader the cloud cache answers first, and a whole PDF from the host is stored in it on the
 * way through (`X-PDF-Cache` says hit or miss, `X-PDF-Cache-Reason` why not cached).
 */
export function pdfProxyService(options: { source: ArxivPdfSource; idleTimeoutMs?: number; cache?: PdfCacheService }) {
  const { source, idleTimeoutMs = PDF_LOAD_TIMEOUT_MS, cache } = options;

  /**
   * Notes an open as it arrives, before its session is read: a download of the paper that ends
   * while the open looks its reader and the cache up is then followed, not started again.
   * `leave()` it once the open is answered.
   */
  function arrive(paperId: string | undefined): PdfArrival {
    const arxivId = paperId === undefined ? null : pdfProxyArxivId(paperId);
    return arxivId && cache ? cache.arrive(arxivId) : NO_ARRIVAL;
  }

  async function proxy(request: PdfProxyRequest): Promise<Response> {
    try {
      return await answer(request);
    } finally {
      request.arrival?.leave();
    }
  }

  async function answer(request: PdfProxyRequest): Promise<Response> {
    const arxivId = request.paperId === undefined ? null : pdfProxyArxivId(request.paperId);
    if (!arxivId) throw new AppError("invalid_paper_id", PDF_MESSAGES.invalidId, 400);
    const range = acceptableRange(request.range);
    const userId = cache ? (request.userId ?? null) : null;
    let cacheReason: string | null = null;
    let lead: DownloadLead | null = null;
    if (userId && cache) {
      const cacheRequest = { range: request.range, ifNoneMatch: request.ifNoneMatch };
      const outcome = await cache.serve(userId, arxivId, cacheRequest);
      if (outcome.response) return outcome.response;
      cacheReason = outcome.reason;
      if (!request.range && outcome.reason !== PDF_CACHE_REASONS.storageUnavailable) {
        // A whole open of a paper another open is downloading waits for that download.
        const joined = cache.joinDownload(arxivId, request.arrival);
        if (joined.lead) lead = joined;
        else {
          const shared = await cache.followDownload(userId, arxivId, joined.result, idleTimeoutMs, cacheRequest);
          if (shared) return shared;
        }
      }
    }
    try {
      return await fromHost(arxivId, range, request, userId, cacheReason, lead);
    } catch (error) {
      lead?.settle(null);
      throw error;
    }
  }

  async function fromHost(arxivId: string, range: string | undefined, request: PdfProxyRequest, userId: string | null, reason: string | null, lead: DownloadLead | null): Promise<Response> {
    let cacheReason = reason;
    let upstream;
    try {
      upstream = await source.fetchPdf(arxivId, { range, signal: request.signal });
    } catch (error) {
      if (error instanceof UpstreamError) {
        // The host sent nothing in time: the spec's timeout, which the reader shows as such.
        if (error.status === 0 && error.statusText === "Timeout") throw new AppError("pdf_timeout", PDF_MESSAGES.timeout, 504);
        const status = (error.status >= 400 ? error.status : 502) as ContentfulStatusCode;
        throw new AppError("pdf_proxy_failed", PDF_MESSAGES.proxyFailed, status === 502 || status === 504 ? status : 502);
      }
      throw error;
    }

    if (upstream.status !== 200 && upstream.status !== 206) {
      await upstream.body?.cancel().catch(() => undefined);
      if (upstream.status === 416) {
        return new Response(null, { status: 416, headers: pick(upstream.headers, ["content-range"]) });
      }
      const status = (upstream.status >= 400 && upstream.status <= 599 ? upstream.status : 502) as ContentfulStatusCode;
      const failure = new AppError("pdf_download_failed", PDF_MESSAGES.downloadFailed(upstream.status), status);
      const retryAfter = upstream.headers.get("retry-after");
      if (retryAfter) Object.assign(failure, { retryAfter });
      throw failure;
    }
    if (!upstream.body) throw new AppError("not_a_pdf", PDF_MESSAGES.documentFailed, 502);

    const reader = upstream.body.getReader();
    const startsAtZero = upstream.status === 200 || /^bytes 0-/.test(upstream.headers.get("content-range") ?? "");
    const head = await readHead(reader, startsAtZero ? PDF_MAGIC.length : 0, idleTimeoutMs);
    if (startsAtZero && !looksLikePdf(head.bytes)) {
      await reader.cancel().catch(() => undefined);
      throw new AppError("not_a_pdf", PDF_MESSAGES.documentFailed, 502);
    }

    const headers = pick(upstream.headers, PASSED_HEADERS);
    headers.set("Content-Type", "application/pdf");
    headers.set("Accept-Ranges", "bytes");
    headers.set("Cache-Control", "private, max-age=3600");
    headers.set("Content-Disposition", `inline; filename="${arxivId.replace("/", "_")}.pdf"`);

    let collector: PdfCollector | null = null;
    if (userId && cache) {
      // The next open must reach the server (and its cache), not the browser's copy of this answer.
      headers.set("Cache-Control", "private, no-cache");
      headers.delete("etag");
      headers.delete("last-modified");
      const declared = Number(upstream.headers.get("content-length") ?? Number.NaN);
      const expected = upstream.status === 200 && Number.isFinite(declared) ? declared : null;
      if (upstream.status !== 200) cacheReason ??= PDF_CACHE_REASONS.partial;
      else if (expected !== null && expected > cache.limitBytes) cacheReason ??= PDF_CACHE_REASONS.overLimit;
      else {
        collector = cache.collector(userId, arxivId, expected, lead ?? undefined);
        collector.push(head.bytes);
      }
      headers.set("X-PDF-Cache", "miss");
      if (cacheReason) headers.set("X-PDF-Cache-Reason", cacheReason);
    }
    // Without a collector nothing will be stored: followers download for themselves.
    if (!collector) lead?.settle(null);
    return new Response(relay(head.bytes, head.done, reader, idleTimeoutMs, collector), { status: upstream.status, headers });
  }

  /** POST /api/pdf-proxy?action=setup: creates the cache's storage (directory or bucket). */
  async function setup(): Promise<{ error: null; note: string }> {
    if (!cache) throw errors.unavailable(PDF_CACHE_MESSAGES.initFailed);
    try {
      return { error: null, ...(await cache.setup()) };
    } catch (error) {
      throw errors.unavailable(`${PDF_CACHE_MESSAGES.initFailed}: ${describeCause(error)}`);
    }
  }

  return { arrive, proxy, setup };
}

export type PdfProxyService = ReturnType<typeof pdfProxyService>;

function pick(source: Headers, names: string[]): Headers {
  const headers = new Headers();
  for (const name of names) {
    const value = source.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

async function readWithin(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError("pdf_timeout", PDF_MESSAGES.timeout, 504)), ms);
  });
  try {
    return await Promise.race([reader.read(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads until at least `minBytes` arrived (or the body ended), so the signature can be checked. */
async function readHead(reader: ReadableStreamDefaultReader<Uint8Array>, minBytes: number, idleMs: number) {
  const chunks: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < Math.max(1, minBytes)) {
    let result;
    try {
      result = await readWithin(reader, idleMs);
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      throw error;
    }
    if (result.done) {
      done = true;
      break;
    }
    chunks.push(result.value);
    length += result.value.byteLength;
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, done };
}

/**
 * The head already read, then the rest; a body that stalls for `idleMs` is ended with an error.
 * With a collector (a signed-in reader's cache), every chunk is handed to it too, and a reader
 * who goes away early (pdf.js switching to ranges) does not stop the download: the rest is
 * read for the cache alone, up to the collector's limit.
 */
function relay(head: Uint8Array, done: boolean, reader: ReadableStreamDefaultReader<Uint8Array>, idleMs: number, collector: PdfCollector | null = null) {
  let sentHead = false;
  const finish = () => {
    if (collector) void collector.end();
  };
  const fail = async () => {
    collector?.abort();
    await reader.cancel().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentHead) {
        sentHead = true;
        if (head.byteLength) controller.enqueue(head);
        if (done) {
          controller.close();
          finish();
        }
        return;
      }
      try {
        const result = await readWithin(reader, idleMs);
        if (result.done) {
          controller.close();
          finish();
        } else {
          controller.enqueue(result.value);
          if (collector && !collector.push(result.value)) {
            void collector.end();
            collector = null;
          }
        }
      } catch (error) {
        await fail();
        controller.error(error);
      }
    },
    async cancel(reason) {
      if (!collector) return reader.cancel(reason).catch(() => undefined);
      const keep = collector;
      // Read on for the cache, in the background; the reader has gone.
      void (async () => {
        try {
          for (;;) {
            const result = await readWithin(reader, idleMs);
            if (result.done) return void (await keep.end());
            if (!keep.push(result.value)) return void (await reader.cancel().catch(() => undefined));
          }
        } catch {
          keep.abort();
          await reader.cancel().catch(() => undefined);
        }
      })();
    },
  });
}
