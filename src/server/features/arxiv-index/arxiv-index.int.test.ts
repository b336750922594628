import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCorpus } from "../../../../sandbox/corpus";
import { startSandbox } from "../../../../sandbox/server";
import { setArxivOai } from "../../../../sandbox/test-support/arxiv-oai";
import type { ArxivIndexStatus } from "@/shared/arxiv-index";
import { categoryGroup } from "@/shared/arxiv-query/arxiv-sets";
import { splitWords } from "@/shared/arxiv-query/text-analysis";
import type { SuggestionsResponse } from "@/shared/suggestions";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser, createUserWithRole } from "@/test/test-users";
import { testDatabaseKind } from "@/test/test-database";

/** The catch-up clock: the month before holds arXiv's OAI-PMH test papers (April 2007, mostly physics). */
const CLOCK_START = "2007-05-01T06:00:00Z";
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let server: TestServer;
let admin: { cookie: string };

/** The corpus's papers in arXiv's physics set (hep-th, cond-mat.*, astro-ph.*, ...). */
const physicsPapers = () => getCorpus().papers.filter((paper) => paper.categories.some((category) => categoryGroup(category) === "physics"));

async function arxivApiRequests(): Promise<number> {
  const response = await fetch(`${sandbox.url}/__control/requests?route=arxiv-api`);
  return ((await response.json()) as { requests: unknown[] }).requests.length;
}

