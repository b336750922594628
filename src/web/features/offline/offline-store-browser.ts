import { paperArxivId } from "@/shared/library/paper-identifiers";
import type { Paper } from "@/shared/paper";
import { whenServiceWorkerControls } from "@/web/lib/service-worker";
import { keptPagePath, KEPT_PAPERS_CACHE, KEPT_RECORD_PREFIX } from "./offline-cache-names";
import { isKeptPaper, type KeptPaper, type OfflineStore } from "./offline-store";

const recordUrl = (paperId: string) => `${KEPT_RECORD_PREFIX}${encodeURIComponent(paperId)}`;

/**
 * Kept papers in the browser's Cache Storage (offline-store.ts). The PDF is stored as the
 * proxy's answer under its own path, so the service worker serves it to the reader, the early
 * download and pdf.js's range requests without the network.
 */
export function browserOfflineStore(): OfflineStore {
  const open = () => caches.open(KEPT_PAPERS_CACHE);

  async function list(): Promise<KeptPaper[]> {
    const cache = await open();
    const keys = await cache.keys();
    const records = await Promise.all(
      keys
        .filter((request) => new URL(request.url).pathname.startsWith(KEPT_RECORD_PREFIX))
        .map(async (request) => {
          try {
            return (await (await cache.match(request))?.json()) as KeptPaper | undefined;
          } catch {
            return undefined;
          }
        }),
    );
    return records.filter((record): record is KeptPaper => Boolean(record?.paper?.id)).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  }

  async function remove(paperId: string): Promise<void> {
    const cache = await open();
    for (const kept of await list()) {
      if (!isKeptPaper(kept, paperId)) continue;
      await cache.delete(kept.pdfPath);
      await cache.delete(recordUrl(kept.paper.id));
      const arxiv = paperArxivId(kept.paper);
      if (arxiv) await cache.delete(keptPagePath(arxiv));
    }
  }

  /** The server's /pdf/{id} page, kept for the worker (offline-cache-names.ts); a failure only loses the early start. */
  async function keepPage(cache: Cache, paper: Paper): Promise<void> {
    const arxiv = paperArxivId(paper);
    if (!arxiv) return;
    try {
      const page = await fetch(keptPagePath(arxiv), { headers: { Accept: "text/html" }, credentials: "omit" });
      if (!page.ok) return;
      await cache.put(keptPagePath(arxiv), new Response(await page.text(), { headers: { "Content-Type": "text/html; charset=UTF-8" } }));
    } catch {
      // Offline shell it is.
    }
  }

  return {
    list,
    async write(paper: Paper, pdf: Uint8Array, pdfPath: string): Promise<KeptPaper> {
      const cache = await open();
      const kept: KeptPaper = { paper, pdfPath, fileSize: pdf.byteLength, savedAt: new Date().toISOString() };
      try {
        await cache.put(
          pdfPath,
          new Response(pdf as Uint8Array<ArrayBuffer>, {
            headers: { "Content-Type": "application/pdf", "Content-Length": String(pdf.byteLength), "Accept-Ranges": "bytes" },
          }),
        );
        await keepPage(cache, paper);
        // The record last: a paper is listed only once its PDF is in.
        await cache.put(recordUrl(paper.id), new Response(JSON.stringify(kept), { headers: { "Content-Type": "application/json" } }));
      } catch (error) {
        // A full disk may have taken the PDF but not the record: leave nothing half-kept.
        const arxiv = paperArxivId(paper);
        await Promise.all([
          cache.delete(pdfPath),
          cache.delete(recordUrl(paper.id)),
          arxiv ? cache.delete(keptPagePath(arxiv)) : Promise.resolve(false),
        ]).catch(() => undefined);
        throw error;
      }
      return kept;
    },
    remove,
    // On a first visit the worker may still be downloading the app; without it the reader's
    // code and the kept PDF cannot be reached offline.
    ready: () => whenServiceWorkerControls(),
    async clear(): Promise<void> {
      await caches.delete(KEPT_PAPERS_CACHE);
    },
    async readPdf(kept: KeptPaper): Promise<Uint8Array | null> {
      const response = await (await open()).match(kept.pdfPath);
      return response ? new Uint8Array(await response.arrayBuffer()) : null;
    },
  };
}
