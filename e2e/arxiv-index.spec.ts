import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { ArxivIndexStatus } from "../src/shared/arxiv-index";
import { formatCount } from "../src/shared/format";
import { baseURL } from "../playwright.config";
import { expect, test, useTheme } from "./fixtures";
import { PASSWORD, signedInAccount } from "./test-accounts";

/**
 * Quire's own arXiv index in the browser. The e2e server harvests arXiv's cs set from the
 * sandbox at start (ARXIV_HARVEST=cs): searches kept to cs are answered from the index, the
 * search box offers its papers as one types, and the admin's arXiv Index page shows the harvest.
 */

test.describe.configure({ timeout: 120_000 });

/** The demo's admin (ADMIN_EMAILS in scripts/demo.mjs). */
const ADMIN_EMAIL = "admin@quire.invalid";
/** The harvest of cs starts with the server; on a busy machine it takes up to a minute. */
const HARVEST_TIMEOUT = 100_000;

const isPhone = () => test.info().project.name === "mobile";
const resultItems = (page: Page): Locator => page.locator("[data-paper-row], [data-testid='paper-card']");
const searchBox = (page: Page): Locator => page.getByRole("combobox", { name: "Search query" });
const paperOptions = (page: Page): Locator => page.getByRole("group", { name: "Papers" }).getByRole("option");

async function signInAdmin(request: APIRequestContext): Promise<void> {
  const signIn = () => request.post("/api/auth/sign-in/email", { data: { email: ADMIN_EMAIL, password: PASSWORD }, headers: { Origin: baseURL } });
  if ((await signIn()).status() === 200) return;
  // The first test to need the admin creates it. The other project may be doing the same at
  // once: its account is refused (403) until it has confirmed the address, so sign in again.
  await signedInAccount(request, ADMIN_EMAIL).catch(() => undefined);
  await expect.poll(async () => (await signIn()).status(), { timeout: 30_000 }).toBe(200);
}

async function indexStatus(request: APIRequestContext): Promise<ArxivIndexStatus> {
  const answer = await request.get("/api/admin/arxiv-index");
  expect(answer.status()).toBe(200);
  return (await answer.json()) as ArxivIndexStatus;
}

/** Waits, as the admin, until the first harvest of cs is done, and returns the status then. */
async function harvestDone(request: APIRequestContext): Promise<ArxivIndexStatus> {
  await signInAdmin(request);
  await expect
    .poll(async () => (await indexStatus(request)).harvests.find((harvest) => harvest.scope === "cs")?.initialDoneAt ?? null, {
      timeout: HARVEST_TIMEOUT,
      intervals: [500, 1000, 2000],
    })
    .not.toBeNull();
  return indexStatus(request);
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(HARVEST_TIMEOUT + 20_000);
  // The searches below need the index to cover cs; the admin waits in a context of its own.
  const admin = await playwright.request.newContext({ baseURL });
  try {
    await harvestDone(admin);
  } finally {
    await admin.dispose();
  }
});

