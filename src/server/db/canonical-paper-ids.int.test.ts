import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type DatabaseHandle } from "@/server/db/client";
import { CANONICAL_PAPER_IDS, migrateCanonicalPaperIds } from "@/server/db/canonical-paper-ids";
import { runDataMigrations } from "@/server/db/data-migrations";
import { dataMigrations, highlights, papers, user, userAuthoredPapers, userBookmarks, userPaperNotes, userReadingHistory } from "@/server/db/schema";
import { authoredRepository } from "@/server/features/authored/authored.repository";
import type { Database } from "@/server/db/client";
import { MERGED_NOTES_SEPARATOR as MERGED_TEXT_SEPARATOR } from "@/shared/paper-notes";
import { createEmptyPostgresDatabase, createTestDatabase, testDatabaseKind } from "@/test/test-database";

const CANONICAL = "2401.12345";
const DOI_CANONICAL = "10.1000/abc.def";
const NOT_AN_ID = "not a paper id";
const line = { x: 0.1, y: 0.2, width: 0.5, height: 0.02 };
const day = (n: number) => new Date(Date.UTC(2025, 0, n));
const paper = (id: string, title = "Sparse Routing of Tokens") => ({
  id,
  title,
  authors: ["Ada Lovelace"],
  abstract: "An abstract.",
  url: `https://arxiv.org/abs/${id}`,
  pdfUrl: null,
  publishedDate: null,
  updatedDate: null,
  categories: ["cs.LG"],
  category: "cs.LG",
  source: "arxiv",
  doi: null,
  journalRef: null,
  comments: null,
  arxivId: id,
  links: { abstract: null, pdf: null },
});

/**
 * Rows as versions before the one paper-id rule stored them, written straight to the tables:
 * user A has the same paper under several spellings (a collision in every keyed table), user B
 * one old spelling only.
 */
async function seedOldSpellings(db: Database) {
  await db.insert(user).values([
    { id: "user-a", name: "A", email: "a@example.com" },
    { id: "user-b", name: "B", email: "b@example.com" },
  ]);
  await db.insert(userBookmarks).values([
    { userId: "user-a", paperId: "2401.12345v2", paperData: paper("2401.12345v2"), tags: ["ml", "to-read"], notes: "old bookmark note", bookmarkedAt: day(1) },
    { userId: "user-a", paperId: CANONICAL, paperData: paper(CANONICAL), tags: ["to-read", "reading"], notes: "new bookmark note", bookmarkedAt: day(5) },
    { userId: "user-a", paperId: "10.1000/ABC.Def", paperData: paper("10.1000/ABC.Def", "A DOI paper"), tags: [], bookmarkedAt: day(2), deletedAt: day(3) },
    { userId: "user-a", paperId: NOT_AN_ID, paperData: paper(NOT_AN_ID, "Kept as it is"), tags: [], bookmarkedAt: day(2) },
    { userId: "user-b", paperId: "arXiv:2401.12345v2", paperData: paper("arXiv:2401.12345v2"), tags: ["b"], bookmarkedAt: day(4) },
  ]);
  await db.insert(userPaperNotes).values([
    { userId: "user-a", paperId: "2401.12345v2", content: "first draft", createdAt: day(1), updatedAt: day(2) },
    { userId: "user-a", paperId: CANONICAL, content: "second thoughts", createdAt: day(3), updatedAt: day(6) },
    { userId: "user-a", paperId: "arXiv:2401.12345", content: "second thoughts", createdAt: day(3), updatedAt: day(4) },
    { userId: "user-a", paperId: "https://doi.org/10.1000/ABC.DEF", content: "doi note", createdAt: day(1), updatedAt: day(1) },
  ]);
  await db.insert(highlights).values([
    { userId: "user-a", paperId: "2401.12345v1", pageNumber: 1, coordinates: line, rects: [line], selectedText: "one" },
    { userId: "user-a", paperId: "2401.12345v2", pageNumber: 2, coordinates: line, rects: [line], selectedText: "two" },
    { userId: "user-a", paperId: CANONICAL, pageNumber: 3, coordinates: line, rects: [line], selectedText: "three" },
  ]);
  await db.insert(userReadingHistory).values([
    { userId: "user-a", paperId: "arXiv:2401.12345v3", paperData: paper("arXiv:2401.12345v3"), viewType: "pdf", readAt: day(7) },
    { userId: "user-a", paperId: CANONICAL, paperData: paper(CANONICAL), viewType: "abs", readAt: day(8) },
  ]);
  // The verified row's paper is the shared papers row, found by its old id.
  await db.insert(papers).values({ id: "2401.12345v2", arxivId: "2401.12345v2", title: "Sparse Routing of Tokens (shared)" });
  await db.insert(userAuthoredPapers).values([
    { userId: "user-a", paperId: "2401.12345v2", paperData: null, isVerified: true, verificationMethod: "orcid_verification", addedAt: day(1), createdAt: day(1), updatedAt: day(1) },
    {
      userId: "user-a",
      paperId: CANONICAL,
      paperData: { ...paper(CANONICAL), title: "Own copy", abstract: null, publishedDate: null, updatedDate: null, arxivId: CANONICAL },
      isVerified: false,
      verificationMethod: "manual",
      addedAt: day(3),
      createdAt: day(3),
      updatedAt: day(3),
    },
  ]);
}

