import { asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { paperEntities } from "@/server/db/schema";
import {
  ENTITY_HISTORY_MAX,
  ENTITY_SOURCES,
  changedFields,
  identityKeys,
  mergeRecords,
  paperIdentityKeys,
  type EntityAction,
  type EntitySource,
  type MergedEntity,
  type PaperEntity,
  type SourceHistoryEntry,
  type SourceRecord,
  type SourceRecords,
} from "@/shared/entities";
import type { Paper } from "@/shared/paper";

type EntityRow = typeof paperEntities.$inferSelect;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** A stored row as the API answers it (no identity columns, no raw source records). */
export function toPaperEntity(row: EntityRow): PaperEntity {
  return {
    id: row.id,
    title: row.title,
    authors: row.authors,
    abstract: row.abstract,
    url: row.url,
    categories: row.categories,
    category: row.category,
    source_ids: row.sourceIds,
    primary_source: row.primarySource as EntitySource,
    submission_date: row.submissionDate,
    publication_date: row.publicationDate,
    date_added: iso(row.dateAdded),
    date_modified: iso(row.dateModified),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    source_history: row.sourceHistory as SourceHistoryEntry[],
    publication_info: row.publicationInfo,
    metadata: row.metadata,
  };
}

export function recordsOf(row: Pick<EntityRow, "sourceRecords">): SourceRecords {
  return row.sourceRecords as SourceRecords;
}

/** The merged fields of a stored row (to compare against a new merge). */
function mergedOf(row: EntityRow): MergedEntity | null {
  const records = recordsOf(row);
  return ENTITY_SOURCES.some((source) => records[source]) ? mergeRecords(records) : null;
}

/** Later records win: the union of two record sets, keeping each source's newest. */
function unionRecords(a: SourceRecords, b: SourceRecords): SourceRecords {
  const union: SourceRecords = { ...a };
  for (const source of ENTITY_SOURCES) {
    const record = b[source];
    if (record && (!union[source] || union[source]!.fetchedAt <= record.fetchedAt)) union[source] = record;
  }
  return union;
}

function columnsOf(merged: MergedEntity) {
  return {
    title: merged.title,
    authors: merged.authors,
    abstract: merged.abstract,
    url: merged.url,
    categories: merged.categories,
    category: merged.category,
    sourceIds: merged.source_ids as Record<string, string>,
    arxivId: merged.arxivId,
    doi: merged.doi,
    openalexId: merged.openalexId,
    primarySource: merged.primary_source,
    submissionDate: merged.submission_date,
    publicationDate: merged.publication_date,
    publicationInfo: merged.publication_info as Record<string, string>,
    metadata: merged.metadata,
  };
}

function identityCondition(keys: string[]): SQL | undefined {
  const arxiv = keys.filter((key) => key.startsWith("arxiv:")).map((key) => key.slice(6));
  const doi = keys.filter((key) => key.startsWith("doi:")).map((key) => key.slice(4));
  const openalex = keys.filter((key) => key.startsWith("openalex:")).map((key) => key.slice(9));
  const parts = [
    arxiv.length ? inArray(paperEntities.arxivId, arxiv) : undefined,
    doi.length ? inArray(paperEntities.doi, doi) : undefined,
    openalex.length ? inArray(paperEntities.openalexId, openalex) : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return parts.length ? or(...parts) : undefined;
}

/**
 * paper_entities. Every write holds a transaction-scoped advisory lock per identity key (taken
 * in one order), so concurrent writes about one paper, on any instance, queue up: the first
 * creates the entity and the others find it.
 */
/** A stored entity's id and identifiers. */
export type EntityIdentity = { id: string; arxivId: string | null; doi: string | null; openalexId: string | null };

export function entitiesRepository(db: Database) {
  async function lockKeys(tx: Database, keys: string[]): Promise<void> {
    for (const key of [...new Set(keys)].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`paper-entity:${key}`}))`);
  }

  return {
    /**
     * The stored entities of each paper (by the identity keys it has at its own source), in one
     * query for all: what the reading history and the bookmark duplicate check read. Usually one
     * per paper; a paper whose keys name two entities not yet found to be one paper gets both.
     */
    async ofPapers(papers: Paper[]): Promise<Map<string, EntityIdentity[]>> {
      const keysOf = papers.map((paper) => [paper.id, paperIdentityKeys(paper)] as const).filter(([, keys]) => keys.length > 0);
      const condition = identityCondition([...new Set(keysOf.flatMap(([, keys]) => keys))]);
      if (!condition) return new Map();
      const rows = await db
        .select({ id: paperEntities.id, arxivId: paperEntities.arxivId, doi: paperEntities.doi, openalexId: paperEntities.openalexId })
        .from(paperEntities)
        .where(condition);
      const byKey = new Map<string, EntityIdentity[]>();
      for (const row of rows) for (const key of identityKeys(row)) byKey.set(key, [...(byKey.get(key) ?? []), row]);
      const found = new Map<string, EntityIdentity[]>();
      for (const [paperId, keys] of keysOf) {
        const entities = [...new Set(keys.flatMap((key) => byKey.get(key) ?? []))];
        if (entities.length > 0) found.set(paperId, entities);
      }
      return found;
    },

    async findById(id: string): Promise<EntityRow | null> {
      const [row] = await db.select().from(paperEntities).where(eq(paperEntities.id, id)).limit(1);
      return row ?? null;
    },

    /**
     * Merges source records into the entity they identify (or into `entityId`), creating it
     * when none exists; entities the records show to be one paper become one (the oldest
     * stays). Returns the stored entity.
     */
    async mergeInto(input: { records: { source: EntitySource; record: SourceRecord }[]; action: EntityAction; at: Date; entityId?: string }): Promise<EntityRow | null> {
      return db.transaction(async (rawTx) => {
        const tx = rawTx as unknown as Database;
        const incoming: SourceRecords = {};
        for (const { source, record } of input.records) incoming[source] = record;
        const keys = input.records.flatMap(({ record }) => identityKeys(record));
        let target: EntityRow | null = null;
        if (input.entityId) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`paper-entity-id:${input.entityId}`}))`);
          [target = null] = await tx.select().from(paperEntities).where(eq(paperEntities.id, input.entityId)).limit(1);
          if (!target) return null;
          keys.push(...identityKeys(target));
        }
        await lockKeys(tx, keys);
        const condition = identityCondition(keys);
        const found = condition ? await tx.select().from(paperEntities).where(condition).orderBy(asc(paperEntities.createdAt), asc(paperEntities.id)) : [];
        if (target && !found.some((row) => row.id === target!.id)) found.unshift(target);
        const base = target ?? found[0] ?? null;
        const others = found.filter((row) => row.id !== base?.id);

        let records: SourceRecords = base ? recordsOf(base) : {};
        for (const other of others) records = unionRecords(records, recordsOf(other));
        const before = base ? mergedOf(base) : null;
        records = unionRecords(records, incoming);
        const merged = mergeRecords(records);

        const at = input.at.toISOString();
        const history: SourceHistoryEntry[] = [...((base?.sourceHistory ?? []) as SourceHistoryEntry[]), ...others.flatMap((other) => other.sourceHistory as SourceHistoryEntry[])];
        const fields = changedFields(before, merged);
        for (const { source, record } of input.records) {
          const known = base ? recordsOf(base)[source] : undefined;
          // A record already held, unchanged, adds no history line.
          if (known && fields.length === 0 && known.id === record.id) continue;
          history.push({ source, id: record.id, action: input.action, at, fields });
        }
        history.sort((a, b) => a.at.localeCompare(b.at));
        const trimmedHistory = history.slice(-ENTITY_HISTORY_MAX);

        if (others.length > 0) await tx.delete(paperEntities).where(inArray(paperEntities.id, others.map((other) => other.id)));
        const columns = { ...columnsOf(merged), sourceRecords: records as Record<string, unknown>, sourceHistory: trimmedHistory };
        if (!base) {
          const [created] = await tx
            .insert(paperEntities)
            .values({ ...columns, dateAdded: input.at, dateModified: input.at, createdAt: input.at, updatedAt: input.at })
            .returning();
          return created ?? null;
        }
        const changed = fields.length > 0 || others.length > 0;
        const [updated] = await tx
          .update(paperEntities)
          .set({ ...columns, ...(changed ? { dateModified: input.at } : {}), updatedAt: input.at })
          .where(eq(paperEntities.id, base.id))
          .returning();
        return updated ?? null;
      });
    },
  };
}

export type EntitiesRepository = ReturnType<typeof entitiesRepository>;
