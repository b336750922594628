import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { constants as zlibConstants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from "node:zlib";
import type { Context, Hono } from "hono";
import { escapeToBuffer } from "hono/utils/html";
import { PREVIEW_ELEMENT_ID } from "@/shared/constants";
import { pdfPagePdfUrl } from "@/shared/pdf";
import { answerCoding, type ContentCoding } from "./content-coding";
import type { AppEnv } from "./context";
import { CONTENT_SECURITY_POLICY, inlineScriptHashes, withScriptHashes } from "./security-headers";

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
/** The reader's pdf.js module; /pdf/* pages import it early too, so page 1 is read while the app starts. */
const PDF_DOCUMENT_MODULE = "features/reader/pdf/pdf-document.ts";
/** The module preloads Vite writes into the built index.html. */
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">\s*/g;
/** The built index.html's entry script (Vite writes it so). */
const APP_ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;

const SEARCH_CRITERIA = ["q", "title", "authors", "dateFrom", "dateTo"];

/** The ROUTE_MODULES key for a request: "/search?" when it carries search criteria. */
function preloadKey(pathname: string, query: URLSearchParams): string {
  if (pathname.startsWith("/pdf/")) return "/pdf/";
  if (pathname === "/search" && SEARCH_CRITERIA.some((name) => query.getAll(name).some((value) => value.trim()))) return "/search?";
  return pathname;
}

/**
 * What a /pdf/ page asks for before anything else, first in its <head>: the addresses of
 * pdf.js's worker and of the reader's pdf.js module for pdf-prefetch.js, and preloads of the
 * PDF and that module. Placed ahead of the app's scripts, the downloads that page 1 waits on
 * take the first of the browser's six connections to this server instead of queueing behind
 * some forty modules. pdf-prefetch.js then takes them over (its fetch of the PDF, its import).
 * The worker is not preloaded: pdf-prefetch.js, inline in the head, starts it as the page is
 * parsed, and a preload would only read the same script from the browser's cache a second time
 * alongside it, which delays page 1.
 *
 * With `appEntry`, the app's entry script is named here instead of loaded by the page: the
 * page's own <script> is taken out and pdf-prefetch.js starts the app once page 1 is on screen
 * (at most 2 s after navigation). On a machine with few cores the app's start-up slows
 * pdf.js's worker down; started after page 1, it costs that page nothing.
 */
function pdfPageHead(urls: PdfModuleUrls | null, pdfUrl: string | null, appEntry: string | null): string {
  let head = "";
  if (urls) head += `<meta name="quire-pdf-worker" content="${urls.worker}"><meta name="quire-pdf-module" content="${urls.module}">`;
  if (appEntry) head += `<meta name="quire-app-entry" content="${appEntry}"><link rel="modulepreload" crossorigin href="${appEntry}">`;
  if (pdfUrl) head += `<link rel="preload" as="fetch" crossorigin href="${pdfUrl}">`;
  if (urls && pdfUrl) {
    head += urls.moduleFiles.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");
  }
  return head;
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

/** The built pdf.js worker's and the reader's pdf.js module's URLs, from the build's manifest; null without one. */
export function pdfModuleUrls(distDir: string): PdfModuleUrls | null {
  const manifestPath = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;
  const workerKey = Object.keys(manifest).find((name) => name.endsWith(PDF_WORKER_MODULE));
  // A build entry of its own (vite.config.ts), so keyed by its source path. Only an entry can
  // run before the app's: a shared chunk counts on chunks the app's entry registers.
  const module = manifest[PDF_DOCUMENT_MODULE];
  if (!workerKey || !module) return null;
  // The module's own file last: its imports come first, as the browser needs them.
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    for (const imported of chunk.imports ?? []) visit(imported);
    files.add(`/${chunk.file}`);
  };
  visit(PDF_DOCUMENT_MODULE);
  return { worker: `/${manifest[workerKey]!.file}`, module: `/${module.file}`, moduleFiles: [...files] };
}

type PdfModuleUrls = { worker: string; module: string; moduleFiles: string[] };

/**
 * A preview of a page drawn by the server, shown until the app's own page replaces it.
 */
export type PagePreview = {
  /** The drawing (possibly empty). The page ends after it, and the app starts only then: the caller bounds how long it takes. */
  html: Promise<string>;
  /** The page's own <title> and description (as text), in place of the app's. */
  head?: { title: string; description: string };
  /**
   * A page that is whole without the app (its links real, readable without JavaScript): shown
   * as it is. Otherwise it is a picture (a form that cannot be typed into yet), inert and hidden
   * from assistive technology until the app replaces it.
   */
  live?: boolean;
};

/** Text as it may stand in HTML, between tags or in a quoted attribute. */
function escapeHtml(text: string): string {
  const buffer: [string] = [""];
  escapeToBuffer(text, buffer);
  return buffer[0];
}

/** The built page's <title> and description replaced by the page's own (and named for link previews). */
function withHead(page: string, head: NonNullable<PagePreview["head"]>): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  return page
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${description}"><meta property="og:title" content="${title}"><meta property="og:description" content="${description}">`);
}

