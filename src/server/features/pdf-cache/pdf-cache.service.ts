import { createHash } from "node:crypto";
import { parseArxivId } from "@/shared/arxiv-id";
import { errors } from "@/server/errors";
import type { Logger } from "@/server/logger";
import type { ArxivPdfSource } from "@/server/sources/arxiv/arxiv-pdf-source";
import type { ArxivSource } from "@/server/sources/arxiv/arxiv-source";
import { describeCause, StorageError, type BlobStore } from "@/server/storage/blob-store";
import {
  bytesToMb,
  PDF_CACHE_MAX_FILE_BYTES,
  PDF_CACHE_MESSAGES,
  PDF_CACHE_REASONS,
  PDF_SIGNED_URL_SECONDS,
  pdfCacheStoragePath,
  type CachedPdfEntry,
  type PdfCacheSignedUrl,
  type PdfCacheStats,
  type PdfCacheStorage,
} from "@/shared/pdf-cache";
import type { PdfCacheEntryRow, PdfCacheRepository, PdfCacheRow, RemovedPdf } from "./pdf-cache.repository";

/** A byte range asked for, resolved against the file's size. */
export type ResolvedRange = { kind: "whole" } | { kind: "part"; start: number; end: number } | { kind: "unsatisfiable" };

/**
 * Reads a `Range` header against a size: one plain range (`a-b`, `a-`, `-n`); anything else
 * is ignored (the whole file), as the proxy does upstream.
 */
export function resolveRange(header: string | undefined, size: number): ResolvedRange {
  const match = header ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "whole" };
  let start: number;
  let end: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return { kind: "unsatisfiable" };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== "" && Number(match[2]) < start) return { kind: "whole" };
  }
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "part", start, end };
}

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
/** Content-addressed: the same bytes are one object, whoever stored them. */
export const blobKeyFor = (hash: string) => `pdf/sha256/${hash.slice(0, 2)}/${hash}.pdf`;
const etagFor = (hash: string) => `"sha256-${hash}"`;

/** What the cache did for one request, for the proxy's `X-PDF-Cache` headers. */
export type CacheOutcome = { response: Response } | { response: null; reason: string | null };

/** A PDF on its way from the host, collected to be stored once it arrived whole. */
export type PdfCollector = {
  /** Bytes the cache will take at most; the proxy stops collecting past it. */
  readonly maxBytes: number;
  push(chunk: Uint8Array): boolean;
  /** The download ended; stores what came, if it is a whole PDF within the limits. */
  end(): Promise<void>;
  /** The download failed: nothing is stored. */
  abort(): void;
};

/** The lead of a paper's one download: settled with the stored bytes, or null when nothing was stored. */
export type DownloadLead = { lead: true; settle(bytes: Uint8Array | null): void };

/**
 * An open of a paper from the moment it arrived (before its session and cache lookups) until it
 * has joined a download or been answered: a download of that paper that ends meanwhile is
 * noted on it, so the open follows that download instead of starting another.
 */
export type PdfArrival = {
  /** The last download of the paper that ended since the open arrived. */
  ended?: Promise<Uint8Array | null>;
  /** The open has joined, been answered or failed: nothing more is noted on it. */
  leave(): void;
};

const PDF_END_MARKER = Buffer.from("%%EOF");
/**
 * After the store failed to answer, reads skip it for this long (a store that hangs would
 * otherwise hold every open for its connection timeout); a successful check ends the pause.
 */
export const STORAGE_RETRY_AFTER_MS = 30_000;
/**
 * A cached PDF read this long after it was stored is checked against arXiv once (per user and
 * paper, per this long): a paper revised since is fetched again in the background, and the
 * next open has the new version. The open itself is served from the cache as it is.
 */
export const PDF_CACHE_REVALIDATE_AFTER_MS = 24 * 60 * 60 * 1000;
/** The revalidation memo forgets its oldest when it holds this many (one server's readers). */
const REVALIDATE_MEMO_MAX = 10_000;

