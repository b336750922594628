import type { APIRequestContext, Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { expect, test, useTheme } from "./fixtures";
import { PASSWORD, signedInAccount, uniqueEmail } from "./test-accounts";

/**
 * The admin and developer pages, as an admin on a
 * desktop and on a phone, and what a user and a visitor get there: nothing.
 */

// The charts draw at once for a reader who asked for less motion (recharts follows the setting),
// so their screenshots show them whole rather than mid-animation.
test.use({ reducedMotion: "reduce" });

const isPhone = () => test.info().project.name === "mobile";
const resultItems = (page: Page) => page.locator("[data-paper-row], [data-testid='paper-card']");
/** The demo's admin (ADMIN_EMAILS in scripts/demo.mjs). */
const ADMIN_EMAIL = "admin@quire.invalid";
const ADMIN_PAGES = ["/admin/performance", "/admin/analytics", "/admin/arxiv-index"];
const DEVELOPER_PAGES = ["/dev/query-tester", "/dev/localStorage-inspector", "/dev/search-v2-test", "/dev/pdf-test", "/dev/library-test", "/dev/llm-test", "/dev/test-page", "/auth-test"];
const PAGE_TITLES: Record<string, string> = {
  "/admin/performance": "Performance",
  "/admin/analytics": "Analytics",
  "/admin/arxiv-index": "arXiv Index",
  "/dev/localStorage-inspector": "Local Storage Inspector",
  "/dev/search-v2-test": "Search v2 Test",
  "/dev/test-page": "Test Page",
  "/auth-test": "Auth Test",
  "/dev/query-tester": "Query Tester",
  "/dev/pdf-test": "PDF Test",
  "/dev/library-test": "Library Test",
  "/dev/llm-test": "LLM Test",
};

async function signInAdmin(request: APIRequestContext): Promise<void> {
  const signIn = () => request.post("/api/auth/sign-in/email", { data: { email: ADMIN_EMAIL, password: PASSWORD }, headers: { Origin: baseURL } });
  if ((await signIn()).status() === 200) return;
  // The first test to need the admin creates it; another project may be doing the same.
  await signedInAccount(request, ADMIN_EMAIL).catch(() => undefined);
  expect((await signIn()).status()).toBe(200);
}

/** Signs the page in as the admin, with the debugging console switched off (its button would sit over the page). */
async function asAdmin(page: Page, options: { console?: boolean } = {}): Promise<void> {
  if (!options.console) await page.addInitScript(() => window.localStorage.setItem("debug-console", "off"));
  await signInAdmin(page.request);
}

/** Collects the console errors the page logs from now on (a refused request is one). */
function watchConsoleErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return () => errors;
}

/** Opens the Developer Tools entry: the sidebar on a desktop, the Menu sheet on a phone. */
async function openFromDeveloperTools(page: Page, label: string): Promise<void> {
  if (isPhone()) {
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Developer Tools" }).getByRole("link", { name: label }).click();
  } else {
    await page.getByRole("group", { name: "Developer Tools" }).getByRole("link", { name: label }).click();
  }
}

