import { OFFLINE_SAVE_ATTEMPTS, OFFLINE_SAVE_RETRY_MS } from "@/shared/offline";
import { cleanPdfPaperId, pdfProxyPath } from "@/shared/pdf";
import type { Paper } from "@/shared/paper";
import { paperArxivId } from "@/shared/library/paper-identifiers";
import { readAuthToken } from "@/web/lib/auth-token";
import { apiOrigin, isNativePlatform, loadPlatform } from "@/web/lib/platform";

/**
 * Papers kept for offline reading, in the native app and in the browser alike: the paper's record
 * (with its abstract) and its PDF, on the device. One interface, two places: Cache Storage in the
 * browser (so the service worker can answer the PDF's proxy URL from it), the device's `pdf_cache`
 * directory in the native app. Chosen once, in `offlineStore()`.
 *
 * Anyone may keep papers, signed in or not: the copy is on the visitor's own device, as an
 * anonymous visitor's bookmarks are. Signing out removes them with the rest of the account's
 * device data (src/web/register-device-data.ts hands clearKeptPapers to sign-out).
 */
export type KeptPaper = {
  paper: Paper;
  /** The PDF's proxy path, as the reader asks for it (`/api/pdf-proxy?paperId=...`). */
  pdfPath: string;
  fileSize: number;
  /** ISO time it was kept. */
  savedAt: string;
  /** The device file's name (native only). */
  fileName?: string;
};

export interface OfflineStore {
  list(): Promise<KeptPaper[]>;
  /** Writes a downloaded PDF and the paper's record; rejects when the device cannot take them. */
  write(paper: Paper, pdf: Uint8Array, pdfPath: string): Promise<KeptPaper>;
  remove(paperId: string): Promise<void>;
  clear(): Promise<void>;
  readPdf(kept: KeptPaper): Promise<Uint8Array | null>;
  /**
   * Resolves once what opens a kept paper offline is in place (in the browser, the service
   * worker with the app); rejects when it will not be. Nothing to wait for in the native app.
   */
  ready?(): Promise<void>;
}

/** Whether this device can keep papers: always in the app; in a browser with Cache Storage and service workers. */
export function offlineSupported(): boolean {
  if (isNativePlatform()) return true;
  return typeof window !== "undefined" && "caches" in window && "serviceWorker" in navigator && window.isSecureContext;
}

/** The arXiv id the PDF proxy can fetch for a paper; null when Quire has no PDF to keep. */
export function keepableArxivId(paper: Paper): string | null {
  return paperArxivId(paper);
}

/** Whether a kept paper is the one a route or list names (its Quire id, or its arXiv id with or without version). */
export function isKeptPaper(kept: KeptPaper, id: string): boolean {
  if (kept.paper.id === id) return true;
  const arxiv = paperArxivId(kept.paper);
  return arxiv !== null && arxiv === cleanPdfPaperId(id);
}

let chosen: Promise<OfflineStore> | null = null;

/** The store of this device, chosen once. */
export function offlineStore(): Promise<OfflineStore> {
  chosen ??= loadPlatform().then(async (platform) => {
    if (platform.filesystem) {
      const { deviceOfflineStore } = await import("./offline-store-device");
      return deviceOfflineStore(platform.filesystem);
    }
    const { browserOfflineStore } = await import("./offline-store-browser");
    return browserOfflineStore();
  });
  return chosen;
}

/** Tests only. */
export function resetOfflineStoreForTests(): void {
  chosen = null;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Thrown when the PDF's download did not give a PDF. */
export class OfflineDownloadError extends Error {
  override readonly name = "OfflineDownloadError";
}

/** Downloads a paper's PDF through the proxy (with the native app's bearer token). */
export async function downloadPdf(pdfPath: string): Promise<Uint8Array> {
  const headers: Record<string, string> = { Accept: "application/pdf" };
  const token = readAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${apiOrigin()}${pdfPath}`, { headers, credentials: "same-origin" });
  if (!response.ok) throw new OfflineDownloadError(`Download failed with status: ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A PDF starts with "%PDF-"; anything else (an error page) is not worth keeping.
  if (bytes.length < 5 || String.fromCharCode(...bytes.subarray(0, 5)) !== "%PDF-") throw new OfflineDownloadError("The answer was not a PDF");
  return bytes;
}

/**
 * Save Offline: downloads the PDF and writes it with the paper's record, tried up to 3 times
 * 500 ms apart. Rejects with the last failure.
 */
export async function keepPaper(
  paper: Paper,
  options: { store?: OfflineStore; download?: (pdfPath: string) => Promise<Uint8Array>; attempts?: number; retryMs?: number } = {},
): Promise<KeptPaper> {
  const arxivId = keepableArxivId(paper);
  if (!arxivId) throw new OfflineDownloadError("No PDF URL available for this paper");
  const store = options.store ?? (await offlineStore());
  const download = options.download ?? downloadPdf;
  const attempts = options.attempts ?? OFFLINE_SAVE_ATTEMPTS;
  const pdfPath = pdfProxyPath(arxivId);
  // "Offline" (and "Available offline") only once the paper truly opens offline.
  await store.ready?.();
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      return await store.write(paper, await download(pdfPath), pdfPath);
    } catch (error) {
      lastError = error;
      if (attempt < attempts) await delay(options.retryMs ?? OFFLINE_SAVE_RETRY_MS);
    }
  }
  throw lastError;
}

/** Sign-out: the papers kept while signed in leave the device with the account's other data. */
export async function clearKeptPapers(): Promise<void> {
  if (!offlineSupported()) return;
  await (await offlineStore()).clear();
}
