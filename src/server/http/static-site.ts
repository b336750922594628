import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "./context";

/** Files the build emits; any other path (e.g. /paper/2401.12345) is a client route. */
const STATIC_FILE = /\.(?:m?js|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|json|webmanifest|txt|xml|wasm)$/i;

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/**
 * Pages whose code the server names in the HTML, so the browser fetches it alongside the
 * shell instead of after the shell has run and the router has asked for it (modules as the
 * Vite manifest names them, relative to src/web).
 */
const ROUTE_MODULES: Record<string, readonly string[]> = {
  "/search": ["features/search/search-page.tsx"],
  // The results list only when the URL holds a search (see hasSearchCriteria).
  "/search?": ["features/search/search-page.tsx", "features/search/search-results.tsx"],
  // Any /pdf/{id}: the reader, the viewer and pdf.js, so page 1 is not behind three round trips.
  "/pdf/": ["features/reader/paper-page.tsx", "features/reader/pdf/pdf-viewer.tsx", "features/reader/pdf/pdf-document.ts"],
};

/** pdf.js's worker as the Vite manifest names it; /pdf/* pages start it early (public/pdf-prefetch.js). */
const PDF_WORKER_MODULE = "pdfjs-dist/build/pdf.worker.min.mjs";

const SEARCH_CRITERIA = ["q", "title", "authors", "dateFrom", "dateTo"];

/** The ROUTE_MODULES key for a request: "/search?" when it carries search criteria. */
function preloadKey(pathname: string, query: URLSearchParams): string {
  if (pathname.startsWith("/pdf/")) return "/pdf/";
  if (pathname === "/search" && SEARCH_CRITERIA.some((name) => query.getAll(name).some((value) => value.trim()))) return "/search?";
  return pathname;
}

type ManifestChunk = { file: string; imports?: string[] };

/** The chunks each route needs, from the build's manifest; empty without one. */
export function routePreloads(distDir: string): Map<string, string[]> {
  const preloads = new Map<string, string[]>();
  const manifestPath = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) return preloads;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;
  for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const module of modules) visit(module);
    preloads.set(route, [...files].map((file) => `/${file}`));
  }
  return preloads;
}

/** The built pdf.js worker's URL, from the build's manifest; null without one. */
export function pdfWorkerUrl(distDir: string): string | null {
  const manifestPath = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;
  const key = Object.keys(manifest).find((name) => name.endsWith(PDF_WORKER_MODULE));
  return key ? `/${manifest[key]!.file}` : null;
}

/**
 * Serves the built SPA from `distDir`: content-hashed files under /assets are cached for a
 * year, everything else (index.html, sw.js, manifest) is revalidated on every load so a
 * deploy is picked up at once. Client routes (no file extension) fall back to index.html.
 */
export function mountStaticSite(app: Hono<AppEnv>, distDir: string): void {
  const indexPath = path.join(distDir, "index.html");
  let preloads = routePreloads(distDir);
  let workerUrl = pdfWorkerUrl(distDir);
  let preloadsFor = existsSync(indexPath) ? readFileSync(indexPath, "utf8") : "";
  if (existsSync(distDir)) {
   app.use(
    "*",
    serveStatic({
      root: distDir,
      // The build writes name.br and name.gz beside each text asset (scripts/precompress.mjs).
      precompressed: true,
      onFound: (filePath, c) => {
        c.header("Cache-Control", filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      },
    }),
   );
  }
  app.get("*", (c) => {
    // A missing build file is a 404, not the app shell.
    if (c.req.path.startsWith("/assets/") || STATIC_FILE.test(c.req.path)) return c.text("Not found", 404);
    if (!existsSync(indexPath)) {
      return c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", REVALIDATE);
    const html = readFileSync(indexPath, "utf8");
    // A rebuild while the server runs brings a new manifest.
    if (html !== preloadsFor) {
      preloads = routePreloads(distDir);
      workerUrl = pdfWorkerUrl(distDir);
      preloadsFor = html;
    }
    const key = preloadKey(c.req.path, new URL(c.req.url).searchParams);
    const files = (preloads.get(key) ?? []).filter((file) => !html.includes(`"${file}"`));
    // Read by pdf-prefetch.js, which runs in the head: so it goes first.
    const page = key === "/pdf/" && workerUrl ? html.replace("<head>", `<head><meta name="quire-pdf-worker" content="${workerUrl}">`) : html;
    if (files.length === 0) return c.html(page);
    const tags = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");
    return c.html(page.replace("</head>", `${tags}</head>`));
  });
}
