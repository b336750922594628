import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { test, expect, appHasTakenOver, queueFaults, useTheme } from "./fixtures";

/**
 * The search page against the real server and the sandbox upstream. The server keeps arXiv's
 * one request every 3 seconds for all four workers together and caches answers for 30
 * minutes, so: results get generous timeouts, tests reuse a few queries (cache hits), and a
 * test that needs a fresh upstream call uses a query of its own.
 */

const SANDBOX = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 4110}`;
const RESULTS_TIMEOUT = 45_000;

test.describe.configure({ timeout: 120_000 });

const isPhone = () => test.info().project.name === "mobile";

/** A result row (table) or card (phone). */
const resultItems = (page: Page): Locator => page.locator("[data-paper-row], [data-testid='paper-card']");

async function expectResults(page: Page): Promise<void> {
  await expect(resultItems(page).first()).toBeVisible({ timeout: RESULTS_TIMEOUT });
}

function searchBox(page: Page): Locator {
  return page.getByRole("combobox", { name: "Search query" });
}

function searchForm(page: Page): Locator {
  return page.getByRole("search", { name: "Search papers" });
}

function status(page: Page): Locator {
  return page.getByRole("status").filter({ hasText: /results|Loading/ });
}

function isSorted(titles: string[], direction: "asc" | "desc"): boolean {
  const sorted = [...titles].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base", numeric: true }));
  if (direction === "desc") sorted.reverse();
  return titles.length > 1 && titles.every((title, index) => title === sorted[index]);
}

/** Scrolls so the element sits just under the sticky header, for screenshots. */
async function scrollToTop(locator: Locator): Promise<void> {
  await locator.evaluate((element) => {
    element.scrollIntoView({ block: "start", behavior: "instant" });
    window.scrollBy({ top: -72, behavior: "instant" });
  });
}

function urlParams(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/**
 * Faults queued in the sandbox apply to whichever arXiv request comes next, from any
 * worker. A test that queues faults holds this lock exclusively; every other test holds it
 * shared. Directories under the system temp dir make it work across worker processes.
 */
const LOCK_DIR = path.join(os.tmpdir(), "quire-e2e-arxiv-faults");
const STALE_MS = 3 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isStale(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > STALE_MS;
  } catch {
    return true;
  }
}

function activeReaders(): string[] {
  const dir = path.join(LOCK_DIR, "readers");
  mkdirSync(dir, { recursive: true });
  return readdirSync(dir).filter((name) => !isStale(path.join(dir, name)));
}

function writerActive(): boolean {
  const writer = path.join(LOCK_DIR, "writer");
  try {
    statSync(writer);
  } catch {
    return false;
  }
  if (isStale(writer)) {
    rmSync(writer, { recursive: true, force: true });
    return false;
  }
  return true;
}

async function acquireShared(id: string): Promise<() => void> {
  const file = path.join(LOCK_DIR, "readers", id);
  for (;;) {
    while (writerActive()) await sleep(100);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "");
    if (!writerActive()) return () => rmSync(file, { force: true });
    rmSync(file, { force: true });
  }
}

async function acquireExclusive(): Promise<() => void> {
  const writer = path.join(LOCK_DIR, "writer");
  mkdirSync(LOCK_DIR, { recursive: true });
  for (;;) {
    try {
      mkdirSync(writer);
      break;
    } catch {
      if (isStale(writer)) rmSync(writer, { recursive: true, force: true });
      await sleep(100);
    }
  }
  while (activeReaders().length > 0) await sleep(100);
  return () => rmSync(writer, { recursive: true, force: true });
}

/** Waits until the server has sent its last queued arXiv request (none for one arXiv interval and a margin). */
async function waitForQuietUpstream(request: APIRequestContext): Promise<void> {
  for (;;) {
    const since = Date.now() - 4_000;
    const answer = await request.get(`${SANDBOX}/__control/requests?route=arxiv-api&since=${since}`);
    const { requests } = (await answer.json()) as { requests: { status: number | null }[] };
    if (requests.length === 0) return;
    await sleep(500);
  }
}

const sharedLocks = new Map<string, () => void>();

test.beforeEach(async ({ page: _page }, testInfo) => {
  // Fault tests take the lock exclusively themselves.
  if (testInfo.title.includes("[faults]")) return;
  sharedLocks.set(testInfo.testId, await acquireShared(`${process.pid}-${testInfo.testId}`));
});

test.afterEach(async ({ request }, testInfo) => {
  sharedLocks.get(testInfo.testId)?.();
  sharedLocks.delete(testInfo.testId);
});

test.describe("without a query", () => {
  test("asks for a query, offers examples and shows the sign-in hint", async ({ page, visit }) => {
    await useTheme(page, "light");
    await visit("/search", { label: "search-empty" });
    await expect(page.getByRole("heading", { level: 1, name: "Search Papers" })).toBeVisible();
    await expect(page.getByText("Enter a search query or use advanced search to find papers.")).toBeVisible();
    await expect(page.getByText("Sign in to save your search history and sync across devices.")).toBeVisible();
    await expect(page.getByRole("radio", { name: "arXiv" })).toBeChecked();
    // Nothing is searched without criteria.
    await expect(resultItems(page)).toHaveCount(0);
  });

  test("looks right in dark mode", async ({ page, visit }) => {
    await useTheme(page, "dark");
    await visit("/search", { label: "search-empty" });
    await expect(page.getByText("Enter a search query or use advanced search to find papers.")).toBeVisible();
  });
});

test.describe("basic search", () => {
  test("shows result rows, and the URL keeps the search across a reload", async ({ page, shoot }) => {
    await useTheme(page, "light");
    await page.goto("/search");
    await searchBox(page).fill("transformer");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=transformer$/);
    await expectResults(page);
    await expect(status(page)).toHaveText(/^Showing 1–50 of [\d,]+\+? results$/);
    await expect(resultItems(page)).toHaveCount(50);
    await shoot("search-results");

    await page.reload();
    await expectResults(page);
    await expect(searchBox(page)).toHaveValue("transformer");
    await expect(page.getByRole("radio", { name: "arXiv" })).toBeChecked();
    await expect(resultItems(page)).toHaveCount(50);

    // The typed query went into the input history, newest first.
    const history = await page.evaluate(() => JSON.parse(window.localStorage.getItem("input-history.search") ?? "[]"));
    expect(history[0]).toBe("transformer");
  });

  test("results page in dark mode", async ({ page, shoot }) => {
    await useTheme(page, "dark");
    await page.goto("/search?q=transformer");
    await expectResults(page);
    await shoot("search-results");
  });

  test("controls come back from the URL: source, sort, page size, advanced fields", async ({ page }) => {
    await page.goto("/search?q=transformer&sort=submittedDate-ascending&size=20&page=1");
    await expectResults(page);
    await expect(status(page)).toHaveText(/^Showing 21–40 of/);
    const sort = isPhone() ? page.getByLabel("Sort by", { exact: true }).last() : searchForm(page).getByLabel("Sort by");
    await expect(sort).toHaveValue("submittedDate-ascending");
    await expect(page.getByLabel("Results per page")).toHaveValue("20");
  });

  test("a blank search is ignored with a message", async ({ page }) => {
    await page.goto("/search");
    await searchForm(page).getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("No search query provided");
    await expect(page).toHaveURL(/\/search$/);
  });
});

test.describe("the server's first paint", () => {
  test("a /search?q= page arrives with its first rows drawn, and the app takes them over in place", async ({ page, request }) => {
    const query = "transformer";
    // Searched once already: the server has the answer at hand when the page is asked for.
    expect((await request.get(`/api/search?q=${query}`, { timeout: RESULTS_TIMEOUT })).status()).toBe(200);
    // The app's entry is held back until the server's preview has been looked at.
    let releaseApp = () => {};
    const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await appHeld;
      await route.continue();
    });
    await page.goto(`/search?q=${query}`, { waitUntil: "commit" });

    const previewTitle = page.locator("#quire-preview [elementtiming='first-paper']");
    await expect(previewTitle).toBeVisible();
    const title = (await previewTitle.innerText()).trim();
    // Measured once it has been painted: before the stylesheet has come, layout gives the bare
    // HTML's boxes, which nobody sees (the stylesheet holds the page's first paint).
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          new PerformanceObserver((list, observer) => {
            if (list.getEntries().some((entry) => (entry as PerformanceEntry & { identifier: string }).identifier === "first-paper")) {
              observer.disconnect();
              resolve();
            }
          }).observe({ type: "element", buffered: true });
        }),
    );
    const before = (await previewTitle.boundingBox())!;
    // A picture of the page: nothing in it can be used, and the live page's roles come with the app.
    await expect(page.locator("#quire-preview")).toHaveAttribute("inert", "");
    await expect(searchBox(page)).toHaveCount(0);
    await expect(page.locator("#quire-preview").getByText(/^Showing 1–50 of/)).toBeVisible();

    releaseApp();
    await expectResults(page);
    await appHasTakenOver(page);
    const appTitle = page.locator("[elementtiming='first-paper']");
    await expect(appTitle).toHaveText(title);
    // The same row in the same place: the app drew what the preview showed (for a signed-out
    // visitor, the sign-in hint above the results included), so nothing moved.
    const after = (await appTitle.boundingBox())!;
    expect(Math.abs(after.x - before.x)).toBeLessThan(1);
    expect(Math.abs(after.y - before.y)).toBeLessThan(1);
    await searchBox(page).fill("graph");
    await expect(searchBox(page)).toHaveValue("graph");
  });
});

test.describe("paging", () => {
  test("page size and pagination", async ({ page, shoot }) => {
    await page.goto("/search?q=cat:cs.CL&size=20");
    await expectResults(page);
    await expect(resultItems(page)).toHaveCount(20);
    await expect(page.getByLabel("Results per page")).toHaveValue("20");
    await page.getByLabel("Results per page").evaluate((element) => element.scrollIntoView({ block: "end", behavior: "instant" }));
    await page.evaluate(() => window.scrollBy({ top: 90, behavior: "instant" }));
    await shoot("search-pagination");

    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=1/);
    await expect(status(page)).toHaveText(/^Showing 21–40 of/, { timeout: RESULTS_TIMEOUT });
    await expect(resultItems(page).first()).toContainText("21");

    await page.getByLabel("Results per page").selectOption("100");
    await expect.poll(() => urlParams(page).get("size")).toBe("100");
    expect(urlParams(page).get("page")).toBeNull();
    await expect(status(page)).toHaveText(/^Showing 1–100 of/, { timeout: RESULTS_TIMEOUT });
    await expect(resultItems(page)).toHaveCount(100);
  });

  test("changing the source or the sort goes back to page 0", async ({ page }) => {
    await page.goto("/search?q=transformer&size=20&page=2");
    await expectResults(page);

    const sort = isPhone() ? page.getByLabel("Sort by", { exact: true }).last() : searchForm(page).getByLabel("Sort by");
    await sort.selectOption("submittedDate-descending");
    await expect.poll(() => urlParams(page).get("sort")).toBe("submittedDate-descending");
    expect(urlParams(page).get("page")).toBeNull();

    await page.goto("/search?q=transformer&size=20&page=2");
    // click, not check: the radio follows the URL, which changes a moment after the click.
    await page.getByRole("radio", { name: "OpenAlex" }).click();
    await expect.poll(() => urlParams(page).get("source")).toBe("openalex");
    expect(urlParams(page).get("page")).toBeNull();
    expect(urlParams(page).get("q")).toBe("transformer");
    await expect(page.getByRole("radio", { name: "OpenAlex" })).toBeChecked();

    await page.getByRole("radio", { name: "Crossref" }).click();
    await expect.poll(() => urlParams(page).get("source")).toBe("crossref");
  });
});

test.describe("other sources", () => {
  test("OpenAlex results share the list; arXiv links in them open in the app", async ({ page, shoot }) => {
    await page.goto("/search?q=transformer&source=openalex");
    await expectResults(page);
    await expect(page.getByRole("radio", { name: "OpenAlex" })).toBeChecked();
    await expect(status(page)).toHaveText(/^Showing 1–50 of/);
    // OpenAlex's copies of arXiv preprints point at arxiv.org: rewritten to the in-app pages.
    await expect(resultItems(page).first().getByRole("link", { name: "View" })).toHaveAttribute("href", /^\/abs\/\d{4}\.\d{4,5}/);
    await shoot("search-openalex");

    // Elsewhere than arXiv, an author click searches the plain name.
    const author = resultItems(page).first().locator("button[title^='Search for papers by']").first();
    const name = (await author.textContent())!.trim();
    await author.click();
    await expect.poll(() => urlParams(page).get("q")).toBe(name);
    expect(urlParams(page).get("source")).toBe("openalex");
  });

  test("Crossref results link to the DOI and have no PDF", async ({ page }) => {
    await page.goto("/search?q=quantum&source=crossref&size=20");
    await expectResults(page);
    const first = resultItems(page).first();
    const view = first.getByRole("link", { name: "View" });
    await expect(view).toHaveAttribute("href", /^https:\/\/doi\.org\/10\./);
    await expect(view).toHaveAttribute("target", "_blank");
    await expect(first.getByRole("button", { name: "PDF" })).toBeDisabled();
  });
});

test.describe("advanced search", () => {
  test("title, two authors and a date range", async ({ page, shoot }) => {
    await page.goto("/search");
    const toggle = page.getByRole("button", { name: "Advanced Search", expanded: false });
    await toggle.click();
    const panel = page.getByRole("form", { name: "Advanced Search" });
    await expect(panel).toBeVisible();

    await panel.getByLabel("Title").fill("diffusion");
    await panel.getByLabel("Author 1", { exact: true }).fill("Weiyu Li");
    await panel.getByRole("button", { name: "Add author" }).click();
    await panel.getByLabel("Author 2", { exact: true }).fill("Antoine Toisoul");
    await panel.getByRole("button", { name: "Add author" }).click();
    await panel.getByLabel("Author 3", { exact: true }).fill("Nobody");
    await panel.getByRole("button", { name: "Remove author 3" }).click();
    await expect(panel.getByLabel("Author 3", { exact: true })).toHaveCount(0);

    // Quick years fill both dates; the clear buttons empty them again.
    await panel.getByRole("button", { name: "2023" }).click();
    await expect(panel.getByLabel("From", { exact: true })).toHaveValue("2023-01-01");
    await expect(panel.getByLabel("To", { exact: true })).toHaveValue("2023-12-31");
    await panel.getByRole("button", { name: "Clear To date" }).click();
    await expect(panel.getByLabel("To", { exact: true })).toHaveValue("");
    await panel.getByLabel("From", { exact: true }).fill("2026-06-01");
    await panel.getByLabel("To", { exact: true }).fill("2026-06-30");
    await shoot("search-advanced");

    await panel.getByRole("button", { name: "Advanced Search" }).click();
    await expect.poll(() => urlParams(page).get("searchType")).toBe("advanced");
    const params = urlParams(page);
    expect(params.get("title")).toBe("diffusion");
    expect(params.getAll("authors")).toEqual(["Weiyu Li", "Antoine Toisoul"]);
    expect(params.get("dateFrom")).toBe("2026-06-01");
    expect(params.get("dateTo")).toBe("2026-06-30");
    await expectResults(page);
    await expect(resultItems(page)).toHaveCount(1);
    await expect(resultItems(page).first()).toContainText("MeshFlow");

    // A reload keeps the panel open with its fields.
    await page.reload();
    await expect(page.getByRole("form", { name: "Advanced Search" }).getByLabel("Author 2", { exact: true })).toHaveValue("Antoine Toisoul");
    await expectResults(page);

    // Refresh: back to arXiv, page 0, size 50, basic, relevance; the advanced fields go.
    await page.getByRole("form", { name: "Advanced Search" }).getByRole("button", { name: "Refresh" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByText("Enter a search query or use advanced search to find papers.")).toBeVisible();
  });

  test("Refresh resets source, sort, size and paging but keeps the query", async ({ page }) => {
    await page.goto("/search?q=transformer&source=crossref&size=20&page=3&sort=title-ascending");
    await page.getByRole("button", { name: "Advanced Search", expanded: false }).click();
    await page.getByRole("form", { name: "Advanced Search" }).getByRole("button", { name: "Refresh" }).click();
    await expect(page).toHaveURL(/\/search\?q=transformer$/);
    await expect(page.getByRole("radio", { name: "arXiv" })).toBeChecked();
    await expectResults(page);
  });
});

test.describe("errors", () => {
  test("an unbalanced parenthesis is reported before any request", async ({ page }) => {
    const searches: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/search")) searches.push(request.url());
    });
    await page.goto("/search");
    await searchBox(page).fill("ti:(graph");
    await searchBox(page).press("Enter");
    await expect(page.getByRole("alert")).toHaveText("The query has an opening parenthesis without a closing one.");
    await expect(searchBox(page)).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/search$/);
    // The message follows the typing and goes once the query is fixed.
    await searchBox(page).fill("ti:(graph)");
    await expect(page.getByRole("alert")).toHaveCount(0);
    expect(searches).toEqual([]);
  });

  test("the server's 400 for an unknown prefix is shown as the error", async ({ page }) => {
    await page.goto("/search?q=foo:bar");
    await expect(page.getByText('Error loading papers: Unknown field prefix "foo:".', { exact: false })).toBeVisible({ timeout: RESULTS_TIMEOUT });
    await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
  });

  test("three 503s from arXiv show the error, and Retry recovers [faults]", async ({ page, request, shoot }) => {
    const release = await acquireExclusive();
    try {
      await waitForQuietUpstream(request);
      // While this test holds the lock no other test reaches arXiv, so arXiv can simply be down
      // until the test says otherwise; the server gives up after its three attempts.
      // Only this query's requests fail: other spec files' tests reach arXiv meanwhile.
      const label = `unavailable-${test.info().project.name}-${Date.now().toString(36)}`;
      const removeFault = await queueFaults(request, SANDBOX, { route: "arxiv-api", status: 503, match: label });
      const since = Date.now();
      await page.goto(`/search?q=${encodeURIComponent(`ti:"${label}"`)}`);
      await expect(page.getByText("Error loading papers: ArXiv API error: 503 Service Unavailable")).toBeVisible({ timeout: RESULTS_TIMEOUT });
      const log = await request.get(`${SANDBOX}/__control/requests?route=arxiv-api&since=${since}`);
      const attempts = ((await log.json()) as { requests: { path: string; status: number | null }[] }).requests.filter((entry) =>
        decodeURIComponent(entry.path.replace(/\+/g, " ")).includes(label),
      );
      expect(attempts.map((entry) => entry.status)).toEqual([503, 503, 503]);
      await shoot("search-error");

      await removeFault();
      await page.getByRole("button", { name: "Retry" }).click();
      await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible({ timeout: RESULTS_TIMEOUT });
      await expect(page.getByText("No papers match your search criteria. Try adjusting your filters.")).toBeVisible();
      await expect(page.getByText(/Error loading papers/)).toHaveCount(0);
    } finally {
      release();
    }
  });
});

test.describe("the paper list", () => {
  test("clicking an author searches au:\"name\" and carries llm", async ({ page }) => {
    await page.goto("/search?q=transformer&llm=true");
    await expectResults(page);
    const author = resultItems(page).first().locator("button[title^='Search for papers by']").first();
    const name = (await author.textContent())!.trim();
    await author.click();
    await expect.poll(() => urlParams(page).get("q")).toBe(`au:"${name}"`);
    expect(urlParams(page).get("llm")).toBe("true");
    await expect(searchBox(page)).toHaveValue(`au:"${name}"`);
    await expectResults(page);
    await expect(resultItems(page).first()).toContainText(name);
  });

  test("authors are cut to 3 with +N more and show less", async ({ page }) => {
    await page.goto("/search?q=transformer");
    await expectResults(page);
    const rows = await resultItems(page).all();
    let index = 0;
    while ((await rows[index]!.getByRole("button", { name: /^\+\d+ more$/ }).count()) === 0) index++;
    // By position: once expanded, the row no longer holds a "+N more" button to find it by.
    const row = resultItems(page).nth(index);
    const more = row.getByRole("button", { name: /^\+\d+ more$/ });
    const count = Number((await more.textContent())!.match(/\d+/)![0]);
    await more.click();
    await expect(row.getByRole("button", { name: "show less" })).toBeVisible();
    await expect(row.locator("button[title^='Search for papers by']")).toHaveCount(3 + count);
    await row.getByRole("button", { name: "show less" }).click();
    await expect(row.locator("button[title^='Search for papers by']")).toHaveCount(3);
  });

  test("a row expands to the abstract and details", async ({ page, shoot }) => {
    await page.goto("/search?q=transformer");
    await expectResults(page);
    const first = resultItems(page).first();
    const toggle = isPhone()
      ? first.getByRole("button", { name: "Show abstract and details" })
      : first.getByRole("button", { expanded: false }).first();
    await toggle.click();
    const abstract = page.getByRole("region", { name: "Abstract" }).first();
    await expect(abstract).toBeVisible();
    await expect(abstract.locator("p")).not.toBeEmpty();
    await expect(page.getByText("Published", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Categories", { exact: true }).first()).toBeVisible();
    await scrollToTop(first);
    await shoot("search-expanded");
  });

  test("Read records the history and opens /paper/{id}", async ({ page }) => {
    await page.goto("/search?q=transformer");
    await expectResults(page);
    await resultItems(page).first().getByRole("button", { name: "Read" }).click();
    await expect(page).toHaveURL(/\/paper\/[^/]+$/);
    const id = decodeURIComponent(new URL(page.url()).pathname.replace("/paper/", ""));
    const history = await page.evaluate(() => JSON.parse(window.localStorage.getItem("reading-history") ?? "[]"));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ paperId: id, viewType: "paper" });
    // Back returns to the same results.
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?q=transformer$/);
    await expectResults(page);
  });

  test("a row's icon buttons show what they do on hover and keyboard focus", async ({ page, shoot }) => {
    test.skip(isPhone(), "phones show labelled buttons on cards, and touch shows no hints");
    await page.goto("/search?q=transformer");
    await expectResults(page);
    const hint = page.getByTestId("hint");
    await resultItems(page).first().getByRole("button", { name: "Read" }).hover();
    await expect(hint).toHaveText("Read in Quire");
    await page.keyboard.press("Escape");
    await expect(hint).toHaveCount(0);
    await resultItems(page).first().getByRole("link", { name: "PDF" }).focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(hint).toHaveText("PDF");
    await expect(hint).toBeInViewport();
    await shoot("search-hint");
  });

  test("View and PDF open the in-app /abs and /pdf pages for arXiv papers", async ({ page }) => {
    await page.goto("/search?q=transformer");
    await expectResults(page);
    const first = resultItems(page).first();
    await expect(first.getByRole("link", { name: "View" })).toHaveAttribute("href", /^\/abs\/\d{4}\.\d{4,5}$/);
    await expect(first.getByRole("link", { name: "PDF" })).toHaveAttribute("href", /^\/pdf\/\d{4}\.\d{4,5}$/);
  });

  test("Bookmark toggles to Bookmarked and survives a reload", async ({ page }) => {
    await page.goto("/search?q=transformer");
    await expectResults(page);
    const first = resultItems(page).first();
    await first.getByRole("button", { name: "Bookmark", exact: true }).click();
    await expect(first.getByRole("button", { name: "Bookmarked", exact: true })).toBeVisible();
    await expect(page.getByText("Bookmark added").first()).toBeVisible();

    await page.reload();
    await expectResults(page);
    const again = resultItems(page).first();
    await expect(again.getByRole("button", { name: "Bookmarked", exact: true })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("bookmarks") ?? "{}"));
    expect(Object.keys(stored.bookmarks)).toHaveLength(1);

    await again.getByRole("button", { name: "Bookmarked", exact: true }).click();
    await expect(again.getByRole("button", { name: "Bookmark", exact: true })).toBeVisible();
    await expect(page.getByText("Bookmark removed").first()).toBeVisible();
  });

  test("the author and category filters narrow the shown results", async ({ page }) => {
    await page.goto("/search?q=transformer");
    await expectResults(page);
    const author = (await resultItems(page).nth(2).locator("button[title^='Search for papers by']").first().textContent())!.trim();
    await page.getByLabel("Filter by author").fill(author);
    await expect(status(page)).toContainText(/match(es)? the filters/);
    const shown = await resultItems(page).count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(50);
    for (let index = 0; index < shown; index++) await expect(resultItems(page).nth(index)).toContainText(author);

    await page.getByLabel("Filter by author").fill("");
    await page.getByLabel("Filter by category").selectOption("cs.CL");
    const categories = await resultItems(page).count();
    expect(categories).toBeLessThan(50);
    await page.getByLabel("Filter by category").selectOption("");
    await expect(resultItems(page)).toHaveCount(50);
  });
});

test.describe("sorting", () => {
  test("table headers sort: a new column descending, the same column toggles", async ({ page }) => {
    test.skip(isPhone(), "the table is the wide-screen layout");
    await page.goto("/search?q=transformer");
    await expectResults(page);
    const titleHeader = page.getByRole("columnheader", { name: "Title" });
    await titleHeader.getByRole("button").click();
    await expect.poll(() => urlParams(page).get("sort")).toBe("title-descending");
    await expect(titleHeader).toHaveAttribute("aria-sort", "descending");
    await expect.poll(async () => isSorted(await page.locator("[data-paper-row] td:nth-child(2)").allTextContents(), "desc")).toBe(true);

    await titleHeader.getByRole("button").click();
    await expect.poll(() => urlParams(page).get("sort")).toBe("title-ascending");
    await expect(titleHeader).toHaveAttribute("aria-sort", "ascending");

    await page.getByRole("columnheader", { name: "Date" }).getByRole("button").click();
    await expect.poll(() => urlParams(page).get("sort")).toBe("submittedDate-descending");
    await expectResults(page);
  });

  test("phones get cards with a sort dropdown", async ({ page, shoot }) => {
    test.skip(!isPhone(), "cards are the narrow-screen layout");
    await page.goto("/search?q=transformer");
    await expectResults(page);
    await expect(page.getByTestId("paper-card").first()).toBeVisible();
    await expect(page.locator("table")).toHaveCount(0);
    const sort = page.getByLabel("Sort by", { exact: true }).last();
    await sort.selectOption("title-ascending");
    await expect.poll(() => urlParams(page).get("sort")).toBe("title-ascending");
    await expect.poll(async () => isSorted(await page.getByTestId("paper-card").locator("h3").allTextContents(), "asc")).toBe(true);
    await scrollToTop(page.getByTestId("paper-card").first());
    await shoot("search-cards-sorted");
  });
});

test.describe("history", () => {
  test("the input history works from the keyboard", async ({ page }) => {
    await page.addInitScript(() => {
      if (!window.sessionStorage.getItem("seeded")) {
        window.localStorage.setItem("input-history.search", JSON.stringify(["cat:cs.CL", "diffusion", "graph"]));
        window.sessionStorage.setItem("seeded", "1");
      }
    });
    await page.goto("/search");
    const box = searchBox(page);
    await box.focus();
    const list = page.getByRole("group", { name: "Recent queries" });
    await expect(list).toBeVisible();
    await expect(list.getByRole("option")).toHaveText(["cat:cs.CL", "diffusion", "graph"]);

    await box.press("ArrowDown");
    await expect(list.getByRole("option", { name: "cat:cs.CL" })).toHaveAttribute("aria-selected", "true");
    await box.press("ArrowDown");
    await expect(list.getByRole("option", { name: "diffusion" })).toHaveAttribute("aria-selected", "true");
    await box.press("ArrowUp");
    await expect(list.getByRole("option", { name: "cat:cs.CL" })).toHaveAttribute("aria-selected", "true");
    await box.press("ArrowUp");
    await expect(list.getByRole("option", { name: "graph" })).toHaveAttribute("aria-selected", "true");
    await box.press("Escape");
    await expect(list).toBeHidden();

    // Typing narrows the list; Enter runs the highlighted entry.
    await box.fill("diff");
    await expect(list.getByRole("option")).toHaveText(["diffusion"]);
    await box.press("ArrowDown");
    await box.press("Enter");
    await expect.poll(() => urlParams(page).get("q")).toBe("diffusion");
    await expect(box).toHaveValue("diffusion");
    await expectResults(page);
    const history = await page.evaluate(() => JSON.parse(window.localStorage.getItem("input-history.search") ?? "[]"));
    expect(history).toEqual(["diffusion", "cat:cs.CL", "graph"]);
  });

  test("searches are kept on the device, encoded, and offered again", async ({ page, shoot }) => {
    await page.goto("/search?q=transformer");
    await expectResults(page);
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem("search-history")), { timeout: 5_000 })
      .not.toBeNull();
    const raw = (await page.evaluate(() => window.localStorage.getItem("search-history")))!;
    expect(raw).not.toContain("transformer");
    const holder = JSON.parse(Buffer.from(raw, "base64").toString("utf8"));
    expect(holder.searches[0].params).toMatchObject({ q: "transformer", source: "arxiv", sort: "relevance", order: "descending", page: 0, size: 50 });
    expect(holder.searches[0].results).toBeGreaterThan(0);

    await page.goto("/search");
    const recent = page.getByRole("region", { name: "Recent searches" });
    await expect(recent).toBeVisible();
    await shoot("search-recent");
    await recent.getByRole("link", { name: /transformer/ }).click();
    await expect(page).toHaveURL(/\/search\?q=transformer$/);
    await expectResults(page);
  });
});

test.describe("touch", () => {
  test("pull-to-refresh at the top reloads the results", async ({ page }) => {
    test.skip(!isPhone(), "pull-to-refresh is for touch screens");
    await page.goto("/search?q=transformer");
    await expectResults(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    const client = await page.context().newCDPSession(page);
    const refetch = page.waitForRequest((request) => request.url().includes("/api/search"));
    await client.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: 200, y: 200 }] });
    for (let y = 220; y <= 520; y += 20) {
      await client.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: 200, y }] });
    }
    await expect(page.getByText("Release to refresh")).toBeVisible();
    await client.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await refetch;
    await expectResults(page);
  });
});