/**
 * The web fonts a drawn page's text is set in (Latin, the app's sans and serif faces). The
 * browser asks for a font only once it has laid out text in it, after the stylesheet: a preview
 * would be painted in a fallback font first and reflow when the font came, moving the page.
 * Named in the head, they arrive with the stylesheet.
 */
const PREVIEW_FONT = /^(?:inter|source-serif-4)-latin-wght-normal-[\w-]+\.woff2$/;

/** The preloads of the built fonts a drawn page uses (PREVIEW_FONT); empty without a build. */
export function previewFontPreloads(distDir: string): string {
  const assets = path.join(distDir, "assets");
  if (!existsSync(assets)) return "";
  return readdirSync(assets)
    .filter((name) => PREVIEW_FONT.test(name))
    .map((name) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${name}">`)
    .join("");
}

/** The app's mount point in the built index.html; the preview goes right after it. */
const ROOT_ELEMENT = '<div id="root"></div>';

/** Brotli at a quality that costs little per request (the page's parts are flushed as they are sent). */
function pageCompressor(c: Context): { encoding: ContentCoding; stream: BrotliCompress | Gzip } | null {
  const coding = answerCoding(c);
  if (coding === "br") return { encoding: coding, stream: createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }) };
  if (coding === "gzip") return { encoding: coding, stream: createGzip({ level: 4 }) };
  return null;
}

/**
 * The page with the server's preview in it, sent in two parts: the head at once, so the
 * browser fetches the app's code meanwhile, then the preview and the rest. A preview that
 * fails is left out (logged); the page itself always ends whole.
 */
function streamPreviewPage(c: Context<AppEnv>, page: string, preview: PagePreview, policy: string): Response {
  const at = page.indexOf(ROOT_ELEMENT) + ROOT_ELEMENT.length;
  const head = page.slice(0, at);
  const tail = page.slice(at);
  const failed = (error: unknown) => {
    c.var.log?.warn({ err: error }, "page preview failed");
    return "";
  };
  const compressor = pageCompressor(c);
  const encoder = new TextEncoder();
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let send = (text: string) => controller.enqueue(encoder.encode(text));
      let finish = () => controller.close();
      if (compressor) {
        const { stream } = compressor;
        stream.on("data", (chunk: Buffer) => !cancelled && controller.enqueue(new Uint8Array(chunk)));
        stream.on("end", () => !cancelled && controller.close());
        stream.on("error", (error) => !cancelled && controller.error(error));
        // Flushed after each part: the head must not wait in the compressor for the preview.
        send = (text) => {
          stream.write(text);
          stream.flush();
        };
        finish = () => stream.end();
      }
      send(`${head}<div id="${PREVIEW_ELEMENT_ID}"${preview.live ? "" : ' inert aria-hidden="true"'}>`);
      const html = await preview.html.catch(failed);
      // The browser may have gone meanwhile (the stream was cancelled): nothing more to send.
      if (cancelled) return;
      send(`${html}</div>${tail}`);
      finish();
    },
    cancel() {
      cancelled = true;
      compressor?.stream.destroy();
    },
  });
  const headers: Record<string, string> = {
    "Content-Type": "text/html; charset=UTF-8",
    "Cache-Control": REVALIDATE,
    Vary: "Accept-Encoding",
    "Content-Security-Policy": policy,
  };
  if (compressor) headers["Content-Encoding"] = compressor.encoding;
  return c.body(body, 200, headers);
}

/**
 * Serves the built SPA from `distDir`: content-hashed files under /assets are cached for a
 * year, everything else (index.html, sw.js, manifest) is revalidated on every load so a
 * deploy is picked up at once. Client routes (no file extension) fall back to index.html.
 */
