import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { userBookmarks } from "@/server/db/schema";
import { serverBookmarkSchema } from "@/shared/user-data";
import { testDatabaseKind } from "@/test/test-database";
import type { TestServer } from "@/test/test-server";
import type { SignedInUser } from "@/test/test-users";
import { testPaper, type MeClient, useSignedInServer } from "./me-test-client";

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
    expect((await me.get("/bookmarks")).body).toEqual({ bookmarks: [] });
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
