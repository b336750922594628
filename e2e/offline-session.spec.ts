import type { Browser, BrowserContext, Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { expect, test } from "./fixtures";
import { uniqueEmail } from "./test-accounts";

/**
 * A signed-in user with no network: still signed in (offline is not signed out), their library
 * still theirs, and what cannot load without the network says the network is why.
 */

/** A paper the user bookmarks, and one nobody kept for offline reading. */
const PAPER = "1911.02782";
const UNKEPT = "1706.03762";
const LOAD_TIMEOUT = 45_000;

test.describe.configure({ timeout: 120_000 });
// A reload offline needs the worker's app shell (workers are blocked elsewhere, playwright.config.ts).
test.use({ serviceWorkers: "allow" });

async function serviceWorkerInControl(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => Boolean(navigator.serviceWorker.controller) && (await navigator.serviceWorker.ready).active?.state === "activated"), {
      timeout: 60_000,
      intervals: [250],
    })
    .toBe(true);
}

/**
 * A new account through the sandbox's Google sign-in (no e-mail round trip), in a browser of its
 * own without the worker; its session cookie then signs this test's browser in.
 */
async function signInWithGoogle(browser: Browser, context: BrowserContext, email: string): Promise<void> {
  const signIn = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await signIn.newPage();
  await page.goto("/auth");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { name: /Sandbox Google/ })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(/\/search/, { timeout: LOAD_TIMEOUT });
  await context.addCookies((await signIn.storageState()).cookies);
  await signIn.close();
}

/** Signed in as the header draws it: the account menu, not the Sign In link. */
async function expectSignedIn(page: Page, email: string): Promise<void> {
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: `Account: ${email}` })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(header.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await expect(page.getByText("Not signed in: your library is kept on this device.")).toHaveCount(0);
}

{
  test("offline, a signed-in user stays signed in, with their library", async ({ browser, page, context, shoot }, testInfo) => {
    const email = uniqueEmail("offline", testInfo.project.name);
    /** Each offline state in the other scheme too (the theme's class, as the theme menu sets it). */
    const shootBoth = async (label: string) => {
      for (let i = 0; i < 2; i += 1) {
        await shoot(label);
        await page.evaluate(() => document.documentElement.classList.toggle("dark"));
      }
    };
    await signInWithGoogle(browser, context, email);
    const lookup = await page.request.get(`/api/papers/lookup?id=${PAPER}`);
    expect(lookup.status()).toBe(200);
    const { paper } = (await lookup.json()) as { paper: { id: string; title: string } };
    const put = await page.request.put(`/api/me/bookmarks/${encodeURIComponent(paper.id)}`, { data: { paper }, headers: { Origin: baseURL } });
    expect(put.status(), await put.text()).toBe(200);

    await page.goto("/bookmarks");
    await expectSignedIn(page, email);
    const bookmark = page.getByText(paper.title, { exact: true }).first();
    await expect(bookmark).toBeVisible({ timeout: LOAD_TIMEOUT });
    await serviceWorkerInControl(page);

    // The network goes, and the tab comes back into view, which asks for the session again.
    await context.setOffline(true);
    await expect(page.getByRole("banner").getByText("Offline", { exact: true })).toBeVisible();
    const asked = page.waitForEvent("requestfailed", (request) => request.url().includes("/api/auth/get-session"));
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await asked;
    await expectSignedIn(page, email);
    await expect(bookmark).toBeVisible();
    await shootBoth("offline-signed-in-library");

    // A page opened offline (the worker's app shell): still this user.
    await page.goto("/search");
    await expectSignedIn(page, email);
    await expect(page.getByText(/Sign in to save your search history/)).toHaveCount(0);

    // A search needs the network, and says that is why.
    const box = page.getByRole("combobox", { name: "Search query" });
    await box.fill("attention");
    await box.press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: "You are offline" })).toBeVisible({ timeout: LOAD_TIMEOUT });
    await expect(page.getByText("Network error")).toHaveCount(0);
    await shootBoth("offline-search");

    // A paper not kept on this device: the network is the cause, not its id.
    await page.goto(`/abs/${UNKEPT}`);
    const alert = page.getByRole("alert").filter({ hasText: "You are offline" });
    await expect(alert).toBeVisible({ timeout: LOAD_TIMEOUT });
    await expect(alert).toContainText("not kept on this device");
    await expect(page.getByText(/check the paper ID/)).toHaveCount(0);
    await expectSignedIn(page, email);
    await shootBoth("offline-unkept-paper");
    await context.setOffline(false);
  });
}
