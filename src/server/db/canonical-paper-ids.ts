import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { canonicalPaperId } from "@/shared/paper-id";
import { duplicateKeysOf, type DuplicateKeys } from "@/shared/library/duplicates";
import type { Paper } from "@/shared/paper";
import { MERGED_NOTES_SEPARATOR } from "@/shared/paper-notes";
import type { Database } from "./database";
import { highlights, papers, userAuthoredPapers, userBookmarks, userPaperNotes, userReadingHistory } from "./schema";

/**
 * Rows stored before the one paper-id rule (src/shared/paper-id.ts) keep the id as a client
 * spelt it (`2401.12345v2`, `arXiv:2401.12345`, an upper-case DOI): the routes now look rows up
 * by the canonical id, so such a row could no longer be reached, and the same paper may since
 * have gained a second row under the canonical id. This rewrites every per-user paper id to
 * the canonical one with the same rule, merging a user's rows of one paper without losing what
 * either held. Ids the rule refuses stay as they are (counted).
 *
 * Per-user PDF copies (user_pdf_cache) are of one version of a paper and the Zotero mirror is
 * keyed by item, not by the rule, so neither is rewritten.
 */
export const CANONICAL_PAPER_IDS = "0001_canonical_paper_ids";


/** Distinct (user, paper id) pairs read per query while looking for ids to rewrite. */
const SCAN_BATCH = 1000;
/** Attempts per user: a row written by a running instance mid-merge makes one retry. */
const USER_ATTEMPTS = 3;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Keyed = PgTable & { userId: PgColumn; paperId: PgColumn };

const TABLES = [
  ["user_bookmarks", userBookmarks],
  ["user_paper_notes", userPaperNotes],
  ["highlights", highlights],
  ["user_reading_history", userReadingHistory],
  ["user_authored_papers", userAuthoredPapers],
] as const satisfies readonly (readonly [string, Keyed])[];
type TableName = (typeof TABLES)[number][0];

export type CanonicalPaperIdsSummary = {
  /** Users whose rows were rewritten. */
  users: number;
  /** Rows whose paper id changed (merged rows included), per table. */
  rewritten: Record<TableName, number>;
  /** Rows folded into another row of the same user and paper, per table. */
  merged: Record<TableName, number>;
  /** Distinct (user, paper id) pairs the rule refuses, left as they are, per table. */
  notCanonicalisable: Record<TableName, number>;
};

const zeroes = (): Record<TableName, number> => Object.fromEntries(TABLES.map(([name]) => [name, 0])) as Record<TableName, number>;

export async function migrateCanonicalPaperIds(db: Database): Promise<CanonicalPaperIdsSummary> {
  const summary: CanonicalPaperIdsSummary = { users: 0, rewritten: zeroes(), merged: zeroes(), notCanonicalisable: zeroes() };
  const users = new Set<string>();
  for (const [name, table] of TABLES) {
    for await (const [userId, paperId] of distinctPairs(db, table)) {
      const canonical = canonicalPaperId(paperId);
      if (canonical === null) summary.notCanonicalisable[name]++;
      else if (canonical !== paperId) users.add(userId);
    }
  }
  // One transaction per user: a large database is never one huge transaction, and a user's
  // rows of one paper are merged all or not at all.
  for (const userId of users) {
    for (let attempt = 1; ; attempt++) {
      const counts = { rewritten: zeroes(), merged: zeroes() };
      try {
        await db.transaction((tx) => migrateUser(tx, userId, counts));
      } catch (error) {
        if (attempt < USER_ATTEMPTS && isUniqueViolation(error)) continue;
        throw error;
      }
      for (const [name] of TABLES) {
        summary.rewritten[name] += counts.rewritten[name];
        summary.merged[name] += counts.merged[name];
      }
      break;
    }
  }
  summary.users = users.size;
  return summary;
}

/** Every distinct (user_id, paper_id) of a table, a page at a time along its (user_id, paper_id) index. */
async function* distinctPairs(db: Database, table: Keyed): AsyncGenerator<[string, string]> {
  let after: [string, string] | null = null;
  for (;;) {
    const where: SQL | undefined = after ? sql`(${table.userId}, ${table.paperId}) > (${after[0]}, ${after[1]})` : undefined;
    const page = (await db
      .selectDistinct({ userId: table.userId, paperId: table.paperId })
      .from(table)
      .where(where)
      .orderBy(table.userId, table.paperId)
      .limit(SCAN_BATCH)) as { userId: string; paperId: string }[];
    for (const row of page) yield [row.userId, row.paperId];
    if (page.length < SCAN_BATCH) return;
    const last = page[page.length - 1]!;
    after = [last.userId, last.paperId];
  }
}

