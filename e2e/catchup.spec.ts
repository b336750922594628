import type { APIRequestContext, Page } from "@playwright/test";
import { mailLink, waitForMail } from "../sandbox/test-support/mail";
import { baseURL } from "../playwright.config";
import { expect, test, useTheme } from "./fixtures";
import { PASSWORD, sandboxUrl, signedInAccount, uniqueEmail } from "./test-accounts";

/**
 * Paper Catchup end to end: an anonymous visitor and a signed-in user with a
 * research profile load the feed, read why papers were recommended, tune the sensitivity,
 * bookmark from the feed; the daily digest arrives in the SMTP sink with working links.
 * The demo's clock starts on 4 June 2026, just after the sandbox corpus's newest papers.
 */




async function loadFeed(page: Page): Promise<void> {
  await page.goto("/catchup");
  await expect(page.getByRole("heading", { name: "Paper Catchup" })).toBeVisible();
  await expect(page.getByText("Papers are not loaded yet.")).toBeVisible();
  await page.getByRole("button", { name: "Load Papers" }).click();
  // The first load fills the server's shared index from the sandbox's arXiv (3 s between calls).
  await expect(page.getByRole("button", { name: "Refresh Papers" })).toBeVisible();
  await expect(page.locator("[data-paper-row], article").first()).toBeVisible({ timeout: 45_000 });
}

const recommendedCount = async (page: Page) => Number(/\((\d+)\)/.exec((await page.getByRole("tab", { name: /Recommended/ }).textContent()) ?? "")?.[1]);

async function setSensitivity(page: Page, value: number): Promise<void> {
  await page.getByLabel("Sensitivity").fill(String(value));
}

