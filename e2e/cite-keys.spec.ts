import type { Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { parseBibtexText } from "../src/shared/library/citation-js";
import { citeKeysFor, type CiteKeySettings } from "../src/shared/library/cite-key";
import { findMathSpans } from "../src/shared/library/latex-math";
import type { Paper } from "../src/shared/paper";
import { bookmarkTwoFromSearch, downloadExport, expect, test } from "./fixtures";
import { signedInAccount, uniqueEmail } from "./test-accounts";

/**
 * The Citation Key Format chosen in Settings is the key every export writes: BibTeX labels,
 * CSL-JSON `citation-key` and RIS `ID`, for a visitor (device setting) and a signed-in user
 * (account setting), after a reload of /bookmarks too. Files are read back with citation-js;
 * the BibTeX keeps an abstract's TeX math as math, and RIS types preprints UNPB.
 */

const download = async (page: Page, format: "BibTeX" | "CSL-JSON" | "RIS"): Promise<string> => (await downloadExport(page, format)).text;

/** The keys of each export format, as a parser reads them. */
async function exportedKeys(page: Page): Promise<{ bibtex: string[]; csl: string[]; ris: string[] }> {
  const bibtex = parseBibtexText(await download(page, "BibTeX")).map((entry) => entry.label);
  const csl = (JSON.parse(await download(page, "CSL-JSON")) as { id: string; "citation-key": string }[]).map((item) => {
    expect(item.id).toBe(item["citation-key"]);
    return item["citation-key"];
  });
  const ris = [...(await download(page, "RIS")).matchAll(/^ID {2}- (.+?)\r?$/gm)].map((match) => match[1]!);
  return { bibtex, csl, ris };
}

async function chooseFormat(page: Page, label: string, preview: string, pattern?: string): Promise<void> {
  await page.goto("/settings");
  const card = page.locator("section#zotero");
  await card.getByRole("radio", { name: label, exact: true }).check();
  if (pattern !== undefined) await card.getByLabel("Custom pattern").fill(pattern);
  await expect(card.getByLabel("Citation key preview")).toHaveText(preview);
}

/** The keys the file must hold: the rule under the chosen setting, in the export's order (newest bookmark first). */
function expectKeys(keys: { bibtex: string[]; csl: string[]; ris: string[] }, papers: readonly Paper[], settings: CiteKeySettings): void {
  const wanted = citeKeysFor(papers, settings);
  expect(new Set(wanted).size).toBe(wanted.length);
  expect(keys.bibtex).toEqual(wanted);
  expect(keys.csl).toEqual(wanted);
  expect(keys.ris).toEqual(wanted);
}

test("a visitor's key format is what the exports write, after a reload too", async ({ page }) => {
  test.setTimeout(180_000);
  const saved = await bookmarkTwoFromSearch(page, "transformer");
  // The list (and the export) runs newest first.
  const papers = saved.sort((a, b) => b.dateAdded.localeCompare(a.dateAdded)).map((bookmark) => bookmark.paperData);

  await chooseFormat(page, "Author + year", "Vaswani2017");
  await page.goto("/bookmarks");
  await page.reload();
  await expect(page.getByText("2 bookmarks")).toBeVisible();
  const byAuthor = await exportedKeys(page);
  expectKeys(byAuthor, papers, { citeKeyFormat: "first_author_year" });
  for (const key of byAuthor.bibtex) expect(key).toMatch(/^[A-Za-z]+\d{4}[a-z]?$/);

  await chooseFormat(page, "Custom", "Vaswani_2017_cs_CL", "{first_author}_{year}_{category}");
  await page.reload();
  await expect(page.locator("section#zotero").getByLabel("Custom pattern")).toHaveValue("{first_author}_{year}_{category}");
  await page.goto("/bookmarks");
  expectKeys(await exportedKeys(page), papers, { citeKeyFormat: "custom", customCiteKeyPattern: "{first_author}_{year}_{category}" });
});

test("a signed-in user's key format is what the exports write, for every source, after a reload", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signedInAccount(page.request, uniqueEmail("cite-keys", testInfo.project.name));
  const search = async (source: string, q: string) => {
    const answer = await page.request.get(`/api/search?source=${source}&q=${encodeURIComponent(q)}&size=20`);
    expect(answer.status(), await answer.text()).toBe(200);
    return ((await answer.json()) as { papers: Paper[] }).papers;
  };
  const arxiv = (await search("arxiv", "transformer")).slice(0, 2);
  // An arXiv abstract with TeX math in it.
  const mathIn = (paper: Paper) => {
    const abstract = paper.abstract.replace(/\s+/g, " ").trim();
    return findMathSpans(abstract).map(([start, end]) => abstract.slice(start, end));
  };
  const withMath = (await search("arxiv", "cat:hep-ph")).find((paper) => mathIn(paper).some((span) => /\\[A-Za-z]/.test(span)));
  const crossref = (await search("crossref", "deep learning")).find((paper) => paper.authors.length > 0 && paper.publishedDate);
  expect(arxiv).toHaveLength(2);
  expect(withMath, "an arXiv abstract with math").toBeTruthy();
  expect(crossref, "a Crossref record with an author and a date").toBeTruthy();
  const papers = [...arxiv, withMath!, crossref!];
  // Bookmarked a minute apart, oldest first: the export lists the newest first.
  for (const [index, paper] of papers.entries()) {
    const put = await page.request.put(`/api/me/bookmarks/${encodeURIComponent(paper.id)}`, {
      data: { paper, bookmarkedAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString() },
      headers: { Origin: baseURL },
    });
    expect(put.status(), await put.text()).toBe(200);
  }
  const newestFirst = [...papers].reverse();

  await chooseFormat(page, "Title + year", "AttentionAllYou2017");
  await expect
    .poll(async () => ((await (await page.request.get("/api/me/settings")).json()) as { settings: { citeKeyFormat: string } }).settings.citeKeyFormat)
    .toBe("title_year");
  await page.goto("/bookmarks");
  await page.reload();
  await expect(page.getByText("4 bookmarks")).toBeVisible();
  expectKeys(await exportedKeys(page), newestFirst, { citeKeyFormat: "title_year" });

  // What the files hold besides keys: math stays math in BibTeX, no publisher where biblatex
  // has none; RIS preprints are UNPB with zero-padded dates.
  const bibtex = parseBibtexText(await download(page, "BibTeX"));
  const mathEntry = bibtex.find((entry) => entry.properties.eprint === withMath!.id.replace(/v\d+$/, ""));
  for (const span of mathIn(withMath!)) expect(String(mathEntry?.properties.abstract)).toContain(span);
  expect(String(mathEntry?.properties.abstract)).not.toContain("textbackslash");
  for (const entry of bibtex) {
    if (entry.type === "article" || entry.type === "misc") expect(entry.properties, entry.label).not.toHaveProperty("publisher");
  }
  const ris = (await download(page, "RIS")).split("\r\n\r\n");
  expect(ris).toHaveLength(4);
  for (const record of ris) {
    for (const [line] of record.matchAll(/^DA {2}- .*$/gm)) expect(line).toMatch(/^DA {2}- \d{4}\/(\d{2})?\/(\d{2})?\/\r?$/);
    if (/^C7 {2}- arXiv:/m.test(record) && !/^T2 {2}- /m.test(record)) expect(record).toMatch(/^TY {2}- UNPB\r$/m);
  }
  expect(ris.filter((record) => /^TY {2}- UNPB\r$/m.test(record)).length).toBeGreaterThan(0);

  await chooseFormat(page, "Author + year", "Vaswani2017");
  await expect
    .poll(async () => ((await (await page.request.get("/api/me/settings")).json()) as { settings: { citeKeyFormat: string } }).settings.citeKeyFormat)
    .toBe("first_author_year");
  await page.goto("/bookmarks");
  await page.reload();
  const byAuthor = await exportedKeys(page);
  expectKeys(byAuthor, newestFirst, { citeKeyFormat: "first_author_year" });
  // One style for every source: the Crossref record too.
  for (const key of byAuthor.bibtex) expect(key).toMatch(/^[A-Za-z]+\d{4}[a-z]?$/);
});