/** Canonical id -> the spellings stored for it, for the papers with a spelling to rewrite. */
async function spellingsToFix(tx: Tx, table: Keyed, userId: string): Promise<Map<string, string[]>> {
  const rows = (await tx.selectDistinct({ paperId: table.paperId }).from(table).where(eq(table.userId, userId))) as { paperId: string }[];
  const groups = new Map<string, string[]>();
  for (const { paperId } of rows) {
    const canonical = canonicalPaperId(paperId);
    if (canonical !== null) groups.set(canonical, [...(groups.get(canonical) ?? []), paperId]);
  }
  for (const [canonical, spellings] of groups) if (spellings.every((spelling) => spelling === canonical)) groups.delete(canonical);
  return groups;
}

type Counts = { rewritten: Record<TableName, number>; merged: Record<TableName, number> };

async function migrateUser(tx: Tx, userId: string, counts: Counts): Promise<void> {
  for (const [canonical, spellings] of await spellingsToFix(tx, userBookmarks, userId)) {
    const rows = await tx
      .select()
      .from(userBookmarks)
      .where(and(eq(userBookmarks.userId, userId), inArray(userBookmarks.paperId, [...spellings, canonical])))
      .for("update");
    await mergeBookmarks(tx, canonical, rows);
    counts.rewritten.user_bookmarks += rows.filter((row) => row.paperId !== canonical).length;
    counts.merged.user_bookmarks += rows.length - 1;
  }
  for (const [canonical, spellings] of await spellingsToFix(tx, userPaperNotes, userId)) {
    const rows = await tx
      .select()
      .from(userPaperNotes)
      .where(and(eq(userPaperNotes.userId, userId), inArray(userPaperNotes.paperId, [...spellings, canonical])))
      .for("update");
    await mergeNotes(tx, userId, canonical, rows);
    counts.rewritten.user_paper_notes += rows.filter((row) => row.paperId !== canonical).length;
    counts.merged.user_paper_notes += rows.length - 1;
  }
  for (const [canonical, spellings] of await spellingsToFix(tx, userAuthoredPapers, userId)) {
    const rows = await tx
      .select()
      .from(userAuthoredPapers)
      .where(and(eq(userAuthoredPapers.userId, userId), inArray(userAuthoredPapers.paperId, [...spellings, canonical])))
      .for("update");
    await mergeAuthored(tx, canonical, rows);
    counts.rewritten.user_authored_papers += rows.filter((row) => row.paperId !== canonical).length;
    counts.merged.user_authored_papers += rows.length - 1;
  }
  // Highlights have their own ids and history one row per view: both are only repointed.
  for (const [canonical, spellings] of await spellingsToFix(tx, highlights, userId)) {
    const old = spellings.filter((spelling) => spelling !== canonical);
    const moved = await tx
      .update(highlights)
      .set({ paperId: canonical })
      .where(and(eq(highlights.userId, userId), inArray(highlights.paperId, old)))
      .returning({ id: highlights.id });
    counts.rewritten.highlights += moved.length;
  }
  for (const [canonical, spellings] of await spellingsToFix(tx, userReadingHistory, userId)) {
    const old = spellings.filter((spelling) => spelling !== canonical);
    const moved = await tx
      .update(userReadingHistory)
      .set({ paperId: canonical, paperData: sql`${withIdSql(userReadingHistory.paperData, canonical)}` })
      .where(and(eq(userReadingHistory.userId, userId), inArray(userReadingHistory.paperId, old)))
      .returning({ id: userReadingHistory.id });
    counts.rewritten.user_reading_history += moved.length;
  }
}

/** The stored paper with its id made canonical (what the routes now write); anything else as it was. */
function withId<T>(data: T, canonical: string): T {
  return data !== null && typeof data === "object" && !Array.isArray(data) ? { ...data, id: canonical } : data;
}

function withIdSql(column: PgColumn, canonical: string): SQL {
  return sql`case when jsonb_typeof(${column}) = 'object' then jsonb_set(${column}, '{id}', to_jsonb(${canonical}::text)) else ${column} end`;
}

/** The distinct non-blank texts, in the order given, joined so that none is lost. */
function joinTexts(texts: (string | null)[]): string | null {
  const kept: string[] = [];
  for (const text of texts) if (text !== null && text.trim() !== "" && !kept.includes(text)) kept.push(text);
  return kept.length === 0 ? null : kept.join(MERGED_NOTES_SEPARATOR);
}

const time = (date: Date | null) => date?.getTime() ?? 0;

