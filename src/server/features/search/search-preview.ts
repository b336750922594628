import type { Context } from "hono";
import type { AppEnv } from "@/server/http/context";
import type { PagePreview } from "@/server/http/static-site";
import type { SearchResponse } from "@/shared/search-params";

/**
 * How long a /search?... page waits for its search, so that its first paint already holds
 * the first rows. After that the page is sent with its results loading, and the app brings
 * them. The wait costs no first paint: the app itself needs about as long to draw the page.
 * It does delay the app's start, and the preview
 * cannot be typed into, so it is kept short.
 */
export const SEARCH_PREVIEW_WAIT_MS = 700;

/**
 * better-auth's session cookie (`__Secure-` on https). Without it the visitor is signed out for
 * sure; with it the session may still have ended, which only the app's get-session tells.
 */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** How a page drawn for this request shows its visitor: signed out for sure, or as the app draws a session it is still asking for. */
export function previewVisitor(c: Context<AppEnv>): "anonymous" | "unknown" {
  return SESSION_COOKIE.test(c.req.header("cookie") ?? "") ? "unknown" : "anonymous";
}

/**
 * The code that draws the page (React and the app's components, a large part of all the
 * server's code): loaded by the first preview, or once the server is up (main.ts), the server is up,
 * never on the way to listening.
 */
let renderer: Promise<typeof import("@/web/ssr/search-preview")> | undefined;
export function loadSearchPreviewRenderer(): NonNullable<typeof renderer> {
  renderer ??= import("@/web/ssr/search-preview");
  return renderer;
}

/** The search's answer, or null if it fails or takes longer than `ms`. */
async function within(search: Promise<SearchResponse>, ms: number): Promise<SearchResponse | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([search.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The preview of a /search?... page whose search earlySearch started: the page with its
 * first rows if the search answers within SEARCH_PREVIEW_WAIT_MS, else (or if it fails) the
 * page with its results loading, which the app then brings. Null for any other page.
 */
export function searchPagePreview(c: Context<AppEnv>): PagePreview | null {
  const search = c.get("earlySearch");
  if (!search) return null;
  const url = new URL(c.req.url);
  const page = `${url.pathname}${url.search}`;
  const userAgent = c.req.header("user-agent");
  const visitor = previewVisitor(c);
  const html = (async () => {
    // The renderer first: loading it (on a server's first page) keeps the event loop busy, and
    // a wait timed meanwhile would end with the search's answer unread.
    const { previewLayout, renderSearchPreview } = await loadSearchPreviewRenderer();
    const answer = await within(search, SEARCH_PREVIEW_WAIT_MS);
    // The answer is plain data (strings, numbers, arrays), as the page's own request receives it.
    return renderSearchPreview(page, previewLayout(userAgent), answer, visitor);
  })();
  return { html };
}
