import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, queueFaults, useTheme } from "./fixtures";
import { mailLink, waitForMail } from "../sandbox/test-support/mail";
import { baseURL } from "../playwright.config";

/**
 * The paper reader's page: paper pages from search, Back, the view toggles, the
 * Bookmark toggle, Notes (device and account), References and Citations from the sandbox's
 * OpenAlex graph, the HTML view and the error states. arXiv lookups are rate-limited to one
 * every 3 s and cached by the server, so the tests share a few papers.
 */

const SANDBOX = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 4110}`;
/** In the corpus, with an HTML rendition, 12 references in the OpenAlex graph. */
const PAPER = "2605.07811";
const PAPER_TITLE = /A Comparative Analysis of Classical Machine Learning and Deep Learning/;
/** Cited by 33 works in the sandbox graph (citations page through several fetches). */
const CITED_PAPER = "0704.0213";
/** Recent, but without an HTML rendition. */
const NO_HTML_PAPER = "2606.05158";
/** In the OpenAlex graph with no references. */
const NO_REFERENCES_PAPER = "0704.0034";
const LOAD_TIMEOUT = 45_000;

test.describe.configure({ timeout: 120_000 });

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

async function openPaper(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(heading(page)).toBeVisible({ timeout: LOAD_TIMEOUT });
}

test("a paper opens from search, and Back returns to the search", async ({ page, shoot }) => {
  const query = "ti:sentiment AND ti:IMDb";
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  const first = page.locator("[data-paper-row], [data-testid='paper-card']").first();
  await expect(first).toBeVisible({ timeout: LOAD_TIMEOUT });
  const searchUrl = page.url();
  await first.getByRole("button", { name: /^Read/ }).click();
  await expect(page).toHaveURL(/\/paper\//);
  await expect(heading(page)).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByRole("link", { name: "Abstract" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("region", { name: "Paper details" }).getByText("Published")).toBeVisible();
  await shoot("reader-from-search");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(searchUrl);
  await expect(first).toBeVisible({ timeout: LOAD_TIMEOUT });
});

test("the toggles switch between Abstract, PDF and HTML; /abstract and /reader/{id} redirect to /abs", async ({ page, shoot }) => {
  await page.goto(`/reader/${PAPER}`);
  await expect(page).toHaveURL(new RegExp(`/abs/${PAPER}$`));
  await page.goto(`/abstract/${PAPER}`);
  await expect(page).toHaveURL(new RegExp(`/abs/${PAPER}$`));
  await expect(heading(page)).toHaveText(PAPER_TITLE, { timeout: LOAD_TIMEOUT });
  await expect(page.getByRole("region", { name: "Abstract view" }).getByText(/comparative study of classical machine learning/)).toBeVisible();
  await expect(page.getByRole("link", { name: /View on arXiv/ })).toHaveAttribute("href", `https://arxiv.org/abs/${PAPER}v1`);
  await shoot("reader-abstract");

  await page.getByRole("link", { name: "PDF", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/pdf/${PAPER}$`));
  await expect(page.getByRole("link", { name: "PDF", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("region", { name: "PDF view", exact: true })).toBeVisible();

  await page.getByRole("link", { name: "HTML", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/html/${PAPER}$`));
  const article = page.getByRole("article", { name: "Full text" });
  await expect(article.getByRole("heading", { name: /Introduction/ })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(article.locator("math").first()).toBeAttached();
  // What the sanitiser removed: scripts, handlers, javascript: links, the foreign tracker image.
  await expect(article.locator("script, [onclick], [onload], a[href^='javascript:'], img[src*='tracker']")).toHaveCount(0);
  await expect(article.locator("a", { hasText: "the appendix" })).not.toHaveAttribute("href");
  await shoot("reader-html");

  // Each view was recorded in the reading history, and the paper is the last viewed.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("reading-history") ?? "[]").map((entry: { paperId: string; viewType: string }) => `${entry.paperId} ${entry.viewType}`).sort()))
    .toEqual([`${PAPER} abs`, `${PAPER} html`, `${PAPER} pdf`]);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("settings") ?? "{}").lastViewedPaper)).toBe(PAPER);

  // A reference to another arXiv paper opens in Quire.
  const reference = article.locator(".ltx_bibliography a[href^='/abs/']").first();
  const target = await reference.getAttribute("href");
  await reference.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(heading(page)).toBeVisible({ timeout: LOAD_TIMEOUT });
});

