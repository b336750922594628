import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSandbox } from "../../../../sandbox/test-support/use-sandbox";
import type { AuthorCandidate } from "@/shared/author-identity";
import { digestRepository } from "@/server/features/email/digest.repository";
import { meClient } from "@/test/me-test-client";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";

const sandbox = useSandbox();
let server: TestServer;
let user: SignedInUser;

// The sandbox corpus's newest papers are from 3 June 2026; the month before holds several
// cs.CL papers signed "Yang Liu" by different people.
const CLOCK_START = "2026-06-04T06:00:00Z";
const NAME = "Yang Liu";

beforeAll(async () => {
  server = await startTestServer({ sandboxUrl: sandbox.url, env: { CLOCK_START } });
  user = await createSignedInUser(server);
});
afterAll(async () => {
  await server?.close();
});

type FeedEntry = { paper: { id: string; authors: string[] }; explanation: { author: string | null; authorBy?: string; authorId?: string; score: number } };

/** Every page of the "all" list (the papers signed NAME are spread over the month). */
async function wholeFeed(authors: unknown[]): Promise<FeedEntry[]> {
  const all: FeedEntry[] = [];
  for (let page = 0; ; page++) {
    const response = await fetch(`${server.url}/api/catchup/feed`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ profile: { categories: ["cs.CL"], keywords: [], authors, excludeTerms: [] }, range: "monthly", tab: "all", page, author: NAME }),
    });
    const body = (await response.json()) as { papers: FeedEntry[]; total: number; pageSize: number };
    expect(response.status).toBe(200);
    all.push(...body.papers);
    if ((page + 1) * body.pageSize >= body.total) return all;
  }
}

/** Who wrote a paper, as the sandbox's OpenAlex record of it says (read independently of Quire). */
async function openAlexAuthorsOf(arxivId: string): Promise<string[]> {
  const response = await sandbox.get(`/openalex/works/doi:10.48550/arxiv.${arxivId}`);
  const work = (await response.json()) as { authorships: { author: { id: string; display_name: string } }[] };
  return work.authorships.filter((authorship) => authorship.author.display_name === NAME).map((authorship) => authorship.author.id.replace("https://openalex.org/", ""));
}

async function openalexRequests(): Promise<string[]> {
  const answer = await sandbox.control("GET", "/__control/requests?route=openalex-api");
  return ((await answer.json()) as { requests: { path: string }[] }).requests.map((request) => decodeURIComponent(request.path));
}

