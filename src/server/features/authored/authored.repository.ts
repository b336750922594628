import { and, desc, eq } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { papers, userAuthoredPapers } from "@/server/db/schema";
import type { VerificationMethod } from "@/shared/authored-papers";
import type { Paper } from "@/shared/paper";

export type PaperRow = typeof papers.$inferSelect;
export type AuthoredRow = typeof userAuthoredPapers.$inferSelect & { paper: PaperRow };

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
      .innerJoin(papers, eq(papers.id, userAuthoredPapers.paperId));
  const flatten = (row: { authored: typeof userAuthoredPapers.$inferSelect; paper: PaperRow }): AuthoredRow => ({ ...row.authored, paper: row.paper });

  return {
    /** Newest first (added_at descending). */
    async list(userId: string): Promise<AuthoredRow[]> {
      const rows = await selectJoined().where(eq(userAuthoredPapers.userId, userId)).orderBy(desc(userAuthoredPapers.addedAt), desc(papers.publishedDate));
      return rows.map(flatten);
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
     * Stores the paper and links it to the user; answers null when the user already has it.
     * A papers row is shared by every user: only `trusted` data (fetched by the server from
     * arXiv) overwrites an existing one, so no user can rewrite what others see.
     */
    async insert(userId: string, paper: Paper, method: VerificationMethod, isVerified: boolean, now: Date, trusted: boolean): Promise<AuthoredRow | null> {
      return db.transaction(async (tx) => {
        const values = toPaperValues(paper);
        const { id: _id, ...changes } = values;
        if (trusted) await tx.insert(papers).values(values).onConflictDoUpdate({ target: papers.id, set: changes });
        else await tx.insert(papers).values(values).onConflictDoNothing({ target: papers.id });
        const inserted = await tx
          .insert(userAuthoredPapers)
          .values({ userId, paperId: paper.id, verificationMethod: method, isVerified, addedAt: now, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: [userAuthoredPapers.userId, userAuthoredPapers.paperId] })
          .returning();
        const [paperRow] = await tx.select().from(papers).where(eq(papers.id, paper.id));
        if (!inserted[0] || !paperRow) return null;
        return { ...inserted[0], paper: paperRow };
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