async function mergeBookmarks(tx: Tx, canonical: string, rows: (typeof userBookmarks.$inferSelect)[]): Promise<void> {
  // The bookmark kept: one in the library over one in Trash, then the latest saved.
  const ordered = [...rows].sort(
    (a, b) =>
      Number(a.deletedAt !== null) - Number(b.deletedAt !== null) ||
      time(b.bookmarkedAt) - time(a.bookmarkedAt) ||
      Number(b.paperId === canonical) - Number(a.paperId === canonical),
  );
  const kept = ordered[0]!;
  const paperData = withId(kept.paperData, canonical);
  let duplicateKeys: DuplicateKeys | null = kept.duplicateKeys ? { ...kept.duplicateKeys, paperId: canonical } : null;
  try {
    duplicateKeys = duplicateKeysOf(paperData as unknown as Paper);
  } catch {
    // A row that holds no readable paper keeps its keys (or none: they are computed when read).
  }
  const others = ordered.slice(1).map((row) => row.id);
  if (others.length > 0) await tx.delete(userBookmarks).where(inArray(userBookmarks.id, others));
  await tx
    .update(userBookmarks)
    .set({
      paperId: canonical,
      paperData,
      tags: [...new Set(ordered.flatMap((row) => (Array.isArray(row.tags) ? row.tags : [])))],
      notes: joinTexts(ordered.map((row) => row.notes)),
      deletedAt: ordered.some((row) => row.deletedAt === null) ? null : kept.deletedAt,
      duplicateKeys,
      canonicalId: duplicateKeys?.canonicalId ?? kept.canonicalId,
    })
    .where(eq(userBookmarks.id, kept.id));
}

async function mergeNotes(tx: Tx, userId: string, canonical: string, rows: (typeof userPaperNotes.$inferSelect)[]): Promise<void> {
  const ordered = [...rows].sort((a, b) => time(b.updatedAt) - time(a.updatedAt));
  const content = joinTexts(ordered.map((row) => row.content)) ?? ordered[0]!.content;
  const createdAt = new Date(Math.min(...rows.map((row) => time(row.createdAt))));
  const updatedAt = new Date(Math.max(...rows.map((row) => time(row.updatedAt))));
  // Notes have no id of their own: the user's rows of the paper become one.
  await tx.delete(userPaperNotes).where(and(eq(userPaperNotes.userId, userId), inArray(userPaperNotes.paperId, rows.map((row) => row.paperId))));
  await tx.insert(userPaperNotes).values({ userId, paperId: canonical, content, createdAt, updatedAt });
}

const METHOD_RANK = { orcid_verification: 2, auto_arxiv_match: 1, manual: 0 } as const;

async function mergeAuthored(tx: Tx, canonical: string, rows: (typeof userAuthoredPapers.$inferSelect)[]): Promise<void> {
  // The row kept: a verified one, by the strongest method, then the latest updated.
  const ordered = [...rows].sort(
    (a, b) =>
      Number(b.isVerified) - Number(a.isVerified) ||
      METHOD_RANK[b.verificationMethod] - METHOD_RANK[a.verificationMethod] ||
      time(b.updatedAt) - time(a.updatedAt) ||
      Number(b.paperId === canonical) - Number(a.paperId === canonical),
  );
  const kept = ordered[0]!;
  let paperData = kept.paperData ? withId(kept.paperData, canonical) : null;
  if (!paperData) {
    // The paper is the shared papers row, found by id: it must exist under the canonical id.
    const shared = await tx.select().from(papers).where(inArray(papers.id, [canonical, ...ordered.map((row) => row.paperId)]));
    const source = shared.find((row) => row.id === canonical) ?? shared.find((row) => row.id === kept.paperId) ?? shared[0];
    if (source && source.id !== canonical) {
      const { createdAt: _createdAt, ...values } = source;
      await tx.insert(papers).values({ ...values, id: canonical }).onConflictDoNothing({ target: papers.id });
    }
    if (!source) {
      const own = ordered.find((row) => row.paperData)?.paperData;
      paperData = own ? withId(own, canonical) : null;
    }
  }
  const others = ordered.slice(1).map((row) => row.id);
  if (others.length > 0) await tx.delete(userAuthoredPapers).where(inArray(userAuthoredPapers.id, others));
  await tx
    .update(userAuthoredPapers)
    .set({
      paperId: canonical,
      paperData,
      isVerified: ordered.some((row) => row.isVerified),
      addedAt: new Date(Math.min(...rows.map((row) => time(row.addedAt)))),
      createdAt: new Date(Math.min(...rows.map((row) => time(row.createdAt)))),
      updatedAt: new Date(Math.max(...rows.map((row) => time(row.updatedAt)))),
    })
    .where(eq(userAuthoredPapers.id, kept.id));
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | null; current; current = current.cause as typeof current) {
    if (current.code === "23505") return true;
  }
  return false;
}
