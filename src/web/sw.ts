/// <reference lib="webworker" />
import { cacheNames, clientsClaim } from "workbox-core";
import * as navigationPreload from "workbox-navigation-preload";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { createPartialResponse } from "workbox-range-requests";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { KEPT_PAPERS_CACHE } from "@/web/features/offline/offline-cache-names";
import { APP_SHELL_URL, isKeptPdfRequest, isRevalidatedFile, keptPdfFallbackPath, OFFLINE_MARKER } from "@/web/sw-routes";

/**
 * Quire's service worker (/sw.js, built by vite-plugin-pwa from this file). It does three
 * things and caches nothing else; above all no /api answer, which may belong to a user:
 *
 * 1. Precaches the built app (its hashed files are served from the precache), so Quire
 *    opens with no network.
 * 2. Pages come from the network first, as if there were no worker (with navigation preload, so
 *    the request starts while the worker wakes up, and the server's page is passed on as it
 *    streams: the /search preview and the /pdf/ page's early start stay as they are). Only
 *    when the network cannot be reached does the precached app shell answer.
 * 3. The PDF of a paper the user kept for offline reading (offline-store-browser.ts) is
 *    served from that copy, with Range, to the reader and the early download alike.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// A new version takes over at once: pages are fetched from the network anyway, and the old
// version's files stay on the server's immutable /assets/ for pages still open.
void self.skipWaiting();

// Where the browser supports it (Chromium's static routing), the worker is not even woken for
// what it would only pass on: hashed files come straight from the precache, and pages race the
// network against the worker (the worker's answer, the offline shell, wins only offline).
// Without this each of a page's files waits on the worker's JavaScript, and a repeat load is
// slower with the worker than without one.
type RouterRule = { condition: Record<string, unknown>; source: string | { cacheName: string } };
self.addEventListener("install", (event) => {
  const addRoutes = (event as ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> }).addRoutes;
  if (typeof addRoutes !== "function") return;
  event.waitUntil(
    addRoutes
      .call(event, [
        { condition: { urlPattern: "/assets/*", requestMethod: "GET" }, source: { cacheName: cacheNames.precache } },
        { condition: { requestMode: "navigate" }, source: "race-network-and-fetch-handler" },
      ])
      .catch(() => undefined),
  );
});
clientsClaim();
cleanupOutdatedCaches();
navigationPreload.enable();

/**
 * A page the worker answers because the network failed, marked so (`<meta name="quire-offline">`):
 * the page then knows it is offline even where the browser's own flag says otherwise (a network
 * with no route out, an emulated one), until the browser says it is back online.
 */
async function servedOffline(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const html = await response.text();
  const marked = html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}<meta name="${OFFLINE_MARKER}" content="1">`);
  return new Response(marked, { status: response.status, headers: response.headers });
}

async function offlineShell(): Promise<Response> {
  return (await matchPrecache(APP_SHELL_URL)) ?? Response.error();
}

/**
 * Offline, a kept paper's /pdf/{id} page as the server sent it (offline-store-browser.ts), so
 * its PDF starts before the app as it does online; only while the files it names are this
 * version's (a page kept before a deploy names files that are gone).
 */
async function keptPage(pathname: string): Promise<Response | null> {
  const kept = await caches.match(pathname, { cacheName: KEPT_PAPERS_CACHE }).catch(() => undefined);
  if (!kept) return null;
  const html = await kept.text();
  // One build's files are precached together: its first script tells which build the page is of.
  const file = /\/assets\/[\w.-]+\.m?js/.exec(html)?.[0];
  if (!file || !(await matchPrecache(file))) return null;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=UTF-8" } });
}

// 2. Pages: network first, the precached shell when offline.
registerRoute(
  new NavigationRoute(
    async ({ event, request }) => {
      try {
        const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
        return preloaded ?? (await fetch(request));
      } catch {
        return servedOffline((await keptPage(new URL(request.url).pathname)) ?? (await offlineShell()));
      }
    },
    { denylist: [/^\/api\//] },
  ),
);

// The unhashed files the page loads by name (the icon, the manifest; the early-start scripts by
// their names, for a page of an earlier build: a page of this one carries them inline): the
// server's current copy first, which must match the page it just sent; the precached one offline.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === "GET" && isRevalidatedFile(url.pathname),
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache(url.pathname)) ?? Response.error();
    }
  },
);

// 3. Kept papers' PDFs.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && isKeptPdfRequest(url.pathname, request.method),
  async ({ request, url }) => {
    const find = (path: string) => caches.match(path, { cacheName: KEPT_PAPERS_CACHE }).catch(() => undefined);
    const fallback = keptPdfFallbackPath(url.search);
    const kept = (await find(`${url.pathname}${url.search}`)) ?? (fallback ? await find(fallback) : undefined);
    if (!kept) return fetch(request);
    return request.headers.has("range") ? createPartialResponse(request, kept) : kept;
  },
);

// 1. Everything the build made, hashed files served from the precache.
precacheAndRoute(self.__WB_MANIFEST);
