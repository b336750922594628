import { baseURL } from "../playwright.config";
import { importBibtex } from "../src/shared/library/bibtex-import";
import { bookmarkTwoFromSearch, deviceBookmarks, downloadExport, expect, test, useTheme, type DeviceBookmark } from "./fixtures";
import { createConfirmedAccount, PASSWORD, uniqueEmail } from "./test-accounts";

/**
 * The library end to end: bookmark from search, filter, export all
 * five formats and read the BibTeX back with a parser, organise into collections, trash and
 * restore, sign in and two-way sync with a conflict resolved by hand, history recorded and
 * cleared. Desktop and phone.
 */





test("bookmark, filter, export, collections, trash, sign in, two-way sync, history", async ({ page, request, browser, shoot }, testInfo) => {
  test.setTimeout(300_000);
  const project = testInfo.project.name;
  await useTheme(page, "light");

  // Bookmark two papers from search (anonymous: kept on the device).
  const saved = await bookmarkTwoFromSearch(page, "transformer");
  const [first, second] = saved.sort((a, b) => a.paperData.title.localeCompare(b.paperData.title));

  // The Bookmarks page lists them with the Date Added column; the filter narrows them.
  await page.goto("/bookmarks");
  await expect(page.getByRole("heading", { level: 1, name: "Bookmarked Papers" })).toBeVisible();
  await expect(page.getByText("2 bookmarks")).toBeVisible();
  await expect(page.getByText(first!.paperData.title).first()).toBeVisible();
  // A page opened by its address starts at the top, not where the search page was scrolled to.
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await shoot("bookmarks");
  const firstWord = first!.paperData.title.split(/\s+/).find((word) => word.length > 5 && !second!.paperData.title.toLowerCase().includes(word.toLowerCase()));
  if (firstWord) {
    await page.getByLabel("Search bookmarks").fill(firstWord);
    await expect(page.getByText("1 matching bookmark")).toBeVisible();
  }
  await page.getByLabel("Search bookmarks").fill("zzzz-no-such-paper");
  await expect(page.getByText("No bookmarks match these filters")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByText("2 bookmarks")).toBeVisible();

  // Export every format; the BibTeX reads back as the same papers.
  for (const [format, extension] of [["JSON", "json"], ["CSV", "csv"], ["BibTeX", "bib"], ["RIS", "ris"], ["CSL-JSON", "csl.json"]] as const) {
    const { download, text } = await downloadExport(page, format);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^quire-bookmarks-\\d{4}-\\d{2}-\\d{2}\\.${extension.replace(".", "\\.")}$`));
    await expect(page.getByText(`Exported 2 bookmarks as ${format}`, { exact: true })).toBeVisible();
    if (format === "JSON") expect((JSON.parse(text) as { paperId: string }[]).map((record) => record.paperId).sort()).toEqual([first!.paperId, second!.paperId].sort());
    if (format === "BibTeX") {
      const imported = importBibtex(text);
      expect(imported.ok).toBe(true);
      if (imported.ok) expect(imported.papers.map((paper) => paper.title).sort()).toEqual([first!.paperData.title, second!.paperData.title].sort());
    }
    if (format === "RIS") expect(text).toContain("TY  - ");
  }

  // Collections: a name of spaces is refused; a collection is created, filled, deleted and restored.
  await page.goto("/collections");
  await page.getByLabel("New collection").fill("    ");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("alert")).toHaveText("A collection name cannot be empty.");
  await page.getByLabel("New collection").fill("  Thesis  ");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("button", { name: "Thesis (0)" })).toBeVisible();
  await page.goto("/bookmarks");
  await page.getByRole("button", { name: "Collections", exact: true }).first().click();
  await page.getByRole("menuitemcheckbox", { name: "Thesis" }).click();
  await page.goto("/collections?name=Thesis");
  await expect(page.getByRole("button", { name: "Thesis (1)" })).toBeVisible();
  await shoot("collections");
  await page.getByRole("button", { name: "Delete Thesis" }).click();
  await expect(page.getByText("No collections yet")).toBeVisible();
  await page.goto("/trash");
  await expect(page.getByText("Collection · 1 paper")).toBeVisible();
  await page.getByRole("button", { name: "Restore Thesis" }).click();
  await page.goto("/collections");
  await expect(page.getByRole("button", { name: "Thesis (1)" })).toBeVisible();

  // A bookmark moved to Trash leaves the list and comes back with Restore.
  await page.goto("/bookmarks");
  await page.getByRole("button", { name: "Collections", exact: true }).first().click();
  await page.getByRole("menuitem", { name: "Move to Trash" }).click();
  await expect(page.getByText("1 bookmark", { exact: false }).first()).toBeVisible();
  await page.goto("/trash");
  await shoot("trash");
  await page.getByRole("button", { name: /^Restore / }).click();
  await expect(page.getByText("Trash is empty")).toBeVisible();
  expect(await deviceBookmarks(page)).toHaveLength(2);

  // The account already holds the first paper, bookmarked on another date: a conflict.
  const email = uniqueEmail("sync", project);
  const api = await (await import("@playwright/test")).request.newContext({ baseURL });
  await createConfirmedAccount(api, email);
  expect((await api.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { Origin: baseURL } })).status()).toBe(200);
  const put = await api.put(`/api/me/bookmarks/${encodeURIComponent(first!.paperId)}`, {
    data: { paper: first!.paperData, bookmarkedAt: "2020-01-01T00:00:00.000Z" },
    headers: { Origin: baseURL },
  });
  expect(put.status(), await put.text()).toBe(200);

  await page.goto("/auth?redirect=%2Fbookmarks");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/bookmarks/);
  // The second paper moved up; the first waits on the device for the user's choice.
  await expect.poll(async () => (await deviceBookmarks(page)).map((bookmark) => bookmark.paperId)).toEqual([first!.paperId]);
  await expect(page.getByText("2 bookmarks")).toBeVisible();

  await page.getByRole("button", { name: "Sync", exact: true }).click();
  await page.getByRole("menuitem", { name: "Two-way sync" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Choose which copy to keep" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Added on different dates")).toBeVisible();
  await page.waitForTimeout(400); // the dialog's fade-in
  await shoot("sync-conflict");
  await expect(dialog.getByRole("button", { name: "Choose 1 more" })).toBeDisabled();
  await dialog.getByRole("radio", { name: /This device/ }).check();
  await dialog.getByRole("button", { name: "Apply sync" }).click();
  await expect(page.getByText("Two-way sync completed", { exact: true })).toBeVisible();
  const onServer = (await (await page.request.get("/api/me/bookmarks")).json()) as { bookmarks: { paperId: string; bookmarkedAt: string }[] };
  expect(onServer.bookmarks.map((bookmark) => bookmark.paperId).sort()).toEqual([first!.paperId, second!.paperId].sort());
  expect(Date.parse(onServer.bookmarks.find((bookmark) => bookmark.paperId === first!.paperId)!.bookmarkedAt)).toBe(Date.parse(first!.dateAdded));

  // Fix Paper Data for a signed-in user: the account's copy lost its abstract; the fix writes it back there.
  const staleAbstract = await api.put(`/api/me/bookmarks/${encodeURIComponent(second!.paperId)}`, {
    data: { paper: { ...second!.paperData, abstract: "" } },
    headers: { Origin: baseURL },
  });
  expect(staleAbstract.status(), await staleAbstract.text()).toBe(200);
  await page.reload();
  await page.getByRole("button", { name: "Fix Paper Data" }).click();
  // arXiv's one-request-every-3-s rule is shared with every other test running meanwhile.
  await expect(page.getByText("Fixed paper data for 1 bookmark", { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText("Updated 1 abstract.", { exact: true })).toBeVisible();
  const fixedOnServer = (await (await page.request.get("/api/me/bookmarks")).json()) as { bookmarks: { paperId: string; paperData: { abstract: string } }[] };
  expect(fixedOnServer.bookmarks).toHaveLength(2);
  expect(fixedOnServer.bookmarks.find((bookmark) => bookmark.paperId === second!.paperId)!.paperData.abstract.length).toBeGreaterThan(0);

  // Reading a paper records history; the history page shows it and clears it.
  await page.getByRole("button", { name: "Read", exact: true }).first().click();
  await expect.poll(async () => ((await (await page.request.get("/api/me/history")).json()) as { entries: unknown[] }).entries.length).toBe(1);
  await page.goto("/history");
  await expect(page.getByRole("heading", { level: 1, name: "Reading History" })).toBeVisible();
  await expect(page.getByText("1 paper read")).toBeVisible();
  await shoot("history");
  await page.getByRole("button", { name: "Clear History" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Clear History" }).click();
  await expect(page.getByText("No papers read yet")).toBeVisible();
  await api.dispose();
  void browser;
});

test("signed-out history asks to sign in; bookmarks page looks right in dark mode", async ({ page, shoot }) => {
  await useTheme(page, "dark");
  await page.goto("/history");
  await expect(page.getByText("Please sign in to view your reading history.")).toBeVisible();
  await shoot("history-signed-out");
  await page.goto("/bookmarks");
  await expect(page.getByText("No bookmarks yet")).toBeVisible();
  await shoot("bookmarks-empty");
  await page.goto("/collections");
  await expect(page.getByText("No collections yet")).toBeVisible();
  await shoot("collections-empty");
});

test("Fix Paper Data restores stale metadata from the source and says what changed", async ({ page, shoot }) => {
  test.setTimeout(240_000);
  await useTheme(page, "dark");
  await page.goto("/search?q=transformer");
  const bookmarkButtons = page.getByRole("button", { name: "Bookmark", exact: true });
  await expect(bookmarkButtons.first()).toBeVisible({ timeout: 30_000 });
  await bookmarkButtons.nth(0).click();
  await expect(page.getByRole("button", { name: "Bookmarked", exact: true })).toHaveCount(1);
  await bookmarkButtons.nth(0).click();
  await expect(page.getByRole("button", { name: "Bookmarked", exact: true })).toHaveCount(2);
  const [stale, intact] = await deviceBookmarks(page);
  const original = stale!.paperData as unknown as { title: string; abstract: string; categories: string[] };
  expect(original.abstract.length).toBeGreaterThan(0);

  // One bookmark loses its abstract and categories and gets a wrong title; a hand-made one has nothing to look up by.
  await page.evaluate(
    ({ paperId }) => {
      const holder = JSON.parse(localStorage.getItem("bookmarks") ?? "{}") as { bookmarks: Record<string, { title: string; category: string; paperData: Record<string, unknown> }> };
      const bookmark = holder.bookmarks[paperId]!;
      bookmark.title = "Untitled";
      bookmark.category = "unknown";
      bookmark.paperData = { ...bookmark.paperData, title: "Untitled", abstract: "", categories: [], category: "unknown" };
      holder.bookmarks["note-1"] = {
        ...bookmark,
        paperId: "note-1",
        title: "My own note",
        paperData: { ...bookmark.paperData, id: "note-1", title: "My own note", source: "zotero", arxivId: null, doi: null },
      } as never;
      localStorage.setItem("bookmarks", JSON.stringify(holder));
    },
    { paperId: stale!.paperId },
  );
  await page.goto("/bookmarks");
  await expect(page.getByText("3 bookmarks")).toBeVisible();
  await expect(page.getByText("Untitled", { exact: true }).first()).toBeVisible();

  await page.getByRole("button", { name: "Fix Paper Data" }).click();
  // arXiv's one-request-every-3-s rule is shared with every other test running meanwhile.
  await expect(page.getByText("Fixed paper data for 1 bookmark", { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText("Updated 1 title, 1 abstract, 1 category list. 1 bookmark has no arXiv id, OpenAlex id or DOI to look up.", { exact: true })).toBeVisible();
  await shoot("fix-paper-data");
  await expect(page.getByText(original.title).first()).toBeVisible();
  const after = await deviceBookmarks(page);
  const fixed = after.find((bookmark) => bookmark.paperId === stale!.paperId)! as DeviceBookmark & { paperData: typeof original };
  expect(fixed.paperData).toMatchObject({ title: original.title, abstract: original.abstract, categories: original.categories });
  expect(fixed.dateAdded).toBe(stale!.dateAdded);
  expect(after.find((bookmark) => bookmark.paperId === intact!.paperId)).toEqual(intact);
  expect(after).toHaveLength(3);

  // A second run finds nothing more to change.
  await page.getByRole("button", { name: "Fix Paper Data" }).click();
  await expect(page.getByText("All paper data is up to date", { exact: true })).toBeVisible({ timeout: 90_000 });
});
