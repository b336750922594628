import type { Locator, Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { expect, test, useTheme } from "./fixtures";
import { signedInAccount, uniqueEmail } from "./test-accounts";

/**
 * The feed that learns, end to end: a visitor marks papers Relevant / Not relevant on the
 * catch-up page and watches the feed re-rank with its reasons; their marks move into the
 * account when they sign in; a new user with categories is asked to mark a few papers first.
 * The demo's clock starts on 4 June 2026, just after the sandbox corpus's newest papers.
 */

const MARK_GROUP = /^Mark “(.*)” for your feed$/;

/** The Relevant / Not relevant group of each paper of the list, in order. */
const markGroups = (scope: Page | Locator) => scope.getByRole("group", { name: MARK_GROUP });

async function titleOf(group: Locator): Promise<string> {
  return MARK_GROUP.exec((await group.getAttribute("aria-label")) ?? "")![1]!;
}

async function loadWeeklyFeed(page: Page): Promise<void> {
  await page.goto("/catchup");
  await expect(page.getByRole("heading", { name: "Paper Catchup" })).toBeVisible();
  await page.getByLabel("Select time range").selectOption("weekly");
  await page.getByRole("button", { name: "Load Papers" }).click();
  // The first load fills the server's shared index from the sandbox's arXiv (3 s between calls).
  await expect(page.getByText(/paper.* · Last 7 Days/)).toBeVisible({ timeout: 120_000 });
  await expect(markGroups(page.getByRole("region", { name: "Papers" })).first()).toBeVisible();
}

const deviceMarkCount = (page: Page) => page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem("feed-marks") ?? "{}") as object).length);

