import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { userReadingHistory } from "@/server/db/schema";
import { entitiesRepository } from "@/server/features/entities/entities.repository";
import { readingHistoryEntrySchema } from "@/shared/user-data";
import { testDatabaseKind } from "@/test/test-database";
import type { TestServer } from "@/test/test-server";
import type { SignedInUser } from "@/test/test-users";
import { testPaper, type MeClient, useSignedInServer } from "@/test/me-test-client";

let server: TestServer;
let user: SignedInUser;
let me: MeClient;

useSignedInServer((context) => ({ server, user, me } = context));
beforeEach(async () => {
  await server.database.db.delete(userReadingHistory);
});

const MINUTE = 60_000;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE).toISOString();
const storedRows = () => server.database.db.select().from(userReadingHistory).where(eq(userReadingHistory.userId, user.id));
const record = (paperId: string, viewType: string, readAt?: string, paper = testPaper(paperId)) =>
  me.post("/history", { paper, viewType, ...(readAt ? { readAt } : {}) });

describe(`/api/me/history (${testDatabaseKind})`, () => {
  it("records a view and lists it", async () => {
    const answer = await record("2401.00001", "abs");
    expect(answer.status).toBe(200);
    const entry = readingHistoryEntrySchema.parse(answer.body.entry);
    expect(entry).toMatchObject({ paperId: "2401.00001", viewType: "abs", paperData: { title: "Paper 2401.00001" } });
    expect(Math.abs(Date.parse(entry.readAt) - Date.now())).toBeLessThan(10_000);
    expect((await me.get("/history")).body).toEqual({ entries: [answer.body.entry], total: 1 });
  });

  it("moves the read time of a view of the same paper and view type within an hour", async () => {
    const first = await record("p1", "pdf", at(50));
    const again = await record("p1", "pdf", at(0), testPaper("p1", { title: "Updated title" }));
    expect(again.body.entry.id).toBe(first.body.entry.id);
    expect(Date.parse(again.body.entry.readAt)).toBeGreaterThan(Date.parse(first.body.entry.readAt));
    expect(again.body.entry.paperData.title).toBe("Updated title");
    expect(await storedRows()).toHaveLength(1);
  });

  it("adds a new entry after an hour, and for another view type", async () => {
    await record("p1", "pdf", at(61));
    await record("p1", "pdf", at(0));
    await record("p1", "abs", at(0));
    expect(await storedRows()).toHaveLength(3);
  });

  it("keeps the newest 10 entries per paper and view type", async () => {
    for (let i = 12; i >= 0; i--) await record("p1", "abs", at(i * 61));
    await record("p2", "abs", at(2000));
    const rows = await storedRows();
    expect(rows.filter((row) => row.paperId === "p1")).toHaveLength(10);
    expect(rows.filter((row) => row.paperId === "p2")).toHaveLength(1);
    const oldestKept = Math.min(...rows.filter((row) => row.paperId === "p1").map((row) => row.readAt.getTime()));
    expect(oldestKept).toBeGreaterThan(Date.now() - 9 * 61 * MINUTE - MINUTE);
  });

  it("imports the device's entries in time order with the same rules", async () => {
    await record("p1", "abs", at(30));
    const device = [
      { id: "local-3", paperId: "p1", paperData: testPaper("p1"), viewType: "abs", readAt: at(45) }, // merges into the 30-min entry
      { id: "local-1", paperId: "p2", paperData: testPaper("p2"), viewType: "pdf", readAt: at(300) },
      { id: "local-2", paperId: "p2", paperData: testPaper("p2"), viewType: "pdf", readAt: at(280) }, // merges into the 300-min one
      { id: "local-4", paperId: "p3", paperData: testPaper("p3"), viewType: "html", readAt: at(10) },
    ];
    const answer = await me.post("/history/import", { entries: device });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ imported: 2 });
    const list = (await me.get("/history")).body;
    expect(list.total).toBe(3);
    expect(list.entries.map((entry: { paperId: string }) => entry.paperId)).toEqual(["p3", "p1", "p2"]);
    // A merged older view never moves an entry back in time.
    expect(Math.abs(Date.parse(list.entries[1].readAt) - Date.parse(at(30)))).toBeLessThan(5_000);
    expect(Math.abs(Date.parse(list.entries[2].readAt) - Date.parse(at(280)))).toBeLessThan(5_000);
    // Importing the same list again adds nothing.
    expect((await me.post("/history/import", { entries: device })).body).toEqual({ imported: 0 });
  });

  it("names the paper's stored entity, one identity for its arXiv and OpenAlex records", async () => {
    const stamp = "2024-06-01T00:00:00.000Z";
    const record_ = { abstract: "", url: "", categories: [], publishedDate: "2024-01-01", fetchedAt: stamp, authors: ["Ada Lovelace"] };
    const entity = await entitiesRepository(server.database.db).mergeInto({
      action: "ensure",
      at: new Date(stamp),
      records: [
        { source: "arxiv", record: { ...record_, id: "2407.22222", title: "A Preprint", arxivId: "2407.22222", doi: null, openalexId: null } },
        { source: "openalex", record: { ...record_, id: "W4400000002", title: "A Journal Paper", arxivId: "2407.22222", doi: null, openalexId: "W4400000002" } },
      ],
    });
    const preprint = await record("2407.22222v2", "pdf", undefined, testPaper("2407.22222v2", { arxivId: "2407.22222v2" }));
    expect(preprint.body.entry.entityId).toBe(entity!.id);
    const journal = await record("W4400000002", "abs", undefined, testPaper("W4400000002", { source: "openalex", arxivId: null }));
    expect(journal.body.entry.entityId).toBe(entity!.id);
    // A paper no entity holds has none; the device's entries get theirs on import.
    expect((await record("2401.00009", "abs")).body.entry.entityId).toBeNull();
    await me.post("/history/import", { entries: [{ id: "local-1", paperId: "W4400000002", paperData: testPaper("W4400000002", { source: "openalex", arxivId: null }), viewType: "pdf", readAt: at(300) }] });
    const stored = await storedRows();
    expect(stored.filter((row) => row.entityId === entity!.id).map((row) => `${row.paperId} ${row.viewType}`).sort()).toEqual(["2407.22222 pdf", "W4400000002 abs", "W4400000002 pdf"]);
  });

  it("takes a read time in the future as now", async () => {
    const answer = await record("p1", "abs", new Date(Date.now() + 24 * 60 * MINUTE).toISOString());
    expect(Date.parse(answer.body.entry.readAt)).toBeLessThanOrEqual(Date.now());
  });

  it("pages with limit and offset and reports the total", async () => {
    for (let i = 0; i < 5; i++) await record(`p${i}`, "abs", at(i));
    const page = (await me.get("/history?limit=2&offset=1")).body;
    expect(page.total).toBe(5);
    expect(page.entries.map((entry: { paperId: string }) => entry.paperId)).toEqual(["p1", "p2"]);
    expect((await me.get("/history?limit=1000")).body.entries).toHaveLength(5);
    expect((await me.get("/history?offset=10")).body).toEqual({ entries: [], total: 5 });
  });

  it("deletes one entry and then all", async () => {
    const keep = await record("p1", "abs");
    const drop = await record("p2", "abs");
    expect((await me.del(`/history/${drop.body.entry.id}`)).status).toBe(204);
    expect((await storedRows()).map((row) => row.id)).toEqual([keep.body.entry.id]);
    expect((await me.del("/history")).status).toBe(204);
    expect(await storedRows()).toEqual([]);
  });

  describe("refuses bad input with a clear 400 and stores nothing", () => {
    it.each([
      ["a limit over 1000", () => me.get("/history?limit=1001"), /^limit: /],
      ["a zero limit", () => me.get("/history?limit=0"), /^limit: /],
      ["a negative offset", () => me.get("/history?offset=-1"), /^offset: /],
      ["an unknown view type", () => record("p1", "video"), /^viewType: /],
      ["a 501-character title", () => record("p1", "abs", undefined, testPaper("p1", { title: "t".repeat(501) })), /^paper\.title: Title is longer than 500 characters\./],
      ["a 301-character paper id", () => record("x".repeat(301), "abs"), /^paper\.id: Paper id is longer than 300/],
      ["a malformed read time", () => record("p1", "abs", "yesterday"), /^readAt: /],
      ["a user id in the body", () => me.post("/history", { paper: testPaper("p1"), viewType: "abs", userId: "other" }), /userId/],
      ["a malformed import entry", () => me.post("/history/import", { entries: [{ paperId: "p1", viewType: "abs" }] }), /^entries\.0\./],
      ["a history id that is not a UUID", () => me.del("/history/42"), /^id: History entry ids are UUIDs/],
    ] as const)("%s", async (_label, send, message) => {
      const answer = await send();
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toMatch(message);
      expect(await storedRows()).toEqual([]);
    });
  });
});
