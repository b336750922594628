import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { userBookmarks } from "@/server/db/schema";
import { entitiesRepository } from "@/server/features/entities/entities.repository";
import { serverBookmarkSchema } from "@/shared/user-data";
import { testDatabaseKind } from "@/test/test-database";
import type { TestServer } from "@/test/test-server";
import type { SignedInUser } from "@/test/test-users";
import { testPaper, type MeClient, useSignedInServer } from "@/test/me-test-client";

let server: TestServer;
let user: SignedInUser;
let me: MeClient;

useSignedInServer((context) => ({ server, user, me } = context));
beforeEach(async () => {
  await server.database.db.delete(userBookmarks);
});

const storedRows = () => server.database.db.select().from(userBookmarks).where(eq(userBookmarks.userId, user.id));
const path = (paperId: string) => `/bookmarks/${encodeURIComponent(paperId)}`;

describe(`/api/me/bookmarks (${testDatabaseKind})`, () => {
  it("bookmarks a paper and lists bookmarks newest first", async () => {
    const first = await me.put(path("2401.00001"), { paper: testPaper("2401.00001"), tags: ["ml", "ml", "reading"], bookmarkedAt: "2024-01-01T00:00:00Z" });
    expect(first.status).toBe(200);
    const bookmark = serverBookmarkSchema.parse(first.body.bookmark);
    expect(bookmark).toMatchObject({ paperId: "2401.00001", tags: ["ml", "reading"], notes: null, bookmarkedAt: "2024-01-01T00:00:00.000Z" });
    const second = await me.put(path("2401.00002"), { paper: testPaper("2401.00002") });
    const list = await me.get("/bookmarks");
    expect(list.body.bookmarks.map((b: { paperId: string }) => b.paperId)).toEqual(["2401.00002", "2401.00001"]);
    expect(list.body.bookmarks[0]).toEqual(second.body.bookmark);
  });

  it("keeps one bookmark for a paper sent again as another version or as its arXiv DOI: the same id, the version kept in the paper", async () => {
    const paper = testPaper("2405.30000", { title: "Sparse Mixtures of Linear Experts", arxivId: "2405.30000" });
    expect((await me.put(path("2405.30000"), { paper })).status).toBe(200);
    const doi = "10.48550/arXiv.2405.30000";
    for (const [id, overrides] of [
      ["2405.30000v2", { arxivId: "2405.30000v2" }],
      ["2405.30000v3", { arxivId: "2405.30000v3" }],
      [doi, { source: "crossref" as const, doi, arxivId: "2405.30000v3" }],
    ] as const) {
      const again = await me.put(path(id), { paper: { ...paper, ...overrides, id } });
      expect(again.status, id).toBe(200);
      expect(again.body.bookmark).toMatchObject({ paperId: "2405.30000", paperData: { id: "2405.30000", arxivId: overrides.arxivId } });
    }
    expect((await storedRows()).map((row) => row.paperId)).toEqual(["2405.30000"]);

    // A DOI of another record of the paper is the same paper by the duplicate rule: refused, saying which it is.
    const journalDoi = "10.1234/sparse.2024.1";
    expect((await me.put(path("2405.30000"), { paper: { ...paper, doi: journalDoi } })).status).toBe(200);
    const journal = await me.put(path(journalDoi), { paper: { ...paper, id: journalDoi, source: "crossref", doi: journalDoi, arxivId: null } });
    expect(journal.status).toBe(409);
    expect(journal.body.error).toEqual({ code: "already_bookmarked", message: 'This paper is already in your bookmarks as "Sparse Mixtures of Linear Experts" (the same identifier).' });
    expect((await storedRows()).map((row) => row.paperId)).toEqual(["2405.30000"]);

    // In a sync batch, versions are the same bookmark too: updated once, never a second row.
    const batch = ["2405.30000v2", "2405.30000v3", "2406.00001"].map((id) => ({
      paper: testPaper(id, { title: id.startsWith("2405") ? paper.title : "Another Paper Entirely", arxivId: id }),
      tags: [],
      notes: null,
      bookmarkedAt: "2024-05-01T00:00:00Z",
    }));
    expect((await me.post("/bookmarks/batch", { bookmarks: batch })).body).toEqual({ saved: 2, duplicates: 0 });
    expect((await storedRows()).map((row) => row.paperId).sort()).toEqual(["2405.30000", "2406.00001"]);
  });

  it("keeps one bookmark for a paper its stored entity knows at another source, whatever its title there", async () => {
    // The entity of one paper: its arXiv preprint and its journal version in OpenAlex, retitled.
    const at = "2024-06-01T00:00:00.000Z";
    const record = { abstract: "", url: "", categories: [], publishedDate: "2024-01-01", fetchedAt: at };
    await entitiesRepository(server.database.db).mergeInto({
      action: "ensure",
      at: new Date(at),
      records: [
        { source: "arxiv", record: { ...record, id: "2407.11111", title: "Sparse Experts, a Preprint", authors: ["Ada Lovelace"], arxivId: "2407.11111", doi: null, openalexId: null } },
        {
          source: "openalex",
          record: { ...record, id: "W4400000001", title: "Routing Tokens Through Mixtures", authors: ["A. Lovelace", "C. Babbage"], arxivId: "2407.11111", doi: "10.1234/jmlr.2024.7", openalexId: "W4400000001" },
        },
      ],
    });
    const preprint = testPaper("2407.11111", { title: "Sparse Experts, a Preprint", arxivId: "2407.11111" });
    expect((await me.put(path(preprint.id), { paper: preprint })).status).toBe(200);
    const journal = testPaper("W4400000001", { source: "openalex", title: "Routing Tokens Through Mixtures", authors: ["Charles Babbage"], arxivId: null, doi: null });
    const again = await me.put(path(journal.id), { paper: journal });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: "already_bookmarked",
      message: 'This paper is already in your bookmarks as "Sparse Experts, a Preprint" (the same paper at another source).',
    });
    // Its Crossref record (by the DOI the entity holds) and a sync batch: the same.
    const crossref = testPaper("10.1234/jmlr.2024.7", { source: "crossref", doi: "10.1234/jmlr.2024.7", title: "Routing tokens through mixtures (journal)", arxivId: null });
    expect((await me.put(path(crossref.id), { paper: crossref })).status).toBe(409);
    const batch = [journal, testPaper("2408.00002", { title: "Unrelated", arxivId: "2408.00002" })].map((paper) => ({ paper, tags: [], notes: null, bookmarkedAt: at }));
    expect((await me.post("/bookmarks/batch", { bookmarks: batch })).body).toEqual({ saved: 1, duplicates: 1 });
    // The preprint itself, sent again, is an update, not a duplicate.
    expect((await me.put(path(preprint.id), { paper: { ...preprint, title: "Sparse Experts (v2)" } })).status).toBe(200);
    expect((await storedRows()).map((row) => row.paperId).sort()).toEqual(["2407.11111", "2408.00002"]);
  });

  it("takes a DOI with a slash as the paper id", async () => {
    const doi = "10.1234/abc.def";
    const answer = await me.put(path(doi), { paper: testPaper(doi, { source: "crossref", doi }) });
    expect(answer.status).toBe(200);
    expect(answer.body.bookmark.paperId).toBe(doi);
    expect((await me.del(path(doi))).status).toBe(204);
    expect(await storedRows()).toEqual([]);
  });

  it("updates the paper on a second put, keeping tags, notes and date unless given", async () => {
    const first = await me.put(path("p1"), { paper: testPaper("p1"), tags: ["a"], notes: "read later" });
    const second = await me.put(path("p1"), { paper: testPaper("p1", { title: "New title" }) });
    expect(second.body.bookmark).toMatchObject({
      id: first.body.bookmark.id,
      tags: ["a"],
      notes: "read later",
      bookmarkedAt: first.body.bookmark.bookmarkedAt,
      paperData: { title: "New title" },
    });
    const third = await me.put(path("p1"), { paper: testPaper("p1"), tags: [], notes: null });
    expect(third.body.bookmark).toMatchObject({ tags: [], notes: null });
    expect(await storedRows()).toHaveLength(1);
  });

  it("deletes one bookmark and then all", async () => {
    await me.put(path("p1"), { paper: testPaper("p1") });
    await me.put(path("p2"), { paper: testPaper("p2") });
    expect((await me.del(path("p1"))).status).toBe(204);
    expect((await storedRows()).map((row) => row.paperId)).toEqual(["p2"]);
    expect((await me.del("/bookmarks")).status).toBe(204);
    expect((await me.get("/bookmarks")).body).toEqual({ bookmarks: [], total: 0 });
  });

  it("filters by words, author, category and collection, and pages with a total", async () => {
    const at = (day: number) => new Date(Date.UTC(2024, 0, day)).toISOString();
    await me.put(path("a1"), { paper: testPaper("a1", { title: "Graph Neural Networks", authors: ["Zoë Müller"], categories: ["cs.LG"], category: "cs.LG" }), tags: ["gnn"], bookmarkedAt: at(1) });
    await me.put(path("a2"), { paper: testPaper("a2", { title: "Neural Radiance Fields", abstract: "Scenes as graphs." }), bookmarkedAt: at(2) });
    await me.put(path("a3"), { paper: testPaper("a3", { title: "Protein folding", authors: ["Grace Hopper"] }), tags: ["gnn", "bio"], bookmarkedAt: at(3) });
    const ids = async (query: string) => {
      const answer = await me.get(`/bookmarks?${query}`);
      expect(answer.status, answer.text).toBe(200);
      return { ids: answer.body.bookmarks.map((b: { paperId: string }) => b.paperId), total: answer.body.total };
    };
    expect(await ids("q=neural")).toEqual({ ids: ["a2", "a1"], total: 2 });
    expect(await ids("q=graph%20neural")).toEqual({ ids: ["a2", "a1"], total: 2 });
    expect(await ids("q=muller")).toEqual({ ids: ["a1"], total: 1 });
    expect(await ids("author=hopper")).toEqual({ ids: ["a3"], total: 1 });
    expect(await ids("category=cs.LG")).toEqual({ ids: ["a1"], total: 1 });
    expect(await ids("collection=gnn")).toEqual({ ids: ["a3", "a1"], total: 2 });
    expect(await ids("q=100%25")).toEqual({ ids: [], total: 0 });
    expect(await ids("limit=1&offset=1")).toEqual({ ids: ["a2"], total: 3 });
    // The last, short page knows the total without counting; a page past the end counts.
    expect(await ids("limit=2&offset=2")).toEqual({ ids: ["a1"], total: 3 });
    expect(await ids("limit=2&offset=10")).toEqual({ ids: [], total: 3 });
    expect(await ids("q=neural&limit=1&offset=1")).toEqual({ ids: ["a1"], total: 2 });
    expect((await me.get("/bookmarks/ids")).body.ids.sort()).toEqual(["a1", "a2", "a3"]);
    expect((await me.get("/bookmarks?limit=0")).status).toBe(400);
  });

  it("answers the library's ids with the collections of those in any, and sets collections alone", async () => {
    expect((await me.get("/bookmarks/ids")).body).toEqual({ ids: [], collections: {} });
    await me.put(path("c1"), { paper: testPaper("c1"), tags: ["thesis"] });
    await me.put(path("c2"), { paper: testPaper("c2") });
    await me.put(path("c3"), { paper: testPaper("c3"), tags: ["x"] });
    await me.post(`${path("c3")}/trash`, {});
    const answer = await me.get("/bookmarks/ids");
    expect(answer.body.ids.sort()).toEqual(["c1", "c2"]);
    expect(answer.body.collections).toEqual({ c1: ["thesis"] });
    const patched = await me.call("PATCH", path("c2"), { tags: ["thesis", "thesis", "reading"] });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.bookmark).toMatchObject({ paperId: "c2", tags: ["thesis", "reading"], paperData: { id: "c2" } });
    expect((await me.get("/bookmarks/ids")).body.collections).toEqual({ c1: ["thesis"], c2: ["thesis", "reading"] });
    expect((await me.call("PATCH", path("nope"), { tags: [] })).status).toBe(404);
    expect((await me.call("PATCH", path("c2"), { tags: [" "] })).status).toBe(400);
  });

  it("answers the duplicate keys of the library, the same as computed from the whole papers", async () => {
    const { duplicateKeysOf } = await import("@/shared/library/duplicates");
    const paper = testPaper("2401.12345", { title: "Attention Is All You Need", authors: ["Ashish Vaswani", "Noam Shazeer"], doi: "10.5555/x.1", arxivId: "2401.12345v2" });
    await me.put(path(paper.id), { paper });
    await me.put(path("gone"), { paper: testPaper("gone") });
    await me.post(`${path("gone")}/trash`, {});
    const answer = await me.get("/bookmarks/duplicate-keys");
    expect(answer.status).toBe(200);
    expect(answer.body.keys).toEqual([duplicateKeysOf(paper)]);
    expect(answer.body.keys[0].identifiers).toEqual(expect.arrayContaining(["arxiv:2401.12345", "doi:10.5555/x.1"]));
    expect((await storedRows()).find((row) => row.paperId === paper.id)?.duplicateKeys).toEqual(duplicateKeysOf(paper));
    // A row written before the keys were stored: they are computed from the paper when asked for.
    await server.database.db.update(userBookmarks).set({ duplicateKeys: null }).where(eq(userBookmarks.userId, user.id));
    expect((await me.get("/bookmarks/duplicate-keys")).body.keys).toEqual([duplicateKeysOf(paper)]);
  });

  it("moves a bookmark to Trash and back, and a new put restores it", async () => {
    await me.put(path("t1"), { paper: testPaper("t1") });
    expect((await me.post(`${path("t1")}/trash`, {})).status).toBe(200);
    expect((await me.get("/bookmarks")).body.total).toBe(0);
    const trash = (await me.get("/bookmarks?trash=true")).body.bookmarks;
    expect(trash.map((b: { paperId: string }) => b.paperId)).toEqual(["t1"]);
    expect(Date.parse(trash[0].deletedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await me.get("/bookmarks/ids")).body.ids).toEqual([]);
    expect((await me.post(`${path("t1")}/restore`, {})).status).toBe(200);
    expect((await me.get("/bookmarks")).body.total).toBe(1);
    expect((await me.post(`${path("nope")}/trash`, {})).status).toBe(404);
  });

  it("batch upserts are idempotent: a retried half leaves every bookmark once", async () => {
    const batch = Array.from({ length: 40 }, (_, i) => ({
      paper: testPaper(`b${i}`),
      tags: i % 2 ? ["odd"] : [],
      bookmarkedAt: new Date(Date.UTC(2024, 1, 1, 0, 0, i)).toISOString(),
    }));
    expect((await me.post("/bookmarks/batch", { bookmarks: batch.slice(0, 20) })).body).toEqual({ saved: 20, duplicates: 0 });
    // The sync is interrupted here and starts again from the beginning.
    expect((await me.post("/bookmarks/batch", { bookmarks: batch.slice(0, 30) })).body).toEqual({ saved: 30, duplicates: 0 });
    expect((await me.post("/bookmarks/batch", { bookmarks: batch.slice(20) })).body).toEqual({ saved: 20, duplicates: 0 });
    const rows = await storedRows();
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((row) => row.paperId)).size).toBe(40);
    expect(rows.find((row) => row.paperId === "b3")).toMatchObject({ tags: ["odd"], canonicalId: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it("batches in a row see what other writes did between them (the index a batch keeps is the library's at its version)", async () => {
    const at = "2024-02-01T00:00:00Z";
    const batch = (papers: ReturnType<typeof testPaper>[]) => ({ bookmarks: papers.map((paper) => ({ paper, tags: [], bookmarkedAt: at })) });
    const journalDoi = "10.5555/kept-between-batches";
    expect((await me.post("/bookmarks/batch", batch([testPaper("2409.00001"), testPaper("2409.00002")]))).body).toEqual({ saved: 2, duplicates: 0 });
    // Another client bookmarks a paper between two batches...
    expect((await me.put(path("2409.00003"), { paper: testPaper("2409.00003", { doi: journalDoi }) })).status).toBe(200);
    // ...so the next batch's copy of it under its DOI is a duplicate, and a new paper is not.
    const sameByDoi = testPaper("10.5555/other-id", { title: "Another title altogether", doi: journalDoi });
    expect((await me.post("/bookmarks/batch", batch([sameByDoi, testPaper("2409.00004")]))).body).toEqual({ saved: 1, duplicates: 1 });
    // A paper moved to Trash between batches no longer holds its identifiers.
    expect((await me.post(`${path("2409.00003")}/trash`, {})).status).toBe(200);
    expect((await me.post("/bookmarks/batch", batch([sameByDoi]))).body).toEqual({ saved: 1, duplicates: 0 });
    // A batch that wrote a paper again with a new title: the next one matches by the new title only.
    expect((await me.post("/bookmarks/batch", batch([testPaper("2409.00001", { title: "Renamed entirely for this test" })]))).body).toEqual({ saved: 1, duplicates: 0 });
    expect((await me.post("/bookmarks/batch", batch([testPaper("2409.00009", { title: testPaper("2409.00001").title })]))).body).toEqual({ saved: 1, duplicates: 0 });
  });

  it("keeps a 100 KB abstract and 5,000 authors", async () => {
    const authors = Array.from({ length: 5000 }, (_, i) => `Author ${i}`);
    const answer = await me.put(path("big"), { paper: testPaper("big", { abstract: "word ".repeat(20_000), authors }) });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.bookmark.paperData.authors).toHaveLength(5000);
    expect((await me.get("/bookmarks?author=author%204999")).body.total).toBe(1);
  });

  it.each([
    ["a paper without a title", () => me.put(path("p1"), { paper: { ...testPaper("p1"), title: undefined } }), /^paper\.title: /],
    ["a 600-character title", () => me.put(path("p1"), { paper: testPaper("p1", { title: "t".repeat(600) }) }), /^paper\.title: Title is longer than 500/],
    ["an empty batch", () => me.post("/bookmarks/batch", { bookmarks: [] }), /^bookmarks: /],
    ["a batch bookmark without a date", () => me.post("/bookmarks/batch", { bookmarks: [{ paper: testPaper("p1"), tags: [] }] }), /^bookmarks\.0\.bookmarkedAt: /],
    ["an unknown filter", () => me.get("/bookmarks?sort=evil"), /sort/],
  ] as const)("refuses %s with a 400, storing nothing", async (_label, send, message) => {
    const answer = await send();
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(message);
    expect(await storedRows()).toEqual([]);
  });

  it.each([
    ["a paper whose id differs from the path", () => me.put(path("p1"), { paper: testPaper("p2") }), /^paper\.id: "p2" does not match/],
    ["a 501-character title", () => me.put(path("p1"), { paper: testPaper("p1", { title: "t".repeat(501) }) }), /^paper\.title: Title is longer than 500/],
    ["a paper without links", () => me.put(path("p1"), { paper: { ...testPaper("p1"), links: undefined } }), /^paper\.links: /],
    ["tags that are not strings", () => me.put(path("p1"), { paper: testPaper("p1"), tags: [1] }), /^tags\.0: /],
    ["an unknown field", () => me.put(path("p1"), { paper: testPaper("p1"), userId: "other" }), /userId/],
    ["a malformed date", () => me.put(path("p1"), { paper: testPaper("p1"), bookmarkedAt: "soon" }), /^bookmarkedAt: /],
    ["a 301-character paper id", () => me.del(path("x".repeat(301))), /^paperId: /],
  ] as const)("refuses %s with a 400, storing nothing", async (_label, send, message) => {
    const answer = await send();
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(message);
    expect(await storedRows()).toEqual([]);
  });
});
