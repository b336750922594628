import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { highlights, userAuthoredPapers, userBookmarks, userPaperNotes, userReadingHistory } from "@/server/db/schema";
import { PAPER_ID_MESSAGES } from "@/shared/paper-id";
import { ARXIV_ID_SPELLINGS } from "@/shared/paper-id.fixtures";
import { testDatabaseKind } from "@/test/test-database";
import type { TestServer } from "@/test/test-server";
import type { SignedInUser } from "@/test/test-users";
import { testPaper, type MeClient, useSignedInServer } from "@/test/me-test-client";

let server: TestServer;
let user: SignedInUser;
let me: MeClient;

useSignedInServer((context) => ({ server, user, me } = context));
beforeEach(async () => {
  const db = server.database.db;
  for (const table of [userBookmarks, userPaperNotes, highlights, userReadingHistory, userAuthoredPapers]) await db.delete(table);
});

const CANONICAL = "2401.12345";
const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;
/** The same paper as a client sends it under one spelling of its id (the version it saw kept in arxivId). */
const paperAs = (spelling: string) => testPaper(spelling, { title: "Sparse Routing of Tokens", authors: ["Ada Lovelace"], arxivId: spelling });
const line = { x: 0.1, y: 0.2, width: 0.5, height: 0.02 };

/** The paper ids of the user's rows in a table: one paper, one id. */
async function paperIdsOf(table: typeof userBookmarks | typeof userPaperNotes | typeof highlights | typeof userReadingHistory | typeof userAuthoredPapers) {
  const rows: { paperId: string }[] = await server.database.db.select({ paperId: table.paperId }).from(table).where(eq(table.userId, user.id));
  return rows.map((row) => row.paperId);
}