describe("authors by identity", () => {
  it("falls back to the name, and says so, when OpenAlex cannot be read", async () => {
    await sandbox.control("POST", "/__control/faults", { route: "openalex-api", status: 500, match: "doi:" });
    try {
      const entries = (await wholeFeed([{ name: NAME, openalexId: "A1" }])).filter((entry) => entry.paper.authors.includes(NAME));
      expect(entries.length).toBeGreaterThan(1);
      for (const entry of entries) expect(entry.explanation).toMatchObject({ author: NAME, authorBy: "name" });
      for (const entry of entries) expect(entry.explanation.authorId).toBeUndefined();
    } finally {
      await sandbox.control("DELETE", "/__control/faults");
    }
  }, 120_000);

  it("lists the people of one name with what tells them apart", async () => {
    const response = await fetch(`${server.url}/api/authors/candidates?name=${encodeURIComponent(NAME)}`);
    const { candidates } = (await response.json()) as { candidates: AuthorCandidate[] };
    expect(response.status).toBe(200);
    const yangs = candidates.filter((candidate) => candidate.displayName === NAME);
    expect(yangs.length).toBeGreaterThan(2);
    expect(new Set(yangs.map((candidate) => candidate.openalexId)).size).toBe(yangs.length);
    for (const candidate of yangs) {
      expect(candidate.openalexId).toMatch(/^A\d+$/);
      expect(candidate.topics.length).toBeGreaterThan(0);
      expect(candidate.worksCount).toBeGreaterThan(0);
      expect(candidate.recentWorks.length).toBeGreaterThan(0);
      expect(candidate.recentWorks.length).toBeLessThanOrEqual(3);
    }
    expect(yangs.some((candidate) => candidate.affiliations.length > 0)).toBe(true);
    const refused = await fetch(`${server.url}/api/authors/candidates?name=Y`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain("Enter at least 2 characters of a name");
  });

  it("tells two authors of one name apart: the feed follows the chosen one", async () => {
    const byName = (await wholeFeed([NAME])).filter((entry) => entry.paper.authors.includes(NAME));
    for (const entry of byName) expect(entry.explanation).toMatchObject({ author: NAME });
    for (const entry of byName) expect(entry.explanation.authorBy).toBeUndefined();
    // Whose papers these are, by OpenAlex.
    const writers = new Map<string, string[]>();
    for (const entry of byName) for (const id of await openAlexAuthorsOf(entry.paper.id)) writers.set(id, [...(writers.get(id) ?? []), entry.paper.id]);
    expect(writers.size).toBeGreaterThan(1);
    const [chosen, chosenPapers] = [...writers].sort((a, b) => b[1].length - a[1].length)[0]!;
    const othersPapers = byName.map((entry) => entry.paper.id).filter((id) => !chosenPapers.includes(id));
    expect(othersPapers.length).toBeGreaterThan(0);

    await sandbox.control("DELETE", "/__control/requests");
    const byIdentity = await wholeFeed([{ name: NAME, openalexId: chosen }]);
    const reasonOf = new Map(byIdentity.map((entry) => [entry.paper.id, entry.explanation]));
    for (const id of chosenPapers) expect(reasonOf.get(id), id).toMatchObject({ author: NAME, authorBy: "identity" });
    // The namesake's papers stay in the list (their category counts) without the author reason.
    for (const id of othersPapers) expect(reasonOf.get(id), id).toMatchObject({ author: null, score: 0.3 });
    // Looked up by DOI, in one batch, through the OpenAlex source (polite: with mailto).
    const lookups = (await openalexRequests()).filter((path) => path.includes("filter=doi:"));
    expect(lookups.length).toBeGreaterThan(0);
    expect(lookups.length).toBeLessThanOrEqual(2);

    // Asked again, the papers' author ids are remembered: no new lookup.
    await sandbox.control("DELETE", "/__control/requests");
    await wholeFeed([{ name: NAME, openalexId: chosen }]);
    expect((await openalexRequests()).filter((path) => path.includes("filter=doi:"))).toEqual([]);
  }, 120_000);

  it("keeps the identity with the profile; a profile of names alone stays as it was", async () => {
    const api = meClient(server, user);
    const before = await api.get("/profile");
    expect(before.body.profile).toMatchObject({ authorNames: [], authorIdentities: [] });
    const saved = await api.put("/profile", { authorNames: [NAME, "Kyle Lo"], authorIdentities: [{ name: NAME, openalexId: "A7013686056", orcid: null }] });
    expect(saved.status, saved.text).toBe(200);
    expect((await api.get("/profile")).body.profile).toMatchObject({ authorNames: [NAME, "Kyle Lo"], authorIdentities: [{ name: NAME, openalexId: "A7013686056", orcid: null }] });
    const bad = await api.put("/profile", { authorIdentities: [{ name: NAME, openalexId: "W123", orcid: null }] });
    expect(bad.status).toBe(400);

    // The digest scores the same profile authors: the name with its identity, the other by name.
    await server.database.db.execute(sql`update "user" set email_verified = true where id = ${user.id}`);
    await api.put("/profile", { emailPreferences: { welcome: true, notifications: "weekly" } });
    const recipients = await digestRepository(server.database.db).recipients("weekly");
    expect(recipients.find((recipient) => recipient.userId === user.id)?.authors).toEqual([{ name: NAME, openalexId: "A7013686056" }, { name: "Kyle Lo" }]);
  });

  it("imports a user's publications by ORCID iD in one step", async () => {
    const listed = await sandbox.get("/openalex/authors?filter=has_orcid:true,works_count:3-20&per_page=1");
    const [author] = ((await listed.json()) as { results: { id: string; orcid: string; works_count: number; display_name: string }[] }).results;
    const api = meClient(server, user);
    const imported = await api.post("/authored-papers/import", { identifier: author!.orcid });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.author).toMatchObject({ openalexId: author!.id.replace("https://openalex.org/", ""), displayName: author!.display_name });
    expect(imported.body).toMatchObject({ found: author!.works_count, added: author!.works_count, alreadyPresent: 0, failed: 0 });
    expect(imported.body.papers).toHaveLength(author!.works_count);
    for (const paper of imported.body.papers) {
      expect(paper).toMatchObject({ isVerified: true, verificationMethod: "orcid_verification" });
      expect(paper.paper.authors).toContain(author!.display_name);
    }
    // Once more: nothing new; by OpenAlex id, the same works.
    const again = await api.post("/authored-papers/import", { identifier: author!.id });
    expect(again.body).toMatchObject({ found: author!.works_count, added: 0, alreadyPresent: author!.works_count });

    const unknown = await api.post("/authored-papers/import", { identifier: "0000-0002-1825-0097" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("OpenAlex knows no author with this ORCID iD or id.");
    const malformed = await api.post("/authored-papers/import", { identifier: "Yang Liu" });
    expect(malformed.status).toBe(400);
  }, 60_000);

  it("filters an OpenAlex search by an author's identity, in the advanced form and in au:", async () => {
    const listed = await sandbox.get(`/openalex/authors?search=${encodeURIComponent(NAME)}&per_page=2`);
    const two = ((await listed.json()) as { results: { id: string; works_count: number }[] }).results;
    const seen: string[][] = [];
    for (const [index, author] of two.entries()) {
      const id = author.id.replace("https://openalex.org/", "");
      const query = index === 0 ? `searchType=advanced&authors=${id}` : `q=${encodeURIComponent(`au:${author.id}`)}`;
      const response = await fetch(`${server.url}/api/search?source=openalex&${query}&size=50`);
      const body = (await response.json()) as { papers: { id: string; authors: string[] }[]; total: number };
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(body.total).toBe(author.works_count);
      // The very works OpenAlex files under that person (some sign another spelling, and OpenAlex lists at most 100 authors).
      const own = (await (await sandbox.get(`/openalex/works?filter=authorships.author.id:${id}&per_page=50`)).json()) as { results: { id: string }[] };
      expect(body.papers.map((paper) => paper.id).sort()).toEqual(own.results.map((work) => work.id.replace("https://openalex.org/", "")).sort());
      seen.push(body.papers.map((paper) => paper.id));
      const last = (await openalexRequests()).at(-1)!;
      expect(last).toContain(`authorships.author.id:${id}`);
    }
    // Two people of one name: two different lists of works.
    expect(seen[0]!.filter((id) => seen[1]!.includes(id))).toEqual([]);
  }, 60_000);
});
