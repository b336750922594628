import type { Page } from "@playwright/test";
import { changeZoteroLibrary, createZoteroUser, setZoteroPacing } from "../sandbox/test-support/zotero";
import { baseURL } from "../playwright.config";
import { expect, test, useTheme } from "./fixtures";
import { sandboxUrl, signedInAccount, uniqueEmail } from "./test-accounts";

/**
 * Zotero end to end, on desktop and phone: connect by OAuth through the
 * sandbox's authorize page and by a key made by hand, browse and filter the library, export a
 * bookmarked paper and find it there, delete it, run a full sync with its progress bar, stop and
 * resume it, and pull a change made in the sandbox with the incremental sync.
 */

/** A corpus paper the reader opens (its PDF is a real one). */
const PAPER_ID = "2301.13298";

const isPhone = () => test.info().project.name === "mobile";

async function connectWithKey(page: Page, key: string) {
  const answer = await page.request.post("/api/zotero/sync-credentials", { data: { apiKey: key }, headers: { Origin: baseURL } });
  expect(answer.status(), await answer.text()).toBe(200);
}

test("connects by OAuth through Zotero's authorize page, then browses, filters and searches the library", async ({ page, shoot }, testInfo) => {
  test.setTimeout(90_000);
  await signedInAccount(page.request, uniqueEmail("zotero-oauth", testInfo.project.name));
  await page.goto("/settings");
  const card = page.locator("#settings-zotero");
  // The signed-in card (its status read) offers OAuth.
  await expect(card.getByRole("link", { name: "Connect with Zotero" })).toBeVisible();
  await expect(card.getByText("Not Connected")).toBeVisible();
  await card.getByRole("link", { name: "Connect with Zotero" }).scrollIntoViewIfNeeded();
  await shoot("settings-zotero-not-connected");

  await card.getByRole("link", { name: "Connect with Zotero" }).click();
  // zotero.org's authorize page (the sandbox's): sign in and accept.
  await expect(page.getByRole("heading", { name: /Sandbox Zotero/ })).toBeVisible();
  const username = `reader-${testInfo.project.name}-${Date.now().toString(36)}`;
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("anything");
  await shoot("zotero-authorize");
  await page.getByRole("button", { name: "Accept" }).click();

  await expect(page).toHaveURL(/\/settings\?zotero=1/);
  await expect(page.getByText("Connected to Zotero").first()).toBeVisible();
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  await expect(card.getByText(username)).toBeVisible();
  await expect(card.getByText("OAuth")).toBeVisible();
  await shoot("settings-zotero-connected");

  await page.goto("/zotero");
  await expect(page).toHaveURL(/\/zotero-library$/);
  await expect(page.getByRole("heading", { name: "Zotero Library" })).toBeVisible();
  await expect(page.getByText(/^\d+ items · /)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Top-level only", pressed: true })).toBeVisible();
  await shoot("zotero-library");

  // The Preprint chip: every row on the page is a preprint (its abstract page is on arXiv).
  await page.getByRole("button", { name: "Preprint", pressed: false }).click();
  await expect(page.getByRole("button", { name: "Preprint", pressed: true })).toBeVisible();
  const list = page.getByRole(isPhone() ? "list" : "table", { name: "Zotero library items" });
  await expect(list).toBeVisible();
  // The chip is pressed at once, while the rows before the filter stay on screen (dimmed,
  // aria-busy) until Zotero answers: the word is taken from the filtered rows only.
  await expect(page.locator("[aria-busy=true]").filter({ has: list })).toHaveCount(0);
  const firstTitle = (await list.getByRole(isPhone() ? "listitem" : "row").nth(isPhone() ? 0 : 1).getByRole("button").first().innerText()).trim();
  const word = firstTitle.split(/\s+/).find((candidate) => /^[A-Za-z]{7,}$/.test(candidate)) ?? firstTitle.split(/\s+/).find((candidate) => /^[A-Za-z]{4,}$/.test(candidate))!;

  // Search: Enter submits.
  await page.getByLabel("Search your Zotero library").fill(word);
  await page.getByLabel("Search your Zotero library").press("Enter");
  await expect(list.getByText(new RegExp(word, "i")).first()).toBeVisible();
  await shoot("zotero-library-search");
  // A search nothing matches.
  await page.getByLabel("Search your Zotero library").fill("zzqqxxnothingmatches");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("heading", { name: "No Items Found" })).toBeVisible();
  await shoot("zotero-library-empty");
  await page.getByLabel("Search your Zotero library").fill("");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("button", { name: "Preprint", pressed: true }).click();
});