test("a search kept to cs is answered from the index and shows its results", async ({ page, shoot }) => {
  const query = "cat:cs.LG AND ti:learning";
  const answer = page.waitForResponse((response) => response.url().includes("/api/search?") && new URL(response.url()).searchParams.get("q") === query);
  await page.goto(`/search?q=${encodeURIComponent(query)}&source=arxiv`);
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.headers()["x-search-source"]).toBe("index");
  const body = (await response.json()) as { total: number; papers: { title: string; categories: string[] }[] };
  expect(body.total).toBeGreaterThan(0);
  expect(body.papers.every((paper) => paper.categories.includes("cs.LG"))).toBe(true);
  await expect(resultItems(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(resultItems(page).first()).toContainText(body.papers[0]!.title.slice(0, 30));
  await expect(page.getByRole("status").filter({ hasText: /results/ })).toContainText(`of ${formatCount(body.total)}`);
  await shoot("arxiv-index-search");
});

test("the search box offers papers from the index: arrows, Enter and a click open the reader", async ({ page, shoot }) => {
  for (const theme of ["light", "dark"] as const) {
    await useTheme(page, theme);
    await page.goto("/search");
    await searchBox(page).pressSequentially("diffusion", { delay: 30 });
    await expect(paperOptions(page).first()).toBeVisible({ timeout: 15_000 });
    await expect(searchBox(page)).toHaveAttribute("aria-expanded", "true");
    await shoot("search-suggestions");
  }
  const options = paperOptions(page);
  expect(await options.count()).toBeGreaterThan(1);
  expect(await options.count()).toBeLessThanOrEqual(8);
  await expect(options.first()).toContainText(/diffusion/i);

  // ArrowDown twice highlights the second paper; Enter opens it in the reader.
  const box = searchBox(page);
  await box.press("ArrowDown");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await box.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id"))!);
  await shoot("search-suggestions-highlighted");
  const second = (await options.nth(1).getByRole("link").getAttribute("href"))!;
  expect(second).toMatch(/^\/abs\/\d{4}\.\d{4,5}$/);
  await box.press("Enter");
  await expect(page).toHaveURL(`${baseURL}${second}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });

  // A click (a tap on the phone) on a suggestion opens it too.
  await page.goto("/search");
  await searchBox(page).pressSequentially("diffusion", { delay: 30 });
  await expect(paperOptions(page).first()).toBeVisible({ timeout: 15_000 });
  const first = (await paperOptions(page).first().getByRole("link").getAttribute("href"))!;
  await paperOptions(page).first().click();
  await expect(page).toHaveURL(`${baseURL}${first}`);

  // Escape closes the list, and Enter with nothing highlighted searches as before.
  await page.goto("/search");
  await searchBox(page).pressSequentially("diffusion", { delay: 30 });
  await expect(paperOptions(page).first()).toBeVisible({ timeout: 15_000 });
  await searchBox(page).press("Escape");
  await expect(searchBox(page)).toHaveAttribute("aria-expanded", "false");
  await searchBox(page).press("Enter");
  await expect(page).toHaveURL(/\/search\?q=diffusion$/);
  await expect(resultItems(page).first()).toBeVisible({ timeout: 45_000 });
});

test("the admin's arXiv Index page shows the cs harvest, its records and that it is done", async ({ page, shoot }) => {
  await page.addInitScript(() => window.localStorage.setItem("debug-console", "off"));
  const status = await harvestDone(page.request);
  const cs = status.harvests.find((harvest) => harvest.scope === "cs")!;
  expect(cs.records).toBeGreaterThan(0);

  for (const theme of ["light", "dark"] as const) {
    await useTheme(page, theme);
    await page.goto("/search");
    if (isPhone()) {
      await page.getByRole("button", { name: "Menu" }).click();
      await page.getByRole("navigation", { name: "Developer Tools" }).getByRole("link", { name: "arXiv Index" }).click();
    } else {
      await page.getByRole("group", { name: "Developer Tools" }).getByRole("link", { name: "arXiv Index" }).click();
    }
    await expect(page).toHaveURL(/\/admin\/arxiv-index$/);
    await expect(page.getByRole("heading", { name: "arXiv Index", level: 1 })).toBeVisible();
    await expect(page.getByText("Chosen sets")).toBeVisible();
    await expect(page.getByText("Scopes: cs")).toBeVisible();
    const harvest = page.getByRole("article", { name: "Harvest of cs" });
    await expect(harvest.getByText("Done", { exact: true })).toBeVisible();
    const fact = (term: string) => harvest.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${term}$`) }) }).locator("dd");
    await expect(fact("Records")).toHaveText(formatCount(cs.records));
    await expect(fact("Last datestamp")).toHaveText(cs.lastDatestamp!);
    await expect(fact("Initial harvest done")).not.toHaveText("Not yet");
    await expect(fact("Last success")).not.toHaveText("Never");
    await shoot("admin-arxiv-index");
    await harvest.scrollIntoViewIfNeeded();
    await shoot("admin-arxiv-index-harvest");
  }
});
