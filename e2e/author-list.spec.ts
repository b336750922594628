import type { Page } from "@playwright/test";
import { expect, test, useTheme } from "./fixtures";

/**
 * Author lists never wrap with the comma at the start of a line: the shared
 * author list holds each clickable name and its comma together, in every paper list.
 */

/** Names whose comma starts a line below the name's last line: "name: comma top vs name bottom". */
async function commasStartingLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const button of document.querySelectorAll<HTMLButtonElement>('button[title^="Search for papers by"]')) {
      const next = button.nextSibling;
      if (!next || next.nodeType !== Node.TEXT_NODE || !next.textContent?.startsWith(",")) continue;
      const range = document.createRange();
      range.setStart(next, 0);
      range.setEnd(next, 1);
      const comma = range.getBoundingClientRect();
      const lines = button.getClientRects();
      const lastLine = lines[lines.length - 1];
      if (!lastLine || comma.width === 0) continue;
      // On the name's last line, the comma's middle is within that line's top and bottom.
      const middle = comma.top + comma.height / 2;
      if (middle < lastLine.top || middle > lastLine.bottom) problems.push(`${button.textContent}: comma at ${Math.round(comma.top)}, name ends at ${Math.round(lastLine.bottom)}`);
    }
    return problems;
  });
}

test("search results never start a line of authors with a comma, folded or unfolded", async ({ page, shoot }) => {
  test.setTimeout(120_000);
  await useTheme(page, "light");
  await page.goto("/search?q=transformer");
  const rows = page.locator("[data-paper-row], [data-testid='paper-card']");
  // The first rows come first; the rest of the page's 50 follow.
  await expect(rows).toHaveCount(50, { timeout: 45_000 });
  await page.waitForLoadState("networkidle");
  const names = page.locator('button[title^="Search for papers by"]');
  expect(await names.count()).toBeGreaterThan(60);
  expect(await commasStartingLines(page)).toEqual([]);

  // Every long list unfolded: many more names, lines and commas.
  const more = page.getByRole("button", { name: /^\+\d+ more$/ });
  const count = await more.count();
  for (let index = 0; index < count; index++) await more.first().click();
  await expect(page.getByRole("button", { name: "show less" }).first()).toBeVisible();
  expect(await commasStartingLines(page)).toEqual([]);
  await shoot("search-authors-unfolded");
});
