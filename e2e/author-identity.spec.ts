import type { APIRequestContext, Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { expect, test, useTheme } from "./fixtures";
import { sandboxUrl, signedInAccount, uniqueEmail } from "./test-accounts";

/**
 * Authors by identity end to end: a user adds "Yang Liu" (several people in the sandbox's
 * OpenAlex), sees the candidates, chooses one, and the catch-up feed's author reason follows
 * that person: a namesake's paper loses it. The demo's clock starts on 4 June 2026.
 */

const NAME = "Yang Liu";
type FeedEntry = { paper: { id: string; title: string; authors: string[] } };

/** This month's cs.CL papers signed NAME, from Quire's own feed API. */
async function papersSigned(request: APIRequestContext): Promise<FeedEntry["paper"][]> {
  const papers: FeedEntry["paper"][] = [];
  for (let page = 0; ; page++) {
    const response = await request.post("/api/catchup/feed", {
      data: { profile: { categories: ["cs.CL"], authors: [], keywords: [], excludeTerms: [] }, range: "monthly", author: NAME, page },
      headers: { Origin: baseURL },
    });
    const body = (await response.json()) as { papers: FeedEntry[]; total: number; pageSize: number };
    papers.push(...body.papers.map((entry) => entry.paper).filter((paper) => paper.authors.includes(NAME)));
    if ((page + 1) * body.pageSize >= body.total) return papers;
  }
}

/** Who of that name wrote each paper, by the sandbox's OpenAlex record of it. */
async function writersOf(request: APIRequestContext, papers: FeedEntry["paper"][]): Promise<Map<string, FeedEntry["paper"][]>> {
  const writers = new Map<string, FeedEntry["paper"][]>();
  for (const paper of papers) {
    const work = (await (await request.get(`${sandboxUrl}/openalex/works/doi:10.48550/arxiv.${paper.id}`)).json()) as { authorships: { author: { id: string; display_name: string } }[] };
    for (const { author } of work.authorships.filter((authorship) => authorship.author.display_name === NAME)) {
      const id = author.id.replace("https://openalex.org/", "");
      writers.set(id, [...(writers.get(id) ?? []), paper]);
    }
  }
  return writers;
}

async function loadMonth(page: Page): Promise<void> {
  await page.goto("/catchup");
  await page.getByRole("button", { name: "Load Papers" }).click();
  await page.getByLabel("Select time range").selectOption("monthly");
  await page.getByPlaceholder("Search by author name").fill(NAME);
  await expect(page.getByText(/paper.* · Last 30 Days/)).toBeVisible({ timeout: 45_000 });
}

const card = (page: Page, title: string) => page.locator("article, [data-paper-row]").filter({ hasText: title });

for (const theme of ["light", "dark"] as const) {
  test(`choosing between two authors of one name makes the feed follow the chosen one (${theme})`, async ({ page, shoot }, testInfo) => {
    test.setTimeout(150_000);
    await useTheme(page, theme);
    await signedInAccount(page.request, uniqueEmail(`author-id-${theme}`, testInfo.project.name));
    const saved = await page.request.put("/api/me/profile", { data: { researchCategories: ["cs.CL"] }, headers: { Origin: baseURL } });
    expect(saved.status()).toBe(200);

    const signed = await papersSigned(page.request);
    const writers = [...(await writersOf(page.request, signed))].sort((a, b) => b[1].length - a[1].length);
    expect(writers.length).toBeGreaterThan(1);
    // The one to choose is among the people the chooser lists (the first ten OpenAlex finds).
    const listed = (await (await page.request.get(`/api/authors/candidates?name=${encodeURIComponent(NAME)}`)).json()) as { candidates: { openalexId: string }[] };
    const [chosenId, chosenPapers] = writers.find(([id]) => listed.candidates.some((candidate) => candidate.openalexId === id))!;
    const namesake = writers.find(([id, papers]) => id !== chosenId && papers.every((paper) => !chosenPapers.includes(paper)))![1][0]!;
    const mine = chosenPapers[0]!;

    // Adding the name opens the people of that name at once.
    await page.goto("/settings?section=keywords");
    await page.getByLabel("Author names").fill(NAME);
    await page.getByRole("button", { name: "Add author name" }).click();
    const people = page.getByRole("list", { name: `People named ${NAME}` });
    await expect(people).toBeVisible({ timeout: 30_000 });
    expect(await people.getByRole("listitem").filter({ hasText: "Topics:" }).count()).toBeGreaterThan(2);
    await expect(people.getByRole("listitem").filter({ hasText: `OpenAlex ${chosenId}` }).getByRole("list", { name: "Recent works" })).toBeVisible();
    await people.getByRole("listitem").filter({ hasText: `OpenAlex ${chosenId}` }).scrollIntoViewIfNeeded();
    await shoot("author-candidates");

    // The name alone: both people's papers get the author reason.
    await page.getByRole("button", { name: "Keep the name only" }).click();
    await expect(page.getByText("name only")).toBeVisible();
    await loadMonth(page);
    await expect(card(page, mine.title)).toContainText(`${NAME} +0.3`);
    await expect(card(page, namesake.title)).toContainText(`${NAME} +0.3`);

    // Choose the one: the feed follows them, and the namesake's paper loses the reason.
    await page.goto("/settings?section=keywords");
    await page.getByRole("button", { name: `Choose who ${NAME} is` }).click();
    await page.getByRole("button", { name: `Choose ${NAME} (${chosenId})` }).click();
    await expect(page.getByText(`OpenAlex ${chosenId}`, { exact: false }).first()).toBeVisible();
    await expect.poll(async () => ((await (await page.request.get("/api/me/profile")).json()) as { profile: { authorIdentities: { openalexId: string }[] } }).profile.authorIdentities.map((identity) => identity.openalexId)).toEqual([chosenId]);
    await page.getByRole("list", { name: "Who each author name is" }).scrollIntoViewIfNeeded();
    await shoot("author-chosen");

    await loadMonth(page);
    await expect(page.getByText(`${NAME} (OpenAlex ${chosenId})`)).toBeVisible();
    await expect(card(page, mine.title)).toContainText(`${NAME} +0.3`);
    await expect(card(page, namesake.title)).toBeVisible();
    await expect(card(page, namesake.title)).not.toContainText(`${NAME} +0.3`);
    await card(page, mine.title).scrollIntoViewIfNeeded();
    await shoot("author-feed-follows");
  });
}

test("Import my publications takes an ORCID iD and saves the author's works in one step", async ({ page, shoot }, testInfo) => {
  test.setTimeout(90_000);
  await useTheme(page, testInfo.project.name === "mobile" ? "dark" : "light");
  await signedInAccount(page.request, uniqueEmail("author-import", testInfo.project.name));
  const listed = await page.request.get(`${sandboxUrl}/openalex/authors?filter=has_orcid:true,works_count:3-8&per_page=1`);
  const [author] = ((await listed.json()) as { results: { orcid: string; display_name: string; works_count: number }[] }).results;

  await page.goto("/profile");
  await page.getByLabel("Your ORCID iD or OpenAlex author id").fill(author!.orcid);
  await page.getByRole("button", { name: "Import my publications" }).click();
  await expect(page.getByText(`Publications of ${author!.display_name}`, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Added ${author!.works_count} new papers.`, { exact: true })).toBeVisible();
  const saved = (await (await page.request.get("/api/me/authored-papers")).json()) as { papers: { verificationMethod: string; paper: { title: string } }[] };
  expect(saved.papers).toHaveLength(author!.works_count);
  expect(saved.papers.every((entry) => entry.verificationMethod === "orcid_verification")).toBe(true);
  await expect(page.getByText(saved.papers[0]!.paper.title).first()).toBeVisible();
  await shoot("author-import");
});
