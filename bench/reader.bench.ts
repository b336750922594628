import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { LONG_PDF_PAPER_ID, TEN_PAGE_PDF_PAPER_ID } from "../sandbox/arxiv/pdf-faults";
import { percentile, round, type Figure, chromiumLaunchOptions } from "./figures";
import { startTestServer } from "@/test/test-server";
import { pdfCacheFigures } from "./pdf-cache.bench";
import { startSandboxProcess } from "./sandbox-process";

/** A real 15-page paper PDF in the sandbox. */
const PAPER = "1911.02782";
const RUNS = 5;
const median = (values: number[]) => percentile(values, 50);


const PDFJS_DIR = path.join(process.cwd(), "node_modules", "pdfjs-dist");

/**
 * pdf.js's own generic viewer (its PDFViewer component with its stylesheet), served by the
 * browser from the app's origin so it fetches the PDF from the same server and URL as Quire.
 */
async function routeGenericViewer(page: Page, origin: string) {
  const files: Record<string, [string, string]> = {
    "/__bench/pdf.mjs": [path.join(PDFJS_DIR, "build", "pdf.min.mjs"), "text/javascript"],
    "/__bench/pdf.worker.mjs": [path.join(PDFJS_DIR, "build", "pdf.worker.min.mjs"), "text/javascript"],
    "/__bench/pdf_viewer.mjs": [path.join(PDFJS_DIR, "web", "pdf_viewer.mjs"), "text/javascript"],
    "/__bench/pdf_viewer.css": [path.join(PDFJS_DIR, "web", "pdf_viewer.css"), "text/css"],
  };
  await page.route(`${origin}/__bench/**`, async (route) => {
    const pathname = new URL(route.request().url()).pathname;
    if (pathname === "/__bench/viewer.html") {
      const paperId = new URL(route.request().url()).searchParams.get("paperId") ?? "";
      return route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html><head><link rel="stylesheet" href="/__bench/pdf_viewer.css"></head>
<body style="margin:0"><div id="viewerContainer" style="position:absolute;inset:0;overflow:auto"><div id="viewer" class="pdfViewer"></div></div>
<script type="module">
const pdfjsLib = await import("/__bench/pdf.mjs");
globalThis.pdfjsLib = pdfjsLib;
pdfjsLib.GlobalWorkerOptions.workerSrc = "/__bench/pdf.worker.mjs";
const { PDFViewer, EventBus, PDFLinkService } = await import("/__bench/pdf_viewer.mjs");
const eventBus = new EventBus();
const linkService = new PDFLinkService({ eventBus });
const viewer = new PDFViewer({ container: document.getElementById("viewerContainer"), eventBus, linkService });
linkService.setViewer(viewer);
eventBus.on("pagerendered", (event) => { if (event.pageNumber === 1 && !window.__painted) window.__painted = performance.now(); });
const doc = await pdfjsLib.getDocument({ url: "/api/pdf-proxy?paperId=" + encodeURIComponent(${JSON.stringify(paperId)}) }).promise;
viewer.setDocument(doc);
linkService.setDocument(doc);
</script></body></html>`,
      });
    }
    const file = files[pathname];
    if (!file) return route.fulfill({ status: 404, body: "" });
    return route.fulfill({ contentType: file[1], body: readFileSync(file[0]) });
  });
}

/** Milliseconds from navigation start until the first page's canvas is painted, in Quire. */
async function quireFirstPaint(browser: Browser, origin: string, paperId: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const value = await quireFirstPaintIn(context, origin, paperId);
  await context.close();
  return value;
}

/** The same in a page of an existing browser context (its cookies, its HTTP cache). */
export async function quireFirstPaintIn(context: BrowserContext, origin: string, paperId: string): Promise<number> {
  return (await quireOpenTimings(context, origin, paperId)).paintedMs;
}

/** Waits until the viewer in `page` has kept its picture of the paper's page (page-picture.ts). */
export async function untilPictureKept(page: Page, paperId: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  const kept = () => page.evaluate(async (id) => Boolean(await (await caches.open("quire-page-pictures")).match(`/__quire/page-picture/${id}`)), paperId);
  while (!(await kept())) {
    if (Date.now() > deadline) throw new Error(`no picture of ${paperId}'s page was kept`);
    await page.waitForTimeout(100);
  }
}

export type OpenTimings = {
  /** Until the page is first on screen: the picture kept from the last reading (page-picture.ts), else pdf.js's drawing. */
  paintedMs: number;
  /** Until pdf.js has drawn the page itself. */
  livePaintedMs: number;
  /** Whether the kept picture came first. */
  picture: boolean;
  pdfArrivedMs: number;
};

/**
 * Milliseconds from navigation start until the first page is painted, and until the PDF itself
 * had arrived. With `read`, the tab stays on the page until the viewer has kept its picture of
 * it (a reader reading the page for a moment) before it is closed.
 */
export async function quireOpenTimings(context: BrowserContext, origin: string, paperId: string, options: { read?: boolean } = {}): Promise<OpenTimings> {
  const page = await context.newPage();
  await page.goto(`${origin}/pdf/${paperId}`, { waitUntil: "commit" });
  const paintedAt = (live: boolean) =>
    page.waitForFunction(
      (live) => {
        const canvas = document.querySelector<HTMLCanvasElement>(live ? 'canvas[data-painted="true"]:not([data-picture])' : 'canvas[data-painted="true"]');
        return canvas ? [performance.now(), Boolean(canvas.dataset.picture)] : 0;
      },
      live,
      { polling: "raf", timeout: 60_000 },
    );
  const [paintedMs, picture] = (await (await paintedAt(false)).jsonValue()) as [number, boolean];
  const livePaintedMs = picture ? ((await (await paintedAt(true)).jsonValue()) as [number, boolean])[0] : paintedMs;
  if (options.read) await untilPictureKept(page, paperId);
  const pdfArrivedMs = await page.evaluate(() =>
    Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.includes("/api/pdf-proxy"))
        .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
    ),
  );
  if (process.env.QUIRE_BENCH_MARKS) {
    // Where the time went: pdf.js evaluated, the PDF's bytes, the document opened, page 1 drawn.
    const marks = await page.evaluate(() => [
      `html=${Math.round((performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseEnd)}`,
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => /pdf-prefetch|pdf-document|pdf\.worker|pdf-proxy/.test(entry.name))
        .map((entry) => `${new URL(entry.name).pathname.split("/").pop()?.split("-")[0]}@${Math.round(entry.startTime)}-${Math.round((entry as PerformanceResourceTiming).responseEnd)}`),
      ...performance.getEntriesByType("mark").map((mark) => `${mark.name}=${Math.round(mark.startTime)}`),
    ]);
    console.log(`${paperId}: painted=${Math.round(paintedMs)}${picture ? ` (kept picture; pdf.js's page ${Math.round(livePaintedMs)})` : ""} ${marks.join(" ")}`);
  }
  await page.close();
  return { paintedMs, livePaintedMs, picture, pdfArrivedMs };
}

/** The same for pdf.js's generic viewer. */
async function genericFirstPaint(browser: Browser, origin: string, paperId: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await routeGenericViewer(page, origin);
  await page.goto(`${origin}/__bench/viewer.html?paperId=${encodeURIComponent(paperId)}`, { waitUntil: "commit" });
  const ms = await page.waitForFunction(() => (window as unknown as { __painted?: number }).__painted ?? 0, null, { polling: "raf", timeout: 60_000 });
  const value = (await ms.jsonValue()) as number;
  await context.close();
  return value;
}

async function heapUsedBytes(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  await session.send("HeapProfiler.collectGarbage");
  await session.send("Performance.enable");
  const { metrics } = await session.send("Performance.getMetrics");
  return metrics.find((metric) => metric.name === "JSHeapUsedSize")?.value ?? Number.NaN;
}

/** Opens a long PDF in continuous mode, reads how many pages are painted, and the heap. */
async function openContinuous(browser: Browser, origin: string, paperId: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((id) => {
    localStorage.setItem(`pdf-viewer.state.${id}`, JSON.stringify({ pageNumber: 1, scale: 1, rotation: 0, pdfViewMode: "continuous", displayMode: "normal" }));
  }, paperId);
  const page = await context.newPage();
  await page.goto(`${origin}/pdf/${paperId}`, { waitUntil: "commit" });
  const firstMs = (await (
    await page.waitForFunction(() => (document.querySelector('.pdf-page[data-page-number="1"] canvas[data-painted="true"]') ? performance.now() : 0), null, {
      polling: "raf",
      timeout: 120_000,
    })
  ).jsonValue()) as number;
  await page.waitForTimeout(1000);
  const paintedAtOnce = await page.locator('canvas[data-painted="true"]').count();
  return { context, page, firstMs, paintedAtOnce };
}

/** Until the service worker has installed (the app precached) and controls the page (polled: waitForFunction takes a pending promise for a true answer). */
async function serviceWorkerInControl(page: Page): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    const ready = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.active?.state === "activated" && Boolean(navigator.serviceWorker.controller);
    });
    if (ready) return;
    await page.waitForTimeout(250);
  }
  throw new Error("the service worker did not take control");
}

