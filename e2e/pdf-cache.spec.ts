import type { Page } from "@playwright/test";
import { expect, test, useTheme } from "./fixtures";
import { signedInAccount, uniqueEmail } from "./test-accounts";

/** Two generated sandbox papers, one per project, so the projects' tests never share a paper. */
const paperFor = (project: string) => (project === "mobile" ? { first: "0704.0090", second: "0704.0091" } : { first: "0704.0086", second: "0704.0087" });

type CachedFile = { paperId: string; accessCount: number; paperTitle: string | null };

async function cachedFiles(page: Page): Promise<CachedFile[]> {
  const answer = await page.request.get("/api/pdf-cache");
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { files: CachedFile[] }).files;
}

async function openPdf(page: Page, id: string) {
  await page.goto(`/pdf/${id}`);
  await expect(page.getByRole("region", { name: "PDF viewer" }).locator('canvas[data-painted="true"]').first()).toBeVisible({ timeout: 20_000 });
}

/** Opens a paper's PDF and waits until the cache has it with `count` opens (and its title from arXiv). */
async function openAndWaitCached(page: Page, id: string, count: number) {
  await openPdf(page, id);
  await expect
    .poll(async () => (await cachedFiles(page)).find((file) => file.paperId === id && file.paperTitle !== null)?.accessCount ?? 0, { timeout: 15_000 })
    .toBe(count);
}

const cacheCard = (page: Page) => page.locator("#settings-pdf-cache");

test.describe("Cloud PDF Cache", () => {
  test("a PDF opened twice is in the cache card with its opens; it can be removed, and the cache cleared", async ({ page, shoot }, testInfo) => {
    // Three opens, each waited on until the server has cached it: 20 s on a busy CI machine.
    test.setTimeout(90_000);
    const papers = paperFor(testInfo.project.name);
    await useTheme(page, "light");
    await signedInAccount(page.request, uniqueEmail("pdf-cache", testInfo.project.name));

    await openAndWaitCached(page, papers.first, 1);
    await openAndWaitCached(page, papers.second, 1);
    await openAndWaitCached(page, papers.first, 2);

    await page.goto("/settings");
    const card = cacheCard(page);
    await expect(card.getByRole("heading", { name: "Cloud PDF Cache" })).toBeVisible();
    const list = card.getByRole("list", { name: "Cached PDFs" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    const title = (await cachedFiles(page)).find((file) => file.paperId === papers.first)!.paperTitle!;
    const first = list.getByRole("listitem", { name: title });
    await expect(first.getByText("Opened 2 times")).toBeVisible();
    await expect(first.getByText(/^Last accessed (just now|\d+ seconds? ago)$/)).toBeVisible();
    await expect(first.getByText(/^0\.0\d MB$/)).toBeVisible();
    await expect(card.getByRole("region", { name: "Cache statistics" }).getByText("2", { exact: true })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shoot("settings-pdf-cache");

    // The title opens the paper's PDF in a new tab.
    const link = first.getByRole("link", { name: title });
    await expect(link).toHaveAttribute("href", `/papers/${papers.first}`);
    const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await expect(tab).toHaveURL(new RegExp(`/pdf/${papers.first.replace(".", "\\.")}$`));
    await tab.close();

    await first.getByRole("button", { name: `Remove ${title} from the cache` }).click();
    await expect(page.getByText("File removed from cache", { exact: true })).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    expect((await cachedFiles(page)).map((file) => file.paperId)).toEqual([papers.second]);

    await card.getByRole("button", { name: "Clear PDF cache" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: "Clear the PDF cache?" })).toBeVisible();
    await dialog.getByRole("button", { name: "Clear cache" }).click();
    await expect(page.getByText("Cache cleared successfully", { exact: true })).toBeVisible();
    await expect(card.getByText("No cached PDFs yet. Open a paper's PDF and it is kept here.")).toBeVisible();
    expect(await cachedFiles(page)).toEqual([]);
    await shoot("settings-pdf-cache-cleared");
  });

  test("the card in dark mode, and not for anonymous visitors", async ({ page, shoot }, testInfo) => {
    await useTheme(page, "dark");
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Data Management" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cloud PDF Cache" })).toHaveCount(0);

    await signedInAccount(page.request, uniqueEmail("pdf-cache-dark", testInfo.project.name));
    await openAndWaitCached(page, paperFor(testInfo.project.name).second, 1);
    // Eleven minutes on: the longest way the card words it, whole on a phone too.
    await page.clock.install({ time: new Date(Date.now() + 11 * 60_000) });
    await page.goto("/settings");
    await expect(cacheCard(page).getByText("Opened 1 time")).toBeVisible();
    const lastCached = cacheCard(page).getByRole("region", { name: "Cache statistics" }).locator("dd").nth(2);
    await expect(lastCached).toHaveText("11 minutes ago");
    expect(await lastCached.evaluate((element) => element.scrollWidth > element.clientWidth), "the last-cached time is cut").toBe(false);
    await cacheCard(page).scrollIntoViewIfNeeded();
    await shoot("settings-pdf-cache");
  });
});