describe(`one paper, one row: every spelling of a paper id (${testDatabaseKind})`, () => {
  it("notes: 16 spellings write and read one note", async () => {
    for (const [index, spelling] of ARXIV_ID_SPELLINGS.entries()) {
      const answer = await me.put(at("/notes", spelling), { content: `note ${index}` });
      expect(answer.status, spelling).toBe(200);
    }
    expect(await paperIdsOf(userPaperNotes)).toEqual([CANONICAL]);
    for (const spelling of ARXIV_ID_SPELLINGS) expect((await me.get(at("/notes", spelling))).body.note, spelling).toMatchObject({ paperId: CANONICAL, content: "note 15" });
    expect((await me.del(at("/notes", "arXiv:2401.12345v9"))).status).toBe(204);
    expect(await paperIdsOf(userPaperNotes)).toEqual([]);
  });

  it("authored papers: 16 spellings are one authored paper", async () => {
    const answers = [];
    for (const spelling of ARXIV_ID_SPELLINGS) answers.push((await me.post("/authored-papers", { paper: paperAs(spelling) })).status);
    expect(answers).toEqual([201, ...Array(ARXIV_ID_SPELLINGS.length - 1).fill(409)]);
    expect(await paperIdsOf(userAuthoredPapers)).toEqual([CANONICAL]);
    const patched = await me.call("PATCH", at("/authored-papers", "https://arxiv.org/abs/2401.12345v2"), { verificationMethod: "orcid_verification" });
    expect(patched.status).toBe(200);
    expect(patched.body.paper).toMatchObject({ paperId: CANONICAL, isVerified: true });
    expect((await me.del(at("/authored-papers", "２４０１．１２３４５"))).status).toBe(204);
    expect(await paperIdsOf(userAuthoredPapers)).toEqual([]);
  });

  it("reading history: 16 views within the hour are one entry of the paper", async () => {
    for (const spelling of ARXIV_ID_SPELLINGS) expect((await me.post("/history", { paper: paperAs(spelling), viewType: "abs" })).status, spelling).toBe(200);
    expect(await paperIdsOf(userReadingHistory)).toEqual([CANONICAL]);
    // The device's history, imported on sign-in, merges into the same entry.
    const readAt = new Date().toISOString();
    const entries = ARXIV_ID_SPELLINGS.map((spelling) => ({ paperId: spelling, paperData: paperAs(spelling), viewType: "abs", readAt }));
    expect((await me.post("/history/import", { entries })).body).toEqual({ imported: 0 });
    expect(await paperIdsOf(userReadingHistory)).toEqual([CANONICAL]);
    // The version the reader saw is kept with the entry, not in its key.
    const [entry] = (await me.get("/history")).body.entries;
    expect(entry).toMatchObject({ paperId: CANONICAL, paperData: { id: CANONICAL } });
  });

  it("highlights: 16 spellings are highlights of one paper, listed under any spelling", async () => {
    for (const spelling of ARXIV_ID_SPELLINGS) {
      const answer = await me.put(`/highlights/${crypto.randomUUID()}`, { paperId: spelling, pageNumber: 1, rects: [line], color: "#FFFF00" });
      expect(answer.status, spelling).toBe(200);
    }
    expect(new Set(await paperIdsOf(highlights))).toEqual(new Set([CANONICAL]));
    for (const spelling of ARXIV_ID_SPELLINGS) {
      expect((await me.get(`/highlights?paperId=${encodeURIComponent(spelling)}`)).body.highlights, spelling).toHaveLength(ARXIV_ID_SPELLINGS.length);
    }
  });

  it("bookmarks: 16 spellings by path and in a batch are one bookmark", async () => {
    for (const spelling of ARXIV_ID_SPELLINGS) {
      const answer = await me.put(at("/bookmarks", spelling), { paper: paperAs(spelling) });
      expect(answer.status, spelling).toBe(200);
      expect(answer.body.bookmark.paperId).toBe(CANONICAL);
    }
    const bookmarks = ARXIV_ID_SPELLINGS.map((spelling) => ({ paper: paperAs(spelling), tags: [], bookmarkedAt: "2024-05-01T00:00:00Z" }));
    expect((await me.post("/bookmarks/batch", { bookmarks })).status).toBe(200);
    expect(await paperIdsOf(userBookmarks)).toEqual([CANONICAL]);
    expect((await me.call("PATCH", at("/bookmarks", "arXiv:2401.12345v3"), { tags: ["moe"] })).body.bookmark).toMatchObject({ paperId: CANONICAL, tags: ["moe"] });
    expect((await me.post(`${at("/bookmarks", "2401.12345\u200b")}/trash`, {})).status).toBe(200);
    expect((await me.del(at("/bookmarks", "https://arxiv.org/pdf/2401.12345v1"))).status).toBe(204);
    expect(await paperIdsOf(userBookmarks)).toEqual([]);
  });

  it("DOIs in any case or prefix are one row", async () => {
    for (const spelling of ["10.1103/PhysRevLett.116.061102", "doi:10.1103/physrevlett.116.061102", "https://doi.org/10.1103/PHYSREVLETT.116.061102"]) {
      expect((await me.put(at("/notes", spelling), { content: spelling })).status).toBe(200);
    }
    expect(await paperIdsOf(userPaperNotes)).toEqual(["10.1103/physrevlett.116.061102"]);
  });

  it("an id that names no paper is a 400 with the rule's message on every route kind, and nothing is stored", async () => {
    const bad = "not a paper id";
    const badPaper = paperAs(bad);
    const answers = await Promise.all([
      me.put(at("/notes", bad), { content: "x" }),
      me.get(at("/notes", "https://example.com/paper.pdf")),
      me.put(at("/bookmarks", bad), { paper: badPaper }),
      me.put(at("/bookmarks", "2401.12345"), { paper: badPaper }),
      me.post("/bookmarks/batch", { bookmarks: [{ paper: badPaper, tags: [], bookmarkedAt: "2024-05-01T00:00:00Z" }] }),
      me.del(at("/bookmarks", "2413.00001")),
      me.post("/authored-papers", { paper: badPaper }),
      me.del(at("/authored-papers", "\u200b")),
      me.post("/history", { paper: badPaper, viewType: "abs" }),
      me.put(`/highlights/${crypto.randomUUID()}`, { paperId: bad, pageNumber: 1, rects: [line], color: "#FFFF00" }),
      me.get(`/highlights?paperId=${encodeURIComponent(bad)}`),
    ]);
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.error.code).toBe("validation_failed");
    }
    expect(answers[0]!.body.error.message).toBe(`paperId: ${PAPER_ID_MESSAGES.form}`);
    expect(answers[1]!.body.error.message).toBe(`paperId: ${PAPER_ID_MESSAGES.address}`);
    expect(answers[5]!.body.error.message).toBe(`paperId: ${PAPER_ID_MESSAGES.arxiv("Invalid month")}`);
    expect(answers[7]!.body.error.message).toBe(`paperId: ${PAPER_ID_MESSAGES.empty}`);
    expect(answers[6]!.body.error.message).toBe(`paper.id: ${PAPER_ID_MESSAGES.form}`);
    for (const table of [userBookmarks, userPaperNotes, highlights, userReadingHistory, userAuthoredPapers]) expect(await paperIdsOf(table)).toEqual([]);
  });
});
