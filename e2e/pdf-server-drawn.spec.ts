import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, appHasTakenOver, holdAppEntry, useTheme, watched, watchThePage } from "./fixtures";

/**
 * A /pdf/{id} link opened cold: the server draws the reader's header (the title, the page's
 * largest text, and the authors) from the paper it holds, so the page's largest paint is in the
 * first HTML; pdf.js's early page goes up in the viewer's place below it, and the app then takes
 * the page over in place (as /abs/ does, abs-server-drawn.spec.ts).
 */

/** A real PDF in the sandbox (pdf-viewer.spec.ts), and in its arXiv answers. */
const PAPER = "1911.02782";
const LOAD_TIMEOUT = 45_000;
/** The app's entry script, as the build names it. */
test.describe.configure({ timeout: 120_000 });

/**
 * Below xl (80rem) the drawing is shown; from xl the side cards stand beside the viewer and the
 * drawing is not shown (styles.css). The desktop project's window (1280 px) is at xl: its tests
 * of the drawing narrow it to a small desktop's.
 */
const SMALL_DESKTOP = { width: 1180, height: 800 };
const drawnWidth = async (page: Page) => {
  if (test.info().project.name === "desktop") await page.setViewportSize(SMALL_DESKTOP);
};

test("on a wide screen the drawing is in the page but not shown, and the app starts on the page at once, as before", async ({ page, request }) => {
  test.skip(test.info().project.name !== "desktop", "a phone's screen is never as wide");
  const paper = await heldPaper(request);
  // The same page as a narrower screen gets: the drawing is laid out by the stylesheet.
  const html = await (await request.get(`/pdf/${PAPER}`, { headers: { "user-agent": test.info().project.use.userAgent! } })).text();
  expect(html).toContain('data-preview-until="xl"');
  await watchThePage(page);
  await page.goto(`/pdf/${PAPER}`, { waitUntil: "commit" });
  await expect(page.locator("#quire-preview [data-preview-content]")).toBeHidden();
  // The app drops the drawing it does not need and renders on the page: its viewer and side cards.
  await appHasTakenOver(page, LOAD_TIMEOUT);
  const viewer = page.getByRole("region", { name: "PDF viewer" });
  await expect(viewer.locator('.pdf-page canvas[data-painted="true"]').first()).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(paper.title);
  const { lcp } = await watched(page);
  expect(lcp.some((entry) => entry.inPreview), JSON.stringify(lcp)).toBe(false);
});

/** The paper as the API has it; looked up once, so the server holds it (index or cache) when the page is asked for. */
async function heldPaper(request: APIRequestContext): Promise<{ title: string }> {
  const response = await request.get(`/api/papers/lookup?id=${PAPER}`, { timeout: LOAD_TIMEOUT });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { paper: { title: string } }).paper;
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the PDF page's header is in the server's HTML", async ({ page, request }) => {
    const paper = await heldPaper(request);
    // pdf-prefetch.js still starts the app after page 1 (the drawing does not take that over).
    const html = await (await request.get(`/pdf/${PAPER}`, { headers: { "user-agent": test.info().project.use.userAgent! } })).text();
    expect(html).toContain('<div id="quire-preview">');
    expect(html).toMatch(/<meta name="quire-app-entry" content="\/assets\/index-[\w-]+\.js">/);
    expect(html).not.toMatch(/<meta name="quire-preview-app-entry" content=/);
    // Shown at any width without JavaScript (the desktop project's 1280 px is at xl).
    await page.goto(`/pdf/${PAPER}`);
    await expect(page).toHaveTitle(`${paper.title} · Quire`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(paper.title);
    await expect(page.getByRole("navigation", { name: "View" }).getByRole("link", { name: "Abstract", exact: true })).toHaveAttribute("href", `/abs/${PAPER}`);
    await page.screenshot({ path: `test-results/screens/${test.info().project.name}/pdf-server-drawn-nojs.png` });
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`with JavaScript on, the header is drawn before the app, page 1 goes up below it, and the app takes over without a shift (${theme})`, async ({ page, request, shoot }) => {
    await drawnWidth(page);
    const paper = await heldPaper(request);
    await useTheme(page, theme);
    await watchThePage(page);
    // The app's entry is held back until the server's drawing has been looked at.
    const app = await holdAppEntry(page);
    await page.goto(`/pdf/${PAPER}`, { waitUntil: "commit" });

    const drawing = page.locator("#quire-preview");
    const title = drawing.getByRole("heading", { level: 1 });
    await expect(title).toHaveText(paper.title);
    await expect(page).toHaveTitle(`${paper.title} · Quire`);
    await expect(drawing.getByText("Loading PDF...")).toBeVisible();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // The page's largest paint is the drawing's title, at its first paint.
    await expect.poll(async () => (await watched(page)).lcp.at(-1)).toMatchObject({ tag: "H1", inPreview: true });
    const fcp = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1);
    expect(fcp).toBeGreaterThan(0);
    const before = (await title.boundingBox())!;
    const beforeApp = await watched(page);
    await shoot(`pdf-server-drawn-before-app-${theme}`);

    app.release();
    await expect.poll(app.asked).toBe(true);
    await expect(drawing).toHaveCount(0, { timeout: LOAD_TIMEOUT });
    const viewer = page.getByRole("region", { name: "PDF viewer" });
    await expect(viewer.locator('.pdf-page canvas[data-painted="true"]').first()).toBeVisible({ timeout: LOAD_TIMEOUT });
    await expect(page.locator(".pdf-early-page")).toHaveCount(0);
    const liveTitle = page.getByRole("heading", { level: 1 });
    await expect(liveTitle).toHaveText(paper.title);
    const after = (await liveTitle.boundingBox())!;
    for (const side of ["x", "y", "width", "height"] as const) expect(Math.abs(after[side] - before[side]), side).toBeLessThan(1);
    // Page 1 fits the viewer's width (the viewer measured itself on the page, not off it).
    const pages = (await viewer.getByRole("group", { name: "Pages" }).boundingBox())!;
    const firstPage = (await viewer.locator(".pdf-page").first().boundingBox())!;
    expect(firstPage.x).toBeGreaterThanOrEqual(pages.x);
    expect(firstPage.x + firstPage.width).toBeLessThanOrEqual(pages.x + pages.width);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    const { shift, shifts, lcp } = await watched(page);
    expect(shift - beforeApp.shift, shifts.slice(beforeApp.shifts.length).join("\n")).toBeLessThan(0.01);
    // Nothing the app drew was larger than the drawing's title (not even the same title drawn again).
    expect(lcp.at(-1), JSON.stringify(lcp)).toMatchObject({ tag: "H1", inPreview: true });
    await shoot(`pdf-server-drawn-app-${theme}`);
  });
}

test("a PDF page whose paper the server does not hold is served as before", async ({ request }) => {
  // An id no test looks up, in no index: the server would have to ask arXiv.
  const html = await (await request.get("/pdf/2601.99999")).text();
  expect(html).not.toContain('<div id="quire-preview"');
  expect(html).toMatch(/<meta name="quire-app-entry" content="\/assets\/index-[\w-]+\.js">/);
  expect(html).toContain("<title>Quire: find, read, keep and cite papers</title>");
});