/** Milliseconds from navigation start until `selector` is on the page, in an open tab. */
async function navigationUntil(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  const ms = await page.waitForFunction((wanted) => (document.querySelector(wanted) ? performance.now() : 0), selector, { polling: "raf", timeout: 60_000 });
  return (await ms.jsonValue()) as number;
}

/**
 * The figures: a kept paper opened with the network off against the same paper online
 * (and kept), and the app shell's repeat load with the service worker against without it.
 */
async function offlineFigures(browser: Browser, origin: string, suite: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${origin}/abs/${PAPER}`);
  await page.getByRole("heading", { level: 1 }).waitFor({ timeout: 60_000 });
  await serviceWorkerInControl(page);
  await page.getByRole("button", { name: "Save Offline" }).click();
  await page.getByRole("status").filter({ hasText: "Available offline" }).waitFor({ timeout: 60_000 });

  const pdfUrl = `${origin}/pdf/${PAPER}`;
  const canvas = 'canvas[data-painted="true"]';
  // Warm both ways once.
  await navigationUntil(page, pdfUrl, canvas);
  await context.setOffline(true);
  await navigationUntil(page, pdfUrl, canvas);
  await context.setOffline(false);
  const online: number[] = [];
  const offline: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    online.push(await navigationUntil(page, pdfUrl, canvas));
    await context.setOffline(true);
    offline.push(await navigationUntil(page, pdfUrl, canvas));
    await context.setOffline(false);
  }
  const offlineRatio = median(offline) / median(online);
  figures.push({
    suite,
    name: "kept paper, network off: navigation to /pdf/{id} until the first page is painted (median of 7)",
    value: round(median(offline), 0),
    unit: "ms",
    baseline: "the same kept paper with the network on",
    baselineValue: round(median(online), 0),
    ratio: round(offlineRatio, 2),
    goal: "ratio ≤ 1.1",
    met: offlineRatio <= 1.1,
  });

  // The app shell's repeat load: /search until its heading is drawn, the worker in control
  // against a tab whose worker is blocked (both with a warm HTTP cache).
  const plain = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: "block" });
  const plainPage = await plain.newPage();
  const searchUrl = `${origin}/search`;
  const heading = "main h1";
  await navigationUntil(plainPage, searchUrl, heading);
  await navigationUntil(page, searchUrl, heading);
  const withWorker: number[] = [];
  const withoutWorker: number[] = [];
  for (let i = 0; i < RUNS * 2; i++) {
    withoutWorker.push(await navigationUntil(plainPage, searchUrl, heading));
    withWorker.push(await navigationUntil(page, searchUrl, heading));
  }
  const shellRatio = median(withWorker) / median(withoutWorker);
  figures.push({
    suite,
    name: "app shell repeat load (/search until its heading is drawn) with the service worker (median of 10)",
    value: round(median(withWorker), 0),
    unit: "ms",
    baseline: "the same repeat load without the worker",
    baselineValue: round(median(withoutWorker), 0),
    ratio: round(shellRatio, 2),
  });
  await plain.close();
  await context.close();
  return figures;
}

/** The figures: first paint against pdf.js's viewer, a 300-page PDF, and the proxy's time to first byte. */
export async function readerSuite(): Promise<Figure[]> {
  const suite = "reader";
  const figures: Figure[] = [];
  const sandbox = await startSandboxProcess();
  const distDir = path.join(process.cwd(), process.env.QUIRE_BUILD_DIR || "dist", "web");
  const server = await startTestServer({ sandboxUrl: sandbox.url, webDistDir: distDir });
  try {
    // 3. Proxy: time to first byte through /api/pdf-proxy minus straight from the sandbox.
    const overheads: number[] = [];
    const ttfb = async (url: string) => {
      const started = performance.now();
      const response = await fetch(url);
      const reader = response.body!.getReader();
      await reader.read();
      const ms = performance.now() - started;
      await reader.cancel();
      return ms;
    };
    await ttfb(`${server.url}/api/pdf-proxy?paperId=${PAPER}`);
    for (let i = 0; i < 30; i++) {
      const direct = await ttfb(`${sandbox.url}/arxiv/pdf/${PAPER}`);
      const proxied = await ttfb(`${server.url}/api/pdf-proxy?paperId=${PAPER}`);
      overheads.push(proxied - direct);
    }
    figures.push({ suite, name: "PDF proxy time to first byte minus direct, p50", value: round(median(overheads), 1), unit: "ms" });

    if (!existsSync(path.join(distDir, "index.html")) || !existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) {
      console.warn("skipping browser figures: run `npm run build` and install chromium first");
      return figures;
    }
    const browser = await chromium.launch({ ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, "--enable-precise-memory-info"] });
    try {
      // 1. First page painted: Quire's /pdf/{id} against pdf.js's own viewer, same file, same server.
      await quireFirstPaint(browser, server.url, PAPER); // warms the paper lookup and the sandbox
      await genericFirstPaint(browser, server.url, PAPER);
      const quire: number[] = [];
      const generic: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        quire.push(await quireFirstPaint(browser, server.url, PAPER));
        generic.push(await genericFirstPaint(browser, server.url, PAPER));
      }
      const ratio = median(quire) / median(generic);
      figures.push({
        suite,
        name: "navigation to /pdf/{id} until the first page is painted (median of 5)",
        value: round(median(quire), 0),
        unit: "ms",
        baseline: "pdf.js's generic viewer, same file and server",
        baselineValue: round(median(generic), 0),
        ratio: round(ratio, 2),
        goal: "ratio ≤ 1.1",
        met: ratio <= 1.1,
      });

      // 2. A 300-page PDF in continuous mode against a 10-page one.
      await fetch(`${sandbox.url}/arxiv/pdf/${LONG_PDF_PAPER_ID}`).then((response) => response.arrayBuffer()); // generated once, then cached
      await quireFirstPaint(browser, server.url, LONG_PDF_PAPER_ID);
      await quireFirstPaint(browser, server.url, TEN_PAGE_PDF_PAPER_ID);
      const long = await openContinuous(browser, server.url, LONG_PDF_PAPER_ID);
      figures.push({
        suite,
        name: "300-page PDF, continuous: pages painted at once",
        value: long.paintedAtOnce,
        unit: "pages",
        goal: "bounded (not 300)",
        met: long.paintedAtOnce <= 12,
      });
      const input = long.page.getByRole("textbox", { name: "Page number" });
      await input.fill("250");
      const jumpStarted = (await long.page.evaluate(() => performance.now())) as number;
      await input.press("Enter");
      const page250Ms =
        ((await (
          await long.page.waitForFunction(() => (document.querySelector('.pdf-page[data-page-number="250"] canvas[data-painted="true"]') ? performance.now() : 0), null, {
            polling: "raf",
            timeout: 60_000,
          })
        ).jsonValue()) as number) - jumpStarted;
      figures.push({
        suite,
        name: "300-page PDF: going to page 250 until painted, against page 1 from navigation",
        value: round(page250Ms, 0),
        unit: "ms",
        baseline: "page 1",
        baselineValue: round(long.firstMs, 0),
        ratio: round(page250Ms / long.firstMs, 2),
        goal: "< 1.5x",
        met: page250Ms / long.firstMs < 1.5,
      });
      await long.page.waitForTimeout(1000);
      const paintedAfterJump = await long.page.locator('canvas[data-painted="true"]').count();
      const longHeap = await heapUsedBytes(long.page);
      await long.context.close();
      const short = await openContinuous(browser, server.url, TEN_PAGE_PDF_PAPER_ID);
      const shortHeap = await heapUsedBytes(short.page);
      await short.context.close();
      figures.push({
        suite,
        name: `300-page PDF: tab JS heap (pages painted after the jump: ${paintedAfterJump})`,
        value: round(longHeap / 1024 / 1024, 1),
        unit: "MB",
        baseline: "10-page PDF",
        baselineValue: round(shortHeap / 1024 / 1024, 1),
        ratio: round(longHeap / shortHeap, 2),
        goal: "< 2x",
        met: longHeap / shortHeap < 2,
      });

      // 4. The cloud PDF cache: a signed-in reader's second open against the first.
      figures.push(...(await pdfCacheFigures({ server, sandboxUrl: sandbox.url })));
      figures.push(...(await offlineFigures(browser, server.url, suite)));
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
    await sandbox.close();
  }
  return figures;
}
