import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

/**
 * The installable web app and offline reading: the service worker, Save Offline
 * with its states and toasts, the offline indicator, /offline, and a kept paper read with the
 * browser offline (after a reload, from the worker's app shell). A full disk during the save.
 */

/** A real 15-page paper PDF in the sandbox corpus. */
const PAPER = "1911.02782";
const LOAD_TIMEOUT = 45_000;

test.describe.configure({ timeout: 120_000 });
// The service worker is what these tests are about (blocked elsewhere, playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/**
 * Waits until the service worker has installed (the app shell in its precache) and controls
 * the page. Polled with evaluate: waitForFunction takes a pending promise for a true answer.
 */
async function serviceWorkerInControl(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          if (registration?.active?.state !== "activated" || !navigator.serviceWorker.controller) return false;
          for (const name of (await caches.keys()).filter((cache) => cache.startsWith("workbox-precache"))) {
            const cache = await caches.open(name);
            if ((await cache.keys()).some((request) => new URL(request.url).pathname === "/index.html")) return true;
          }
          return false;
        }),
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(true);
}

const painted = (page: Page) => page.locator('canvas[data-painted="true"]').first();

test("keep a paper offline, go offline, reopen it from the kept list", async ({ page, context, shoot }) => {
  await page.goto(`/abs/${PAPER}`);
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toBeVisible({ timeout: LOAD_TIMEOUT });
  const paperTitle = (await title.textContent())?.trim() ?? "";
  await serviceWorkerInControl(page);

  await expect(page.getByRole("status").filter({ hasText: "Online only" })).toBeVisible();
  const save = page.getByRole("button", { name: "Save Offline" });
  await save.click();
  await expect(page.getByText("Downloaded for offline", { exact: true })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByText("Paper saved for offline reading", { exact: true })).toBeVisible();
  const saved = page.getByRole("button", { name: "Offline", exact: true });
  await expect(saved).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: "Available offline" })).toBeVisible();
  await shoot("offline-saved-in-reader");

  // The kept list, reached from Settings' Data Management.
  await page.goto("/settings");
  const card = page.getByText("Offline papers", { exact: true });
  await expect(card).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByText(/1 paper kept on this device/)).toBeVisible();
  await page.getByRole("link", { name: "Open offline papers" }).click();
  await expect(page).toHaveURL(/\/offline$/);
  const kept = page.getByRole("list", { name: "Kept papers" });
  await expect(kept.getByRole("link", { name: paperTitle, exact: true })).toBeVisible();
  await shoot("offline-papers-list");

  // No network: the badge shows, and a reload still opens Quire (the worker's app shell).
  await context.setOffline(true);
  await expect(page.getByRole("banner").getByText("Offline", { exact: true })).toBeVisible();
  await page.reload();
  await expect(kept.getByRole("link", { name: paperTitle, exact: true })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByText("You are offline. The papers below open from this device.")).toBeVisible();
  await page.getByRole("link", { name: `Read ${paperTitle}` }).click();
  await expect(page).toHaveURL(new RegExp(`/pdf/${PAPER}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(paperTitle, { timeout: LOAD_TIMEOUT });
  await expect(painted(page)).toBeVisible({ timeout: LOAD_TIMEOUT });
  await shoot("offline-reader-no-network");

  // Straight to the PDF's address with no network: the shell, the kept record and the kept PDF.
  await page.goto(`/pdf/${PAPER}`);
  await expect(painted(page)).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(paperTitle);

  // Removed (with no network, too): the list is empty.
  await page.goto("/offline");
  await page.getByRole("button", { name: `Remove ${paperTitle}` }).click();
  await expect(page.getByRole("heading", { name: "No papers kept offline" })).toBeVisible();
  await context.setOffline(false);
});

test("on a first visit, Available offline waits until the paper opens offline", async ({ page, context, shoot }) => {
  // A fresh browser: the service worker is still to install when Save Offline is clicked.
  await page.goto(`/abs/${PAPER}`);
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toBeVisible({ timeout: LOAD_TIMEOUT });
  const paperTitle = (await title.textContent())?.trim() ?? "";
  await page.getByRole("button", { name: "Save Offline" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Available offline" })).toBeVisible({ timeout: 90_000 });
  await shoot("offline-first-visit-saved");

  // The moment it says so, the network goes: the PDF opens from this device, in this page
  // (the viewer's code) and as a fresh load of its address (the app itself).
  await context.setOffline(true);
  await page.getByRole("link", { name: "Read the PDF" }).click();
  await expect(page).toHaveURL(new RegExp(`/pdf/${PAPER}(v\\d+)?$`));
  await expect(painted(page)).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await page.goto(`/pdf/${PAPER}`);
  await expect(painted(page)).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(paperTitle);
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await shoot("offline-first-visit-reader");
  await context.setOffline(false);
});

test("a full disk during Save Offline says so and returns the button to idle", async ({ page, context }) => {
  await page.goto(`/abs/${PAPER}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: LOAD_TIMEOUT });
  // The origin may store next to nothing: as a full disk, Cache Storage refuses the PDF.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.overrideQuotaForOrigin", { origin: new URL(page.url()).origin, quotaSize: 1024 });
  await page.getByRole("button", { name: "Save Offline" }).click();
  await expect(page.getByRole("button", { name: "Saving..." })).toBeVisible();
  await expect(page.getByText("Download failed", { exact: true })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByText("Could not save paper for offline reading", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Offline" })).toBeEnabled();
  await expect(page.getByRole("status").filter({ hasText: "Online only" })).toBeVisible();
  await cdp.send("Storage.overrideQuotaForOrigin", { origin: new URL(page.url()).origin });
});

test("Save Offline sits among the row actions of a search", async ({ page, shoot }) => {
  await page.goto(`/search?q=${encodeURIComponent("ti:sentiment AND ti:IMDb")}`);
  const first = page.locator("[data-paper-row], [data-testid='paper-card']").first();
  await expect(first).toBeVisible({ timeout: LOAD_TIMEOUT });
  const save = first.getByRole("button", { name: "Save Offline" });
  await save.scrollIntoViewIfNeeded();
  await expect(save).toBeVisible();
  await shoot("offline-row-action");
});
