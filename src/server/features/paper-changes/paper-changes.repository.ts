import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { paperChanges, paperPublications, userBookmarks } from "@/server/db/schema";
import { changeKey, PAPER_CHANGES_LIST_MAX, type PaperChangeDraft, type PaperChangeOrigin, type PaperChangeSource } from "@/shared/paper-changes";

export type PaperChangeRow = typeof paperChanges.$inferSelect;

const open = and(isNull(paperChanges.dismissedAt), isNull(paperChanges.appliedAt));

/** A user's switch in their settings document: on unless they turned it off (`watchPaperChanges`), off unless turned on (`watchReadingHistory`). */
const watching = sql`coalesce(s.settings -> 'watchPaperChanges', 'true'::jsonb) <> 'false'::jsonb`;
const watchingHistory = sql`coalesce(s.settings -> 'watchReadingHistory', 'false'::jsonb) = 'true'::jsonb`;

/**
 * The papers each watching user keeps, one row per user and paper: their library's bookmarks
 * (collections are bookmarks' tags), and the newest reading-history copy of papers they read
 * but did not bookmark when they chose to watch their history too.
 */
function keptPapers(userId: string | null): SQL {
  const forUser = (column: SQL) => (userId === null ? sql`true` : sql`${column} = ${userId}`);
  return sql`
    select b.user_id, b.paper_id, b.paper_data, 'bookmark'::text as origin
      from user_bookmarks b
      left join user_settings s on s.user_id = b.user_id
     where b.deleted_at is null and ${forUser(sql`b.user_id`)} and ${watching}
    union all
    select distinct on (h.user_id, h.paper_id) h.user_id, h.paper_id, h.paper_data, 'history'::text as origin
      from user_reading_history h
      join user_settings s on s.user_id = h.user_id
     where h.paper_data is not null and ${forUser(sql`h.user_id`)} and ${watching} and ${watchingHistory}
       and not exists (select 1 from user_bookmarks b where b.user_id = h.user_id and b.paper_id = h.paper_id and b.deleted_at is null)`;
}

