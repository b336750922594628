import { expect, test, useTheme } from "./fixtures";
import { baseURL } from "../playwright.config";
import { sandboxUrl, signedInAccount, uniqueEmail } from "./test-accounts";

/**
 * Bring-your-own LLM end to end: a custom provider pointing at the
 * sandbox's model is added, tested and made the default; a plain-language search shows its
 * parse as chips, and removing one searches again; a bookmark is enhanced and the merge
 * accepted. Without a key the same search falls back to the keyword rules with the warning.
 * Desktop and phone.
 */

const QUERY = "papers by Yann LeCun on world models since 2025";

async function llmRequestCount(request: import("@playwright/test").APIRequestContext, since: number): Promise<number> {
  const answer = await request.get(`${sandboxUrl}/__control/requests?route=llm-chat&since=${since}`);
  return ((await answer.json()) as { requests: unknown[] }).requests.length;
}

test("custom provider, plain-language search with chips, bookmark enhancement", async ({ page, request, shoot }, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  await useTheme(page, project === "mobile" ? "dark" : "light");
  await signedInAccount(page.request, uniqueEmail("llm", project));
  // Each project's provider has a base URL of its own, so their requests can be told apart.
  const providerName = `Sandbox ${project}`;
  const baseUrl = `${sandboxUrl}/llm/e2e-${project}/v1`;

  // Settings: every catalogue provider asks for a key; add the sandbox as a custom provider.
  await page.goto("/settings?section=llm");
  await expect(page.getByRole("heading", { level: 2, name: "LLM & AI Settings" })).toBeVisible();
  const providers = page.getByRole("list", { name: "Providers" });
  await expect(providers.getByRole("listitem", { name: "Google" }).getByText("API Key Required")).toBeVisible();
  await page.getByRole("heading", { level: 2, name: "LLM & AI Settings" }).scrollIntoViewIfNeeded();
  await shoot("llm-settings-top");
  await page.getByRole("button", { name: "Add Custom Provider" }).click();
  await page.getByRole("button", { name: "Add Provider" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Missing information: Please provide provider name and base URL." })).toBeVisible();
  await page.getByLabel("Provider name").fill(providerName);
  await page.getByLabel("Base URL").fill(baseUrl);
  await page.getByLabel("Models").fill("sandbox-parse, sandbox-json-mode");
  await page.getByRole("button", { name: "Add Provider" }).click();
  const row = providers.getByRole("listitem", { name: providerName });
  await expect(row).toBeVisible();

  // Test it: the sandbox answers, the row says Connected.
  await row.getByRole("button", { name: `Test ${providerName}` }).click();
  await expect(row.getByText("Connected")).toBeVisible();

  // Make it the default: Save Settings waits until both provider and model are chosen.
  const save = page.getByRole("button", { name: "Save Settings" });
  await page.getByLabel("Provider", { exact: true }).selectOption({ label: `${providerName} (custom)` });
  await expect(save).toBeDisabled();
  await page.getByLabel("Model", { exact: true }).selectOption("sandbox-parse");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText(`${providerName} · sandbox-parse`).first()).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await shoot("llm-settings");

  // Plain-language search: the switch, the query, the chips.
  const since = Date.now();
  await page.goto("/search");
  await page.getByRole("switch", { name: "Plain-language search" }).click();
  await expect(page).toHaveURL(/llm=true/);
  await page.getByRole("combobox", { name: "Search query" }).fill(QUERY);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const panel = page.getByRole("region", { name: "Understood as" });
  await expect(panel.getByText(`Parsed by ${providerName} · sandbox-parse`)).toBeVisible({ timeout: 20_000 });
  const parts = panel.getByRole("list", { name: "Query parts" });
  await expect(parts.getByRole("listitem")).toHaveText([/Author\s*Yann LeCun/, /Topic\s*world models/, /Years\s*since 2025/]);
  await expect(page.getByText("What Drives Success in Physical Planning with Joint-Embedding Predictive World Models?").first()).toBeVisible({ timeout: 20_000 });
  await shoot("llm-search-chips");
  expect(await llmRequestCount(request, since)).toBeGreaterThanOrEqual(1);

  // Removing a chip searches again without it, from the parse already known (no second model call).
  const callsBefore = await llmRequestCount(request, since);
  await parts.getByRole("button", { name: "Remove years since 2025" }).click();
  await expect(page).toHaveURL(/q=world\+models\+by\+Yann\+LeCun/);
  await expect(parts.getByRole("listitem")).toHaveText([/Author\s*Yann LeCun/, /Topic\s*world models/]);
  await expect(page.getByText("What Drives Success in Physical Planning").first()).toBeVisible({ timeout: 20_000 });
  expect(await llmRequestCount(request, since)).toBe(callsBefore);
  await shoot("llm-search-chip-removed");

  // Enhance a bookmark: an arXiv record whose journal details Crossref and OpenAlex know.
  await page.goto(`/search?q=${encodeURIComponent('ti:"Polymer Quantum Mechanics and its Continuum Limit"')}`);
  await page.getByRole("button", { name: "Bookmark", exact: true }).first().click();
  await expect(page.getByRole("button", { name: "Bookmarked", exact: true })).toHaveCount(1);
  await page.goto("/bookmarks");
  await page.getByRole("button", { name: project === "mobile" ? "Enhance" : "Enhance bibliography" }).first().click();
  const sheet = page.getByRole("dialog", { name: "Enhance Bibliography" });
  await expect(sheet.getByText("Proposed changes")).toBeVisible({ timeout: 30_000 });
  await expect(sheet.getByText(/^Confidence \d+%$/)).toBeVisible();
  await expect(sheet.getByText("Volume", { exact: true })).toBeVisible();
  await shoot("llm-enhance");
  await sheet.getByRole("button", { name: "Accept Changes" }).click();
  await expect(page.getByText("Bibliography updated").first()).toBeVisible();
  await expect(sheet).toBeHidden();
  const stored = (await (await page.request.get("/api/me/bookmarks")).json()) as { bookmarks: { paperId: string; paperData: { volume?: string; journal?: string } }[] };
  expect(stored.bookmarks.find((bookmark) => bookmark.paperId === "0704.0007")?.paperData).toMatchObject({ volume: "76" });

  // The arXiv id scan finds a mistyped id and the default model suggests the paper's real one.
  const title = "What Drives Success in Physical Planning with Joint-Embedding Predictive World Models?";
  const found = (await (await page.request.get(`/api/search?source=arxiv&q=${encodeURIComponent(`ti:"${title}"`)}`)).json()) as { papers: Record<string, unknown>[] };
  const real = found.papers.find((paper) => paper.title === title)!;
  const typo = await page.request.put(`/api/me/bookmarks/${encodeURIComponent(`typo-${project}`)}`, {
    headers: { Origin: baseURL },
    data: { paper: { ...real, id: `typo-${project}`, source: "crossref", arxivId: "0704.00070" } },
  });
  expect(typo.status()).toBe(200);
  await page.goto("/settings");
  await page.getByRole("button", { name: "Scan database" }).click();
  const finding = page.getByRole("listitem").filter({ hasText: "0704.00070" });
  await expect(finding).toBeVisible();
  await finding.getByRole("button", { name: "Suggest a correction" }).click();
  await expect(finding.getByText(/^Suggested: \d{4}\.\d{4,5}$/)).toBeVisible({ timeout: 20_000 });
  await shoot("llm-arxiv-id-suggestion");
});

test("without a key the plain-language search falls back to keyword rules, with the warning", async ({ page, shoot }, testInfo) => {
  await useTheme(page, testInfo.project.name === "mobile" ? "light" : "dark");
  await page.goto(`/search?q=${encodeURIComponent(QUERY)}&llm=true`);
  const panel = page.getByRole("region", { name: "Understood as" });
  await expect(panel.getByText("Parsed by keyword rules")).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByText("LLM parsing unavailable: API key not configured for provider: google. Using basic keyword parsing.")).toBeVisible();
  await expect(panel.getByText("Provider: Google", { exact: true })).toBeVisible();
  await expect(panel.getByRole("list", { name: "Query parts" }).getByRole("listitem")).toHaveText([/Author\s*Yann LeCun/, /Topic\s*world models/, /Years\s*since 2025/]);
  await expect(page.getByText("What Drives Success in Physical Planning").first()).toBeVisible({ timeout: 20_000 });
  await shoot("llm-search-fallback");
  await expect(panel.getByRole("link", { name: "Add an API key in Settings" })).toHaveAttribute("href", "/settings?section=llm");
});

