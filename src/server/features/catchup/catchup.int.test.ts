import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSandbox } from "../../../../sandbox/test-support/use-sandbox";
import { catchupCategories } from "@/server/db/schema";
import { startTestServer, type TestServer } from "@/test/test-server";

const sandbox = useSandbox();
let server: TestServer;

// The sandbox corpus's newest papers are from 3 June 2026.
const CLOCK_START = "2026-06-04T06:00:00Z";

beforeAll(async () => {
  server = await startTestServer({ sandboxUrl: sandbox.url, env: { CLOCK_START } });
});
afterAll(async () => {
  await server?.close();
});

async function feed(body: unknown) {
  const response = await fetch(`${server.url}/api/catchup/feed`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function arxivRequests(): Promise<{ path: string }[]> {
  const answer = await sandbox.control("GET", "/__control/requests?route=arxiv-api");
  return ((await answer.json()) as { requests: { path: string }[] }).requests;
}

const profile = { categories: ["cs.AI", "cs.CL", "cs.LG", "cs.CV", "stat.ML"], keywords: ["language model", "agent"], authors: [], excludeTerms: ["survey"] };

describe("POST /api/catchup/feed", () => {
  it("fills the shared index from arXiv once, newest first by category, then serves every visit from it", async () => {
    const first = await feed({ profile, range: "daily" });
    expect(first.status).toBe(200);
    const requests = await arxivRequests();
    // One listing per category (a second page only when the first does not reach back 30 days).
    for (const category of profile.categories) {
      expect(requests.some((request) => decodeURIComponent(request.path).includes(`search_query=cat:${category}`))).toBe(true);
    }
    expect(requests.every((request) => request.path.includes("sortBy=submittedDate") && request.path.includes("sortOrder=descending"))).toBe(true);
    expect(first.body.total).toBeGreaterThan(0);
    expect(first.body.index).toMatchObject({ stale: false, failedCategories: [] });
    expect(first.body.categories).toEqual(profile.categories);
    // Every paper is from the last 24 hours and newest first.
    const since = Date.parse(CLOCK_START) - 24 * 60 * 60 * 1000 - 60_000;
    const dates = first.body.papers.map((entry: any) => Date.parse(entry.paper.publishedDate));
    expect(dates.every((date: number) => date >= since)).toBe(true);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    await sandbox.control("DELETE", "/__control/requests");
    const again = await feed({ profile, range: "weekly", tab: "recommended" });
    expect(again.status).toBe(200);
    expect(await arxivRequests()).toEqual([]);
    expect(again.body.counts.all).toBeGreaterThan(first.body.counts.all);
  }, 60_000);

  it("recommends with reasons, and the threshold changes the Recommended tab", async () => {
    const low = await feed({ profile, range: "weekly", tab: "recommended", threshold: 0.3 });
    const high = await feed({ profile, range: "weekly", tab: "recommended", threshold: 0.5 });
    expect(low.body.total).toBeGreaterThan(high.body.total);
    expect(high.body.total).toBeGreaterThan(0);
    for (const entry of high.body.papers) {
      expect(entry.explanation.score).toBeGreaterThanOrEqual(0.5);
      expect(entry.explanation.category).not.toBeNull();
      expect(entry.explanation.keywords.length).toBeGreaterThan(0);
      expect(entry.explanation.excludeTerms).toEqual([]);
    }
    const scores = low.body.papers.map((entry: any) => entry.explanation.score);
    expect([...scores].sort((a: number, b: number) => b - a)).toEqual(scores);
    expect(low.body.pageSize).toBe(20);
    expect(low.body.papers.length).toBeLessThanOrEqual(20);
  });

  it("uses cs.AI for an empty profile, filters by author and by bookmarks", async () => {
    const empty = await feed({ profile: { categories: [], keywords: [], authors: [], excludeTerms: [] }, range: "weekly" });
    expect(empty.status).toBe(200);
    expect(empty.body.categories).toEqual(["cs.AI"]);
    const someone = empty.body.papers[0].paper;
    const byAuthor = await feed({ profile: {}, range: "weekly", author: someone.authors[0].toUpperCase() });
    expect(byAuthor.body.papers.map((entry: any) => entry.paper.id)).toContain(someone.id);
    expect(byAuthor.body.total).toBeLessThan(empty.body.total);
    const bookmarked = await feed({ profile: {}, range: "weekly", filter: "bookmarked", bookmarkedIds: [someone.id, "nope"] });
    expect(bookmarked.body.papers.map((entry: any) => entry.paper.id)).toEqual([someone.id]);
  });

  it("refuses bad input with a message, never a 500", async () => {
    const cases: [unknown, RegExp][] = [
      ["{not json", /not valid JSON/],
      [{ profile, range: "yearly" }, /range/],
      [{ profile, threshold: 0.9 }, /threshold/],
      [{ profile: { ...profile, categories: ["<script>"] } }, /Unknown category code/],
      [{ profile: { ...profile, keywords: Array.from({ length: 501 }, (_, i) => `kw${i}`) } }, /keywords/],
      [{ profile, page: -1 }, /page/],
    ];
    for (const [body, message] of cases) {
      const answer = await feed(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.error.message).toMatch(message);
    }
    // Odd but harmless terms are matched as text.
    const odd = await feed({ profile: { ...profile, keywords: ["<script>", "1234", "x"] }, range: "daily" });
    expect(odd.status).toBe(200);
    const many = await feed({ profile: { ...profile, keywords: Array.from({ length: 500 }, (_, i) => `keyword${i}`) }, range: "daily" });
    expect(many.status).toBe(200);
  });

  it("keeps the last good index and says so when arXiv fails during a refresh", async () => {
    const before = await feed({ profile, range: "daily" });
    // Make cs.AI due for a refresh, and arXiv fail.
    await server.database.db
      .update(catchupCategories)
      .set({ refreshedAt: new Date("2026-06-01T00:00:00Z"), attemptedAt: null })
      .where(eq(catchupCategories.category, "cs.AI"));
    await sandbox.control("POST", "/__control/faults", { route: "arxiv-api", status: 503, times: 20 });
    const during = await feed({ profile, range: "daily" });
    expect(during.status).toBe(200);
    expect(during.body.index.stale).toBe(true);
    expect(during.body.index.failedCategories).toEqual(["cs.AI"]);
    expect(during.body.total).toBe(before.body.total);
  }, 120_000);
});