async function snapshot(db: Database) {
  return {
    bookmarks: await db.select().from(userBookmarks).orderBy(asc(userBookmarks.userId), asc(userBookmarks.paperId)),
    notes: await db.select().from(userPaperNotes).orderBy(asc(userPaperNotes.userId), asc(userPaperNotes.paperId)),
    highlights: await db.select().from(highlights).orderBy(asc(highlights.pageNumber)),
    history: await db.select().from(userReadingHistory).orderBy(asc(userReadingHistory.readAt)),
    authored: await db.select().from(userAuthoredPapers).orderBy(asc(userAuthoredPapers.paperId)),
  };
}

async function expectMigrated(db: Database) {
  const after = await snapshot(db);
  const bookmarksOf = (userId: string) => after.bookmarks.filter((row) => row.userId === userId);

  // One bookmark per paper and user; the later one kept, the tags and notes of both.
  expect(bookmarksOf("user-a").map((row) => row.paperId)).toEqual([DOI_CANONICAL, CANONICAL, NOT_AN_ID].sort());
  const merged = bookmarksOf("user-a").find((row) => row.paperId === CANONICAL)!;
  expect(merged.tags).toEqual(["to-read", "reading", "ml"]);
  expect(merged.notes).toBe(`new bookmark note${MERGED_TEXT_SEPARATOR}old bookmark note`);
  expect(merged.bookmarkedAt).toEqual(day(5));
  expect(merged.deletedAt).toBeNull();
  expect(merged.paperData.id).toBe(CANONICAL);
  const doiBookmark = bookmarksOf("user-a").find((row) => row.paperId === DOI_CANONICAL)!;
  expect(doiBookmark.deletedAt).toEqual(day(3));
  expect(doiBookmark.paperData).toMatchObject({ id: DOI_CANONICAL, title: "A DOI paper" });
  expect(doiBookmark.duplicateKeys?.paperId).toBe(DOI_CANONICAL);
  expect(bookmarksOf("user-a").find((row) => row.paperId === NOT_AN_ID)!.paperData.title).toBe("Kept as it is");
  expect(bookmarksOf("user-b")).toMatchObject([{ paperId: CANONICAL, tags: ["b"], paperData: { id: CANONICAL, arxivId: "arXiv:2401.12345v2" } }]);

  // Notes: differing texts both kept, the newer first; the same text once.
  expect(after.notes.map((row) => [row.paperId, row.content])).toEqual([
    [DOI_CANONICAL, "doi note"],
    [CANONICAL, `second thoughts${MERGED_TEXT_SEPARATOR}first draft`],
  ]);
  const note = after.notes.find((row) => row.paperId === CANONICAL)!;
  expect([note.createdAt, note.updatedAt]).toEqual([day(1), day(6)]);

  // Highlights keep their ids, history its rows and read times.
  expect(after.highlights.map((row) => [row.paperId, row.selectedText])).toEqual([
    [CANONICAL, "one"],
    [CANONICAL, "two"],
    [CANONICAL, "three"],
  ]);
  expect(after.history.map((row) => [row.paperId, row.viewType, row.readAt, (row.paperData as { id: string }).id])).toEqual([
    [CANONICAL, "pdf", day(7), CANONICAL],
    [CANONICAL, "abs", day(8), CANONICAL],
  ]);

  // Authored: one row, verified as the verified one was, still showing its shared paper.
  expect(after.authored).toHaveLength(1);
  expect(after.authored[0]).toMatchObject({ paperId: CANONICAL, isVerified: true, verificationMethod: "orcid_verification", addedAt: day(1), updatedAt: day(3) });
  const listed = await authoredRepository(db).list("user-a");
  expect(listed.map((row) => [row.paperId, row.paper.title])).toEqual([[CANONICAL, "Sparse Routing of Tokens (shared)"]]);
}

