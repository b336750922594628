import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { Agent } from "undici";
import { percentile, round, throughput, type Figure, chromiumLaunchOptions } from "./figures";
import { UPSTREAM_ACCEPT_ENCODING } from "@/server/sources/http/upstream-agent";
import { BROWSER_ACCEPT_ENCODING, closeLoadClient, send } from "./load-client";
import { startProductionServer, startSandboxProcess } from "./sandbox-process";

const ARXIV_GAP_MS = 3500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request through the lean client, its time to the answer's last byte (not decoded). */
async function sent(url: string, headers: Record<string, string>): Promise<number> {
  const answer = await send(url, { headers });
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  return answer.ms;
}
/** The codings the app's own upstream requests accept. */
const APP_UPSTREAM_HEADERS = { "accept-encoding": UPSTREAM_ACCEPT_ENCODING };

/**
 * The figures, all in one run against the sandbox: the server's overhead on a search,
 * the cache against a cold query, cached-search throughput against a trivial route, the time
 * to the first result row in Chromium, and the initial JavaScript of /search.
 */

export async function searchSuite(): Promise<Figure[]> {
  const sandbox = await startSandboxProcess();
  const distDir = path.join(process.cwd(), "dist", "web");
  // The built server in its own process, as `npm start` runs it (sandbox-process.ts).
  const server = await startProductionServer({ sandboxUrl: sandbox.url });
  const figures: Figure[] = [];
  const suite = "search";
  const requestsSince = async (since: number) =>
    ((await (await fetch(`${sandbox.url}/__control/requests?route=arxiv-api&since=${since}`)).json()) as { requests: { path: string }[] }).requests;
  try {
    // 1. Overhead: each uncached search through the app, minus the same upstream request sent
    // straight to the sandbox. The searches return full pages of 50 (the default page size), as a
    // user's do; a second, shorter series of searches with no results shows the per-request part.
    // Enough are counted for the median to move little with the host's noise.
    const fullPages = [
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((page) => ({ q: "cat:cs.LG AND ti:model", page })),
      ...[0, 1, 2, 3].map((page) => ({ q: "cat:cs.LG AND ti:learning", page })),
      ...[0, 1, 2].map((page) => ({ q: "cat:cs.LG AND ti:language", page })),
      ...[0, 1, 2, 3, 4, 5].map((page) => ({ q: "cat:cs.CV AND ti:model", page })),
      ...[0, 1, 2, 3, 4, 5].map((page) => ({ q: "cat:cs.CL AND ti:language", page })),
    ];
    // The same for a client that takes gzip and not Brotli (fetch() over plain HTTP, curl).
    const gzipOnlyPages = [
      ...[0, 1, 2, 3, 4, 5].map((page) => ({ q: "cat:cs.LG AND abs:model", page })),
      ...[0, 1, 2, 3, 4, 5].map((page) => ({ q: "cat:cs.CV AND abs:image", page })),
    ];
    const emptyPages = [0, 1, 2, 3, 4, 5].map((n) => ({ q: `abs:model AND cat:cs.LG AND ti:a${n}*`, page: 0 }));
    const searchUrlFor = ({ q, page }: { q: string; page: number }) =>
      `${server.url}/api/search?source=arxiv&q=${encodeURIComponent(q)}&size=50&page=${page}`;

    /**
     * One uncached search through the app and the same upstream request straight to the sandbox.
     * The app's upstream request is learnt from the same search sorted by date (a different
     * upstream request, so the measured one stays uncached) and checked against what the sandbox
     * then sees. The direct call goes through a pool like the app's (upstream-agent.ts), so both
     * meet a kept-open connection, and it is made after the same idle gap as the app's call: the
     * sandbox answers the same request more slowly after an idle gap than right after
     * another, and a direct call straight after the app's would count that wake-up as the app's
     * work. That older baseline is still reported, as its own figure. The app is asked as a
     * browser asks (`acceptEncoding`). Both calls go through the same lean client
     * (load-client.ts), timed to the answer's last byte, which is not decoded: through fetch(),
     * decoding the app's compressed answer took this process 1.1-1.4 ms more than reading the
     * sandbox's plain one (p50 3.9 ms uncompressed, 5.7 ms Brotli, 6.0 ms gzip), and the figure
     * is the server's overhead, not its client's.
     */
    async function overheadRound(searchUrl: string, acceptEncoding = BROWSER_ACCEPT_ENCODING) {
      let since = Date.now();
      await sent(`${searchUrl}&sort=submittedDate-descending`, { "accept-encoding": acceptEncoding });
      const [learnt] = await requestsSince(since);
      const upstreamPath = learnt!.path.replace("sortBy=submittedDate", "sortBy=relevance");
      if (upstreamPath === learnt!.path) throw new Error(`the app's arXiv request has no sortBy: ${learnt!.path}`);
      // The sandbox meets this request once before, as it will before the direct calls.
      await sent(`${sandbox.url}${upstreamPath}`, APP_UPSTREAM_HEADERS);
      await sleep(ARXIV_GAP_MS);
      since = Date.now();
      const appMs = await sent(searchUrl, { "accept-encoding": acceptEncoding });
      const directRightAfterMs = await sent(`${sandbox.url}${upstreamPath}`, APP_UPSTREAM_HEADERS);
      const [seen] = await requestsSince(since);
      if (seen?.path !== upstreamPath) throw new Error(`the app asked arXiv for ${seen?.path}, not the ${upstreamPath} measured directly`);
      await sleep(ARXIV_GAP_MS);
      const directMs = await sent(`${sandbox.url}${upstreamPath}`, APP_UPSTREAM_HEADERS);
      return { appMs, overhead: appMs - directMs, overheadAgainstAwakeSandbox: appMs - directRightAfterMs };
    }

    // The first rounds only warm the server (its JIT compiles the parse and answer paths), as a
    // running server is; they are not counted.
    const WARMUP_ROUNDS = 3;
    const overheads: number[] = [];
    const overheadsAgainstAwakeSandbox: number[] = [];
    const cold: number[] = [];
    for (const [round, search] of fullPages.entries()) {
      const result = await overheadRound(searchUrlFor(search));
      if (round < WARMUP_ROUNDS) continue;
      overheads.push(result.overhead);
      overheadsAgainstAwakeSandbox.push(result.overheadAgainstAwakeSandbox);
      cold.push(result.appMs);
    }
    const gzipOnlyOverheads: number[] = [];
    for (const search of gzipOnlyPages) gzipOnlyOverheads.push((await overheadRound(searchUrlFor(search), "gzip, deflate")).overhead);
    const emptyOverheads: number[] = [];
    for (const search of emptyPages) emptyOverheads.push((await overheadRound(searchUrlFor(search))).overhead);
    figures.push({
      suite,
      name: `server overhead on /api/search, p50 (${overheads.length} full pages of 50, asked as Chromium asks; app minus direct sandbox call after the same idle gap; warm server)`,
      value: round(percentile(overheads, 50)),
      unit: "ms",
      goal: "≤ 5 ms",
      met: percentile(overheads, 50) <= 5,
    });
    figures.push({ suite, name: "server overhead on /api/search, p95 (full pages of 50)", value: round(percentile(overheads, 95)), unit: "ms" });
    figures.push({
      suite,
      name: "server overhead on /api/search, p50 (full pages of 50), against a direct call made right after the app's (sandbox already awake)",
      value: round(percentile(overheadsAgainstAwakeSandbox, 50)),
      unit: "ms",
    });
    figures.push({
      suite,
      name: `server overhead on /api/search, p50 (${gzipOnlyOverheads.length} full pages of 50), for a client that takes gzip and not Brotli (fetch() over HTTP)`,
      value: round(percentile(gzipOnlyOverheads, 50)),
      unit: "ms",
    });
    figures.push({
      suite,
      name: "server overhead on /api/search, p50, for searches with no results (the per-request part)",
      value: round(percentile(emptyOverheads, 50)),
      unit: "ms",
    });

    // 2. Cache: the same query again, against the cold ones above.
    const cachedUrl = searchUrlFor(fullPages[0]!);
    const warm: number[] = [];
    for (let i = 0; i < 50; i++) warm.push(await sent(cachedUrl, { "accept-encoding": BROWSER_ACCEPT_ENCODING }));
    figures.push({
      suite,
      name: "repeated (cached) search of a full page, p50",
      value: round(percentile(warm, 50)),
      unit: "ms",
      baseline: "cold search p50",
      baselineValue: round(percentile(cold, 50)),
      ratio: round(percentile(warm, 50) / percentile(cold, 50), 3),
    });

    // 3. Throughput of cached search at 32 connections against a trivial route on the same server
    // (/api/health, which pings the database). The load comes from undici's request API over a
    // pool of 32 connections: WHATWG fetch spends more CPU reading a 100 KB search answer than
    // the server spends sending it, so with fetch this process, on the same two cores, is what
    // saturates first. The figure as a fetch client sees it is reported beside it.
    // The load asks for Brotli and gzip as every browser does (the app's own requests included);
    // a client that takes no compression is measured too: it is sent the 100 KB of JSON as they are.
    const loadPool = new Agent({ connections: 32, pipelining: 1 });
    const viaRequestWith = (headers: Record<string, string>) => async (url: string) => {
      const answer = await loadPool.request({ origin: server.url, path: url.slice(server.url.length), method: "GET", headers });
      await answer.body.arrayBuffer();
      if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
    };
    const viaRequest = viaRequestWith({ "accept-encoding": BROWSER_ACCEPT_ENCODING });
    const viaFetch = (url: string) => fetch(url).then((response) => response.arrayBuffer());
    /**
     * Requests a second to /api/health and to the cached search, with the load sent by `get`:
     * the median of three alternating rounds of 1.5 s each, after a second of each unmeasured.
     * The first seconds of load on a fresh server run its routes before the JIT has compiled
     * them, and one long round of each let a pause of the server's (a background write on the
     * embedded database, which /api/health pings) fall on one side only: /api/health read
     * 833 and 2,058 req/s within one run.
     */
    const rates = async (get: (url: string) => Promise<unknown>) => {
      const health = () => get(`${server.url}/api/health`);
      const cached = () => get(cachedUrl);
      await throughput(health, 32, 1000);
      await throughput(cached, 32, 1000);
      const trivial: number[] = [];
      const search: number[] = [];
      for (let round = 0; round < 3; round++) {
        trivial.push(await throughput(health, 32, 1500));
        search.push(await throughput(cached, 32, 1500));
      }
      return { trivial: percentile(trivial, 50), search: percentile(search, 50) };
    };
    const throughputFigure = (name: string, { trivial, search }: { trivial: number; search: number }, goal?: number): Figure => ({
      suite,
      name,
      value: round(search, 0),
      unit: "req/s",
      baseline: "GET /api/health",
      baselineValue: round(trivial, 0),
      ratio: round(search / trivial),
      ...(goal === undefined ? {} : { goal: `≥ ${goal}`, met: search / trivial >= goal }),
    });
    try {
      figures.push(throughputFigure("cached search throughput, 32 connections (Brotli and gzip accepted, as browsers ask)", await rates(viaRequest), 0.9));
      figures.push(throughputFigure("... the same for a client that takes no compression (100 KB of JSON an answer)", await rates(viaRequestWith({}))));
    } finally {
      await loadPool.close();
    }
    figures.push(throughputFigure("... the same with the load sent by fetch() (this process's reading of the answers then limits it)", await rates(viaFetch)));

    // 4 and 5 need the built SPA and Chromium.
    if (existsSync(path.join(distDir, "index.html")) && existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) {
      const browser = await chromium.launch(chromiumLaunchOptions);
      try {
        // Initial JavaScript of /search: every script the page loads, gzipped as served.
        const page = await browser.newPage();
        const scripts = new Set<string>();
        page.on("request", (request) => {
          if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
        });
        await page.goto(`${server.url}/search`, { waitUntil: "networkidle" });
        const gzipBytes = [...scripts].reduce((sum, script) => {
          const file = path.join(distDir, script);
          return sum + (existsSync(file) ? gzipSync(readFileSync(file)).length : 0);
        }, 0);
        figures.push({
          suite,
          name: "initial JavaScript of /search, gzipped",
          value: round(gzipBytes / 1024, 1),
          unit: "KB",
          goal: "≤ 200 KB",
          met: gzipBytes / 1024 <= 200,
        });

        // Time to the first result row with the sandbox adding 500 ms, median of five fresh
        // pages and queries, after one page that is not counted: as for the overhead above, a
        // running server (its JIT has compiled the page's drawing). "Visible" is when the
        // browser painted the first title (Element Timing, from navigation start); the driver's
        // own view (goto until its locator sees the row, which adds the protocol's round trips
        // and its script injected into the page) is reported beside it.
        await fetch(`${sandbox.url}/__control/faults`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ route: "arxiv-api", latencyMs: 500 }),
        });
        const painted: number[] = [];
        const observed: number[] = [];
        const queries = ["ti:speech AND cat:cs.CL", "ti:transformer AND cat:cs.CL", "ti:attention AND cat:cs.CL", "ti:graph AND cat:cs.LG", "ti:policy AND cat:cs.LG", "ti:learning AND cat:cs.LG"];
        for (const [index, query] of queries.entries()) {
          await sleep(ARXIV_GAP_MS);
          const fresh = await browser.newPage();
          const started = performance.now();
          await fresh.goto(`${server.url}/search?q=${encodeURIComponent(query)}`);
          await fresh.locator("[data-paper-row], [data-testid='paper-card']").first().waitFor({ state: "visible", timeout: 30_000 });
          const observedMs = performance.now() - started;
          const paintedMs = await fresh.evaluate(
            () =>
              new Promise<number>((resolve, reject) => {
                setTimeout(() => reject(new Error("no element timing for the first paper")), 5000);
                new PerformanceObserver((list) => {
                  const entry = list.getEntries().find((candidate) => (candidate as PerformanceEntry & { identifier?: string }).identifier === "first-paper") as
                    | (PerformanceEntry & { renderTime: number; loadTime: number })
                    | undefined;
                  if (entry) resolve(entry.renderTime || entry.loadTime);
                }).observe({ type: "element", buffered: true });
              }),
          );
          await fresh.close();
          if (index === 0) continue;
          observed.push(observedMs);
          painted.push(paintedMs);
        }
        const firstRowMs = percentile(painted, 50);
        figures.push({
          suite,
          name: "navigation to /search?q=… until the first result row is painted (sandbox +500 ms; median of 5)",
          value: round(firstRowMs, 0),
          unit: "ms",
          goal: "≤ 900 ms",
          met: firstRowMs <= 900,
        });
        figures.push({
          suite,
          name: "... the same, as the test driver sees it (goto until its locator finds the row)",
          value: round(percentile(observed, 50), 0),
          unit: "ms",
        });
      } finally {
        await browser.close();
      }
    } else {
      console.warn("skipping browser figures: run `npm run build` and install chromium first");
    }
  } finally {
    await fetch(`${sandbox.url}/__control/faults`, { method: "DELETE" }).catch(() => {});
    closeLoadClient();
    await server.close();
    await sandbox.close();
  }
  return figures;
}
