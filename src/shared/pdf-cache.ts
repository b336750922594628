import { z } from "zod";

/** The cloud PDF cache's numbers. */
/** Signed URLs of cached PDFs last this long. */
export const PDF_SIGNED_URL_SECONDS = 3600;
/** The spec's megabyte: 1 MB is 1024*1024 bytes. */
export const BYTES_PER_MB = 1024 * 1024;
/** The cached-files list is at most this tall (it scrolls beyond). */
export const PDF_CACHE_LIST_MAX_HEIGHT_PX = 400;
/**
 * No single PDF above this is cached, whatever the user's limit: the proxy holds a PDF in
 * memory while it checks and stores it. arXiv refuses submissions over 50 MB.
 */
export const PDF_CACHE_MAX_FILE_BYTES = 100 * BYTES_PER_MB;
/** The spec's bucket. */
export const PDF_CACHE_BUCKET = "user-pdf-cache";

/**
 * Where a user's cached PDF is, as the spec names it: `user-{userId}/arxiv/{paperId}.pdf`.
 * The bytes are stored once per content (by hash) however many users keep the paper.
 */
export function pdfCacheStoragePath(userId: string, paperId: string): string {
  return `user-${userId}/arxiv/${paperId}.pdf`;
}

/** Bytes as the spec's megabytes, to two decimals. */
export function bytesToMb(bytes: number): number {
  return Math.round((bytes / BYTES_PER_MB) * 100) / 100;
}

/** The spec's cloud-cache messages, verbatim. */
export const PDF_CACHE_MESSAGES = {
  loadFilesFailed: "Error loading cached files",
  removeFailed: "Error removing file",
  loadStatsFailed: "Error loading cache stats",
  clearFailed: "Error clearing cache",
  initFailed: "Failed to initialize PDF cache service",
  removed: "File removed from cache",
  cleared: "Cache cleared successfully",
  notAuthenticated: "User not authenticated",
  signInToTest: "Please sign in to test PDF caching functionality.",
  fileNotFound: "File not found",
} as const;

/**
 * Why the proxy answered without the cache, sent as `X-PDF-Cache-Reason` next to
 * `X-PDF-Cache: hit | miss | bypass`, so a person (or a test) can see what the cache did.
 */
export const PDF_CACHE_REASONS = {
  storageUnavailable: "storage-unavailable",
  overLimit: "over-user-limit",
  tooLarge: "file-too-large",
  incomplete: "incomplete-pdf",
  corrupt: "corrupt-object-refetched",
  /** The row was there, its object not (an emptied bucket or directory). */
  missing: "missing-object-refetched",
  partial: "partial-request",
} as const;

/** A cached PDF as the Cloud PDF Cache card lists it (the spec's "Cached PDF entry (display)"). */
export const cachedPdfEntrySchema = z.object({
  paperId: z.string(),
  paperTitle: z.string().nullable(),
  paperAuthors: z.string().nullable(),
  /** Bytes. */
  fileSize: z.number(),
  lastAccessed: z.string(),
  accessCount: z.number(),
  cachedAt: z.string(),
  source: z.string(),
  arxivId: z.string().nullable(),
  /** `user-{userId}/arxiv/{paperId}.pdf`. */
  storagePath: z.string(),
  /** SHA-256 of the bytes, hex. */
  fileHash: z.string(),
});
export type CachedPdfEntry = z.infer<typeof cachedPdfEntrySchema>;

/** The object store's state, as the cache reports it (the card says why the cache is not working). */
export const pdfCacheStorageSchema = z.object({
  kind: z.enum(["file", "s3"]),
  ok: z.boolean(),
  /** Why it is not usable, in words for people; null when ok. */
  reason: z.string().nullable(),
});
export type PdfCacheStorage = z.infer<typeof pdfCacheStorageSchema>;

/** The spec's "Cache stats", with the user's limit beside them. */
export const pdfCacheStatsSchema = z.object({
  totalFiles: z.number(),
  totalSize: z.number(),
  totalSizeMB: z.number(),
  lastCachedAt: z.string().nullable(),
  limitBytes: z.number(),
  storage: pdfCacheStorageSchema,
});
export type PdfCacheStats = z.infer<typeof pdfCacheStatsSchema>;

export const pdfCacheListSchema = z.object({ files: z.array(cachedPdfEntrySchema) });
export const pdfCacheSignedUrlSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type PdfCacheSignedUrl = z.infer<typeof pdfCacheSignedUrlSchema>;