test("an anonymous visitor's key stays on the device, the browser calls the provider itself, and signing in moves the key into the account", async ({ page, request, shoot }, testInfo) => {
  test.setTimeout(120_000);
  await useTheme(page, "light");
  const key = `gsk-e2e-${testInfo.project.name}-${Date.now().toString(36)}`;
  const proxied: string[] = [];
  page.on("request", (sent) => {
    if (new URL(sent.url()).pathname === "/api/llm") proxied.push(sent.url());
  });

  // Groq (a provider that allows browsers; the test server points it at the sandbox) with a key on the device.
  await page.goto("/settings?section=llm");
  await page.getByRole("button", { name: "Add key for Groq" }).click();
  await page.getByLabel("API key for Groq").fill(key);
  await page.getByRole("button", { name: "Save Key" }).click();
  const row = page.getByRole("list", { name: "Providers" }).getByRole("listitem", { name: "Groq" });
  await expect(row.getByText("Connected")).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => localStorage.getItem("api-keys"))).not.toContain(key);
  await page.getByLabel("Provider", { exact: true }).selectOption("groq");
  await page.getByLabel("Model", { exact: true }).selectOption("llama-3.1-8b-instant");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Groq · llama-3.1-8b-instant").first()).toBeVisible();

  const since = Date.now();
  await page.goto(`/search?q=${encodeURIComponent(QUERY)}&llm=true`);
  const panel = page.getByRole("region", { name: "Understood as" });
  await expect(panel.getByText("Parsed by Groq · llama-3.1-8b-instant")).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole("list", { name: "Query parts" }).getByRole("listitem")).toHaveText([/Author\s*Yann LeCun/, /Topic\s*world models/, /Years\s*since 2025/]);
  await shoot("llm-search-direct");
  // The parse went from the browser to the provider with the device's key, not through Quire.
  expect(proxied).toEqual([]);
  const log = await request.get(`${sandboxUrl}/__control/requests?route=llm-chat&since=${since}`);
  const calls = ((await log.json()) as { requests: { path: string; headers: Record<string, string> }[] }).requests.filter((entry) => entry.path.startsWith("/llm/groq/"));
  expect(calls.length).toBeGreaterThanOrEqual(1);
  expect(calls[0]!.headers.authorization).toBe(`Bearer ${key}`);
  expect(calls[0]!.headers.origin).toBe(new URL(page.url()).origin);

  // Signing in moves the key into the account (it had none), and off the device.
  await signedInAccount(page.request, uniqueEmail("llm-device-key", testInfo.project.name));
  await page.goto("/settings?section=llm");
  // The move runs once the app knows who is signed in, and the key leaves the device once the
  // server has it. Until then the row may be the device's, which reads the same.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("api-keys")), { timeout: 20_000 }).toBeNull();
  const accountRow = page.getByRole("list", { name: "Providers" }).getByRole("listitem", { name: "Groq" });
  await expect(accountRow.getByText(`Key saved, ending in ${key.slice(-4)}`)).toBeVisible({ timeout: 20_000 });
  const providers = (await (await page.request.get("/api/llm/providers")).json()) as { providers: { provider: string; hasKey: boolean; keyLast4: string | null }[] };
  expect(providers.providers.find((provider) => provider.provider === "groq")).toMatchObject({ hasKey: true, keyLast4: key.slice(-4) });
});