test.describe("as an admin", () => {
  test("the charts show the traffic a short session made", async ({ page, browser, shoot }, testInfo) => {
    test.setTimeout(120_000);
    // A user's short session: two searches on two sources and a bookmark list.
    const visitor = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
    const visitorPage = await visitor.newPage();
    await signedInAccount(visitorPage.request, uniqueEmail("traffic", testInfo.project.name));
    // Each search's event batch (sent 1 s after it) is answered before the session moves on:
    // closing the context would cut a batch still in flight, which no tab a person closes does.
    const searchEventSent = (source: string) =>
      visitorPage.waitForResponse(
        (response) =>
          response.url().endsWith("/api/events") && response.request().method() === "POST" && (response.request().postData() ?? "").includes(`"source":"${source}"`),
        { timeout: 30_000 },
      );
    const arxivEvent = searchEventSent("arxiv");
    await visitorPage.goto("/search?q=cat:cs.CL&source=arxiv");
    await expect(resultItems(visitorPage).first()).toBeVisible({ timeout: 30_000 });
    expect((await arxivEvent).status()).toBe(202);
    const openalexEvent = searchEventSent("openalex");
    await visitorPage.goto("/search?q=graph%20neural%20networks&source=openalex");
    await expect(resultItems(visitorPage).first()).toBeVisible({ timeout: 30_000 });
    expect((await openalexEvent).status()).toBe(202);
    await visitorPage.goto("/bookmarks");
    await expect(visitorPage.getByRole("heading", { name: "Bookmarked Papers" })).toBeVisible();
    await visitor.close();

    await asAdmin(page);
    await useTheme(page, "dark");
    await page.goto("/search");
    await openFromDeveloperTools(page, "Analytics");
    await expect(page).toHaveURL(/\/admin\/analytics$/);
    await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
    // The events arrive after the client's 1 s batching: refresh until both sources are counted.
    const searches = page.getByRole("table", { name: "Searches per source" });
    await expect(async () => {
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(searches.getByRole("row", { name: /^arXiv \d+$/ })).toBeAttached({ timeout: 2000 });
      await expect(searches.getByRole("row", { name: /^OpenAlex \d+$/ })).toBeAttached({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText("Total events")).toBeVisible();
    await expect(page.getByText("Authentication rate")).toBeVisible();
    const today = new Date().toISOString().slice(0, 10);
    await expect(page.getByRole("table", { name: "Daily active users" }).getByRole("row", { name: new RegExp(`^${today} [1-9]\\d*$`) })).toBeAttached();
    await expect(page.getByRole("table", { name: "arXiv requests per hour" })).toBeAttached();
    await expect(page.getByText(/arXiv allows one every 3 seconds: 1,200 an hour/)).toBeVisible();
    // The charts themselves are drawn (SVG bars, not only the numbers).
    await shoot("admin-analytics");
    await page.locator("#searches-by-source").scrollIntoViewIfNeeded();
    await shoot("admin-analytics-sources");
    await expect(page.locator("#searches-by-source path.recharts-rectangle").first()).toBeVisible();
    await useTheme(page, "light");
    await page.reload();
    await expect(page.locator("#searches-by-source path.recharts-rectangle").first()).toBeVisible();
    await shoot("admin-analytics");
  });

  test("performance: latency per route and upstream, the log filtered by type, cleared and refreshed", async ({ page, shoot }) => {
    await asAdmin(page);
    // Some traffic of this browser: a search reaches the upstream (math, outside the cs that
    // the e2e server's index holds once its harvest is done, so arXiv's API answers it).
    await page.goto("/search?q=cat:math.CO&source=arxiv");
    await expect(page.getByRole("heading", { name: "Search Papers" })).toBeVisible();
    await page.goto("/admin/performance");
    await expect(page.getByRole("heading", { name: "Performance", level: 1 })).toBeVisible();
    await expect(page.getByRole("table", { name: "Request latency by route" }).getByRole("cell", { name: "GET /api/search", exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("table", { name: "Upstream latency and errors" }).getByRole("cell", { name: "arxiv", exact: true })).toBeVisible();
    // Both latency tables fit the screen, a phone's too: no sideways scrolling to reach p95 and p99.
    for (const name of ["Request latency by route", "Upstream latency and errors"]) {
      const scroller = page.getByRole("table", { name }).locator("xpath=..");
      expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth), `${name} scrolls sideways`).toBeLessThanOrEqual(1);
    }
    await shoot("admin-performance");
    // The log filtered by type shows that type only (the other project's run may have cleared it).
    await page.getByLabel("Type").selectOption("startup");
    const log = page.getByRole("table", { name: "Performance log" });
    await expect(log.or(page.getByText("No performance logs yet."))).toBeVisible();
    for (const row of await log.getByRole("row").all()) {
      const text = await row.innerText();
      if (!text.startsWith("Type")) expect(text).toMatch(/^Startup\s+[\d,]+ ms/);
    }

    await page.getByRole("button", { name: "Clear" }).click();
    await expect(page.getByRole("alertdialog", { name: "Clear performance logs?" })).toBeVisible();
    await page.getByRole("alertdialog").getByRole("button", { name: "Clear" }).click();
    await expect(page.getByText("No performance logs yet.")).toBeVisible();
    await page.getByLabel("Type").selectOption("all");
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByRole("heading", { name: "Performance log" })).toBeVisible();
  });

  test("the storage inspector lists keys by size, probes the quota past the browser's limit, and deletes keys", async ({ page, shoot }) => {
    await asAdmin(page);
    await page.addInitScript(() => {
      window.localStorage.setItem("inspector-big", "b".repeat(2000));
      window.localStorage.setItem("inspector-small", "s");
    });
    await page.goto("/dev/localStorage-inspector");
    await expect(page.getByRole("heading", { name: "Local Storage Inspector", level: 1 })).toBeVisible();
    const keys = page.getByRole("table", { name: "Local storage keys" });
    await expect(keys.getByRole("row", { name: /inspector-big/ })).toBeVisible();
    await expect(keys.getByRole("row", { name: /inspector-big/ })).toContainText("First 500 of 2,000 characters");
    // Largest first.
    const order = await keys.getByRole("row").allInnerTexts();
    expect(order.findIndex((row) => row.includes("inspector-big"))).toBeLessThan(order.findIndex((row) => row.includes("inspector-small")));
    // Chromium's quota is below the probe's 10 MB: the probe meets the browser's refusal, and the keys are still there.
    await expect(page.getByText("The browser refused a write at this size")).toBeVisible();
    await expect(page.getByRole("meter", { name: "Storage usage" })).toHaveAttribute("data-tone", "green");
    expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith("__quota_probe__")).length)).toBe(0);
    await shoot("dev-storage-inspector");

    await keys.getByRole("button", { name: "Delete inspector-small" }).click();
    await expect(keys.getByRole("row", { name: /inspector-small/ })).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem("inspector-small"))).toBeNull();
    await page.getByRole("button", { name: "Estimate Quota" }).click();
    await expect(keys.getByRole("row", { name: /inspector-big/ })).toBeVisible();
  });

  test("the test page ensures and enriches a paper's entity; blank inputs disable their buttons", async ({ page, shoot }) => {
    await asAdmin(page);
    const found = await page.request.get("/api/search?source=arxiv&q=cat:hep-ph&size=20");
    const { papers } = (await found.json()) as { papers: { id: string; title: string }[] };
    await page.goto("/dev/test-page");
    const ensure = page.getByRole("button", { name: "Ensure Entity" });
    await expect(ensure).toBeDisabled();
    await expect(page.getByRole("button", { name: "Enrich", exact: true })).toBeDisabled();
    await page.getByLabel("Paper ID").fill("0704.99999");
    await ensure.click();
    await expect(page.getByRole("alert")).toHaveText("Paper not found.");
    await page.getByLabel("Paper ID").fill(papers[0]!.id);
    await ensure.click();
    await expect(page.getByText(papers[0]!.title, { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(`arxiv: ${papers[0]!.id}`)).toBeVisible();
    await page.getByRole("button", { name: "Enrich", exact: true }).click();
    await expect(page.getByText(/^openalex: W\d+$/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Search and Enrich" })).toBeDisabled();
    await shoot("dev-test-page");
  });

  test("the query tester parses the sample by rules without a key, shows each format and filters its cases", async ({ page, shoot }) => {
    await asAdmin(page);
    const consoleErrors = watchConsoleErrors(page);
    await page.goto("/dev/query-tester");
    await expect(page.locator("#query-tester-input")).toHaveValue(/papers by Hinton on capsule networks/);
    await page.getByRole("button", { name: "Parse", exact: true }).first().click();
    await expect(page.getByText("Parsed by the rule-based parser.")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("tab", { name: "Parsed Components" })).toBeVisible();
    await expect(page.getByText("Hinton", { exact: true })).toBeVisible();
    await page.getByRole("tab", { name: "ArXiv Format" }).click();
    await expect(page.getByText(/au:/).first()).toBeVisible();
    await page.getByRole("tab", { name: "OpenAlex Format" }).click();
    await expect(page.getByText(/cited_by_count:>/).first()).toBeVisible();
    await page.getByRole("tab", { name: "Comparison" }).click();
    await expect(page.getByText("agree").first()).toBeVisible();
    const all = await page.locator("#cases li").count();
    await page.getByLabel("Tag").selectOption({ index: 1 });
    expect(await page.locator("#cases li").count()).toBeLessThan(all);
    await shoot("dev-query-tester");
    // No key is a state the page handles: nothing is asked that the server would refuse.
    expect(consoleErrors()).toEqual([]);
  });

  test("the PDF test opens a paper twice through the proxy, the second from the cache", async ({ page, shoot }) => {
    await asAdmin(page);
    // The admin is shared by both projects: the paper starts out of the cache.
    await page.request.delete("/api/pdf-cache/files/2605.07811", { headers: { Origin: baseURL } });
    await page.goto("/dev/pdf-test");
    // The paper it offers is one the demo has: the first test works as it comes.
    await expect(page.getByLabel("arXiv id")).toHaveValue("2605.07811");
    await page.getByRole("button", { name: "Test cache" }).click();
    const opens = page.getByRole("table", { name: "Opens" });
    await expect(opens.getByText(/^hit/).first()).toBeVisible({ timeout: 30_000 });
    await expect(opens.getByText(/^miss/).first()).toBeVisible();
    await expect(page.getByRole("table", { name: "Cached files" }).getByRole("row")).not.toHaveCount(1);
    await shoot("dev-pdf-test");
  });

  test("the LLM test needs a provider, model and key, and keeps a history; the library test says Zotero is not connected", async ({ page, shoot }) => {
    await asAdmin(page);
    await page.goto("/dev/llm-test");
    await expect(page.getByRole("button", { name: "Run test" })).toBeDisabled();
    await expect(page.getByText("Please select provider, model, and enter API key")).toBeVisible();
    await page.getByLabel("Provider").selectOption("openai");
    await page.getByLabel("API key").fill("sk-not-a-real-key");
    await page.getByRole("button", { name: "Run test" }).click();
    // The sandbox's model answers or refuses the made-up key: either way the test is in the history.
    await expect(page.getByRole("table", { name: "Tests" }).getByText(/^(ok|failed)$/)).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Send test digest" }).click();
    await expect(page.getByText(/processed/)).toBeVisible({ timeout: 30_000 });
    await shoot("dev-llm-test");
    const consoleErrors = watchConsoleErrors(page);
    await page.goto("/dev/library-test");
    await expect(page.getByText("Zotero is not connected.")).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    await shoot("dev-library-test");
    // Not connected is a state the page handles: the bibliography is not asked for (a 409).
    expect(consoleErrors()).toEqual([]);
  });

  test("auth test and the search v2 link", async ({ page, shoot }) => {
    await asAdmin(page);
    await page.goto("/auth-test");
    const checks = page.getByRole("table", { name: "Access checks" });
    for (const level of ["Signed-in user", "Developer (maintainer or above)", "Admin"]) {
      await expect(checks.getByRole("row", { name: new RegExp(`^${level.replace(/[()]/g, "\\$&")} .* 200 Allowed$`) })).toBeVisible();
    }
    await shoot("dev-auth-test");

    await page.goto("/dev/search-v2-test");
    const open = page.getByRole("button", { name: "Open Search" });
    await expect(open).toBeDisabled();
    await expect(page.getByRole("button", { name: "Test Author Search" })).toBeDisabled();
    await page.getByLabel("Query (q)").fill("cat:cs.CL");
    await page.getByLabel("Source", { exact: true }).selectOption("openalex");
    await expect(page.getByLabel("Search v2 link")).toHaveText("/search-v2?q=cat%3Acs.CL&source=openalex&sort=relevance&order=descending&page=0&size=20");
    await shoot("dev-search-v2-test");
    await open.click();
    await expect(page).toHaveURL(/\/search\?q=cat%3Acs\.CL&source=openalex&size=20$/);
    await expect(page.getByRole("heading", { name: "Search Papers" })).toBeVisible();
  });

  test("the debugging console starts for a signed-in admin, its button off the navigation", async ({ page, shoot }) => {
    await asAdmin(page, { console: true });
    await page.goto("/search");
    await expect(page.locator("#eruda")).toBeAttached({ timeout: 15_000 });
    // Its button leaves the navigation alone: the bottom bar on a phone, the sidebar's rows on a desktop.
    const entry = page.locator("#eruda .eruda-entry-btn");
    await expect(entry).toBeVisible();
    const button = (await entry.boundingBox())!;
    const navigation = page.getByRole("navigation", { name: "Main" });
    const navigationBox = (await navigation.boundingBox())!;
    const overlaps = button.x < navigationBox.x + navigationBox.width && navigationBox.x < button.x + button.width && button.y < navigationBox.y + navigationBox.height && navigationBox.y < button.y + button.height;
    expect(overlaps, `the console's button ${JSON.stringify(button)} over the navigation ${JSON.stringify(navigationBox)}`).toBe(false);
    await shoot("admin-debug-console");
    if (isPhone()) {
      // A tap on Menu reaches Menu.
      await page.getByRole("button", { name: "Menu" }).click({ timeout: 5_000 });
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
      await page.keyboard.press("Escape");
    } else {
      await navigation.getByRole("link", { name: "Bookmarks" }).click({ timeout: 5_000 });
      await expect(page).toHaveURL(/\/bookmarks$/);
    }
    // Switched off on /auth-test, it goes.
    await page.goto("/auth-test");
    await page.getByRole("switch", { name: "Debugging console" }).click();
    await expect(page.locator("#eruda")).toHaveCount(0);
  });
});

test.describe("as a user", () => {
  test("no developer tools are shown, and every admin and developer page sends the user to /", async ({ page, visit }, testInfo) => {
    // Fourteen page loads, each sent back to /: on a loaded machine that outlasts the default 30 s.
    test.setTimeout(60_000);
    await signedInAccount(page.request, uniqueEmail("no-admin", testInfo.project.name));
    await visit("/search", { label: "user-search" });
    if (isPhone()) {
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    }
    await expect(page.getByText("Developer Tools")).toHaveCount(0);
    await expect(page.locator("#eruda")).toHaveCount(0);
    for (const path of [...ADMIN_PAGES, ...DEVELOPER_PAGES, "/admin/unknown", "/dev/query-tester"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(`${baseURL}/`);
      await expect(page.getByRole("heading", { name: PAGE_TITLES[path] ?? "Performance", level: 1 })).toHaveCount(0);
    }
    for (const api of ["/api/admin/performance", "/api/admin/analytics", "/api/admin/performance/summary", "/api/admin/arxiv-index", "/api/dev/session"]) {
      const answer = await page.request.get(api);
      expect(answer.status(), api).toBe(403);
      expect(Object.keys(await answer.json())).toEqual(["error"]);
    }
  });

  test("signed out, the pages send the visitor to / and the API answers 401", async ({ page }) => {
    for (const path of [...ADMIN_PAGES, ...DEVELOPER_PAGES]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(`${baseURL}/`);
    }
    expect((await page.request.get("/api/admin/analytics")).status()).toBe(401);
    expect((await page.request.get("/api/dev/session")).status()).toBe(401);
  });
});
