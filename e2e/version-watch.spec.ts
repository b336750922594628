import type { Page } from "@playwright/test";
import type { Paper } from "../src/shared/paper";
import { baseURL } from "../playwright.config";
import { downloadExport, expect, test, useTheme } from "./fixtures";
import { signedInAccount, uniqueEmail } from "./test-accounts";

/**
 * The version watch in the browser: a signed-in user whose bookmark keeps an older version of a
 * paper sees the newer version on the bookmark row, in the reader of the kept version (which the
 * bookmark's links open) and in Paper Catchup's Changes, and moves the bookmark to it with
 * Update (the row's, or the reader's); Settings show the watch's switches.
 */
test.describe.configure({ timeout: 120_000 });

/** A corpus paper with three versions on arXiv. */
const PAPER_ID = "0704.0309";

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

/**
 * Bookmarks the paper as the user kept it (`kept` turns today's answer into that older copy);
 * returns today's answer.
 */
async function bookmarkAsKept(page: Page, paperId: string, kept: (fresh: Paper) => Paper): Promise<Paper> {
  const lookup = await page.request.get(`/api/papers/lookup?id=${paperId}`);
  expect(lookup.status()).toBe(200);
  const fresh = ((await lookup.json()) as { paper: Paper }).paper;
  const put = await page.request.put(`/api/me/bookmarks/${paperId}`, { data: { paper: kept(fresh) }, headers: { Origin: baseURL } });
  expect(put.status()).toBe(200);
  return fresh;
}

/** Opens the paper: the server compares the answer the reader loads with the bookmark. */
async function openAndCompare(page: Page, paperId: string): Promise<void> {
  const observed = page.waitForResponse((response) => response.url().endsWith("/api/me/paper-changes/observed") && response.status() === 200);
  await page.goto(`/abs/${paperId}`);
  await observed;
}