test("a visitor marks papers, the feed re-ranks with its reasons, and the marks move into the account at sign-in", async ({ page, shoot }, testInfo) => {
  test.setTimeout(240_000);
  await useTheme(page, "light");
  await loadWeeklyFeed(page);
  const feed = page.getByRole("region", { name: "Papers" });
  await expect(feed.getByText("ranked by your marks")).toHaveCount(0);

  // Mark the sixth paper Relevant: it and papers like it rise, each saying why.
  const sixth = markGroups(feed).nth(5);
  const title = await titleOf(sixth);
  const relevant = sixth.getByRole("button", { name: "Relevant", exact: true });
  await expect(relevant).toHaveAttribute("aria-pressed", "false");
  await relevant.click();
  await expect(feed.getByText(/ranked by your marks/)).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => titleOf(markGroups(feed).first()), { timeout: 60_000 }).toBe(title);
  const top = markGroups(feed).first();
  await expect(top.getByRole("button", { name: "Relevant", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(feed.getByText(`like “${title}” that you marked`).first()).toBeVisible();
  expect(await feed.getByText(`like “${title}” that you marked`).count()).toBeGreaterThan(1);
  await markGroups(feed).first().scrollIntoViewIfNeeded();
  await shoot("feed-marks-relevant");

  // A second press clears the mark (by keyboard this time): the profile alone ranks again.
  await top.getByRole("button", { name: "Relevant", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(feed.getByText(/ranked by your marks/)).toHaveCount(0, { timeout: 60_000 });
  expect(await deviceMarkCount(page)).toBe(0);

  // Relevant again, and another paper Not relevant: it leaves the top of the feed.
  const again = feed.getByRole("group", { name: `Mark “${title}” for your feed`, exact: true }).first();
  await again.getByRole("button", { name: "Relevant", exact: true }).click();
  await expect.poll(() => titleOf(markGroups(feed).first()), { timeout: 60_000 }).toBe(title);
  const second = markGroups(feed).nth(1);
  const secondTitle = await titleOf(second);
  await second.getByRole("button", { name: "Not relevant", exact: true }).click();
  await expect.poll(async () => (await Promise.all((await markGroups(feed).all()).slice(0, 3).map(titleOf))).includes(secondTitle), { timeout: 60_000 }).toBe(false);
  expect(await deviceMarkCount(page)).toBe(2);

  // Signing in moves the device's marks into the account; the feed keeps learning from them.
  await signedInAccount(page.request, uniqueEmail("marks", testInfo.project.name));
  await useTheme(page, "dark");
  await page.reload();
  await expect.poll(async () => ((await (await page.request.get("/api/me/feed-marks")).json()) as { marks: { paperId: string; kind: string }[] }).marks.map((mark) => mark.kind).sort(), { timeout: 60_000 }).toEqual(["not-relevant", "relevant"]);
  await expect.poll(() => deviceMarkCount(page)).toBe(0);
  await page.getByRole("button", { name: "Load Papers" }).click();
  await expect(feed.getByText(/ranked by your marks/)).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => titleOf(markGroups(feed).first()), { timeout: 60_000 }).toBe(title);
  await expect(feed.getByText(`like “${title}” that you marked`).first()).toBeVisible();
  await markGroups(feed).first().scrollIntoViewIfNeeded();
  await shoot("feed-marks-signed-in");
});

test("a new user with categories is asked to mark a few papers, and the prompt goes once they have", async ({ page, shoot }, testInfo) => {
  test.setTimeout(150_000);
  await useTheme(page, "dark");
  await signedInAccount(page.request, uniqueEmail("coldstart", testInfo.project.name));
  const profile = await page.request.put("/api/me/profile", { data: { researchCategories: ["cs.CL", "cs.LG"] }, headers: { Origin: baseURL } });
  expect(profile.status()).toBe(200);
  await loadWeeklyFeed(page);
  const prompt = page.getByRole("region", { name: "Teach your feed" });
  await expect(prompt).toBeVisible({ timeout: 60_000 });
  await expect(markGroups(prompt)).toHaveCount(8);
  await shoot("feed-marks-cold-start");

  await markGroups(prompt).nth(0).getByRole("button", { name: "Relevant", exact: true }).click();
  await expect(markGroups(prompt).nth(0).getByRole("button", { name: "Relevant", exact: true })).toHaveAttribute("aria-pressed", "true");
  await markGroups(prompt).nth(1).getByRole("button", { name: "Not relevant", exact: true }).click();
  await expect(markGroups(prompt).nth(1).getByRole("button", { name: "Not relevant", exact: true })).toHaveAttribute("aria-pressed", "true");
  const third = await titleOf(markGroups(prompt).nth(2));
  await markGroups(prompt).nth(2).getByRole("button", { name: "Relevant", exact: true }).click();
  await expect(prompt).toHaveCount(0, { timeout: 60_000 });
  const feed = page.getByRole("region", { name: "Papers" });
  await expect(feed.getByText(/ranked by your marks/)).toBeVisible({ timeout: 60_000 });
  await expect(feed.getByText(/^like “.*” that you marked$/).first()).toBeVisible();
  // The ranking with the third mark may still be on its way (the last one stays on screen meanwhile).
  await expect(page.getByRole("group", { name: `Mark “${third}” for your feed` }).first()).toBeVisible({ timeout: 60_000 });
  await useTheme(page, "light");
  await page.reload();
  await page.getByRole("button", { name: "Load Papers" }).click();
  await expect(feed.getByText(/ranked by your marks/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("region", { name: "Teach your feed" })).toHaveCount(0);
  await markGroups(feed).first().scrollIntoViewIfNeeded();
  await shoot("feed-marks-learned");
});

test("a search result can be marked and the mark cleared, by keyboard too", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/search?q=language%20model");
  const group = markGroups(page).first();
  await expect(group).toBeVisible({ timeout: 60_000 });
  const notRelevant = group.getByRole("button", { name: "Not relevant", exact: true });
  await notRelevant.focus();
  await page.keyboard.press("Space");
  await expect(notRelevant).toHaveAttribute("aria-pressed", "true");
  expect(await deviceMarkCount(page)).toBe(1);
  await page.keyboard.press("Enter");
  await expect(notRelevant).toHaveAttribute("aria-pressed", "false");
  expect(await deviceMarkCount(page)).toBe(0);
});
