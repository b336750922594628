import type { APIRequestContext, Page } from "@playwright/test";
import { mailLink, waitForMail } from "../sandbox/test-support/mail";
import { baseURL } from "../playwright.config";
import { expect, test } from "./fixtures";
import { createConfirmedAccount, PASSWORD, sandboxUrl, uniqueEmail } from "./test-accounts";

/**
 * Accounts end to end: sign-up with the confirmation e-mail read from the sandbox's
 * SMTP sink, sign-in, anonymous data moving into the account, settings across two browsers,
 * export, deletion, and Google/GitHub sign-in through the sandbox's OAuth providers.
 */




async function signInThroughPage(page: Page, email: string): Promise<void> {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/search/);
}

test("sign up, confirm by e-mail, sign in; anonymous data moves into the account and leaves the device", async ({
  page,
  shoot,
}, testInfo) => {
  // A whole account's life in one test, starting with an arXiv search that may queue behind the
  // other worker's (one request every 3 s, 20 s at most): 30 s was too short on a cold CI run.
  test.setTimeout(90_000);
  const email = uniqueEmail("ada", testInfo.project.name);

  // Anonymous: a setting, a search, a paper read.
  await page.goto("/settings");
  const autoTrigger = page.getByRole("switch", { name: "Auto-trigger search" });
  await expect(autoTrigger).not.toBeChecked();
  await autoTrigger.click();
  await expect(autoTrigger).toBeChecked();
  await page.goto(`/search?q=${encodeURIComponent("ti:transformer AND cat:cs.CL")}`);
  await page.locator("[data-paper-row], [data-testid='paper-card']").first().waitFor();
  await page.getByRole("button", { name: /^Read/ }).first().click();
  await expect(page).toHaveURL(/\/paper\//);
  await expect
    .poll(() => page.evaluate(() => ["settings", "search-history", "reading-history"].map((key) => localStorage.getItem(key) !== null)))
    .toEqual([true, true, true]);

  // Sign up: the terms box gates the button.
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  const signUp = page.getByRole("button", { name: "Sign Up", exact: true });
  await expect(signUp).toBeDisabled();
  await page.getByRole("checkbox").check();
  const since = Date.now();
  await signUp.click();
  await expect(page.getByText("Verification email sent! Please check your inbox.")).toBeVisible();
  await shoot("auth-verification-sent");

  // Signing in before confirming says so.
  await page.getByRole("tab", { name: "Sign In" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(
    page.getByText("Email not confirmed. Please check your inbox and click the confirmation link before signing in."),
  ).toBeVisible();

  // The confirmation e-mail, from the SMTP sink.
  const mail = await waitForMail(sandboxUrl, { to: email, subject: /Confirm/, since });
  await page.goto(mailLink(mail, "/api/auth/verify-email"));
  await expect(page.getByText("Email confirmed successfully! You can now sign in.")).toBeVisible();
  await shoot("auth-confirmed");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/search/);
  await waitForMail(sandboxUrl, { to: email, subject: /Welcome/, since });

  // The anonymous data is in the account, and gone from the device.
  await expect
    .poll(async () => ((await (await page.request.get("/api/me/settings")).json()) as { settings: { autoTriggerSearch: boolean } }).settings.autoTriggerSearch)
    .toBe(true);
  await expect
    .poll(async () => ((await (await page.request.get("/api/me/search-history")).json()) as { searches: unknown[] }).searches.length)
    .toBeGreaterThan(0);
  await expect
    .poll(async () => ((await (await page.request.get("/api/me/history")).json()) as { entries: unknown[] }).entries.length)
    .toBe(1);
  await expect
    .poll(() => page.evaluate(() => ["search-history", "reading-history"].map((key) => localStorage.getItem(key))))
    .toEqual([null, null]);

  // A signed-in visitor at /auth goes to /search.
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/search/);

  // Sign-out clears the user's device data and goes to /.
  await page.goto("/settings");
  await expect(page.getByRole("switch", { name: "Auto-trigger search" })).toBeChecked();
  await shoot("settings-signed-in");
  const isPhone = testInfo.project.name.includes("mobile");
  if (isPhone) {
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
  } else {
    await page.getByRole("button", { name: /^Account: / }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
  }
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goto("/settings");
  await expect(page.getByRole("switch", { name: "Auto-trigger search" })).not.toBeChecked();
});

test("settings changed in one browser appear in another after reload", async ({ page, browser, request }, testInfo) => {
  const email = uniqueEmail("grace", testInfo.project.name);
  await createConfirmedAccount(request, email);
  await signInThroughPage(page, email);

  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signInThroughPage(otherPage, email);
  await otherPage.goto("/settings");
  const otherSwitch = otherPage.getByRole("switch", { name: "Record reading history" });
  await expect(otherSwitch).toBeChecked();

  await page.goto("/settings");
  await page.getByRole("switch", { name: "Record reading history" }).click();
  await expect(page.getByRole("switch", { name: "Record reading history" })).not.toBeChecked();
  await expect
    .poll(async () => ((await (await page.request.get("/api/me/settings")).json()) as { settings: { enableReadingHistory: boolean } }).settings.enableReadingHistory)
    .toBe(false);

  await otherPage.reload();
  await expect(otherPage.getByRole("switch", { name: "Record reading history" })).not.toBeChecked();
  await other.close();
});

test("export your data, then delete the account and find nothing left", async ({ page, request, shoot }, testInfo) => {
  const email = uniqueEmail("lin", testInfo.project.name);
  await createConfirmedAccount(request, email);
  await signInThroughPage(page, email);

  await page.goto("/user-data");
  await expect(page.getByRole("heading", { name: "Your Data" })).toBeVisible();
  await shoot("user-data");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export Data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^quire-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"))) as {
    exported_at: string;
    user_id: string;
    data: Record<string, unknown>;
  };
  expect(exported.user_id).toBeTruthy();
  expect(Object.keys(exported.data)).toEqual(expect.arrayContaining(["profile", "bookmarks", "settings"]));

  await page.goto("/delete-account");
  await shoot("delete-account");
  const confirm = page.getByRole("button", { name: "Confirm and Delete Account" });
  await expect(confirm).toBeDisabled();
  await page.getByLabel("Password", { exact: true }).fill("not the password");
  await confirm.click();
  await expect(page.getByText("Error deleting account").first()).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await confirm.click();
  await expect(page).toHaveURL(`${baseURL}/`, { timeout: 15_000 });
  // The confirmation outlives the load of / that signs the deleted account out.
  await expect(page.getByText("Your account has been deleted.", { exact: true })).toBeVisible();
  await shoot("account-deleted-confirmation");

  // The account is gone: its session no longer works and the password no longer signs in.
  expect((await page.request.get("/api/me/settings")).status()).toBe(401);
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Invalid email or password.")).toBeVisible();
});

for (const provider of ["Google", "GitHub"] as const) {
  test(`sign in with ${provider} through the provider and back`, async ({ page, shoot }, testInfo) => {
    const email = uniqueEmail(provider.toLowerCase(), testInfo.project.name);
    await page.goto("/auth");
    const button = page.getByRole("button", { name: `Continue with ${provider}` });
    await expect(button).toBeDisabled();
    await page.getByRole("checkbox").check();
    await button.click();
    await expect(page.getByRole("heading", { name: new RegExp(`Sandbox ${provider}`) })).toBeVisible();
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page).toHaveURL(/\/search/);
    await expect
      .poll(async () => ((await (await page.request.get("/api/auth/get-session")).json()) as { user?: { email: string } } | null)?.user?.email)
      .toBe(email);
    await shoot(`signed-in-with-${provider}`);

    // An account without a password is deleted on confirmation (a fresh sign-in is the re-authentication).
    await page.goto("/delete-account");
    await expect(page.getByText(/there is no password to enter/)).toBeVisible();
    await page.getByRole("button", { name: "Confirm and Delete Account" }).click();
    await expect(page).toHaveURL(`${baseURL}/`, { timeout: 15_000 });
    await expect(page.getByText("Your account has been deleted.", { exact: true })).toBeVisible();
    expect((await page.request.get("/api/me/settings")).status()).toBe(401);
  });
}
