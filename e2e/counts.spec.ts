import { expect, test, useTheme } from "./fixtures";

/**
 * Counts agree with their nouns: one result, one bookmark, one exported are
 * written in the singular, through the one helper (src/shared/plural.ts).
 */

/** A title the sandbox corpus holds once. */
const ONE_RESULT_QUERY = 'ti:"A Comparative Analysis of Classical Machine Learning and Deep Learning"';

test("one result, one bookmark, one export are singular", async ({ page, shoot }) => {
  test.setTimeout(120_000);
  await useTheme(page, "dark");
  await page.goto(`/search?q=${encodeURIComponent(ONE_RESULT_QUERY)}`);
  await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toHaveText("Showing 1–1 of 1 result", { timeout: 45_000 });
  await shoot("search-one-result");

  await page.getByRole("button", { name: "Bookmark", exact: true }).click();
  await expect(page.getByRole("button", { name: "Bookmarked", exact: true })).toHaveCount(1);
  await page.goto("/bookmarks");
  await expect(page.getByText(/^1 bookmark ·/)).toBeVisible();

  await page.getByRole("button", { name: "Export", exact: true }).click();
  await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: "JSON", exact: true }).click()]);
  await expect(page.getByText("Exported 1 bookmark as JSON", { exact: true })).toBeVisible();
  await shoot("bookmarks-one");
});
