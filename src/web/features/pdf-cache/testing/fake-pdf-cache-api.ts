import { http, HttpResponse } from "msw";
import { bytesToMb, type CachedPdfEntry, type PdfCacheStats } from "@/shared/pdf-cache";

/** A cached file for unit tests. */
export function makeCachedPdf(paperId: string, overrides: Partial<CachedPdfEntry> = {}): CachedPdfEntry {
  return {
    paperId,
    paperTitle: `Paper ${paperId}`,
    paperAuthors: "Ada Lovelace, Alan Turing",
    fileSize: 2 * 1024 * 1024,
    lastAccessed: new Date(Date.now() - 5 * 60_000).toISOString(),
    accessCount: 2,
    cachedAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    source: "arxiv",
    arxivId: paperId,
    storagePath: `user-u1/arxiv/${paperId}.pdf`,
    fileHash: "a".repeat(64),
    ...overrides,
  };
}

/**
 * /api/pdf-cache and the storage setup as MSW handlers over an in-memory list, for the card's
 * unit tests (and the settings page's, which shows the card to signed-in users). `fail`
 * makes a call answer 500.
 */
export function createFakePdfCacheApi(initial: CachedPdfEntry[] = []) {
  const state = {
    files: [...initial],
    limitBytes: 500 * 1024 * 1024,
    storage: { kind: "file" as const, ok: true, reason: null as string | null },
    fail: new Set<"list" | "stats" | "remove" | "clear" | "setup">(),
  };
  const failure = () => HttpResponse.json({ error: { code: "internal_error", message: "Something went wrong on our side. Please try again." } }, { status: 500 });
  const stats = (): PdfCacheStats => {
    const totalSize = state.files.reduce((sum, file) => sum + file.fileSize, 0);
    return {
      totalFiles: state.files.length,
      totalSize,
      totalSizeMB: bytesToMb(totalSize),
      lastCachedAt: state.files.map((file) => file.cachedAt).sort().at(-1) ?? null,
      limitBytes: state.limitBytes,
      storage: state.storage,
    };
  };
  const handlers = [
    http.get("*/api/pdf-cache", () => (state.fail.has("list") ? failure() : HttpResponse.json({ files: state.files }))),
    http.get("*/api/pdf-cache/stats", () => (state.fail.has("stats") ? failure() : HttpResponse.json(stats()))),
    http.delete("*/api/pdf-cache", () => {
      if (state.fail.has("clear")) return failure();
      const removed = state.files.length;
      state.files = [];
      return HttpResponse.json({ removed });
    }),
    http.delete("*/api/pdf-cache/files/:paperId", ({ params }) => {
      if (state.fail.has("remove")) return failure();
      const id = decodeURIComponent(String(params.paperId));
      state.files = state.files.filter((file) => file.paperId !== id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post("*/api/pdf-proxy", () =>
      state.fail.has("setup")
        ? HttpResponse.json({ error: { code: "service_unavailable", message: "Failed to initialize PDF cache service: ECONNREFUSED" } }, { status: 503 })
        : HttpResponse.json({ error: null, note: "PDF cache storage is the directory ./data/blobs." }),
    ),
  ];
  return { state, handlers };
}
