import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSandbox } from "../../../../sandbox/test-support/use-sandbox";
import { meClient } from "@/test/me-test-client";
import { testDatabaseKind } from "@/test/test-database";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";

/**
 * Feed marks end to end over HTTP: /api/me/feed-marks (set, list, remove, the sign-in batch),
 * the catch-up feed re-ranked by them with its reasons (anonymous marks in the body, a signed-in
 * user's from the account, bookmarks as weaker positives), the cold start, and the export.
 */
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

const profile = { categories: ["cs.AI", "cs.CL", "cs.LG"], keywords: [], authors: [], excludeTerms: [] };
const marked = (paper: any) => ({ id: paper.id, title: paper.title, abstract: paper.abstract, authors: paper.authors, categories: paper.categories, publishedDate: paper.publishedDate });

async function feed(body: unknown, headers: Record<string, string> = { "Content-Type": "application/json" }) {
  const response = await fetch(`${server.url}/api/catchup/feed`, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}

/** The weekly feed ranked by the profile alone: the papers to mark come from it. */
async function unmarkedFeed() {
  const answer = await feed({ profile: { ...profile, categories: [] }, categories: profile.categories, range: "weekly" });
  expect(answer.status).toBe(200);
  expect(answer.body.learned).toBeUndefined();
  return answer.body;
}

describe(`feed marks (${testDatabaseKind})`, () => {
  let owner: SignedInUser;
  beforeAll(async () => {
    owner = await createSignedInUser(server);
  });

  it("sets a mark idempotently, lists, changes, removes it, and refuses bad input", async () => {
    const api = meClient(server, owner);
    const paper = { id: "2401.00001", title: "Graphs", abstract: "On graphs.", authors: ["Ada Lovelace"], categories: ["cs.AI"], publishedDate: "2024-01-02" };
    const first = await api.put("/feed-marks/2401.00001", { kind: "relevant", paper });
    expect(first.status, first.text).toBe(200);
    expect(first.body.mark).toMatchObject({ paperId: "2401.00001", kind: "relevant", paper });
    expect((await api.put("/feed-marks/2401.00001", { kind: "relevant", paper })).status).toBe(200);
    expect((await api.get("/feed-marks")).body.marks).toHaveLength(1);
    // A DOI in any spelling is one paper, under its canonical id.
    const doi = await api.put(`/feed-marks/${encodeURIComponent("https://doi.org/10.1000/ABC")}`, { kind: "not-relevant", paper: { ...paper, id: "10.1000/abc" } });
    expect(doi.status, doi.text).toBe(200);
    expect(doi.body.mark.paperId).toBe("10.1000/abc");
    expect((await api.put("/feed-marks/2401.00001", { kind: "not-relevant", paper })).body.mark.kind).toBe("not-relevant");
    const listed = (await api.get("/feed-marks")).body.marks;
    expect(listed.map((mark: any) => [mark.paperId, mark.kind])).toEqual([
      ["2401.00001", "not-relevant"],
      ["10.1000/abc", "not-relevant"],
    ]);

    expect((await api.del("/feed-marks/2401.00001")).status).toBe(204);
    expect((await api.del("/feed-marks/2401.00001")).status).toBe(204);
    expect((await api.get("/feed-marks")).body.marks.map((mark: any) => mark.paperId)).toEqual(["10.1000/abc"]);

    const bad: [string, unknown, RegExp][] = [
      ["/feed-marks/2401.00001", { kind: "maybe", paper }, /kind/],
      ["/feed-marks/2401.00001", { kind: "relevant" }, /paper/],
      ["/feed-marks/2401.00001", { kind: "relevant", paper: { ...paper, id: "2401.00002" } }, /does not match/],
      ["/feed-marks/2401.00001", { kind: "relevant", paper: { ...paper, title: "x".repeat(1001) } }, /title/],
      ["/feed-marks/%20", { kind: "relevant", paper }, /paperId/],
    ];
    for (const [path, body, message] of bad) {
      const answer = await api.put(path, body);
      expect(answer.status, `${path} ${answer.text}`).toBe(400);
      expect(answer.body.error.message).toMatch(message);
    }
    const anonymous = await fetch(`${server.url}/api/me/feed-marks`);
    expect(anonymous.status).toBe(401);
    await api.del(`/feed-marks/${encodeURIComponent("10.1000/abc")}`);
  });

  it("imports a device's marks at sign-in: the later mark of a paper wins, a retry writes nothing new", async () => {
    const user = await createSignedInUser(server);
    const api = meClient(server, user);
    const paper = (id: string) => ({ id, title: `Paper ${id}`, abstract: "", authors: [], categories: ["cs.AI"], publishedDate: null });
    await api.put("/feed-marks/2401.00011", { kind: "relevant", paper: paper("2401.00011"), markedAt: "2026-06-02T00:00:00Z" });
    await api.put("/feed-marks/2401.00012", { kind: "relevant", paper: paper("2401.00012"), markedAt: "2026-06-02T00:00:00Z" });
    const batch = {
      marks: [
        { kind: "not-relevant", paper: paper("2401.00011"), markedAt: "2026-06-01T00:00:00Z" }, // older than the account's: ignored
        { kind: "not-relevant", paper: paper("2401.00012"), markedAt: "2026-06-03T00:00:00Z" }, // newer: wins
        { kind: "relevant", paper: paper("2401.00013"), markedAt: "2026-06-03T00:00:00Z" },
      ],
    };
    const imported = await api.post("/feed-marks/batch", batch);
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.saved).toBe(2);
    expect((await api.post("/feed-marks/batch", batch)).body.saved).toBe(0);
    const kinds = Object.fromEntries((await api.get("/feed-marks")).body.marks.map((mark: any) => [mark.paperId, mark.kind]));
    expect(kinds).toEqual({ "2401.00011": "relevant", "2401.00012": "not-relevant", "2401.00013": "relevant" });
    expect((await api.post("/feed-marks/batch", { marks: [] })).status).toBe(400);

    // The export carries them, with the paper's text.
    const exported = await api.get("/export");
    expect(exported.status).toBe(200);
    expect(exported.body.data.feedMarks.map((row: any) => row.paperId).sort()).toEqual(["2401.00011", "2401.00012", "2401.00013"]);
    expect(exported.body.data.feedMarks[0].paperData.title).toMatch(/^Paper 2401\.0001/);
  });

  it("re-ranks an anonymous visitor's feed by the marks in the request, with reasons", async () => {
    const before = await unmarkedFeed();
    expect(before.papers.length).toBeGreaterThan(10);
    // Newest first without marks; mark the last paper of the first page Relevant.
    const target = before.papers.at(-1).paper;
    const answer = await feed({ profile: { ...profile, categories: [] }, categories: profile.categories, range: "weekly", marks: [{ kind: "relevant", paper: marked(target) }] });
    expect(answer.status).toBe(200);
    expect(answer.body.learned).toEqual({ positives: 1, negatives: 0 });
    expect(answer.body.counts.all).toBe(answer.body.total);
    const top = answer.body.papers[0];
    expect(top.paper.id).toBe(target.id);
    // The marked paper is not said to be like itself; others that are like it say so.
    expect(top.like).toBeNull();
    const scores = answer.body.papers.map((entry: any) => entry.score);
    expect([...scores].sort((a: number, b: number) => b - a)).toEqual(scores);
    const alike = answer.body.papers.slice(1).filter((entry: any) => entry.like?.paperId === target.id);
    expect(alike.length).toBeGreaterThan(0);
    expect(alike[0].like).toMatchObject({ paperId: target.id, title: target.title, mark: "relevant" });

    // The device's bookmarks and reads come in the body too, as weaker positives that teach the feed.
    const [saved, read] = before.papers.slice(-3, -1).map((entry: any) => entry.paper);
    const weak = await feed({
      profile: { ...profile, categories: [] },
      categories: profile.categories,
      range: "weekly",
      marks: [{ kind: "bookmark", paper: marked(saved) }, { kind: "read", paper: marked(read) }],
    });
    expect(weak.status).toBe(200);
    expect(weak.body.learned).toEqual({ positives: 2, negatives: 0 });
    expect(weak.body.coldStart).toBeUndefined();
    expect(weak.body.papers.slice(0, 2).map((entry: any) => entry.paper.id).sort()).toEqual([saved.id, read.id].sort());
    expect(weak.body.papers.some((entry: any) => entry.like?.mark === "bookmark" || entry.like?.mark === "read")).toBe(true);

    // Not relevant pushes a paper down, below where it was with the positive alone.
    const liked = answer.body.papers[1].paper;
    const disliked = await feed({
      profile: { ...profile, categories: [] },
      categories: profile.categories,
      range: "weekly",
      marks: [{ kind: "relevant", paper: marked(target) }, { kind: "not-relevant", paper: marked(liked) }],
    });
    expect(disliked.body.learned).toEqual({ positives: 1, negatives: 1 });
    expect(disliked.body.papers.slice(0, 5).map((entry: any) => entry.paper.id)).not.toContain(liked.id);
  });

  it("refuses more marks than the cap with a clear 400", async () => {
    const paper = { id: "2401.00001", title: "t" };
    const marks = Array.from({ length: 201 }, () => ({ kind: "relevant", paper }));
    const answer = await feed({ profile, range: "daily", marks });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/at most 200 marks/);
    expect((await feed({ profile, range: "daily", marks: marks.slice(0, 200) })).status).toBe(200);
  });

  it("ranks a signed-in user's feed by their account's marks and bookmarks, not the body's", async () => {
    const user = await createSignedInUser(server);
    const api = meClient(server, user);
    const before = await unmarkedFeed();
    const target = before.papers.at(-2).paper;
    const signedIn = (body: object) => feed({ profile: { ...profile, categories: [] }, categories: profile.categories, range: "weekly", ...body }, user.headers());
    // Marks in the body are a device's: a signed-in user's come from the account.
    expect((await signedIn({ marks: [{ kind: "relevant", paper: marked(target) }] })).body.learned).toBeUndefined();

    // A bookmark alone is a weaker positive, and its reason says "saved".
    const bookmark = await api.put(`/bookmarks/${target.id}`, { paper: target });
    expect(bookmark.status, bookmark.text).toBe(200);
    const fromBookmark = await signedIn({});
    expect(fromBookmark.body.learned).toEqual({ positives: 1, negatives: 0 });
    expect(fromBookmark.body.papers[0]).toMatchObject({ paper: { id: target.id }, like: null });
    expect(fromBookmark.body.papers.slice(1).find((entry: any) => entry.like)?.like).toMatchObject({ paperId: target.id, mark: "bookmark" });

    // An explicit Not relevant overrides the bookmark of the same paper.
    const other = before.papers.at(-3).paper;
    expect((await api.put(`/feed-marks/${other.id}`, { kind: "relevant", paper: marked(other) })).status).toBe(200);
    expect((await api.put(`/feed-marks/${target.id}`, { kind: "not-relevant", paper: marked(target) })).status).toBe(200);
    const ranked = await signedIn({});
    expect(ranked.body.learned).toEqual({ positives: 1, negatives: 1 });
    expect(ranked.body.papers[0]).toMatchObject({ paper: { id: other.id }, like: null });
    expect(ranked.body.papers.slice(1).find((entry: any) => entry.like)?.like).toMatchObject({ paperId: other.id, mark: "relevant" });
    expect(ranked.body.papers.slice(0, 5).map((entry: any) => entry.paper.id)).not.toContain(target.id);
  });

  it("asks a user with categories and no mark to mark a few papers of their categories, until three are marked", async () => {
    const user = await createSignedInUser(server);
    const api = meClient(server, user);
    const cold = await feed({ profile, range: "weekly" }, user.headers());
    expect(cold.status).toBe(200);
    expect(cold.body.coldStart).toHaveLength(8);
    for (const paper of cold.body.coldStart) expect(paper.categories.some((category: string) => profile.categories.includes(category))).toBe(true);
    expect(new Set(cold.body.coldStart.map((paper: any) => paper.id)).size).toBe(8);
    // No categories in the profile: nothing to ask about.
    expect((await feed({ profile: { ...profile, categories: [] }, range: "weekly" }, user.headers())).body.coldStart).toBeUndefined();

    // Asked until three are marked; the same papers each time.
    const [first, second, third] = cold.body.coldStart;
    expect((await api.put(`/feed-marks/${first.id}`, { kind: "not-relevant", paper: marked(first) })).status).toBe(200);
    const oneMarked = await feed({ profile, range: "weekly" }, user.headers());
    expect(oneMarked.body.coldStart.map((paper: any) => paper.id)).toEqual(cold.body.coldStart.map((paper: any) => paper.id));
    // A Not relevant mark alone trains nothing: the profile still ranks.
    expect(oneMarked.body.learned).toBeUndefined();
    for (const paper of [second, third]) expect((await api.put(`/feed-marks/${paper.id}`, { kind: "relevant", paper: marked(paper) })).status).toBe(200);
    const after = await feed({ profile, range: "weekly" }, user.headers());
    expect(after.body.coldStart).toBeUndefined();
    expect(after.body.learned).toEqual({ positives: 2, negatives: 1 });
  });
});