test("an anonymous visitor loads the feed, tunes the sensitivity and bookmarks a paper", async ({ page, shoot }) => {
  test.setTimeout(90_000);
  await useTheme(page, "light");
  await loadFeed(page);
  await expect(page.getByText("none (cs.AI is used)")).toBeVisible();
  await expect(page.getByLabel("Categories in the feed").getByText("cs.AI", { exact: true })).toBeVisible();
  await expect(page.getByText(/Score 30%/).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Select time range")).toHaveValue("daily");
  await expect(page.getByText("30.0%", { exact: true })).toBeVisible();
  await shoot("catchup-anonymous");

  // With only the category counting (0.3), a sensitivity above it empties Recommended.
  await page.getByRole("tab", { name: /Recommended/ }).click();
  const before = await recommendedCount(page);
  expect(before).toBeGreaterThan(0);
  await setSensitivity(page, 0.45);
  await expect(page.getByText("45.0%", { exact: true })).toBeVisible();
  await expect(page.getByText("No recommended papers based on your profile. Lower the sensitivity or add keywords.")).toBeVisible({ timeout: 30_000 });
  await setSensitivity(page, 0.3);
  await expect(page.getByText(/Score 30%/).first()).toBeVisible();

  // Bookmark the first paper, then the Bookmarked filter shows just it.
  await page.getByRole("button", { name: "Bookmark", exact: true }).first().click();
  await expect(page.getByRole("button", { name: "Bookmarked", exact: true }).first()).toBeVisible();
  await page.getByLabel("Show", { exact: true }).selectOption("bookmarked");
  await expect(page.getByText(/^1 paper ·/)).toBeVisible();
  await page.getByLabel("Show", { exact: true }).selectOption("all");

  // The time range and a removable category chip.
  await page.getByRole("tab", { name: /All Papers/ }).click();
  await page.getByLabel("Select time range").selectOption("weekly");
  await expect(page.getByText(/paper.* · Last 7 Days/)).toBeVisible();
  await page.getByLabel("Add a category").selectOption("cs.CL");
  await expect(page.getByRole("button", { name: "Remove cs.CL" })).toBeVisible();
  await page.getByRole("button", { name: "Remove cs.AI" }).click();
  await expect(page.getByRole("button", { name: "Remove cs.AI" })).toHaveCount(0);
  await useTheme(page, "dark");
});

test("a signed-in user's profile drives the Recommended tab, with the reasons shown", async ({ page, shoot }, testInfo) => {
  test.setTimeout(120_000);
  await useTheme(page, "dark");
  await signedInAccount(page.request, uniqueEmail("catchup", testInfo.project.name));
  const profile = await page.request.put("/api/me/profile", {
    data: { researchCategories: ["cs.CL", "cs.AI"], researchInterests: ["language model", "reasoning", "agent"], excludeTerms: ["survey"] },
    headers: { Origin: baseURL },
  });
  expect(profile.status()).toBe(200);
  await loadFeed(page);
  await expect(page.getByText("language model, reasoning, agent")).toBeVisible();
  await page.getByRole("tab", { name: /Recommended/ }).click();
  await expect(page.getByText(/“language model” \+0\.2/).first()).toBeVisible();
  await shoot("catchup-recommended");
  const at30 = await recommendedCount(page);
  await setSensitivity(page, 0.5);
  await expect(page.getByText("50.0%", { exact: true })).toBeVisible();
  await expect.poll(() => recommendedCount(page), { timeout: 30_000 }).toBeLessThan(at30);
  const at50 = await recommendedCount(page);
  expect(at50).toBeGreaterThan(0);
  await expect(page.getByText(/Score (5\d|[6-9]\d|100)%/).first()).toBeVisible();
  await expect(page.getByText(/Score [1-4]\d%/)).toHaveCount(0);

  // Bookmarking from the feed saves to the account.
  await page.getByRole("button", { name: "Bookmark", exact: true }).first().click();
  await expect.poll(async () => ((await (await page.request.get("/api/me/bookmarks")).json()) as { bookmarks: unknown[] }).bookmarks.length).toBe(1);
  await useTheme(page, "light");
  await page.reload();
  await page.getByRole("button", { name: "Load Papers" }).click();
  await page.getByLabel("Show", { exact: true }).selectOption("bookmarked");
  await expect(page.getByText(/^1 paper ·/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Bookmarked", exact: true })).toHaveCount(1);
  await shoot("catchup-recommended");
});

test("the daily digest arrives in the SMTP sink, links into Quire and unsubscribes without signing in", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  // admin@quire.invalid is the demo's admin (ADMIN_EMAILS): the developer pages' digest test.
  const admin = await browser.newContext({ baseURL });
  const adminEmail = "admin@quire.invalid";
  const adminSignIn = await admin.request.post("/api/auth/sign-in/email", { data: { email: adminEmail, password: PASSWORD }, headers: { Origin: baseURL } });
  if (adminSignIn.status() !== 200) await signedInAccount(admin.request, adminEmail);

  const email = uniqueEmail("digest", testInfo.project.name);
  await signedInAccount(page.request, email);
  await page.request.put("/api/me/profile", {
    data: { researchCategories: ["cs.CL"], researchInterests: ["language model"], emailPreferences: { welcome: true, notifications: "daily" } },
    headers: { Origin: baseURL },
  });
  const since = Date.now();
  const run = await admin.request.post("/api/email/send", { data: { type: "catchup", frequency: "daily" }, headers: { Origin: baseURL } });
  expect(run.status()).toBe(200);
  const body = (await run.json()) as { processed: number; success: number; errors: number; message: string };
  expect(body.errors).toBe(0);
  expect(body.success).toBeGreaterThanOrEqual(1);

  const mail = await waitForMail(sandboxUrl, { to: email, subject: /daily .*catch-up/, since, timeoutMs: 60_000 });
  expect(mail.html).toContain("language model");
  await page.goto(mailLink(mail, "/catchup"));
  await expect(page.getByRole("heading", { name: "Paper Catchup" })).toBeVisible();

  const signedOut = await browser.newContext({ baseURL });
  const anonymous = await signedOut.newPage();
  await anonymous.goto(mailLink(mail, "/api/email/unsubscribe"));
  await expect(anonymous.getByRole("heading", { name: "Unsubscribed" })).toBeVisible();
  const after = (await (await page.request.get("/api/me/profile")).json()) as { profile: { emailPreferences: { notifications: string } } };
  expect(after.profile.emailPreferences.notifications).toBe("none");
  await signedOut.close();
  await admin.close();
});

test("settings: research interests with the spec's validation messages", async ({ page, shoot }) => {
  await useTheme(page, "light");
  await page.goto("/settings?section=keywords");
  const card = page.locator("#settings-research-interests");
  await expect(card.getByText("Research Interests")).toBeVisible();
  const keyword = card.getByPlaceholder("e.g. language model");
  const addKeyword = card.getByRole("button", { name: "Add keyword" });
  await expect(addKeyword).toBeDisabled();

  const refused: [string, string][] = [
    ["x", "Term must be at least 2 characters long"],
    ["1234", "Term cannot be purely numeric"],
    ["<script>", "Term can only contain letters, numbers, spaces, and hyphens"],
  ];
  for (const [value, message] of refused) {
    await keyword.fill(value);
    await addKeyword.click();
    await expect(page.getByText("Invalid input", { exact: true })).toBeVisible();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(keyword).toHaveValue(value);
  }
  await keyword.fill("graph neural-network");
  await addKeyword.click();
  await expect(keyword).toHaveValue("");
  await expect(card.getByRole("button", { name: "Remove keyword graph neural-network" })).toBeVisible();
  // A duplicate is silently not added.
  await keyword.fill("Graph neural-network");
  await addKeyword.click();
  await expect(keyword).toHaveValue("");
  await expect(card.getByText("Keywords (1)")).toBeVisible();

  const author = card.getByPlaceholder("e.g. Ada Lovelace");
  await author.fill("A");
  await card.getByRole("button", { name: "Add author name" }).click();
  await expect(page.getByText("Invalid name", { exact: true })).toBeVisible();
  await expect(page.getByText("Please enter your full name as it appears on arXiv papers", { exact: true })).toBeVisible();
  await author.fill("Ada Lovelace");
  await card.getByRole("button", { name: "Add author name" }).click();
  await author.fill("ada lovelace");
  await card.getByRole("button", { name: "Add author name" }).click();
  await expect(page.getByText("Duplicate name", { exact: true })).toBeVisible();
  await expect(page.getByText("This name variant is already in your profile.", { exact: true })).toBeVisible();
  await shoot("settings-research-interests");

  // The feed uses what was just set (on this device, signed out).
  await page.goto("/catchup");
  await expect(page.getByText("graph neural-network", { exact: true })).toBeVisible();

  // The profile page sums it up and links to each settings section.
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByText("graph neural-network", { exact: true })).toBeVisible();
  await expect(page.getByText("Ada Lovelace", { exact: true })).toBeVisible();
  await expect(page.getByText("Coming Soon")).toBeVisible();
  for (const section of ["profile", "categories", "keywords", "exclude"]) {
    await expect(page.locator(`a[href="/settings?section=${section}"]`)).toHaveCount(1);
  }
  await shoot("profile");
});
