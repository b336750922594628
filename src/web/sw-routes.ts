/**
 * Which requests the service worker (sw.ts) answers itself, kept apart so they are tested
 * without a worker.
 */

/** The meta tag the worker adds to a page it answered because the network failed (use-online-status.ts reads it). */
export const OFFLINE_MARKER = "quire-offline";

/** The app shell the worker answers a page with when the network cannot be reached. */
export const APP_SHELL_URL = "/index.html";

/** The PDF proxy's path: the only /api path the worker ever answers, and only from a kept copy. */
export const PDF_PROXY_PATH = "/api/pdf-proxy";

/**
 * Files the page asks for by a fixed name (not under the hashed /assets/): they change with a
 * deploy while keeping their name, so the network's copy goes first.
 */
export function isRevalidatedFile(pathname: string): boolean {
  return !pathname.startsWith("/assets/") && !pathname.startsWith("/api/") && /^\/[\w./-]+\.(?:js|svg|png|webmanifest|json|ico)$/.test(pathname);
}

/** A GET of a PDF through the proxy: answered from a kept copy when there is one. */
export function isKeptPdfRequest(pathname: string, method: string): boolean {
  return pathname === PDF_PROXY_PATH && method.toUpperCase() === "GET";
}

/**
 * The kept copy's URL to try when a PDF asked for at one version (`?paperId=2401.12345v2`, a
 * bookmark of v2) has no copy of its own: the paper is kept by its id without version (as Save
 * Offline keeps it, and as the native app finds kept papers), so the reader opens offline on
 * any version's address. Null when the request names no version.
 */
export function keptPdfFallbackPath(search: string): string | null {
  const paperId = new URLSearchParams(search).get("paperId");
  const unversioned = paperId?.replace(/v\d+$/, "");
  return paperId && unversioned && unversioned !== paperId ? `${PDF_PROXY_PATH}?paperId=${encodeURIComponent(unversioned)}` : null;
}