test("a custom provider that cannot be reached is named as such, and the chips arXiv cannot apply are marked", async ({ page, shoot }, testInfo) => {
  // A sign-up, a failed model call and two searches: more than 30 s on a busy machine.
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  await useTheme(page, project === "mobile" ? "dark" : "light");
  await signedInAccount(page.request, uniqueEmail("llm-down", project));
  // A custom server that needs no key, on a port where nothing listens.
  const added = await page.request.post("/api/llm/custom-providers", {
    headers: { Origin: baseURL },
    data: { name: "Down", baseUrl: "http://127.0.0.1:9/v1", models: ["default"] },
  });
  expect(added.status(), await added.text()).toBe(201);
  const saved = await page.request.put("/api/me/settings", { headers: { Origin: baseURL }, data: { llm: { defaultProvider: "Down", defaultModel: "default" } } });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto(`/search?q=${encodeURIComponent("papers on world models with at least 100 citations, open access")}&llm=true`);
  const panel = page.getByRole("region", { name: "Understood as" });
  await expect(panel.getByText("Parsed by keyword rules")).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByText("Down could not be reached. Check its base URL in Settings > LLM Providers")).toBeVisible();
  await expect(panel.getByText(/API key/)).toHaveCount(0);
  const parts = panel.getByRole("list", { name: "Query parts" });
  await expect(parts.getByRole("listitem")).toHaveText([/Topic\s*world models$/, /Citations\s*≥ 100 citations\s*not applied/, /Access\s*open access\s*not applied/]);
  await expect(panel.getByText("Not applied to this search: ≥ 100 citations (arXiv has no citation counts); open access (every arXiv paper is open access).")).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await shoot("llm-search-provider-down");

  // OpenAlex applies both: the marks go. The radio follows the address (a navigation), so it is
  // checked a moment after the click, not at once as check() demands.
  const openAlex = page.getByRole("radio", { name: "OpenAlex" });
  await openAlex.click();
  await expect(openAlex).toBeChecked();
  await expect(parts.getByRole("listitem")).toHaveText([/Topic\s*world models$/, /Citations\s*≥ 100 citations$/, /Access\s*open access$/]);
  await expect(panel.getByText(/Not applied to this search/)).toHaveCount(0);
});