test("the HTML view without a rendition offers the PDF and arXiv", async ({ page, shoot }) => {
  await openPaper(page, `/html/${NO_HTML_PAPER}`);
  await expect(page.getByRole("heading", { name: "HTML version not available" })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", `/api/pdf-proxy?paperId=${NO_HTML_PAPER}`);
  await expect(page.getByRole("link", { name: "Open on arXiv" })).toHaveAttribute("href", new RegExp(`arxiv.org/abs/${NO_HTML_PAPER}`));
  await shoot("reader-html-missing");
});

test("reading history is not recorded when it is turned off", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("settings", JSON.stringify({ enableReadingHistory: false })));
  await openPaper(page, `/abs/${PAPER}`);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => localStorage.getItem("reading-history"))).toBeNull();
});

test("Bookmark from the reader, kept after a reload", async ({ page }) => {
  await openPaper(page, `/abs/${PAPER}`);
  const toggle = page.getByRole("button", { name: /^Bookmark/ });
  await expect(toggle).toHaveText("Bookmark");
  await toggle.click();
  await expect(toggle).toHaveText("Bookmarked");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("button", { name: "Bookmarked" })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await page.getByRole("button", { name: "Bookmarked" }).click();
  await expect(page.getByRole("button", { name: "Bookmark", exact: true })).toBeVisible();
});

async function writeNote(page: Page, text: string): Promise<void> {
  const notes = page.getByRole("textbox", { name: "Notes (markdown)" });
  await expect(notes).toBeEnabled();
  await notes.fill(text);
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
}

test("a note is saved as you type and is there after a reload", async ({ page, shoot }) => {
  const marker = `m${Date.now().toString(36)}`;
  await openPaper(page, `/abs/${PAPER}`);
  await writeNote(page, `**Key idea** ${marker}\n\n- SVM beats BiLSTM`);
  await page.reload();
  await expect(heading(page)).toBeVisible({ timeout: LOAD_TIMEOUT });
  const preview = page.getByTestId("notes-preview");
  await expect(preview.locator("strong")).toHaveText("Key idea");
  await expect(preview).toContainText(marker);
  await expect(preview.getByRole("listitem")).toHaveText("SVM beats BiLSTM");
  await preview.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
  await shoot("reader-notes");
  // Blank text removes the note.
  await page.getByRole("button", { name: "write" }).click();
  await writeNote(page, "");
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Notes (markdown)" })).toHaveValue("");
});

async function signUp(request: APIRequestContext, page: Page, label: string): Promise<void> {
  const email = `${label}-${test.info().project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@quire.invalid`;
  const password = "correct horse battery";
  const since = Date.now();
  const created = await request.post("/api/auth/sign-up/email", { data: { email, password, name: label }, headers: { Origin: baseURL } });
  expect(created.status()).toBe(200);
  const mail = await waitForMail(SANDBOX, { to: email, subject: /Confirm/, since });
  const confirm = await request.get(mailLink(mail, "/api/auth/verify-email"), { maxRedirects: 0 });
  expect(confirm.status()).toBe(302);
  const signedIn = await page.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { Origin: baseURL } });
  expect(signedIn.status()).toBe(200);
}

test("a signed-in user's note is kept in the account", async ({ page, request }) => {
  await signUp(request, page, "notes");
  const marker = `acct${Date.now().toString(36)}`;
  await openPaper(page, `/abs/${PAPER}`);
  await writeNote(page, `Account note ${marker}`);
  const stored = await page.request.get(`/api/me/notes/${PAPER}`);
  expect(stored.status()).toBe(200);
  expect((await stored.json()).note.content).toBe(`Account note ${marker}`);
  // Not on the device.
  expect(await page.evaluate(() => localStorage.getItem("paper-notes") ?? "")).not.toContain(marker);
  await page.reload();
  await expect(page.getByTestId("notes-preview")).toContainText(marker, { timeout: LOAD_TIMEOUT });
});

