import { z } from "zod";
import { errors } from "@/server/errors";
import { READING_HISTORY_KEEP_PER_PAPER_VIEW, READING_HISTORY_MERGE_WINDOW_MS } from "@/shared/constants";
import type { EntityIdentity } from "@/server/features/entities/entities.repository";
import type { Paper } from "@/shared/paper";
import type { ApiReadingHistoryEntry } from "@/shared/user-data";
import type { ReadingHistoryQueries, ReadingHistoryRepository, ReadingHistoryRow } from "./reading-history.repository";
import { storedPaper } from "@/server/features/bookmarks/stored-paper";

type View = { paperId: string; paper: Paper; viewType: string; readAt: Date; entityId: string | null };
/** The stored entities (paper_entities) holding any of these identity keys. */
type EntityLookup = { ofPapers(papers: Paper[]): Promise<Map<string, EntityIdentity[]>> };

/**
 * Reading history: a view of the same paper and view type
 * within an hour of an existing entry moves that entry's read time (never backwards);
 * otherwise a new entry is added and only the newest 10 of that paper and view type are kept.
 */
export function readingHistoryService(repository: ReadingHistoryRepository, clock: () => Date = () => new Date(), entities?: EntityLookup) {
  /** Each paper's entity id, when its entity is stored (one query for all; none is made here). */
  async function entityIds(papers: Paper[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (!entities) return found;
    for (const [paperId, [entity]] of await entities.ofPapers(papers)) if (entity) found.set(paperId, entity.id);
    return found;
  }

  return {
    async list(userId: string, page: { limit: number; offset: number }): Promise<{ entries: ApiReadingHistoryEntry[]; total: number }> {
      const [rows, total] = await Promise.all([repository.list(userId, page), repository.count(userId)]);
      return { entries: rows.map(toEntry), total };
    },

    async exportAll(userId: string): Promise<ApiReadingHistoryEntry[]> {
      return (await repository.list(userId)).map(toEntry);
    },

    async record(userId: string, input: { paper: Paper; viewType: string; readAt?: string }): Promise<ApiReadingHistoryEntry> {
      const now = clock();
      const entityId = (await entityIds([input.paper])).get(input.paper.id) ?? null;
      const view = { paperId: input.paper.id, paper: input.paper, viewType: input.viewType, readAt: notAfter(input.readAt ? new Date(input.readAt) : now, now), entityId };
      return repository.locked(userId, async (locked) => toEntry((await applyView(locked, userId, view)).row));
    },

    /**
     * Merges the device's entries, oldest first, by the same rules as `record`; answers how
     * many became new entries (the rest were merged into existing ones).
     */
    async import(userId: string, entries: { paperId: string; paperData: Paper; viewType: string; readAt: string }[]): Promise<number> {
      const now = clock();
      const entitiesOf = await entityIds([...new Map(entries.map((entry) => [entry.paperData.id, entry.paperData])).values()]);
      const views = entries
        .map((entry) => ({
          paperId: entry.paperId,
          paper: entry.paperData,
          viewType: entry.viewType,
          readAt: notAfter(new Date(entry.readAt), now),
          entityId: entitiesOf.get(entry.paperData.id) ?? null,
        }))
        .sort((a, b) => a.readAt.getTime() - b.readAt.getTime());
      return repository.locked(userId, async (locked) => {
        let inserted = 0;
        for (const view of views) if ((await applyView(locked, userId, view)).inserted) inserted += 1;
        return inserted;
      });
    },

    async delete(userId: string, id: string): Promise<void> {
      if (!z.uuid().safeParse(id).success) throw errors.validation("id: History entry ids are UUIDs.");
      await repository.delete(userId, id);
    },

    async clear(userId: string): Promise<void> {
      await repository.deleteAll(userId);
    },
  };
}
export type ReadingHistoryService = ReturnType<typeof readingHistoryService>;

async function applyView(repository: ReadingHistoryQueries, userId: string, view: View): Promise<{ row: ReadingHistoryRow; inserted: boolean }> {
  const time = view.readAt.getTime();
  const near = await repository.findNewestBetween(
    userId,
    view.paperId,
    view.viewType,
    new Date(time - READING_HISTORY_MERGE_WINDOW_MS),
    new Date(time + READING_HISTORY_MERGE_WINDOW_MS),
  );
  if (near) {
    // An older view (an imported one) merges into the later entry without moving it back.
    if (near.readAt.getTime() >= time) return { row: near, inserted: false };
    return { row: await repository.updateRead(userId, near.id, { readAt: view.readAt, paperData: view.paper, entityId: view.entityId }), inserted: false };
  }
  const row = await repository.insert(userId, { paperId: view.paperId, paperData: view.paper, viewType: view.viewType, readAt: view.readAt, entityId: view.entityId });
  await repository.pruneBeyond(userId, view.paperId, view.viewType, READING_HISTORY_KEEP_PER_PAPER_VIEW);
  return { row, inserted: true };
}

/** A read time from a fast device clock is taken as now, so it cannot stay on top forever. */
function notAfter(time: Date, now: Date): Date {
  return time.getTime() > now.getTime() ? now : time;
}

function toEntry(row: ReadingHistoryRow): ApiReadingHistoryEntry {
  return {
    id: row.id,
    paperId: row.paperId,
    paperData: storedPaper(row.paperId, row.paperData),
    viewType: row.viewType as ApiReadingHistoryEntry["viewType"],
    readAt: row.readAt.toISOString(),
    entityId: row.entityId,
  };
}
