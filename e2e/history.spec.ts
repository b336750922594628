import type { Page } from "@playwright/test";
import { expect, test, useTheme } from "./fixtures";
import { signedInAccount, uniqueEmail } from "./test-accounts";

/**
 * /history lists a paper once, with the views it was read in, and its count agrees with the
 * rows: reads made anonymously (kept on the device, the page asks to sign in)
 * and then in the account.
 */

/** In the sandbox corpus with a PDF and an HTML rendition. */
const PAPER = "2605.07811";
const PAPER_TITLE = /A Comparative Analysis of Classical Machine Learning and Deep Learning/;
const OTHER = "0704.0213";
const LOAD_TIMEOUT = 45_000;

const rows = (page: Page) => page.locator("[data-paper-row], [data-testid='paper-card']");

/** Opens a paper's view and waits for the paper itself (the read is recorded once it is there). */
async function read(page: Page, path: string, title: RegExp = PAPER_TITLE) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible({ timeout: LOAD_TIMEOUT });
}

async function deviceReads(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const entries = JSON.parse(localStorage.getItem("reading-history") ?? "[]") as { paperId: string; viewType: string }[];
    return entries.map((entry) => `${entry.paperId} ${entry.viewType}`).sort();
  });
}

test("a paper read in three views is one row naming them, and the count is the rows", async ({ page, shoot }, testInfo) => {
  test.setTimeout(180_000);
  await useTheme(page, "light");

  // Anonymous: the reads stay on the device and the page asks to sign in.
  for (const view of ["abs", "pdf", "html"]) {
    await read(page, `/${view}/${PAPER}`);
    await expect.poll(() => deviceReads(page)).toContain(`${PAPER} ${view}`);
  }
  await page.goto("/history");
  await expect(page.getByText("Please sign in to view your reading history.")).toBeVisible();

  // Signed in, the device's reads move into the account: one paper, one row, its three views.
  await signedInAccount(page.request, uniqueEmail("history", testInfo.project.name));
  await page.goto("/history");
  await expect(page.getByRole("heading", { level: 1, name: "Reading History" })).toBeVisible();
  await expect(page.getByText("1 paper read", { exact: true })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(rows(page)).toHaveCount(1);
  const views = rows(page).getByRole("group", { name: "Read as" });
  await expect(views.getByRole("link")).toHaveText(["Abstract", "PDF", "HTML"]);
  await shoot("history-views");

  // Another paper: two rows, two papers read, the newest first.
  await read(page, `/abs/${OTHER}`, /./);
  await expect.poll(async () => ((await (await page.request.get("/api/me/history")).json()) as { entries: unknown[] }).entries.length).toBe(4);
  await page.goto("/history");
  await expect(page.getByText("2 papers read", { exact: true })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first().getByRole("group", { name: "Read as" }).getByRole("link")).toHaveText(["Abstract"]);
  await shoot("history-two-papers");

  // A view's link reopens the paper in that view, and Back returns to the history.
  await rows(page).nth(1).getByRole("group", { name: "Read as" }).getByRole("link", { name: "PDF" }).click();
  await expect(page).toHaveURL(new RegExp(`/pdf/${PAPER}$`));
  await page.getByRole("button", { name: "Back" }).first().click();
  await expect(page).toHaveURL(/\/history/);
});