async function status(): Promise<ArxivIndexStatus> {
  const response = await fetch(`${server.url}/api/admin/arxiv-index`, { headers: { Cookie: admin.cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as ArxivIndexStatus;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  await setArxivOai(sandbox.url, { recordsPerPage: 2000 });
  server = await startTestServer({ sandboxUrl: sandbox.url, arxivHarvest: true, env: { ARXIV_HARVEST: "physics", CLOCK_START } });
  admin = await createUserWithRole(server, "admin");
  // The harvest starts with the server, at arXiv's pace (one request every 3 s).
  const deadline = Date.now() + 180_000;
  for (;;) {
    const shown = await status();
    // Done, and its index tidied after the run (its pending entries merged, statistics gathered).
    if (shown.harvests[0]?.initialDoneAt && !shown.harvests[0].running) break;
    if (Date.now() > deadline) throw new Error(`the harvest did not finish: ${JSON.stringify(shown)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 240_000);
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

describe(`Quire's own arXiv index in the server (${testDatabaseKind})`, () => {
  it("harvests the configured set at start and shows its progress to admins only", async () => {
    const shown = await status();
    expect(shown).toMatchObject({ mode: "sets", scopes: ["physics"], covers: { all: false, sets: ["physics"] } });
    // Every physics paper, and those arXiv files under physics by an alias (math.MP is math-ph).
    expect(shown.papers).toBeGreaterThanOrEqual(physicsPapers().length);
    expect(shown.papers).toBeLessThan(physicsPapers().length * 1.01);
    expect(shown.harvests[0]).toMatchObject({ scope: "physics", running: false, lastError: null, run: null, records: shown.papers });
    expect(shown.harvests[0]!.lastDatestamp).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const user = await createSignedInUser(server);
    expect((await fetch(`${server.url}/api/admin/arxiv-index`, { headers: { Cookie: user.cookie } })).status).toBe(403);
    expect((await fetch(`${server.url}/api/admin/arxiv-index`)).status).toBe(401);
  });

  it("answers a search kept to the harvested set from the index, without asking arXiv", async () => {
    const before = await arxivApiRequests();
    const response = await fetch(`${server.url}/api/search?source=arxiv&q=${encodeURIComponent("cat:hep-th AND abs:the")}&sort=submittedDate-descending&size=20`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-search-source")).toBe("index");
    const body = (await response.json()) as { papers: { id: string; categories: string[]; url: string }[]; total: number };
    expect(body.papers.length).toBeGreaterThan(0);
    expect(body.papers.every((paper) => paper.categories.includes("hep-th"))).toBe(true);
    expect(body.papers[0]!.url).toMatch(/^https:\/\/arxiv\.org\/abs\/.+v\d+$/);
    expect(await arxivApiRequests()).toBe(before);
  });

  it("sends a search the index does not cover to arXiv's API, and says so", async () => {
    const before = await arxivApiRequests();
    const response = await fetch(`${server.url}/api/search?source=arxiv&q=${encodeURIComponent("ti:learning")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-search-source")).toBe("arxiv");
    expect(await arxivApiRequests()).toBe(before + 1);
  });

  it("opens a harvested paper from the index, and the raw proxy still asks arXiv", async () => {
    const paper = physicsPapers()[0]!;
    const before = await arxivApiRequests();
    const response = await fetch(`${server.url}/api/papers/lookup?id=${encodeURIComponent(paper.id)}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { paper: { title: string } }).paper.title).toBe(paper.title);
    expect(await arxivApiRequests()).toBe(before);
    const raw = await fetch(`${server.url}/api/arxiv?search_query=${encodeURIComponent("cat:hep-th")}&max_results=1`);
    expect(raw.headers.get("content-type")).toContain("atom");
    expect(await arxivApiRequests()).toBe(before + 1);
  });

  it("suggests papers by title, author, arXiv id and DOI while a person types", async () => {
    const suggest = async (q: string) => ((await (await fetch(`${server.url}/api/suggest?q=${encodeURIComponent(q)}`)).json()) as SuggestionsResponse).suggestions;
    const paper = physicsPapers().find((candidate) => candidate.title.split(" ").length >= 4)!;
    const typed = paper.title.slice(0, Math.min(paper.title.length, 24));
    expect((await suggest(typed)).map((item) => item.id)).toContain(paper.id);
    const byId = await suggest(paper.id.slice(0, paper.id.length - 1));
    expect(byId.map((item) => item.id)).toContain(paper.id);
    expect(byId.find((item) => item.id === paper.id)).toMatchObject({ matched: "id", title: paper.title });
    const withDoi = physicsPapers().find((candidate) => candidate.doi)!;
    expect((await suggest(withDoi.doi!.slice(0, -1))).map((item) => item.id)).toContain(withDoi.id);
    const author = paper.authors[0]!;
    const byAuthor = await suggest(author.split(" ").slice(-1)[0]!);
    expect(byAuthor.length).toBeGreaterThan(0);
    expect(await suggest("a")).toEqual([]);
    // Full words then a word's first letter: the titles hold the words and a word that starts so.
    const words = splitWords(paper.title);
    const fragment = words[2]!.slice(0, 1);
    const byWordsAndLetter = await suggest(`${words[0]} ${words[1]} ${fragment}`);
    expect(byWordsAndLetter.map((item) => item.id)).toContain(paper.id);
    for (const item of byWordsAndLetter.filter((found) => found.matched === "title")) {
      expect(splitWords(item.title).some((word) => word.startsWith(fragment))).toBe(true);
    }
    // Ids by a prefix come highest first.
    const byPrefix = (await suggest(paper.id.slice(0, -2))).filter((item) => item.matched === "id").map((item) => item.id);
    expect(byPrefix.length).toBeGreaterThan(1);
    expect(byPrefix).toEqual([...byPrefix].sort().reverse());
  });

  it("fills the catch-up feed with every paper of the month in a harvested category, without asking arXiv", async () => {
    const since = Date.parse(CLOCK_START) - 30 * 24 * 60 * 60 * 1000;
    const inMonth = physicsPapers().filter((paper) => Date.parse(paper.published) >= since && Date.parse(paper.published) <= Date.parse(CLOCK_START));
    const counts = new Map<string, number>();
    for (const paper of inMonth) for (const category of paper.categories) counts.set(category, (counts.get(category) ?? 0) + 1);
    const [category, expected] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    expect(expected).toBeGreaterThan(20);
    const before = await arxivApiRequests();
    const response = await fetch(`${server.url}/api/catchup/feed`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ profile: { categories: [category], keywords: [], authors: [], excludeTerms: [] }, range: "monthly" }),
    });
    expect(response.status).toBe(200);
    const feed = (await response.json()) as { counts: { all: number }; papers: { paper: { categories: string[] } }[]; index: { refreshedAt: string | null } };
    expect(feed.counts.all).toBe(expected);
    expect(feed.papers.every((entry) => entry.paper.categories.includes(category))).toBe(true);
    expect(feed.index.refreshedAt).not.toBeNull();
    expect(await arxivApiRequests()).toBe(before);
  });

  it("answers 200 different searches sent at once, none of them from arXiv", async () => {
    const before = await arxivApiRequests();
    const words = [...new Set(physicsPapers().flatMap((paper) => paper.title.toLowerCase().split(/[^a-z]+/)).filter((word) => word.length > 5))].slice(0, 200);
    const answers = await Promise.all(words.map((word) => fetch(`${server.url}/api/search?source=arxiv&q=${encodeURIComponent(`(cat:hep-th OR cat:cond-mat.*) AND all:${word}`)}`)));
    expect(answers.map((answer) => answer.status).filter((code) => code !== 200)).toEqual([]);
    expect(answers.every((answer) => answer.headers.get("x-search-source") === "index")).toBe(true);
    expect(await arxivApiRequests()).toBe(before);
  }, 60_000);
});
