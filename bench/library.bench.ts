import { existsSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { compareBookmarks, planTwoWaySync, type SyncBookmark } from "@/shared/library/bookmark-sync";
import { makeSyntheticLibrary } from "@/shared/library/duplicates.fixtures";
import { createDuplicateIndex, scanDuplicates } from "@/shared/library/duplicates";
import { exportBookmarks } from "@/shared/library/export-formats";
import type { Paper } from "@/shared/paper";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";
import { percentile, round, type Figure } from "./figures";

const suite = "library";
const LIBRARY_SIZE = 10_000;
const SMALL_LIBRARY = 100;
const BATCH = 250;

async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

const bookmarkOf = (paper: Paper, dateAdded: string, collections: string[] = []): SyncBookmark => ({ paperId: paper.id, dateAdded, collections, paperData: paper });

/** Writes bookmarks through the batch endpoint, the way the Sync menu does. */
async function putBatches(server: TestServer, user: SignedInUser, bookmarks: readonly SyncBookmark[]): Promise<number> {
  let requests = 0;
  for (let start = 0; start < bookmarks.length; start += BATCH) {
    const body = { bookmarks: bookmarks.slice(start, start + BATCH).map((b) => ({ paper: b.paperData, tags: [...b.collections], bookmarkedAt: b.dateAdded })) };
    const response = await fetch(`${server.url}/api/me/bookmarks/batch`, { method: "POST", headers: user.headers(), body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`batch answered ${response.status}: ${await response.text()}`);
    requests++;
  }
  return requests;
}

async function serverBookmarks(server: TestServer, user: SignedInUser): Promise<SyncBookmark[]> {
  const response = await fetch(`${server.url}/api/me/bookmarks`, { headers: user.headers() });
  const { bookmarks } = (await response.json()) as { bookmarks: { paperId: string; bookmarkedAt: string; tags: string[]; paperData: Paper }[] };
  return bookmarks.map((b) => bookmarkOf(b.paperData, b.bookmarkedAt, b.tags));
}

async function firstPageP50(server: TestServer, user: SignedInUser, query: string, runs = 40): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const { ms } = await timed(async () => {
      const response = await fetch(`${server.url}/api/me/bookmarks?${query}`, { headers: user.headers() });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`list answered ${response.status}`);
    });
    if (i >= 5) times.push(ms);
  }
  return percentile(times, 50);
}

