/**
 * The Cache Storage names the page and the service worker share (src/web/sw.ts): the kept
 * papers live in one cache, the PDF under its proxy path, the record under a path of its own
 * that no request ever asks for.
 */
export const KEPT_PAPERS_CACHE = "quire-kept-papers-v1";
export const KEPT_RECORD_PREFIX = "/__kept/papers/";

/**
 * The server's page of a kept paper's PDF (`/pdf/{id}`), kept beside it: offline, the worker
 * answers that address with it, so the PDF starts as early as online (its head names pdf.js,
 * its worker and the app's entry; static-site.ts). Not a user's data: the page is the same for
 * everyone.
 */
export function keptPagePath(arxivId: string): string {
  return `/pdf/${arxivId.split("/").map(encodeURIComponent).join("/")}`;
}
