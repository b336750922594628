import type { APIRequestContext, Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { expect, test, useTheme } from "./fixtures";
import { sandboxUrl, signedInAccount, uniqueEmail } from "./test-accounts";

/**
 * /profile "Your Publications" end to end: the arXiv author search fills the
 * authored-paper list, Refresh reports "Papers processed", papers are added by hand
 * (unverified), refused twice, removed; anonymous visitors are asked to sign in.
 */




/** Two papers of the sandbox's arXiv listing: an author of the first, and a second paper that author did not write. */
async function corpusSample(request: APIRequestContext): Promise<{ author: string; otherId: string; otherTitle: string }> {
  const xml = await (await request.get(`${sandboxUrl}/arxiv/api/query?search_query=cat:cs.CL&max_results=20`)).text();
  const entries = xml.split("<entry>").slice(1);
  const author = /<name>([^<]+)<\/name>/.exec(entries[0]!)![1]!.trim();
  const other = entries.find((entry) => !entry.includes(`<name>${author}</name>`))!;
  const otherId = /<id>https?:\/\/arxiv\.org\/abs\/([^<]+?)(v\d+)?<\/id>/.exec(other)![1]!;
  const otherTitle = /<title>([\s\S]+?)<\/title>/.exec(other)![1]!.replace(/\s+/g, " ").trim();
  return { author, otherId, otherTitle };
}

const countIn = async (page: Page) => Number(/\((\d+)\)/.exec((await page.getByRole("button", { name: /Authored papers/ }).textContent()) ?? "")?.[1]);

test("an anonymous visitor is asked to sign in for authored papers", async ({ page, shoot }) => {
  await useTheme(page, "dark");
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Your Publications" })).toBeVisible();
  await expect(page.getByText("Sign in to find and keep your authored papers.")).toBeVisible();
  await expect(page.getByText("Authored papers: 0")).toBeVisible();
  await shoot("profile-anonymous");
});

test("a signed-in user's author names find their papers; add, refuse a duplicate, verify state, remove", async ({ page, shoot }, testInfo) => {
  test.setTimeout(90_000);
  await signedInAccount(page.request, uniqueEmail("authored", testInfo.project.name));
  const sample = await corpusSample(page.request);
  expect((await page.request.put("/api/me/profile", { data: { authorNames: [sample.author] }, headers: { Origin: baseURL } })).status()).toBe(200);

  await page.goto("/profile");
  // Light first, dark at the end (a stored choice, so a reload keeps it).
  await page.evaluate(() => window.localStorage.setItem("theme", "light"));
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your Publications" })).toBeVisible();
  await expect(page.getByText(sample.author, { exact: true })).toBeVisible();
  // The first visit runs the author search (nothing cached yet); its matches are verified.
  const list = page.getByRole("list", { name: "Authored papers" });
  await expect(list.getByRole("listitem").first()).toBeVisible({ timeout: 30_000 });
  const found = await countIn(page);
  expect(found).toBeGreaterThan(0);
  await expect(list.getByRole("listitem")).toHaveCount(found);
  await expect(list.getByText("Verified (arXiv match)").first()).toBeVisible();
  await expect(page.getByText(`Authored papers: ${found}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Refresh", exact: true })).toBeEnabled();
  await shoot("profile-publications");

  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  await expect(page.getByText("Papers processed", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`${found} papers already in your list. No new papers found.`, { exact: true })).toBeVisible();

  // By hand: unverified, and it cannot be verified (the author is not on it).
  const addBox = page.getByLabel("arXiv id or DOI of a paper you wrote");
  await addBox.fill(sample.otherId);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const added = list.getByRole("listitem").filter({ hasText: sample.otherTitle });
  await expect(added).toBeVisible({ timeout: 20_000 });
  await expect(added.getByText("Unverified")).toBeVisible();
  await expect(added.getByRole("button", { name: "Verify" })).toBeDisabled();
  await expect.poll(() => countIn(page)).toBe(found + 1);
  await expect(addBox).toHaveValue("");

  await addBox.fill(sample.otherId);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText(`Paper ${sample.otherTitle} is already in your authored papers list.`, { exact: true })).toBeVisible();

  await added.getByRole("button", { name: `Remove ${sample.otherTitle}` }).click();
  await expect(added).toHaveCount(0);
  await expect.poll(() => countIn(page)).toBe(found);

  // Collapsible.
  await page.getByRole("button", { name: /Authored papers/ }).click();
  await expect(list).toBeHidden();
  await page.getByRole("button", { name: /Authored papers/ }).click();
  await expect(list).toBeVisible();

  // The same page in dark.
  await page.evaluate(() => window.localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect(list.getByRole("listitem").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Refresh", exact: true })).toBeEnabled();
  await shoot("profile-publications");
});
