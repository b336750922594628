import { baseURL } from "../playwright.config";
import { appHasTakenOver, expect, test, useTheme } from "./fixtures";
import { PASSWORD, signedInAccount, uniqueEmail } from "./test-accounts";

/**
 * /reader reopens the last paper: the device's for an anonymous visitor, the
 * account's for a signed-in user, so a paper read on one device reopens on another.
 */

const PAPER = "2605.07811";
const PAPER_TITLE = /A Comparative Analysis of Classical Machine Learning and Deep Learning/;
const LOAD_TIMEOUT = 45_000;

test("anonymous: No Recent Papers, then the paper last opened on this device", async ({ page, visit }) => {
  // A worker's first test meets the demo's first harvest, which can hold the server for a while.
  test.setTimeout(120_000);
  await useTheme(page, "dark");
  await visit("/reader", { label: "reader-no-recent-papers" });
  await expect(page.getByRole("heading", { name: "No Recent Papers" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Search Papers" })).toHaveAttribute("href", "/search");

  await page.goto(`/abs/${PAPER}`);
  await expect(page.getByRole("heading", { level: 1, name: PAPER_TITLE })).toBeVisible({ timeout: LOAD_TIMEOUT });
  // The heading may be the server's drawing: the paper counts as opened once the app has it.
  await appHasTakenOver(page, LOAD_TIMEOUT);
  await page.goto("/reader");
  await expect(page).toHaveURL(new RegExp(`/abs/${PAPER}$`));
  await expect(page.getByRole("heading", { level: 1, name: PAPER_TITLE })).toBeVisible({ timeout: LOAD_TIMEOUT });
});

test("signed in: a paper read on one device reopens at /reader on another", async ({ page, browser, shoot }, testInfo) => {
  test.setTimeout(120_000);
  await useTheme(page, "light");
  const email = uniqueEmail("last-viewed", testInfo.project.name);
  await signedInAccount(page.request, email);

  // The first device reads the paper; the account remembers it.
  await page.goto(`/abs/${PAPER}`);
  await expect(page.getByRole("heading", { level: 1, name: PAPER_TITLE })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect
    .poll(async () => ((await (await page.request.get("/api/me/settings")).json()) as { settings: { lastViewedPaper: string | null } }).settings.lastViewedPaper)
    .toBe(PAPER);

  // A second device (a browser with nothing stored) signed in to the same account.
  const other = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  try {
    const signIn = await other.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { Origin: baseURL } });
    expect(signIn.status()).toBe(200);
    const second = await other.newPage();
    await second.goto("/reader");
    await expect(second).toHaveURL(new RegExp(`/abs/${PAPER}$`), { timeout: LOAD_TIMEOUT });
    await expect(second.getByRole("heading", { level: 1, name: PAPER_TITLE })).toBeVisible({ timeout: LOAD_TIMEOUT });
    expect(await second.evaluate(() => localStorage.getItem("settings"))).toBeNull();
  } finally {
    await other.close();
  }
  await page.goto("/reader");
  await expect(page).toHaveURL(new RegExp(`/abs/${PAPER}$`));
  await shoot("reader-last-viewed-signed-in");
});
