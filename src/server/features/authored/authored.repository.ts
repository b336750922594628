import { and, desc, eq } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { papers, userAuthoredPapers, type UserPaperData } from "@/server/db/schema";
import type { VerificationMethod } from "@/shared/authored-papers";
import type { Paper } from "@/shared/paper";

/** A paper as the list shows it: the shared row's fields, or the user's own copy in the same shape. */
export type PaperRow = Omit<typeof papers.$inferSelect, "createdAt">;
export type AuthoredRow = typeof userAuthoredPapers.$inferSelect & { paper: PaperRow };

/** The user's own copy of a paper (JSON), in the shared row's shape. */
function fromUserData(data: UserPaperData): PaperRow {
  const date = (value: string | null) => (value ? new Date(value) : null);
  return { ...data, publishedDate: date(data.publishedDate), updatedDate: date(data.updatedDate) };
}

function toUserData(paper: Paper): UserPaperData {
  const values = toPaperValues(paper);
  return { ...values, publishedDate: values.publishedDate?.toISOString() ?? null, updatedDate: values.updatedDate?.toISOString() ?? null };
}

function toPaperValues(paper: Paper) {
  const date = (value: string | null) => {
    if (!value) return null;
    const parsed = new Date(value);
    return Number.isNaN(parsed.getTime()) ? null : parsed;
  };
  return {
    id: paper.id,
    arxivId: paper.arxivId,
    title: paper.title,
    authors: paper.authors,
    abstract: paper.abstract,
    categories: paper.categories,
    publishedDate: date(paper.publishedDate),
    updatedDate: date(paper.updatedDate),
    source: paper.source,
    pdfUrl: paper.pdfUrl,
    journalRef: paper.journalRef,
    comments: paper.comments,
    doi: paper.doi,
  };
}

/** user_authored_papers with the joined papers row; every query takes the user id. */
export function authoredRepository(db: Database) {
  const selectJoined = () =>
    db
      .select({ authored: userAuthoredPapers, paper: papers })
      .from(userAuthoredPapers)
      .leftJoin(papers, eq(papers.id, userAuthoredPapers.paperId));
  /** The user's own copy wins over the shared row; a row with neither (its paper gone) is left out. */
  const flatten = (row: { authored: typeof userAuthoredPapers.$inferSelect; paper: PaperRow | null }): AuthoredRow | null => {
    const paper = row.authored.paperData ? fromUserData(row.authored.paperData) : row.paper;
    return paper ? { ...row.authored, paper } : null;
  };

  return {
    /** Newest first (added_at descending). */
    async list(userId: string): Promise<AuthoredRow[]> {
      const rows = await selectJoined().where(eq(userAuthoredPapers.userId, userId)).orderBy(desc(userAuthoredPapers.addedAt), desc(papers.publishedDate));
      return rows.map(flatten).filter((row): row is AuthoredRow => row !== null);
    },

    async get(userId: string, paperId: string): Promise<AuthoredRow | null> {
      const [row] = await selectJoined().where(and(eq(userAuthoredPapers.userId, userId), eq(userAuthoredPapers.paperId, paperId)));
      return row ? flatten(row) : null;
    },

    /** The existence check. */
    async exists(userId: string, paperId: string): Promise<boolean> {
      const rows = await db
        .select({ id: userAuthoredPapers.id })
        .from(userAuthoredPapers)
        .where(and(eq(userAuthoredPapers.userId, userId), eq(userAuthoredPapers.paperId, paperId)));
      return rows.length > 0;
    },

    /**
     * Links the paper to the user; answers null when the user already has it. The `papers`
     * row is shared by every user, so only `trusted` data (fetched by the server from arXiv)
     * is written there; what a user sent is kept on their own row (`paper_data`) and shown
     * to them alone, so no user's text reaches another.
     */
    async insert(userId: string, paper: Paper, method: VerificationMethod, isVerified: boolean, now: Date, trusted: boolean): Promise<AuthoredRow | null> {
      return db.transaction(async (tx) => {
        if (trusted) {
          const values = toPaperValues(paper);
          const { id: _id, ...changes } = values;
          await tx.insert(papers).values(values).onConflictDoUpdate({ target: papers.id, set: changes });
        }
        const paperData = trusted ? null : toUserData(paper);
        const [inserted] = await tx
          .insert(userAuthoredPapers)
          .values({ userId, paperId: paper.id, paperData, verificationMethod: method, isVerified, addedAt: now, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: [userAuthoredPapers.userId, userAuthoredPapers.paperId] })
          .returning();
        if (!inserted) return null;
        if (paperData) return { ...inserted, paper: fromUserData(paperData) };
        const [paperRow] = await tx.select().from(papers).where(eq(papers.id, paper.id));
        return paperRow ? { ...inserted, paper: paperRow } : null;
      });
    },

    async updateVerification(userId: string, paperId: string, method: VerificationMethod, isVerified: boolean, now: Date): Promise<boolean> {
      const rows = await db
        .update(userAuthoredPapers)
        .set({ verificationMethod: method, isVerified, updatedAt: now })
        .where(and(eq(userAuthoredPapers.userId, userId), eq(userAuthoredPapers.paperId, paperId)))
        .returning({ id: userAuthoredPapers.id });
      return rows.length > 0;
    },

    async delete(userId: string, paperId: string): Promise<number> {
      const rows = await db
        .delete(userAuthoredPapers)
        .where(and(eq(userAuthoredPapers.userId, userId), eq(userAuthoredPapers.paperId, paperId)))
        .returning({ id: userAuthoredPapers.id });
      return rows.length;
    },
  };
}
export type AuthoredRepository = ReturnType<typeof authoredRepository>;