test("connects with a key made by hand, exports a bookmarked paper, finds it in the library and deletes it", async ({ page, shoot }, testInfo) => {
  test.setTimeout(120_000);
  const zotero = await createZoteroUser(sandboxUrl, { items: 0 });
  await signedInAccount(page.request, uniqueEmail("zotero-key", testInfo.project.name));

  // The library page before connecting: not connected, with Connect.
  await page.goto("/zotero-library");
  await expect(page.getByRole("heading", { name: "Not connected to Zotero" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Connect" })).toBeVisible();
  await shoot("zotero-library-not-connected");

  await page.goto("/settings");
  const card = page.locator("#settings-zotero");
  await card.getByRole("button", { name: "Use an API key" }).click();
  await expect(card.getByRole("link", { name: /Create a key on zotero.org/ })).toHaveAttribute("href", "/api/auth-zotero?action=login&manual=true");
  await card.getByLabel("Zotero API key").fill("NOTAREALKEY123");
  await card.getByRole("button", { name: "Connect with key" }).click();
  await expect(page.getByText("Connection Error").first()).toBeVisible();
  await card.getByLabel("Zotero API key").fill(zotero.key);
  await card.getByRole("button", { name: "Connect with key" }).click();
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  await expect(card.getByText("API key")).toBeVisible();
  await expect(card.getByText(zotero.username)).toBeVisible();

  // Bookmark a paper in the reader, then export it.
  await page.goto(`/abs/${PAPER_ID}`);
  const title = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  await page.getByRole("button", { name: "Bookmark", exact: true }).click();
  await expect(page.getByText("Bookmark added").first()).toBeVisible();
  await page.getByRole("button", { name: "Export to Zotero" }).click();
  await expect(page.getByText("Exported to Zotero").first()).toBeVisible();
  await shoot("reader-exported-to-zotero");

  // From the bookmarks page's row it is already there.
  await page.goto("/bookmarks");
  await page.getByRole("button", { name: isPhone() ? "Zotero" : "Export to Zotero", exact: true }).first().click();
  await expect(page.getByText("Already in library").first()).toBeVisible();
  await shoot("bookmarks-already-in-zotero");

  await useTheme(page, "light");
  await page.goto("/zotero-library");
  await expect(page.getByText(title).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("1 item ·")).toBeVisible();
  await shoot("zotero-library-exported");

  await page.getByRole("button", { name: isPhone() ? "Delete" : "Delete from Zotero" }).first().click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Are you sure?" })).toBeVisible();
  await expect(dialog.getByText("This action will permanently delete the item from your Zotero library. It cannot be undone.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
  await shoot("zotero-delete-confirm");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { name: "No Items Found" })).toBeVisible();
});

test("runs a full sync with its progress bar, stops and resumes it, and pulls a change with incremental sync", async ({ page, shoot }, testInfo) => {
  test.setTimeout(120_000);
  const zotero = await createZoteroUser(sandboxUrl, { items: 300 });
  await useTheme(page, "light");
  await signedInAccount(page.request, uniqueEmail("zotero-sync", testInfo.project.name));
  await connectWithKey(page, zotero.key);
  await setZoteroPacing(sandboxUrl, 120);
  try {
    await page.goto("/settings?zotero=1");
    const card = page.locator("#settings-zotero-sync");
    await card.scrollIntoViewIfNeeded();
    await card.getByText("10", { exact: true }).click();
    await card.getByRole("button", { name: "Full Sync" }).click();
    const progress = card.getByRole("progressbar", { name: "Sync progress" });
    await expect(card.getByText("Syncing", { exact: true })).toBeVisible();
    await expect.poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
    await shoot("zotero-sync-running");
    await card.getByRole("button", { name: "Stop" }).click();
    await expect(card.getByText("Paused", { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText("Sync paused").first()).toBeVisible();
    const stoppedAt = Number(await progress.getAttribute("aria-valuenow"));
    expect(stoppedAt).toBeGreaterThan(0);
    await expect(card.getByRole("button", { name: "Sync One Batch" })).toBeDisabled();
    // While paused, the filled look is Resume's (the way on), not the disabled Sync One Batch's.
    const background = (name: string) => card.getByRole("button", { name }).evaluate((element) => getComputedStyle(element).backgroundColor);
    const primary = await page.evaluate(() => {
      const probe = document.createElement("div");
      probe.className = "bg-primary";
      document.body.append(probe);
      const color = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return color;
    });
    // Polled: the buttons' colours ease in (transition-colors) when the state changes.
    await expect.poll(() => background("Resume")).toBe(primary);
    await expect.poll(() => background("Sync One Batch")).not.toBe(primary);
    await shoot("zotero-sync-paused");

    // A reload keeps the paused state (it is the job's saved state).
    await page.reload();
    await expect(card.getByText("Paused", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: "Resume" }).click();
    // The cached count and the progress, read in one frame, agree while the copy fills from empty.
    for (let frames = 0; frames < 40; frames++) {
      const frame = await card.evaluate((element) => ({
        progress: Number(element.querySelector("[role=progressbar]")?.getAttribute("aria-valuenow")),
        text: element.textContent ?? "",
      }));
      expect(frame.text).toMatch(new RegExp(`(^|\\D)${frame.progress} items cached`));
      if (!frame.text.includes("Syncing")) break;
      await page.waitForTimeout(150);
    }
    await setZoteroPacing(sandboxUrl, 0);
    await expect(card.getByText(/Sync complete: \d+ items/).first()).toBeVisible({ timeout: 60_000 });
    await expect(card.getByText("Idle", { exact: true })).toBeVisible();
    await expect(card.getByRole("list", { name: "Sync log" }).getByText("Sync complete")).toBeVisible();
    await shoot("zotero-sync-complete");

    // Another Zotero client changes the library; incremental sync pulls exactly that.
    await changeZoteroLibrary(sandboxUrl, zotero.userID, { modify: 2, add: 1 });
    await card.getByRole("button", { name: "Incremental Sync" }).click();
    await expect(card.getByText("Incremental sync: 3 updated, 0 removed").first()).toBeVisible({ timeout: 30_000 });
    // The progress counts the cached library after it, not "0 / 0".
    const cachedLine = card.getByText(/^\d+ items cached/);
    await expect(card.getByText("Progress: 301 / 301")).toBeVisible();
    await expect(cachedLine).toHaveText(/^301 items cached/);
    await card.getByRole("button", { name: "Incremental Sync" }).click();
    await expect(card.getByText("No recent changes found").first()).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText("Progress: 301 / 301")).toBeVisible();
    await shoot("zotero-sync-incremental");

    // Delete Credentials takes the synced copy and its sync state; connected again, nothing is
    // left to build on: the card says so and Incremental Sync asks for a full sync.
    const integration = page.locator("#settings-zotero");
    await integration.getByRole("button", { name: "Delete Credentials" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete Credentials" }).click();
    await expect(integration.getByText("Not Connected")).toBeVisible();
    const second = await (await page.request.post(`${sandboxUrl}/__control/zotero/users/${zotero.userID}/keys`, { data: {} })).json();
    await connectWithKey(page, second.key as string);
    await page.reload();
    await expect(cachedLine).toHaveText(/^0 items cached/);
    await expect(cachedLine).not.toContainText("library version");
    await expect(card.getByText("Progress: 0 / 0")).toBeVisible();
    await card.getByRole("button", { name: "Incremental Sync" }).click();
    await expect(card.getByText("Incremental sync failed - try full sync first").first()).toBeVisible({ timeout: 30_000 });
    await shoot("zotero-sync-after-delete");
  } finally {
    await setZoteroPacing(sandboxUrl, 0);
  }
});

test("the library table fits a 1280-px window: Delete in view, titles on a few lines; light and dark", async ({ page, shoot }, testInfo) => {
  test.setTimeout(90_000);
  const zotero = await createZoteroUser(sandboxUrl, { items: 40 });
  await signedInAccount(page.request, uniqueEmail("zotero-table", testInfo.project.name));
  await connectWithKey(page, zotero.key);
  for (const theme of ["light", "dark"] as const) {
    await useTheme(page, theme);
    await page.goto("/zotero-library");
    await expect(page.getByText(/^\d+ items · /)).toBeVisible({ timeout: 20_000 });
    const viewport = page.viewportSize()!;
    if (isPhone()) {
      const cards = page.getByRole("list", { name: "Zotero library items" });
      const remove = cards.getByRole("listitem").first().getByRole("button", { name: /Delete/ });
      await expect(remove).toBeVisible();
      const box = (await remove.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    } else {
      const table = page.getByRole("table", { name: "Zotero library items" });
      await expect(table).toBeVisible();
      // Nothing to scroll sideways: the Delete action is in view in every row.
      const scroller = await table.evaluate((element) => ({ scroll: element.parentElement!.scrollWidth, client: element.parentElement!.clientWidth }));
      expect(scroller.scroll).toBeLessThanOrEqual(scroller.client);
      const rows = table.getByRole("row");
      for (const index of [1, 2, 3]) {
        const remove = rows.nth(index).getByRole("button", { name: "Delete from Zotero" });
        await expect(remove).toBeInViewport({ ratio: 1 });
      }
      // The title column has room for a title: no 150-px column wrapping it to many lines.
      const title = table.getByRole("columnheader", { name: "Title" });
      expect((await title.boundingBox())!.width).toBeGreaterThanOrEqual(240);
      // Counted in the titles' own lines (a row's height also follows its authors).
      const titleLines = await rows.evaluateAll((elements) =>
        elements.slice(1).map((row) => {
          const title = row.querySelector("td button > span")!;
          return Math.round(title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight));
        }),
      );
      // The sandbox's items are random and a few titles are very long: the typical one (the
      // median) is held, not the longest (6 lines once).
      const sorted = [...titleLines].sort((a, b) => a - b);
      expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThanOrEqual(3);
    }
    await shoot(`zotero-library-table`);
  }
});
