import { expect, test, useTheme } from "./fixtures";
import { signedInAccount, uniqueEmail } from "./test-accounts";

/** A setting saved where it is changed says so: the citation key format and its custom pattern. Desktop and phone. */
test("choosing a citation key format, or typing a pattern, confirms the save", async ({ page, shoot }, testInfo) => {
  // A sign-up through the mail sink, then settings and two saves: more than 30 s on a busy machine.
  test.setTimeout(90_000);
  await useTheme(page, testInfo.project.name === "mobile" ? "light" : "dark");
  await signedInAccount(page.request, uniqueEmail("cite-key-saved", testInfo.project.name));
  await page.goto("/settings");
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole("heading", { name: "Citation Key Format" }) });
  await card.scrollIntoViewIfNeeded();
  await card.getByRole("radio", { name: "Title + year" }).check();
  await expect(page.getByText("Citation key format saved", { exact: true })).toBeVisible();
  await shoot("settings-cite-key-saved");
  const stored = (await (await page.request.get("/api/me/settings")).json()) as { settings: { citeKeyFormat: string } };
  expect(stored.settings.citeKeyFormat).toBe("title_year");

  await card.getByRole("radio", { name: "Custom" }).check();
  await card.getByLabel("Custom pattern").fill("{first_author}{year}");
  await expect(card.getByText("Pattern saved.", { exact: true })).toBeVisible();
  await shoot("settings-cite-key-pattern-saved");
});