test("References and Citations load on demand and page", async ({ page, shoot }) => {
  await openPaper(page, `/abs/${PAPER}`);
  const references = page.getByRole("list", { name: "References" });
  await page.getByRole("button", { name: "Load References" }).click();
  await expect(references.getByRole("listitem")).toHaveCount(10, { timeout: LOAD_TIMEOUT });
  await expect(page.getByText("12 total")).toBeVisible();
  await page.getByRole("button", { name: "Next references page" }).click();
  await expect(references.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await references.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
  await shoot("reader-references");

  await openPaper(page, `/abs/${CITED_PAPER}`);
  await page.getByRole("button", { name: "Load Citations" }).click();
  const citations = page.getByRole("list", { name: "Citations" });
  await expect(citations.getByRole("listitem")).toHaveCount(10, { timeout: LOAD_TIMEOUT });
  await expect(page.getByText("33 total")).toBeVisible();
  // Page 3 is past the first fetch of 20: the card fetches the next ones.
  await page.getByRole("button", { name: "Next citations page" }).click();
  await page.getByRole("button", { name: "Next citations page" }).click();
  await expect(page.getByText("Page 3 of 4")).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(citations.getByRole("listitem")).toHaveCount(10);
  // An entry with an arXiv id or a DOI opens in Quire.
  const entry = citations.getByRole("link").first();
  await entry.click();
  await expect(page).toHaveURL(/\/(abs|paper)\//);
  await expect(heading(page)).toBeVisible({ timeout: LOAD_TIMEOUT });
});

test("a paper without references shows the empty state with Try Again", async ({ page }) => {
  await openPaper(page, `/abs/${NO_REFERENCES_PAPER}`);
  await page.getByRole("button", { name: "Load References" }).click();
  await expect(page.getByText("No references found.")).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
});

test("side cards whose code cannot be fetched leave the paper readable, and Reload brings them", async ({ page }) => {
  // As when the network drops before the side cards' chunk has arrived.
  await page.route("**/assets/reader-side-cards-*.js", (route) => route.abort("internetdisconnected"));
  await openPaper(page, `/abs/${PAPER}`);
  const notice = page.getByText("The paper's information, notes, references and citations could not be loaded. Check your connection, then reload.");
  await expect(notice).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(heading(page)).toBeVisible();
  await page.unroute("**/assets/reader-side-cards-*.js");
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("button", { name: "Load References" })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(notice).toHaveCount(0);
});

test.describe("error states", () => {
  for (const [label, path] of [
    ["an unknown id", "/abs/2401.99999"],
    ["a URL for an id", `/paper/${encodeURIComponent("https://evil.example/2401.12345")}`],
    ["a ../ path", `/paper/${encodeURIComponent("../../etc/passwd")}`],
    ["a NUL byte", "/abs/2401.1234%00"],
    ["an over-long id", `/abs/${"9".repeat(400)}`],
  ] as const) {
    test(`${label} says the paper was not found`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("alert")).toContainText("Paper not found. The paper ID may be invalid or the paper may not exist.", { timeout: LOAD_TIMEOUT });
      await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
    });
  }

  test("an upstream failure says loading failed, and Retry recovers [faults]", async ({ page, request, shoot }) => {
    // An old paper no other test opens (catch-up and library tests open recent ones), one per
    // project: the server caches a paper once it has loaded, and a cached paper never fails.
    const number = test.info().project.name === "mobile" ? "9411003" : "9411002";
    const id = `acc-phys/${number}`;
    const removeFault = await queueFaults(request, SANDBOX, { route: "arxiv-api", status: 404, match: number });
    try {
      await page.goto(`/abs/${id}`);
      await expect(page.getByRole("alert")).toContainText("Failed to load paper. Please check the paper ID and try again.", { timeout: LOAD_TIMEOUT });
      await shoot("reader-error");
    } finally {
      await removeFault();
    }
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(heading(page)).toBeVisible({ timeout: LOAD_TIMEOUT });
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`screens: ${theme} mode`, async ({ page, shoot }) => {
    await useTheme(page, theme);
    await openPaper(page, `/abs/${PAPER}`);
    await shoot("reader-abstract");
    await page.getByRole("link", { name: "HTML", exact: true }).click();
    const article = page.getByRole("article", { name: "Full text" });
    await expect(article).toBeVisible({ timeout: LOAD_TIMEOUT });
    await shoot("reader-html");
    await article.getByRole("heading", { name: /Method/ }).evaluate((element) => element.scrollIntoView({ block: "start", behavior: "instant" }));
    await shoot("reader-html-body");
    await page.getByRole("link", { name: "Abstract", exact: true }).click();
    await page.getByRole("button", { name: "Load References" }).click();
    const references = page.getByRole("list", { name: "References" });
    await expect(references.getByRole("listitem").first()).toBeVisible({ timeout: LOAD_TIMEOUT });
    await page.getByRole("complementary", { name: "About this paper" }).evaluate((element) => element.scrollIntoView({ block: "start", behavior: "instant" }));
    await shoot("reader-side-cards");
  });
}