/** Opens /bookmarks signed in and waits until the first row's Bookmark toggle can be clicked. */
async function interactiveMs(server: TestServer, user: SignedInUser, browser: import("@playwright/test").Browser): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, ...value] = user.cookie.split(";")[0]!.split("=");
    await context.addCookies([{ name: name!, value: value.join("="), url: server.url }]);
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${server.url}/bookmarks`);
    await page.getByRole("button", { name: "Bookmarked", exact: true }).first().waitFor({ state: "visible", timeout: 60_000 });
    await page.getByLabel("Search bookmarks").fill("x");
    runs.push(performance.now() - started);
    await context.close();
  }
  return percentile(runs, 50);
}

/**
 * The figures for a signed-in user with 10,000 bookmarks, each against a baseline in the
 * same run: the filtered first page (against a 100-bookmark library), the page in Chromium
 * (against 100 bookmarks), the BibTeX export (against JSON), the duplicate check and scan, and
 * a two-way sync with half the bookmarks differing, counted before and after.
 */
export async function librarySuite(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const distDir = path.join(process.cwd(), process.env.QUIRE_BUILD_DIR || "dist", "web");
  const server = await startTestServer({ webDistDir: distDir });
  try {
    const [big, small] = await Promise.all([createSignedInUser(server), createSignedInUser(server)]);
    const papers = makeSyntheticLibrary(LIBRARY_SIZE, 6);
    const base = Date.UTC(2024, 0, 1);
    const library = papers.map((paper, i) => bookmarkOf(paper, new Date(base + i * 60_000).toISOString(), i % 10 === 0 ? ["reading"] : []));
    const seeded = await timed(() => putBatches(server, big, library));
    await putBatches(server, small, library.slice(0, SMALL_LIBRARY));
    figures.push({ suite, name: `store ${LIBRARY_SIZE} bookmarks through the batch endpoint (${seeded.value} requests)`, value: round(seeded.ms, 0), unit: "ms" });

    // A word that occurs in some titles, so the filter has work and answers a page.
    const word = papers[0]!.title.split(/\s+/).find((candidate) => candidate.length > 4)!.toLowerCase();
    const query = `q=${encodeURIComponent(word)}&limit=20&offset=0`;
    const bigP50 = await firstPageP50(server, big, query);
    const smallP50 = await firstPageP50(server, small, query);
    figures.push({
      suite,
      name: `GET /api/me/bookmarks?q=${word}&limit=20, 10,000 bookmarks, p50`,
      value: round(bigP50, 1),
      unit: "ms",
      baseline: "same query, 100 bookmarks",
      baselineValue: round(smallP50, 1),
      ratio: round(bigP50 / smallP50),
      goal: "< 50 ms",
      met: bigP50 < 50,
    });

    const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
    if (existsSync(path.join(distDir, "index.html")) && existsSync(chromiumPath)) {
      const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
      try {
        const bigMs = await interactiveMs(server, big, browser);
        const smallMs = await interactiveMs(server, small, browser);
        figures.push({
          suite,
          name: "/bookmarks in Chromium until the first row's toggle and the search box respond, 10,000 bookmarks",
          value: round(bigMs, 0),
          unit: "ms",
          baseline: "100 bookmarks",
          baselineValue: round(smallMs, 0),
          ratio: round(bigMs / smallMs),
          goal: "≤ 1.5x",
          met: bigMs / smallMs <= 1.5,
        });
      } finally {
        await browser.close();
      }
    } else {
      console.warn("skipping the Chromium figure: build the web app (npm run build) and install Chromium");
    }

    const json = await timed(() => exportBookmarks("json", library));
    const bibtex = await timed(() => exportBookmarks("bibtex", library));
    figures.push({
      suite,
      name: "export 10,000 bookmarks as BibTeX (citation-js)",
      value: round(bibtex.ms, 0),
      unit: "ms",
      baseline: "JSON export",
      baselineValue: round(json.ms, 0),
      ratio: round(bibtex.ms / json.ms),
      goal: "< 3000 ms",
      met: bibtex.ms < 3000,
    });

    const indexBuild = await timed(() => createDuplicateIndex(papers));
    const candidates = makeSyntheticLibrary(200, 99);
    const checks = candidates.map((candidate) => {
      const started = performance.now();
      indexBuild.value.find(candidate);
      return performance.now() - started;
    });
    const checkP50 = percentile(checks, 50);
    const checkMax = Math.max(...checks);
    figures.push({
      suite,
      name: "duplicate check of one new paper against 10,000 (p50; index built once)",
      value: round(checkP50, 3),
      unit: "ms",
      baseline: `index build ${round(indexBuild.ms, 0)} ms; worst check`,
      baselineValue: round(checkMax, 3),
      goal: "< 20 ms",
      met: checkMax < 20,
    });
    const scan = await timed(() => scanDuplicates(papers));
    figures.push({ suite, name: `full duplicate scan of 10,000 (${scan.value.length} groups)`, value: round(scan.ms, 0), unit: "ms", goal: "< 2000 ms", met: scan.ms < 2000 });

    // Two-way sync: the device has the 10,000 with half of them changed (other date or title).
    const device = library.map((bookmark, i) => {
      if (i % 2 === 0) return bookmark;
      return i % 4 === 1
        ? { ...bookmark, dateAdded: new Date(Date.parse(bookmark.dateAdded) + 86_400_000).toISOString() }
        : { ...bookmark, paperData: { ...bookmark.paperData, title: `${bookmark.paperData.title} (revised)` } };
    });
    const before = await serverBookmarks(server, big);
    const sync = await timed(async () => {
      const comparison = compareBookmarks(device, await serverBookmarks(server, big));
      const plan = planTwoWaySync(comparison, Object.fromEntries(comparison.conflicts.map((c) => [c.paperId, "local" as const])));
      const requests = await putBatches(server, big, plan.toServer);
      return { comparison, requests };
    });
    const after = await serverBookmarks(server, big);
    const unique = new Set(after.map((b) => b.paperId)).size;
    const lost = before.filter((b) => !after.some((a) => a.paperId === b.paperId)).length;
    const again = compareBookmarks(device, after);
    figures.push({
      suite,
      name: `two-way sync 10,000 vs 10,000, ${sync.value.comparison.conflicts.length} differing (${sync.value.requests} batch requests)`,
      value: round(sync.ms, 0),
      unit: "ms",
      baseline: `count before ${before.length}, after ${after.length}, unique ${unique}, lost ${lost}, differing after ${again.conflicts.length}`,
      goal: "< 5000 ms, nothing lost",
      met: sync.ms < 5000 && after.length === before.length && unique === after.length && lost === 0 && again.conflicts.length === 0,
    });
  } finally {
    await server.close();
  }
  return figures;
}