/** A whole PDF ends with %%EOF (give or take trailing whitespace); a cut-off download does not. */
export function endsLikePdf(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(Math.max(0, bytes.byteLength - 1024));
  return tail.includes(PDF_END_MARKER);
}

/** A row as the card and the data export show it. */
export function toCachedPdfEntry(row: PdfCacheRow): CachedPdfEntry {
  return {
    paperId: row.paperId,
    paperTitle: row.paperTitle,
    paperAuthors: row.paperAuthors,
    fileSize: row.fileSizeBytes,
    lastAccessed: row.lastAccessed.toISOString(),
    accessCount: row.accessCount,
    cachedAt: row.cachedAt.toISOString(),
    source: row.source,
    arxivId: row.arxivId,
    storagePath: row.storagePath,
    fileHash: row.fileHash,
  };
}

/**
 * The cloud PDF cache: a signed-in user's PDFs,
 * stored once by content in the blob store and counted for each user who keeps them; served
 * with Range; checked against their hash on every whole read (a corrupt object is dropped
 * and fetched again); least recently read first out when a user is over the limit.
 */
export function pdfCacheService(deps: {
  repository: PdfCacheRepository;
  store: BlobStore;
  logger: Logger;
  /** Bytes one user may keep. */
  limitBytes: number;
  /** For the title and authors of a newly cached paper, and whether a cached one was revised since; without it neither. */
  arxiv?: Pick<ArxivSource, "search">;
  /** Where a revised paper's PDF is fetched again from; without it a cached PDF is never refreshed. */
  pdfSource?: Pick<ArxivPdfSource, "fetchPdf">;
  clock?: () => Date;
}) {
  const { repository, store, logger, limitBytes } = deps;
  const clock = deps.clock ?? (() => new Date());
  const maxFileBytes = Math.min(limitBytes, PDF_CACHE_MAX_FILE_BYTES);
  // Per instance and only an optimisation: another instance finds the store down by itself.
  let storageDownUntil = 0;
  const storageDown = () => clock().getTime() < storageDownUntil;
  const markStorageDown = () => {
    storageDownUntil = clock().getTime() + STORAGE_RETRY_AFTER_MS;
  };

  async function storageStatus(): Promise<PdfCacheStorage> {
    try {
      await store.check();
      storageDownUntil = 0;
      return { kind: store.kind, ok: true, reason: null };
    } catch (error) {
      if (error instanceof StorageError && error.kind === "unavailable") markStorageDown();
      return { kind: store.kind, ok: false, reason: describeCause(error) };
    }
  }

  /** Deletes the objects of blobs no user keeps any more (failures are logged; a later sweep retries). */
  async function releaseBlobs(hashes: Iterable<string>): Promise<void> {
    for (const hash of new Set(hashes)) {
      const key = await repository.deleteBlobIfUnused(hash);
      if (!key) continue;
      try {
        await store.delete(key);
      } catch (error) {
        logger.warn({ err: error, hash }, "could not delete an unused cached PDF from the object store");
      }
    }
  }

  /** userId + paperId → until when it is not checked again (ms). */
  const revalidated = new Map<string, number>();

  /**
   * On a read of a PDF cached over a day ago at its unversioned id (the newest version): asks
   * arXiv (through its rate-limited client, like every lookup) when the paper was last revised;
   * when after the PDF was cached, fetches the PDF again and stores it (the row keeps its reads;
   * the old bytes go with their last reader).
   * Once per user and paper per day; a failure is logged and tried again the next day.
   */
  function revalidateLater(userId: string, entry: PdfCacheEntryRow): void {
    const { arxiv, pdfSource } = deps;
    if (!arxiv || !pdfSource) return;
    // A PDF kept at a version (a bookmark of v2 opened) is that version for good: moving it to a
    // newer one is the user's to ask for (the version watch's Update opens the new version's own entry).
    if (parseArxivId(entry.paperId)?.version) return;
    const now = clock().getTime();
    if (now - entry.cachedAt.getTime() < PDF_CACHE_REVALIDATE_AFTER_MS) return;
    const memoKey = `${userId}\n${entry.paperId}`;
    if ((revalidated.get(memoKey) ?? 0) > now) return;
    if (revalidated.size >= REVALIDATE_MEMO_MAX) revalidated.delete(revalidated.keys().next().value!);
    revalidated.set(memoKey, now + PDF_CACHE_REVALIDATE_AFTER_MS);
    void (async () => {
      const paper = (await arxiv.search({ idList: [entry.paperId], maxResults: 1 })).papers[0];
      const revisedAt = paper?.updatedDate ? Date.parse(paper.updatedDate) : Number.NaN;
      if (!(revisedAt > entry.cachedAt.getTime())) return;
      const answer = await pdfSource.fetchPdf(entry.paperId);
      const bytes = answer.status === 200 && answer.body ? await readAll(answer.body, maxFileBytes) : null;
      if (!bytes) {
        await answer.body?.cancel().catch(() => undefined);
        logger.info({ userId, paperId: entry.paperId, status: answer.status }, "revised PDF not refreshed: the host did not send it whole");
        return;
      }
      const result = await add(userId, entry.paperId, bytes, { read: false });
      logger.info({ userId, paperId: entry.paperId, revisedAt: paper!.updatedDate, stored: result.stored, reason: result.reason }, "cached PDF refreshed: arXiv has a newer version");
    })().catch((error: unknown) => {
      logger.warn({ err: error, userId, paperId: entry.paperId }, "could not check a cached PDF for a newer version");
    });
  }

  /** userId + paperId of the title lookups under way: reads close together ask arXiv once. */
  const fillingDetails = new Set<string>();

  async function fillPaperDetails(userId: string, paperId: string): Promise<void> {
    if (!deps.arxiv) return;
    const key = `${userId}\n${paperId}`;
    if (fillingDetails.has(key)) return;
    fillingDetails.add(key);
    try {
      const result = await deps.arxiv.search({ idList: [paperId], maxResults: 1 });
      const paper = result.papers[0];
      if (paper) await repository.setPaperDetails(userId, paperId, { title: paper.title, authors: paper.authors.join(", ") });
    } catch (error) {
      logger.info({ err: error, paperId }, "no title for a cached PDF (arXiv lookup failed)");
    } finally {
      fillingDetails.delete(key);
    }
  }

  /**
   * add_pdf_to_cache and then cleanup_user_cache_by_size: stores the bytes once (unless that
   * object is already there), records the user's row, and trims the user to the limit.
   */
  async function add(userId: string, paperId: string, bytes: Uint8Array, options: { read?: boolean } = {}): Promise<{ stored: boolean; reason: string | null }> {
    if (bytes.byteLength > limitBytes) return { stored: false, reason: PDF_CACHE_REASONS.overLimit };
    if (bytes.byteLength > PDF_CACHE_MAX_FILE_BYTES) return { stored: false, reason: PDF_CACHE_REASONS.tooLarge };
    if (!endsLikePdf(bytes)) return { stored: false, reason: PDF_CACHE_REASONS.incomplete };
    const hash = sha256Hex(bytes);
    const key = blobKeyFor(hash);
    const existing = await store.head(key);
    if (!existing || existing.size !== bytes.byteLength) await store.put(key, bytes, { contentType: "application/pdf" });
    const now = clock();
    const { replacedHash, evicted, kept } = await repository.add(
      userId,
      { paperId, arxivId: paperId, source: "arxiv", storagePath: pdfCacheStoragePath(userId, paperId), fileHash: hash, fileSizeBytes: bytes.byteLength, storageKey: key },
      now,
      limitBytes,
      options.read ?? true,
    );
    if (evicted.length > 0) logger.info({ userId, evicted: evicted.map((row) => row.paperId) }, "PDF cache over the user's limit: least recently read removed");
    await releaseBlobs([...(replacedHash ? [replacedHash] : []), ...evicted.map((row) => row.fileHash)]);
    if (!kept) {
      // Put for a row that is gone (removed while it was being refreshed): the object goes
      // too, unless some reader's row records it.
      if (!(await repository.findBlob(hash))) await store.delete(key).catch(() => undefined);
      return { stored: false, reason: null };
    }
    return { stored: true, reason: null };
  }

  function pdfHeaders(entry: PdfCacheEntryRow): Headers {
    return new Headers({
      "Content-Type": "application/pdf",
      "Accept-Ranges": "bytes",
      ETag: etagFor(entry.fileHash),
      // Each open asks again (a 304 when unchanged), so every read of the cache is counted.
      "Cache-Control": "private, no-cache",
      "Content-Disposition": `inline; filename="${entry.paperId.replace("/", "_")}.pdf"`,
      "X-PDF-Cache": "hit",
    });
  }

  /**
   * A cached PDF for the proxy: the whole file (checked against its hash), a part of it, or a
   * 304 for a copy the browser has; null with the reason when the proxy must go to the host.
   */
  async function serve(userId: string, paperId: string, request: { range?: string; ifNoneMatch?: string }): Promise<CacheOutcome> {
    const entry = await repository.find(userId, paperId);
    if (storageDown()) return { response: null, reason: PDF_CACHE_REASONS.storageUnavailable };
    if (!entry) return { response: null, reason: null };
    const range = resolveRange(request.range, entry.fileSizeBytes);
    const headers = pdfHeaders(entry);
    revalidateLater(userId, entry);
    if (range.kind === "whole" && request.ifNoneMatch?.split(",").some((tag) => tag.trim() === etagFor(entry.fileHash))) {
      await repository.recordAccess(userId, paperId, clock());
      return { response: new Response(null, { status: 304, headers }) };
    }
    if (range.kind === "unsatisfiable") {
      return { response: new Response(null, { status: 416, headers: { "Content-Range": `bytes */${entry.fileSizeBytes}`, "X-PDF-Cache": "hit" } }) };
    }
    try {
      if (range.kind === "part") {
        const part = await store.get(entry.storageKey, { range });
        if (!part || part.size !== entry.fileSizeBytes) {
          await part?.body.cancel().catch(() => undefined);
          return { response: null, reason: part ? PDF_CACHE_REASONS.corrupt : PDF_CACHE_REASONS.missing };
        }
        headers.set("Content-Range", `bytes ${range.start}-${range.end}/${entry.fileSizeBytes}`);
        headers.set("Content-Length", String(range.end - range.start + 1));
        return { response: new Response(part.body, { status: 206, headers }) };
      }
      const whole = await store.get(entry.storageKey);
      const bytes = whole
        ? await readAll(whole.body, entry.fileSizeBytes).catch((error: unknown) => {
            throw new StorageError("unavailable", `Reading the cached PDF failed (${describeCause(error)}).`, { cause: error });
          })
        : null;
      if (!bytes || sha256Hex(bytes) !== entry.fileHash) {
        logger.warn({ userId, paperId, hash: entry.fileHash, found: bytes ? "other bytes" : "nothing" }, "cached PDF is corrupt or missing: fetching it again");
        // The object is wrong for everyone who keeps it: gone, so the refetch stores it afresh.
        if (whole) await store.delete(entry.storageKey).catch(() => undefined);
        return { response: null, reason: whole ? PDF_CACHE_REASONS.corrupt : PDF_CACHE_REASONS.missing };
      }
      await repository.recordAccess(userId, paperId, clock());
      if (!entry.paperTitle) void fillPaperDetails(userId, paperId);
      headers.set("Content-Length", String(bytes.byteLength));
      return { response: new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers }) };
    } catch (error) {
      if (!(error instanceof StorageError)) throw error;
      if (error.kind === "unavailable") markStorageDown();
      logger.warn({ err: error, userId, paperId }, "PDF cache storage unavailable: serving from the PDF host");
      return { response: null, reason: PDF_CACHE_REASONS.storageUnavailable };
    }
  }

  /** Papers being downloaded from the host for a reader's cache, by paper id (this instance). */
  const downloads = new Map<string, Promise<Uint8Array | null>>();
  /** Opens that have arrived and not yet joined a download or been answered, by paper id. */
  const arrivals = new Map<string, Set<PdfArrival>>();

  /**
   * Notes an open of a paper as it arrives, before it looks its reader and the cache up: a
   * download of the paper that ends (its file stored) while those lookups run, so that they
   * found nothing, is still this open's to follow (joinDownload). Left when the open is done.
   */
  function arrive(paperId: string): PdfArrival {
    let waiting = arrivals.get(paperId);
    if (!waiting) arrivals.set(paperId, (waiting = new Set()));
    const arrival: PdfArrival = {
      leave() {
        waiting.delete(arrival);
        if (waiting.size === 0 && arrivals.get(paperId) === waiting) arrivals.delete(paperId);
      },
    };
    waiting.add(arrival);
    return arrival;
  }

  /**
   * One download of a paper at a time: the first whole open of a paper not cached leads (it
   * downloads, and its collector settles the lead with the stored bytes, or null); opens of the
   * same paper meanwhile follow, and are served from the cache once it holds the file. An open
   * noted on arrival (`arrival`) also follows a download that ended since it arrived.
   */
  function joinDownload(paperId: string, arrival?: PdfArrival): DownloadLead | { lead: false; result: Promise<Uint8Array | null> } {
    const running = downloads.get(paperId) ?? arrival?.ended;
    arrival?.leave();
    if (running) return { lead: false, result: running };
    let resolve!: (bytes: Uint8Array | null) => void;
    const result = new Promise<Uint8Array | null>((done) => (resolve = done));
    downloads.set(paperId, result);
    let settled = false;
    return {
      lead: true,
      settle(bytes) {
        if (settled) return;
        settled = true;
        if (downloads.get(paperId) === result) downloads.delete(paperId);
        resolve(bytes);
        // Opens that arrived while this download ran and are still looking up follow it (a
        // download that stored nothing leaves them to lead their own).
        if (bytes) for (const waiting of arrivals.get(paperId) ?? []) waiting.ended = result;
      },
    };
  }

  /**
   * A follower's answer: waits up to `waitMs` for the leading download, keeps the file for this
   * reader too (the bytes are stored once, by content), then serves it from the cache; null
   * when the download failed, took too long or the cache cannot serve it (the caller downloads).
   */
  async function followDownload(userId: string, paperId: string, result: Promise<Uint8Array | null>, waitMs: number, request: { range?: string; ifNoneMatch?: string }): Promise<Response | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bytes = await Promise.race([result, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)))]);
    clearTimeout(timer);
    if (!bytes) return null;
    try {
      if (!(await repository.find(userId, paperId))) await add(userId, paperId, bytes);
    } catch (error) {
      if (error instanceof StorageError && error.kind === "unavailable") markStorageDown();
      logger.warn({ err: error, userId, paperId }, "could not keep a shared download for a second reader");
      return null;
    }
    return (await serve(userId, paperId, request)).response;
  }

  /** Collects a PDF coming from the host for this user; stores it when it arrived whole. */
  function collector(userId: string, paperId: string, expectedBytes: number | null, flight?: DownloadLead): PdfCollector {
    const chunks: Uint8Array[] = [];
    let length = 0;
    let overflow = false;
    let finished = false;
    const settle = (bytes: Uint8Array | null) => flight?.settle(bytes);
    return {
      maxBytes: maxFileBytes,
      push(chunk) {
        if (overflow || finished) return false;
        length += chunk.byteLength;
        if (length > maxFileBytes) {
          overflow = true;
          chunks.length = 0;
          return false;
        }
        chunks.push(chunk);
        return true;
      },
      async end() {
        if (finished) return;
        finished = true;
        if (overflow) {
          logger.info({ userId, paperId, bytes: length, limitBytes }, "PDF not cached: over the user's limit");
          return settle(null);
        }
        if (expectedBytes !== null && expectedBytes !== length) return settle(null);
        if (storageDown()) {
          chunks.length = 0;
          logger.info({ userId, paperId }, "PDF not cached: the object store is down");
          return settle(null);
        }
        const bytes = Buffer.concat(chunks, length);
        chunks.length = 0;
        let stored = false;
        try {
          const result = await add(userId, paperId, bytes);
          stored = result.stored;
          if (!result.stored) logger.info({ userId, paperId, reason: result.reason }, "PDF not cached");
        } catch (error) {
          if (error instanceof StorageError && error.kind === "unavailable") markStorageDown();
          logger.warn({ err: error, userId, paperId, reason: describeCause(error) }, "PDF not cached: the object store failed");
        }
        // Readers waiting on this download are served from the cache now it holds the file.
        settle(stored ? bytes : null);
        if (stored) await fillPaperDetails(userId, paperId);
      },
      abort() {
        finished = true;
        chunks.length = 0;
        settle(null);
      },
    };
  }

  return {
    limitBytes,
    serve,
    collector,
    arrive,
    joinDownload,
    /** Whether this instance is downloading the paper for a reader's cache now. */
    downloading: (paperId: string) => downloads.has(paperId),
    followDownload,
    add,
    storageStatus,
    /** POST /api/pdf-proxy?action=setup: makes the directory or bucket. */
    async setup(): Promise<{ note: string }> {
      return store.setup();
    },

    async list(userId: string): Promise<CachedPdfEntry[]> {
      return (await repository.list(userId)).map(toCachedPdfEntry);
    },

    async stats(userId: string): Promise<PdfCacheStats> {
      const [stats, storage] = await Promise.all([repository.userStats(userId), storageStatus()]);
      return {
        totalFiles: stats.totalFiles,
        totalSize: stats.totalSize,
        totalSizeMB: bytesToMb(stats.totalSize),
        lastCachedAt: stats.lastCachedAt?.toISOString() ?? null,
        limitBytes,
        storage,
      };
    },

    globalStats: () => repository.globalStats(),
    isCached: (userId: string, paperId: string) => repository.isCached(userId, paperId),

    async remove(userId: string, paperId: string): Promise<void> {
      const removed = await repository.remove(userId, paperId);
      if (!removed) throw errors.notFound(PDF_CACHE_MESSAGES.fileNotFound);
      await releaseBlobs([removed.fileHash]);
    },

    async clear(userId: string): Promise<number> {
      const removed: RemovedPdf[] = await repository.clear(userId);
      await releaseBlobs(removed.map((row) => row.fileHash));
      return removed.length;
    },

    async cleanupBySize(userId: string, maxBytes: number = limitBytes): Promise<number> {
      const removed = await repository.cleanupBySize(userId, maxBytes);
      await releaseBlobs(removed.map((row) => row.fileHash));
      return removed.length;
    },

    /** A URL reading the user's cached PDF for the spec's 3600 s. */
    async signedUrl(userId: string, paperId: string): Promise<PdfCacheSignedUrl> {
      const entry = await repository.find(userId, paperId);
      if (!entry) throw errors.notFound(PDF_CACHE_MESSAGES.fileNotFound);
      const expiresAt = new Date(clock().getTime() + PDF_SIGNED_URL_SECONDS * 1000).toISOString();
      try {
        const url = await store.signedUrl(entry.storageKey, {
          expiresInSeconds: PDF_SIGNED_URL_SECONDS,
          userId,
          fileName: `${paperId.replace("/", "_")}.pdf`,
        });
        return { url, expiresAt };
      } catch (error) {
        if (error instanceof StorageError) throw errors.unavailable(error.message);
        throw error;
      }
    },

    /** Objects of blobs nobody keeps any more (after account deletions), a batch at a time. */
    async sweepUnusedBlobs(limit = 100): Promise<number> {
      const hashes = await repository.unusedBlobHashes(limit);
      await releaseBlobs(hashes);
      return hashes.length;
    },

    async exportAll(userId: string): Promise<CachedPdfEntry[]> {
      return (await repository.exportAll(userId)).map(toCachedPdfEntry);
    },
  };
}
export type PdfCacheService = ReturnType<typeof pdfCacheService>;

/** The whole body, or null when it is longer than `expected` (then it is not the cached file). */
async function readAll(body: ReadableStream<Uint8Array>, expected: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > expected) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, length);
}
