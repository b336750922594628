import type { Page } from "@playwright/test";
import { test, expect, holdAppEntry, useTheme, watched, watchThePage } from "./fixtures";

/**
 * The landing page (/) opened cold, as a first visit is: the server draws it from the app's own
 * components, so the heading and lead are on screen from the first HTML, with JavaScript off
 * too; the app then takes the page over in place, every element where it was.
 */

const HEADING = /^Find the paper\. Read it closely\. Cite it correctly\.$/;
const LEAD = /searches the big scholarly indexes in a single list/;
const TITLE = "Quire: find, read, keep and cite papers";
const LOAD_TIMEOUT = 45_000;
test.describe.configure({ timeout: 120_000 });

const isPhone = () => test.info().project.name === "mobile";

/** Waits for a scroll to end (the page scrolls smoothly to an in-page link's target): the same position for 300 ms. */
async function scrollEnded(page: Page): Promise<void> {
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        seen.push(await page.evaluate(() => window.scrollY));
        return seen.length >= 4 && seen.slice(-4).every((y) => y === seen.at(-1));
      },
      { intervals: [100] },
    )
    .toBe(true);
}

/** Where each element of `root` stands in the document (its tag, first words, box), in document order; SVG's insides, and the drawing's named anchors, left out. */
function layoutOf(page: Page, root: string): Promise<{ what: string; x: number; y: number; width: number; height: number }[]> {
  return page.evaluate((selector) => {
    const container = document.querySelector(selector);
    if (!container) return [];
    return [...container.querySelectorAll("*")]
      .filter((element) => !element.parentElement?.closest("svg") && !(element.tagName === "A" && element.hasAttribute("name")))
      .map((element) => {
        const box = element.getBoundingClientRect();
        const what = `${element.tagName} "${(element.textContent ?? "").trim().slice(0, 30)}"`;
        return { what, x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height };
      });
  }, root);
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the landing page is whole from the server's HTML, and its links work", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(TITLE);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADING);
    await expect(page.getByText(LEAD)).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Quire searches arXiv, OpenAlex and Crossref/);
    for (const name of ["Smart Search", "Easy Organization", "Personalized Feed"]) {
      await expect(page.getByRole("heading", { name, exact: true })).toBeAttached();
    }
    await page.screenshot({ path: `test-results/screens/${test.info().project.name}/landing-server-drawn-nojs.png` });
    // Real links: the calls to action, the footer's pages.
    await expect(page.getByRole("link", { name: "Start searching" }).first()).toHaveAttribute("href", "/search");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    // An in-page link scrolls to its section, below the sticky header, as the app's does.
    await page.getByRole("link", { name: "See how it works" }).click();
    await expect(page).toHaveURL(/\/#how-it-works$/);
    const steps = page.getByRole("heading", { name: "From a question to a citation in four steps" });
    await expect(steps).toBeInViewport();
    await scrollEnded(page);
    const header = (await page.getByRole("banner").boundingBox())!;
    expect((await steps.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    // A link to another page goes there.
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`with JavaScript on, the page is drawn before the app runs, and the app takes it over with nothing moved (${theme})`, async ({ page, shoot }) => {
    await useTheme(page, theme);
    await watchThePage(page);
    // The app's entry is held back until the server's drawing has been looked at.
    const app = await holdAppEntry(page);
    await page.goto("/", { waitUntil: "commit" });

    const drawing = page.locator("#quire-preview");
    await expect(drawing.getByRole("heading", { level: 1 })).toHaveText(HEADING);
    await expect(drawing.getByText(LEAD)).toBeVisible();
    await expect(page).toHaveTitle(TITLE);
    // Painted from the server's HTML alone, its largest paint in the drawing.
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    await expect.poll(async () => (await watched(page)).lcp.at(-1)?.inPreview).toBe(true);
    // The web fonts may come after the first paint (the drawing is then reflowed in them, as the
    // app's own first paint is): what counts here is what the app's arrival moves.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const beforeApp = await watched(page);
    test.info().annotations.push({ type: "shift before the app", description: `${beforeApp.shift.toFixed(4)} ${beforeApp.shifts.join(" | ")}` });
    const before = await layoutOf(page, "#quire-preview [data-preview-content]");
    expect(before.length).toBeGreaterThan(100);
    await shoot("landing-server-drawn-before-app");

    app.release();
    await expect.poll(app.asked).toBe(true);
    await expect(drawing).toHaveCount(0, { timeout: LOAD_TIMEOUT });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADING);
    // Every element of the app's page stands where the drawing had it.
    const after = await layoutOf(page, "#root");
    expect(after.map((element) => element.what)).toEqual(before.map((element) => element.what));
    const moved = after.filter((element, index) => {
      const was = before[index]!;
      return (["x", "y", "width", "height"] as const).some((side) => Math.abs(element[side] - was[side]) >= 1);
    });
    expect(moved, JSON.stringify(moved.slice(0, 5))).toEqual([]);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    const { shift, shifts } = await watched(page);
    expect(shift - beforeApp.shift, shifts.slice(beforeApp.shifts.length).join("\n")).toBeLessThan(0.01);
    await shoot("landing-server-drawn-app");
    // The app's own page now: its menus open.
    if (isPhone()) {
      await page.getByRole("button", { name: "Page sections" }).click();
      await expect(page.getByRole("menuitem", { name: "How it Works" })).toBeVisible();
    } else {
      await page.getByRole("button", { name: /^Theme/ }).click();
      await expect(page.getByRole("menuitemradio", { name: "Light" })).toBeVisible();
    }
  });
}

test("a link in the drawing works before the app runs, and the app keeps the place it led to", async ({ page }) => {
  const app = await holdAppEntry(page);
  await page.goto("/", { waitUntil: "commit" });
  const drawing = page.locator("#quire-preview");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await drawing.getByRole("link", { name: "See how it works" }).click();
  await expect(page).toHaveURL(/\/#how-it-works$/);
  const steps = page.getByRole("heading", { name: "From a question to a citation in four steps" });
  await expect(steps).toBeInViewport();
  await scrollEnded(page);
  const before = (await steps.boundingBox())!;

  app.release();
  await expect(drawing).toHaveCount(0, { timeout: LOAD_TIMEOUT });
  await scrollEnded(page);
  await expect(steps).toBeInViewport();
  const after = (await steps.boundingBox())!;
  expect(Math.abs(after.y - before.y)).toBeLessThan(1);
});

test("a visitor who scrolls the drawing before the app runs stays where they were when it takes over", async ({ page }) => {
  await watchThePage(page);
  const app = await holdAppEntry(page);
  await page.goto("/", { waitUntil: "commit" });
  const drawing = page.locator("#quire-preview");
  await expect(drawing.getByRole("heading", { level: 1 })).toHaveText(HEADING);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await scrollEnded(page);
  const scrolled = await page.evaluate(() => window.scrollY);
  const features = page.getByRole("heading", { name: "Smart Search", exact: true });
  const before = (await features.boundingBox())!;
  const beforeApp = await watched(page);

  app.release();
  await expect(drawing).toHaveCount(0, { timeout: LOAD_TIMEOUT });
  await scrollEnded(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  const after = (await features.boundingBox())!;
  expect(Math.abs(after.y - before.y)).toBeLessThan(1);
  const { shift, shifts } = await watched(page);
  expect(shift - beforeApp.shift, shifts.slice(beforeApp.shifts.length).join("\n")).toBeLessThan(0.01);
});