describe(`stored paper ids made canonical (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("rewrites every old spelling at start, merging one user's rows of a paper without losing any, once", async () => {
    const db = handle.db;
    // The database was migrated before this data migration existed, then written by that version.
    await db.delete(dataMigrations);
    await seedOldSpellings(db);
    const logged: string[] = [];
    await handle.migrate((name) => logged.push(name));
    expect(logged).toEqual([CANONICAL_PAPER_IDS]);
    await expectMigrated(db);
    const [recorded] = await db.select().from(dataMigrations).where(eq(dataMigrations.name, CANONICAL_PAPER_IDS));
    expect(recorded!.summary).toMatchObject({
      users: 2,
      merged: { user_bookmarks: 1, user_paper_notes: 2, user_authored_papers: 1, highlights: 0, user_reading_history: 0 },
      notCanonicalisable: { user_bookmarks: 1 },
    });

    // A second start runs nothing; running the rewrite itself again changes nothing.
    const before = await snapshot(db);
    await handle.migrate((name) => logged.push(name));
    expect(logged).toEqual([CANONICAL_PAPER_IDS]);
    expect(await runDataMigrations(db)).toEqual([]);
    const again = await migrateCanonicalPaperIds(db);
    expect(again.users).toBe(0);
    expect(await snapshot(db)).toEqual(before);
    await expectMigrated(db);
    expect(await db.select().from(userBookmarks).where(and(eq(userBookmarks.userId, "user-a"), eq(userBookmarks.paperId, "2401.12345v2")))).toEqual([]);
  }, 60_000);
});

describe.runIf(testDatabaseKind === "postgres")("stored paper ids on a shared PostgreSQL", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("are rewritten once when several instances start at the same moment", async () => {
    const empty = await createEmptyPostgresDatabase();
    cleanups.push(empty.drop);
    const first = await openPostgres(empty.url);
    cleanups.push(first.close);
    await first.migrate();
    await first.db.delete(dataMigrations);
    await seedOldSpellings(first.db);

    const handles: DatabaseHandle[] = await Promise.all(Array.from({ length: 4 }, () => openPostgres(empty.url)));
    for (const handle of handles) cleanups.push(handle.close);
    const ran: string[] = [];
    const outcomes = await Promise.allSettled(handles.map((handle) => handle.migrate((name) => ran.push(name))));
    expect(outcomes.filter((outcome) => outcome.status === "rejected")).toEqual([]);
    expect(ran).toEqual([CANONICAL_PAPER_IDS]);
    await expectMigrated(first.db);
  }, 60_000);
});