for (const theme of ["light", "dark"] as const) {
  test(`a bookmark's new version shows and the bookmark moves to it (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await signedInAccount(page.request, uniqueEmail(`watch-${theme}`, test.info().project.name));
    // The user bookmarked it when v2 was the newest.
    const old = `${PAPER_ID}v2`;
    const fresh = await bookmarkAsKept(page, PAPER_ID, (paper) => ({
      ...paper,
      arxivId: old,
      url: `https://arxiv.org/abs/${old}`,
      pdfUrl: `https://arxiv.org/pdf/${old}`,
      links: { abstract: `https://arxiv.org/abs/${old}`, pdf: `https://arxiv.org/pdf/${old}` },
    }));
    expect(fresh.arxivId).toBe(`${PAPER_ID}v3`);

    // Opening the paper: the answer names v3, which the server compares with the bookmark.
    await openAndCompare(page, PAPER_ID);

    // The bookmark row's badge; its links open the version it keeps, not the newest.
    await page.goto("/bookmarks");
    const badge = page.getByRole("status", { name: `Changes to ${fresh.title}` });
    await expect(badge).toContainText("v2 → v3");
    await expect(badge.getByRole("link", { name: "Open new version" })).toHaveAttribute("href", `/abs/${PAPER_ID}v3`);
    const row = page.getByRole("row").filter({ has: badge });
    const card = page.getByRole("article").filter({ has: badge });
    const actions = (await row.count()) > 0 ? row : card;
    await expect(actions.getByRole("link", { name: "PDF", exact: true })).toHaveAttribute("href", `/pdf/${old}`);
    await shoot(page, `bookmarks-${theme}`);

    // The reader of the kept version says so, and stays where it is; its PDF is v2's.
    await actions.getByRole("link", { name: "View", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/abs/${PAPER_ID}v2$`));
    const notice = page.getByRole("note").filter({ hasText: "A newer version is out" });
    await expect(notice).toContainText("v2 → v3");
    await expect(notice.getByRole("link", { name: "Open v3" })).toHaveAttribute("href", `/abs/${PAPER_ID}v3`);
    await expect(page.getByRole("link", { name: "Read the PDF" })).toHaveAttribute("href", `/pdf/${old}`);
    await expect(page.getByText(`arXiv:${old}`)).toBeVisible();
    await shoot(page, `reader-${theme}`);
    // Its PDF is v2's, through the proxy at that version.
    const pdf = page.waitForResponse((response) => response.url().includes(`/api/pdf-proxy?paperId=${old}`) && response.ok());
    await page.getByRole("link", { name: "Read the PDF" }).click();
    await expect(page).toHaveURL(new RegExp(`/pdf/${PAPER_ID}v2$`));
    await pdf;

    // Paper Catchup's Changes section; its title opens the kept version too.
    await page.goto("/catchup");
    const changes = page.getByRole("region", { name: "Changes" });
    await expect(changes).toContainText(fresh.title);
    await expect(changes).toContainText("v2 → v3");
    await expect(changes.getByRole("link", { name: fresh.title })).toHaveAttribute("href", `/abs/${old}`);
    await shoot(page, `catchup-${theme}`);

    if (theme === "light") {
      // Update on the bookmark row.
      await page.goto("/bookmarks");
      await badge.getByRole("button", { name: "Update" }).click();
      await expect(page.getByText("Bookmark updated").first()).toBeVisible();
      await expect(badge).toHaveCount(0);
    } else {
      // Update in the reader: confirmed, and the notice says what changed while the page stays on v2.
      await page.goto(`/abs/${old}`);
      await notice.getByRole("button", { name: "Update bookmark" }).click();
      await expect(page.getByText("Bookmark updated").first()).toBeVisible();
      const updatedNotice = page.getByRole("note").filter({ hasText: "Your bookmark now keeps v3" });
      await expect(updatedNotice).toContainText("This page shows v2.");
      await expect(updatedNotice.getByRole("link", { name: "Open v3" })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/abs/${PAPER_ID}v2$`));
      await shoot(page, `reader-updated-${theme}`);
      await page.goto("/bookmarks");
      await expect(badge).toHaveCount(0);
    }
    const bookmarks = (await (await page.request.get("/api/me/bookmarks")).json()) as { bookmarks: { paperId: string; paperData: Paper }[] };
    expect(bookmarks.bookmarks.find((bookmark) => bookmark.paperId === PAPER_ID)?.paperData.arxivId).toBe(`${PAPER_ID}v3`);
    // The bookmark now opens v3.
    await expect(page.getByRole("link", { name: "PDF", exact: true }).first()).toHaveAttribute("href", `/pdf/${PAPER_ID}v3`);
    await shoot(page, `bookmarks-updated-${theme}`);

    // Settings: the watch is on by default, the reading history's off and under it.
    await page.goto("/settings");
    const watch = page.getByRole("switch", { name: "Watch bookmarks and collections" });
    await expect(watch).toBeChecked();
    await expect(page.getByRole("switch", { name: "Watch reading history too" })).not.toBeChecked();
    await watch.scrollIntoViewIfNeeded();
    await shoot(page, `settings-${theme}`);
  });
}

/** A corpus paper whose arXiv record names its journal and DOI. */
const PUBLISHED_ID = "0704.0009";

test("a bookmark kept as a preprint is told of its publication, and takes its DOI into the export", async ({ page }) => {
  await signedInAccount(page.request, uniqueEmail("watch-published", test.info().project.name));
  // The user bookmarked it before it was published.
  const fresh = await bookmarkAsKept(page, PUBLISHED_ID, (paper) => ({ ...paper, doi: null, journalRef: null }));
  expect(fresh.doi).toBe("10.1086/518646");
  await openAndCompare(page, PUBLISHED_ID);

  await page.goto("/bookmarks");
  const badge = page.getByRole("status", { name: `Changes to ${fresh.title}` });
  await expect(badge).toContainText(`Published in ${fresh.journalRef} (DOI 10.1086/518646)`);
  await shoot(page, "bookmarks-published");
  // Before the update the export still says what the user kept: no DOI.
  expect((await downloadExport(page, "BibTeX")).text).not.toContain("10.1086/518646");
  await badge.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Bookmark updated").first()).toBeVisible();
  await expect(badge).toHaveCount(0);
  const { text } = await downloadExport(page, "BibTeX");
  expect(text).toMatch(/doi\s*=\s*\{10\.1086\/518646\}/i);
  expect(text).toContain("Astrophys.J.663");
});
