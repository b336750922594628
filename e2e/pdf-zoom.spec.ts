import type { Page } from "@playwright/test";
import { expect, test, useTheme } from "./fixtures";
import { signedInAccount, uniqueEmail } from "./test-accounts";

/**
 * The PDF zoom is kept per kind of screen: a zoom chosen on a desktop never
 * opens the phone's page cut off on the right, and each screen keeps its own zoom. One browser
 * (one storage) resized between a desktop and a phone window, as a signed-in user's browser or
 * an emulated device is.
 */

/** A real 15-page paper PDF in the sandbox. */
const PAPER = "1911.02782";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const viewer = (page: Page) => page.getByRole("region", { name: "PDF viewer" });

async function openPdf(page: Page) {
  await page.goto(`/pdf/${PAPER}`);
  await expect(viewer(page).locator('canvas[data-painted="true"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("toolbar", { name: "PDF toolbar" })).toBeVisible();
}

async function zoomPercent(page: Page): Promise<number> {
  const text = await page.getByRole("toolbar", { name: "PDF toolbar" }).getByText(/^\d+%$/).textContent();
  return Number(text?.replace("%", ""));
}

/** How far the first page reaches past the right edge of the pages' area, in CSS pixels (0: it fits). */
async function overflowRight(page: Page): Promise<number> {
  return page.getByTestId("pdf-pages").evaluate((area) => {
    const first = area.querySelector(".pdf-page");
    if (!first) throw new Error("no page drawn");
    return Math.max(0, Math.round(first.getBoundingClientRect().right - area.getBoundingClientRect().right), area.scrollWidth - area.clientWidth);
  });
}

/** Zooms in until the toolbar shows at least `percent`, then waits for the zoom to be saved. */
async function zoomTo(page: Page, percent: number) {
  while ((await zoomPercent(page)) < percent) {
    const before = await zoomPercent(page);
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(() => zoomPercent(page)).toBeGreaterThan(before);
  }
  // The state is saved 300 ms after the last change (spec: scale save debounce).
  await page.waitForTimeout(600);
}

test.skip(() => test.info().project.name === "mobile", "the test moves one browser between a desktop and a phone window itself");

test("a zoom chosen on a desktop does not cut the phone's page off; each screen keeps its own zoom", async ({ page, shoot }, testInfo) => {
  test.setTimeout(120_000);
  await useTheme(page, "light");
  await signedInAccount(page.request, uniqueEmail("pdf-zoom", testInfo.project.name));

  await page.setViewportSize(DESKTOP);
  await openPdf(page);
  await zoomTo(page, 180);
  const desktopZoom = await zoomPercent(page);
  expect(await overflowRight(page), "the desktop's zoom is wider than its viewer (the point of the test)").toBeGreaterThan(0);

  // The same browser as a phone: the page fits the width instead of running off the right.
  await page.setViewportSize(PHONE);
  await openPdf(page);
  await expect.poll(() => zoomPercent(page)).toBeLessThan(desktopZoom);
  expect(await overflowRight(page)).toBe(0);
  await shoot("pdf-zoom-phone-after-desktop");

  // A zoom chosen on the phone is the phone's: kept on the phone, even wider than the screen...
  await page.getByRole("button", { name: "Zoom in" }).click();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await page.waitForTimeout(600);
  const phoneZoom = await zoomPercent(page);
  await openPdf(page);
  await expect.poll(() => zoomPercent(page)).toBe(phoneZoom);

  // ...and the desktop keeps its own.
  await page.setViewportSize(DESKTOP);
  await openPdf(page);
  await expect.poll(() => zoomPercent(page)).toBe(desktopZoom);
  await shoot("pdf-zoom-desktop-again");
});
