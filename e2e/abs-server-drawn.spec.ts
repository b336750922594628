import type { APIRequestContext } from "@playwright/test";
import { test, expect, holdAppEntry, useTheme, watched, watchThePage } from "./fixtures";

/**
 * An /abs/{id} link opened cold (from a chat, a mail, a listing): the server draws the page
 * from the paper it holds (its arXiv index, or arXiv's cached answer), so the abstract is there
 * before any script runs, with JavaScript off too; the app then takes the page over in place.
 */

/** In the corpus (and the cs index): the paper these tests open. */
const PAPER = "2605.07811";
const TITLE = /A Comparative Analysis of Classical Machine Learning and Deep Learning/;
const LOAD_TIMEOUT = 45_000;
/** The app's entry script, as the build names it. */
test.describe.configure({ timeout: 120_000 });

/** The paper as the API has it; looked up once, so the server holds it (index or cache) when the page is asked for. */
async function heldPaper(request: APIRequestContext): Promise<{ title: string; abstract: string }> {
  const response = await request.get(`/api/papers/lookup?id=${PAPER}`, { timeout: LOAD_TIMEOUT });
  expect(response.status()).toBe(200);
  const { paper } = (await response.json()) as { paper: { title: string; abstract: string } };
  expect(paper.title).toMatch(TITLE);
  return paper;
}

/** The first words of the abstract, as the page shows them (whitespace folded). */
const opening = (abstract: string) => abstract.replace(/\s+/g, " ").trim().slice(0, 60);

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  for (const scheme of ["light", "dark"] as const) {
    test(`the abstract page is whole from the server's HTML (${scheme} system theme)`, async ({ page, request }) => {
      const paper = await heldPaper(request);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/abs/${PAPER}`);
      await expect(page).toHaveTitle(`${paper.title} · Quire`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
      await expect(page.getByText(opening(paper.abstract))).toBeVisible();
      // Real links: the PDF and HTML views, arXiv.
      await expect(page.getByRole("link", { name: "Read the PDF" })).toHaveAttribute("href", new RegExp(`^/pdf/${PAPER}`));
      await expect(page.getByRole("link", { name: "HTML", exact: true })).toHaveAttribute("href", `/html/${PAPER}`);
      await expect(page.getByRole("link", { name: /View on arXiv/ })).toHaveAttribute("href", new RegExp(`^https://arxiv.org/abs/${PAPER}`));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", new RegExp(`^${opening(paper.abstract).slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
      await page.screenshot({ path: `test-results/screens/${test.info().project.name}/abs-server-drawn-nojs-${scheme}.png` });
      // A link goes where it says, still without JavaScript.
      await page.getByRole("link", { name: "HTML", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/html/${PAPER}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
    });
  }
});

for (const theme of ["light", "dark"] as const) {
  test(`with JavaScript on, the abstract is drawn before the app runs, and the app takes it over without a shift (${theme})`, async ({ page, request, shoot }) => {
    const paper = await heldPaper(request);
    await useTheme(page, theme);
    await watchThePage(page);
    // The app's entry is held back until the server's drawing has been looked at.
    const app = await holdAppEntry(page);
    await page.goto(`/abs/${PAPER}`, { waitUntil: "commit" });

    const drawing = page.locator("#quire-preview");
    const abstract = drawing.getByText(opening(paper.abstract));
    await expect(abstract).toBeVisible();
    await expect(drawing.getByRole("heading", { level: 1 })).toHaveText(TITLE);
    await expect(page).toHaveTitle(`${paper.title} · Quire`);
    // Painted, from the server's HTML alone.
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    // The web fonts may come after the first paint (the drawing is then reflowed in them, as
    // the app's own first paint is): what counts here is what the app's arrival moves.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const beforeApp = await watched(page);
    test.info().annotations.push({ type: "shift before the app", description: `${beforeApp.shift.toFixed(4)} ${beforeApp.shifts.join(" | ")}` });
    const before = (await abstract.boundingBox())!;
    await shoot(`abs-server-drawn-before-app-${theme}`);

    app.release();
    await expect.poll(app.asked).toBe(true);
    await expect(drawing).toHaveCount(0, { timeout: LOAD_TIMEOUT });
    const live = page.getByText(opening(paper.abstract));
    await expect(live).toBeVisible();
    // The app's own page now: its Bookmark toggle works.
    const bookmark = page.getByRole("button", { name: "Bookmark", exact: true });
    const after = (await live.boundingBox())!;
    expect(Math.abs(after.x - before.x)).toBeLessThan(1);
    expect(Math.abs(after.y - before.y)).toBeLessThan(1);
    // Let the page settle (the side cards arrive), then read what moved and what showed.
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    const { shift, loading, shifts } = await watched(page);
    expect(shift - beforeApp.shift, shifts.slice(beforeApp.shifts.length).join("\n")).toBeLessThan(0.01);
    expect(loading).toBe(false);
    await shoot(`abs-server-drawn-app-${theme}`);
    await bookmark.click();
    await expect(page.getByRole("button", { name: "Bookmarked" })).toBeVisible();
  });
}

test("a paper the server does not hold still opens in the app", async ({ page }) => {
  // Not looked up by any test: the server would have to ask arXiv, so it sends the app alone.
  await page.goto("/abs/0704.0001");
  await expect(page.locator("#quire-preview")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: LOAD_TIMEOUT });
});
