/**
 * The Cache Storage names the page and the service worker share (src/web/sw.ts): the kept
 * papers live in one cache, the PDF under its proxy path, the record under a path of its own
 * that no request ever asks for.
 */
export const KEPT_PAPERS_CACHE = "quire-kept-papers-v1";
export const KEPT_RECORD_PREFIX = "/__kept/papers/";