export function mountStaticSite(
  app: Hono<AppEnv>,
  distDir: string,
  options: { preview?: (c: Context<AppEnv>) => PagePreview | null } = {},
): void {
  const indexPath = path.join(distDir, "index.html");
  let preloads = routePreloads(distDir);
  let pdfUrls = pdfModuleUrls(distDir);
  let fontPreloads = previewFontPreloads(distDir);
  let builtIndex = existsSync(indexPath) ? readFileSync(indexPath, "utf8") : "";
  // The build writes the head's early-start scripts into the page (scripts/head-scripts-plugin.ts):
  // its policy names them. Hashed from the built file only, never from what a request adds.
  let scriptHashes = inlineScriptHashes(builtIndex);
  const pagePolicy = (c: Context<AppEnv>) => withScriptHashes(c.var.contentSecurityPolicy ?? CONTENT_SECURITY_POLICY, scriptHashes);
  /** The built index.html; a rebuild while the server runs brings a new manifest and new scripts. */
  const readIndex = (): string => {
    const html = readFileSync(indexPath, "utf8");
    if (html !== builtIndex) {
      preloads = routePreloads(distDir);
      pdfUrls = pdfModuleUrls(distDir);
      fontPreloads = previewFontPreloads(distDir);
      scriptHashes = inlineScriptHashes(html);
      builtIndex = html;
    }
    return html;
  };
  // The build keeps its source maps (for reading a stack trace), but they are not published.
  app.use("*", async (c, next) => (c.req.path.endsWith(".map") ? c.text("Not found", 404) : next()));
  if (existsSync(distDir)) {
    const files = serveStatic<AppEnv>({
      root: distDir,
      // The build writes name.br and name.gz beside each text asset (scripts/precompress-plugin.ts).
      precompressed: true,
      onFound: (filePath, c) => {
        c.header("Cache-Control", filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
        // /index.html itself: the service worker precaches it, headers and all, as the offline shell.
        if (filePath === indexPath) readIndex();
        if (filePath.endsWith(".html")) c.header("Content-Security-Policy", pagePolicy(c));
      },
    });
    // / is a page like any other (below), which the server may draw, not the folder's index.html
    // as a file; /index.html itself is the file (the service worker's offline shell).
    app.use("*", (c, next) => (c.req.path === "/" ? next() : files(c, next)));
  }
  app.get("*", (c) => {
    // A missing build file is a 404, not the app shell.
    if (c.req.path.startsWith("/assets/") || STATIC_FILE.test(c.req.path)) return c.text("Not found", 404);
    if (!existsSync(indexPath)) {
      return c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", REVALIDATE);
    const html = readIndex();
    const policy = pagePolicy(c);
    c.header("Content-Security-Policy", policy);
    const key = preloadKey(c.req.path, new URL(c.req.url).searchParams);
    let page = html;
    let appHeld = false;
    if (key === "/pdf/") {
      const pdfUrl = pdfPagePdfUrl(new URL(c.req.url).pathname);
      // The app starts after page 1 only when pdf-prefetch.js draws it (it starts the app then).
      const appEntry = pdfUrls && pdfUrl ? (APP_ENTRY_SCRIPT.exec(html)?.[1] ?? null) : null;
      // The app's other modules are fetched when it starts: preloaded, the browser would
      // compile them while pdf.js works on page 1, and page 1 would come later.
      if (appEntry) page = page.replace(APP_ENTRY_SCRIPT, "").replace(MODULE_PRELOAD, "");
      appHeld = Boolean(appEntry);
      // Read by pdf-prefetch.js, which runs in the head: so it goes first.
      page = page.replace("<head>", `<head>${pdfPageHead(pdfUrls, pdfUrl, appEntry)}`);
    }
    const files = appHeld ? [] : (preloads.get(key) ?? []).filter((file) => !page.includes(`"${file}"`));
    const preview = page.includes(ROOT_ELEMENT) ? options.preview?.(c) : null;
    // The app must not start before the preview is on screen, nor its code download beside
    // what the drawing needs (the page, its stylesheet and fonts): on a slow link that would
    // hold the preview's paint back by the app's 200 KB or more. public/search-prefetch.js
    // fetches and starts it once the page has ended and been drawn.
    const appEntry = preview ? APP_ENTRY_SCRIPT.exec(page)?.[1] : undefined;
    if (appEntry) {
      const modules = [...[...page.matchAll(MODULE_PRELOAD)].map((tag) => tag[1]!), ...files];
      page = page
        .replace(APP_ENTRY_SCRIPT, "")
        .replace(MODULE_PRELOAD, "")
        .replace("<head>", `<head><meta name="quire-preview-app-entry" content="${appEntry}" data-modules="${modules.join(" ")}">`);
    } else if (files.length > 0) {
      const tags = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");
      page = page.replace("</head>", `${tags}</head>`);
    }
    if (preview?.head) page = withHead(page, preview.head);
    if (preview) page = page.replace("</head>", `${fontPreloads}</head>`);
    return preview ? streamPreviewPage(c, page, preview, policy) : c.html(page);
  });
}
