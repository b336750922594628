/**
 * A picture of the page a reader was on in each paper they read last, kept on the device, so
 * that loading that paper's /pdf/ page again shows the page at once: public/pdf-prefetch.js
 * puts it on screen (as the early page, early-page.ts) while pdf.js's worker starts (a large
 * script to compile, with no code cache for workers) and draws the page afresh,
 * which then takes the picture's place. It is the page as pdf.js drew it in the viewer, at the
 * same zoom, rotation and screen, so nothing moves when the live page comes; the text layer and
 * highlights come with the live page. A picture whose view is not the one the viewer will open
 * on (another page, zoom or window width) is not shown.
 *
 * Kept in the browser's Cache Storage (one entry per paper, the newest PAGE_PICTURE_LIMIT),
 * dropped by Settings' Clear cache. The names below are read by pdf-prefetch.js, which runs
 * before any module: keep them in step.
 */

/** Cache Storage's cache of the pictures. */
export const PAGE_PICTURE_CACHE = "quire-page-pictures";
/** Pictures kept; the oldest goes first. Each is one page as a WebP image, so the cache stays small. */
export const PAGE_PICTURE_LIMIT = 24;
/** How long the page must stay as it is before it is pictured (reading, not leafing through). */
export const PAGE_PICTURE_DELAY_MS = 1000;

/** The view a picture shows, kept in its response's `X-Quire-Picture` header as JSON. */
export type PagePictureView = {
  /** The saved view it was taken at (pdf-view-state.ts): page, zoom and rotation. */
  pageNumber: number;
  scale: number;
  rotation: number;
  /** The window's width and the canvas's pixels per CSS pixel: the same screen, the same layout. */
  innerWidth: number;
  density: number;
};

/** The picture's address in the cache (never asked of the network). */
export function pagePicturePath(paperId: string): string {
  return `/__quire/page-picture/${encodeURIComponent(paperId)}`;
}

function cacheStorage(): CacheStorage | null {
  return typeof caches === "undefined" ? null : caches;
}

/**
 * Keeps `canvas` (a page as the viewer drew it) as the picture of `paperId`, replacing the one
 * kept before, and drops the oldest beyond the limit. Failures (no Cache Storage on an insecure
 * origin, a full disk) only mean no picture: the page is drawn as usual next time.
 */
export async function keepPagePicture(paperId: string, canvas: HTMLCanvasElement, view: PagePictureView): Promise<boolean> {
  const storage = cacheStorage();
  if (!storage || canvas.width === 0 || canvas.height === 0) return false;
  try {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", 0.9));
    if (!blob) return false;
    const cache = await storage.open(PAGE_PICTURE_CACHE);
    const path = pagePicturePath(paperId);
    // Deleted first, so the cache's own order (oldest first) follows the writes.
    await cache.delete(path);
    await cache.put(path, new Response(blob, { headers: { "Content-Type": blob.type, "X-Quire-Picture": JSON.stringify(view) } }));
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - PAGE_PICTURE_LIMIT)).map((request) => cache.delete(request)));
    return true;
  } catch {
    return false;
  }
}

/**
 * The picture kept for `paperId`, decoded, when it shows `view` on this window (the test
 * pdf-prefetch.js makes before a /pdf/ page's app has loaded); null otherwise.
 */
export async function readPagePicture(paperId: string, view: { pageNumber: number; scale: number; rotation: number }, density: number): Promise<ImageBitmap | null> {
  const storage = cacheStorage();
  if (!storage || typeof createImageBitmap === "undefined") return null;
  try {
    const response = await (await storage.open(PAGE_PICTURE_CACHE)).match(pagePicturePath(paperId));
    const header = response?.headers.get("X-Quire-Picture");
    const kept = header ? (JSON.parse(header) as PagePictureView) : null;
    if (!response || !kept) return null;
    const same = kept.pageNumber === view.pageNumber && kept.scale === view.scale && kept.rotation === view.rotation;
    if (!same || kept.innerWidth !== window.innerWidth || kept.density !== density) return null;
    return await createImageBitmap(await response.blob());
  } catch {
    return null;
  }
}

/** Drops every picture (Settings' Clear cache). */
export async function clearPagePictures(): Promise<void> {
  await cacheStorage()
    ?.delete(PAGE_PICTURE_CACHE)
    .catch(() => false);
}