/** The kept paper's arXiv id without version, and its version ("2401.12345v2" -> 2). */
const keptBase = sql`coalesce(regexp_replace(k.paper_data ->> 'arxivId', 'v[0-9]+$', ''), k.paper_id)`;
const keptVersion = sql`(substring(k.paper_data ->> 'arxivId' from 'v([0-9]+)$'))::int`;
const blank = (field: string) => sql`coalesce(btrim(k.paper_data ->> ${sql.raw(`'${field}'`)}), '') = ''`;
/** An arXiv id without version, new style or old ("2401.12345", "hep-th/9901001"). */
const arxivIdPattern = "^([0-9]{4}\\.[0-9]{4,5}|[a-z-]+(\\.[A-Z]{2})?/[0-9]{7})$";

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export function paperChangesRepository(db: Database) {
  return {
    /**
     * Compares every kept paper of the watching users (or of one user) with Quire's arXiv index
     * and stores what is new: a newer version than the kept one, a DOI or journal reference the
     * kept copy lacks. Changes already stored are left as they are. Answers how many are new.
     */
    async detectFromIndex(userId: string | null): Promise<number> {
      const kept = keptPapers(userId);
      const versions = await db.execute(sql`
        insert into paper_changes (user_id, paper_id, kind, change_key, origin, source, title, from_version, to_version, version_date, comment, doi, journal_ref)
        select k.user_id, k.paper_id, 'version', 'v' || a.version, k.origin, 'index', coalesce(k.paper_data ->> 'title', a.title),
               ${keptVersion}, a.version, (a.versions -> -1 ->> 'submitted')::timestamptz, a.comments, a.doi, a.journal_ref
          from (${kept}) k
          join arxiv_papers a on a.id = ${keptBase}
         where ${keptVersion} is not null and a.version > ${keptVersion}
        on conflict (user_id, paper_id, change_key) do nothing
        returning id`);
      const published = await db.execute(sql`
        insert into paper_changes (user_id, paper_id, kind, change_key, origin, source, title, doi, journal_ref)
        select k.user_id, k.paper_id, 'published', 'published', k.origin, 'index', coalesce(k.paper_data ->> 'title', a.title),
               case when ${blank("doi")} then a.doi end, case when ${blank("journalRef")} then a.journal_ref end
          from (${kept}) k
          join arxiv_papers a on a.id = ${keptBase}
         where (a.doi is not null and ${blank("doi")}) or (a.journal_ref is not null and ${blank("journalRef")})
        on conflict (user_id, paper_id, change_key) do nothing
        returning id`);
      // Publications found outside arXiv (OpenAlex, Crossref); arXiv's own, above, wins where both are.
      const publishedElsewhere = await db.execute(sql`
        insert into paper_changes (user_id, paper_id, kind, change_key, origin, source, title, doi, journal_ref)
        select k.user_id, k.paper_id, 'published', 'published', k.origin, p.source, coalesce(k.paper_data ->> 'title', k.paper_id),
               case when ${blank("doi")} then p.doi end, case when ${blank("journalRef")} then p.journal_ref end
          from (${kept}) k
          join paper_publications p on p.paper_id = ${keptBase}
         where p.source is not null and ((p.doi is not null and ${blank("doi")}) or (p.journal_ref is not null and ${blank("journalRef")}))
        on conflict (user_id, paper_id, change_key) do nothing
        returning id`);
      await this.settle(userId);
      return rowsOf(versions).length + rowsOf(published).length + rowsOf(publishedElsewhere).length;
    },

    /**
     * The kept arXiv papers (of every watching user) to ask OpenAlex and Crossref about: neither
     * the kept copy nor Quire's index names a DOI or journal reference, no publication was found
     * yet, and none was asked about since `askedBefore`. Least recently asked (never first).
     */
    async publicationQuestions(askedBefore: Date, limit: number): Promise<{ paperId: string; title: string; authors: unknown; published: string | null }[]> {
      const result = await db.execute(sql`
        select ${keptBase} as paper_id, max(k.paper_data ->> 'title') as title, (array_agg(k.paper_data -> 'authors'))[1] as authors,
               min(k.paper_data ->> 'publishedDate') as published
          from (${keptPapers(null)}) k
          left join arxiv_papers a on a.id = ${keptBase}
          left join paper_publications p on p.paper_id = ${keptBase}
         where ${keptBase} ~ ${arxivIdPattern} and ${blank("doi")} and ${blank("journalRef")}
           and (a.id is null or (a.doi is null and a.journal_ref is null))
           and (p.paper_id is null or (p.doi is null and p.journal_ref is null and p.checked_at < ${askedBefore.toISOString()}::timestamptz))
         group by ${keptBase}
         order by max(p.checked_at) nulls first, ${keptBase}
         limit ${limit}`);
      return rowsOf<{ paper_id: string; title: string | null; authors: unknown; published: string | null }>(result).map((row) => ({
        paperId: row.paper_id,
        title: row.title ?? "",
        authors: row.authors,
        published: row.published,
      }));
    },

    /** Records what the look-up answered: when each paper was asked, and the publication found. */
    async recordPublications(answers: readonly { paperId: string; doi: string | null; journalRef: string | null; source: "openalex" | "crossref" | null }[]): Promise<void> {
      if (answers.length === 0) return;
      await db
        .insert(paperPublications)
        .values(answers.map((answer) => ({ ...answer, checkedAt: sql`now()`, foundAt: answer.doi || answer.journalRef ? sql`now()` : null })))
        .onConflictDoUpdate({
          target: paperPublications.paperId,
          set: {
            checkedAt: sql`excluded.checked_at`,
            doi: sql`excluded.doi`,
            journalRef: sql`excluded.journal_ref`,
            source: sql`excluded.source`,
            foundAt: sql`excluded.found_at`,
          },
        });
    },

    /**
     * Closes open changes that no longer say anything: a version change a newer one supersedes,
     * and one the bookmark has since reached (bookmarked again at that version, or updated).
     */
    async settle(userId: string | null): Promise<void> {
      const forUser = userId === null ? sql`true` : sql`p.user_id = ${userId}`;
      await db.execute(sql`
        update paper_changes p set dismissed_at = now()
         where ${forUser} and p.kind = 'version' and p.dismissed_at is null and p.applied_at is null
           and exists (select 1 from paper_changes q
                        where q.user_id = p.user_id and q.paper_id = p.paper_id and q.kind = 'version'
                          and q.to_version > p.to_version and q.dismissed_at is null and q.applied_at is null)`);
      await db.execute(sql`
        update paper_changes p set applied_at = now()
          from user_bookmarks k
         where ${forUser} and p.origin = 'bookmark' and p.dismissed_at is null and p.applied_at is null
           and k.user_id = p.user_id and k.paper_id = p.paper_id
           and ((p.kind = 'version' and ${keptVersion} >= p.to_version)
             or (p.kind = 'published' and (p.doi is null or not ${blank("doi")}) and (p.journal_ref is null or not ${blank("journalRef")})))`);
    },

    /** Stores changes seen in a paper the user opened; answers how many were new. */
    async insert(userId: string, origin: PaperChangeOrigin, source: PaperChangeSource, title: string, drafts: PaperChangeDraft[]): Promise<number> {
      if (drafts.length === 0) return 0;
      const rows = await db
        .insert(paperChanges)
        .values(
          drafts.map((draft) => ({
            userId,
            paperId: draft.paperId,
            kind: draft.kind,
            changeKey: changeKey(draft),
            origin,
            source,
            title,
            fromVersion: draft.fromVersion,
            toVersion: draft.toVersion,
            versionDate: draft.versionDate && !Number.isNaN(Date.parse(draft.versionDate)) ? new Date(draft.versionDate) : null,
            comment: draft.comment,
            doi: draft.doi,
            journalRef: draft.journalRef,
          })),
        )
        .onConflictDoNothing({ target: [paperChanges.userId, paperChanges.paperId, paperChanges.changeKey] })
        .returning({ id: paperChanges.id });
      await this.settle(userId);
      return rows.length;
    },

    /** The user's open changes, newest first. */
    async listOpen(userId: string, options: { paperId?: string; undigested?: boolean } = {}): Promise<PaperChangeRow[]> {
      return db
        .select()
        .from(paperChanges)
        .where(
          and(
            eq(paperChanges.userId, userId),
            open,
            options.paperId === undefined ? undefined : eq(paperChanges.paperId, options.paperId),
            options.undigested ? isNull(paperChanges.digestedAt) : undefined,
          ),
        )
        .orderBy(desc(paperChanges.detectedAt), desc(paperChanges.id))
        .limit(PAPER_CHANGES_LIST_MAX);
    },

    /** Marks changes seen (all the user's open ones when `ids` is absent); answers how many. */
    async markSeen(userId: string, ids?: string[]): Promise<number> {
      const rows = await db
        .update(paperChanges)
        .set({ seenAt: sql`now()` })
        .where(and(eq(paperChanges.userId, userId), open, isNull(paperChanges.seenAt), ids ? inArray(paperChanges.id, ids) : undefined))
        .returning({ id: paperChanges.id });
      return rows.length;
    },

    async dismiss(userId: string, id: string): Promise<PaperChangeRow | undefined> {
      const [row] = await db
        .update(paperChanges)
        .set({ dismissedAt: sql`now()` })
        .where(and(eq(paperChanges.userId, userId), eq(paperChanges.id, id)))
        .returning();
      return row;
    },

    async markApplied(userId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.update(paperChanges).set({ appliedAt: sql`now()` }).where(and(eq(paperChanges.userId, userId), inArray(paperChanges.id, ids)));
    },

    async markDigested(userId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.update(paperChanges).set({ digestedAt: sql`now()` }).where(and(eq(paperChanges.userId, userId), inArray(paperChanges.id, ids)));
    },

    /** The user's bookmark of a paper (in the library, not in Trash). */
    async bookmark(userId: string, paperId: string): Promise<{ paperId: string; paperData: unknown } | undefined> {
      const [row] = await db
        .select({ paperId: userBookmarks.paperId, paperData: userBookmarks.paperData })
        .from(userBookmarks)
        .where(and(eq(userBookmarks.userId, userId), eq(userBookmarks.paperId, paperId), isNull(userBookmarks.deletedAt)));
      return row;
    },
  };
}
export type PaperChangesRepository = ReturnType<typeof paperChangesRepository>;
