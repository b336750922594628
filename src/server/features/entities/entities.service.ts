import { errors } from "@/server/errors";
import type { PapersService } from "@/server/features/papers/papers.service";
import { sourceError } from "@/server/features/search/search.service";
import type { Logger } from "@/server/logger";
import type { Sources } from "@/server/sources/sources";
import { ArxivFeedError } from "@/shared/sources/arxiv/arxiv-atom";
import {
  ENTITY_SEARCH_AUTHORS,
  ENTITY_SEARCH_ROWS,
  lookupIdOf,
  matchScore,
  mergeRecords,
  recordFromPaper,
  recordMatches,
  type EntityAction,
  type EntitySource,
  type PaperEntity,
  type SourceRecord,
} from "@/shared/entities";
import { arxivDoi } from "@/shared/library/paper-identifiers";
import type { Paper } from "@/shared/paper";
import { recordsOf, toPaperEntity, type EntitiesRepository } from "./entities.repository";

export type PaperReference = { id: string; arxivId?: string | null; doi?: string | null };
export type SearchTerms = { title: string; authors: string[]; year?: number };
export type EntityResult = { entity: PaperEntity; warnings: string[] };

type Found = { source: EntitySource; record: SourceRecord };

/** The words a failed source lookup is reported in ("OpenAlex API error: 503 Service Unavailable"). */
function failureMessage(label: string, error: unknown): string {
  try {
    return sourceError(label, error).message;
  } catch {
    return `${label} API error`;
  }
}

/**
 * POST /api/entities: ensure an entity for a
 * paper, enrich it from the other sources, or find it by title, authors and year. Records come
 * through the shared sources (their cache, rate limits and retries), never from the request.
 */
export function entitiesService(deps: { repository: EntitiesRepository; sources: Sources; papers: PapersService; logger: Logger; now?: () => Date }) {
  const { repository, sources, papers } = deps;
  const now = deps.now ?? (() => new Date());

  const found = (paper: Paper | null, at: Date): Found | null => (paper ? recordFromPaper(paper, at.toISOString()) : null);

  async function loadEntity(entityId: string) {
    const row = await repository.findById(entityId);
    if (!row) throw errors.notFound("Entity not found.");
    return row;
  }

  async function store(records: Found[], action: EntityAction, at: Date, entityId?: string): Promise<PaperEntity> {
    const row = await repository.mergeInto({ records, action, at, entityId });
    if (!row) throw errors.notFound("Entity not found.");
    return toPaperEntity(row);
  }

  /** One source's lookup; a failure becomes a warning so the other sources still count. */
  async function attempt(label: string, warnings: string[], lookup: () => Promise<Paper | null>): Promise<Paper | null> {
    try {
      return await lookup();
    } catch (error) {
      if (error instanceof ArxivFeedError) return null;
      deps.logger.warn({ err: error, source: label }, "entity enrichment: a source failed");
      warnings.push(failureMessage(label, error));
      return null;
    }
  }

  /** Papers remembered lately (id → when), so a paper opened again and again is not rewritten each time. */
  const remembered = new Map<string, number>();
  const REMEMBER_AGAIN_MS = 60 * 60 * 1000;
  const REMEMBERED_MAX = 5_000;

  return {
    /**
     * Keeps the record of a paper the server has just fetched from its own source (the reader's
     * lookup) in the paper's entity, so the history and the library know the paper by one
     * identity; only upstream data, never what a request carried. Failures are logged, not thrown.
     */
    async remember(paper: Paper): Promise<void> {
      const at = now();
      const seen = remembered.get(paper.id);
      if (seen !== undefined && at.getTime() - seen < REMEMBER_AGAIN_MS) return;
      const record = found(paper, at);
      if (!record) return;
      if (remembered.size >= REMEMBERED_MAX) remembered.delete(remembered.keys().next().value!);
      remembered.set(paper.id, at.getTime());
      try {
        await repository.mergeInto({ records: [record], action: "ensure", at });
      } catch (error) {
        remembered.delete(paper.id);
        deps.logger.warn({ err: error, paperId: paper.id }, "entity: could not keep a looked-up paper");
      }
    },

    /** The entity of a paper (created on first sight): the paper is looked up by its id at the source that owns it. */
    async ensure(paper: PaperReference): Promise<EntityResult> {
      const at = now();
      // Unknown ids answer 404 "Paper not found.", malformed ones 400 "Invalid paper ID or URL".
      const record = found(await papers.lookup(lookupIdOf(paper)), at);
      if (!record) throw errors.validation("Invalid paper ID or URL");
      return { entity: await store([record], "ensure", at), warnings: [] };
    },

    /** Asks arXiv, OpenAlex and Crossref for the records of the entity's paper that it does not hold yet, and merges them. */
    async enrich(entityId: string): Promise<EntityResult> {
      const row = await loadEntity(entityId);
      const at = now();
      const warnings: string[] = [];
      const merged = mergeRecords(recordsOf(row));
      const collected: Found[] = [];
      let arxivId = merged.arxivId;
      let doi = merged.doi;
      let openalexId = merged.openalexId;

      if (arxivId) {
        const id = arxivId;
        const paper = await attempt("ArXiv", warnings, async () => (await sources.arxiv.search({ idList: [id], maxResults: 1 })).papers[0] ?? null);
        const record = found(paper, at);
        if (record) {
          collected.push(record);
          doi ??= record.record.doi;
        }
      }
      const openalexKey = openalexId ?? (doi ? `doi:${doi}` : arxivId ? `doi:${arxivDoi(arxivId)}` : null);
      if (openalexKey) {
        const record = found(await attempt("OpenAlex", warnings, () => sources.openalex.getWork(openalexKey)), at);
        if (record && recordMatches(merged, record.record)) {
          collected.push(record);
          doi ??= record.record.doi;
          arxivId ??= record.record.arxivId;
          openalexId ??= record.record.openalexId;
        }
      }
      if (doi) {
        const key = doi;
        const record = found(await attempt("Crossref", warnings, () => sources.crossref.getWork(key)), at);
        if (record) collected.push(record);
      }
      return { entity: await store(collected, "enrich", at, row.id), warnings };
    },

    /**
     * Searches Crossref and OpenAlex by title, authors and year (5 candidates each), and merges
     * the best candidate of each that matches the entity (80 % of the title's words, half of
     * the authors, no contradicting identifier).
     */
    async searchEnrich(entityId: string, terms: SearchTerms): Promise<EntityResult & { matched: { source: EntitySource; id: string }[] }> {
      const row = await loadEntity(entityId);
      const at = now();
      const warnings: string[] = [];
      const merged = mergeRecords(recordsOf(row));
      const yearFilter = terms.year ? `from-pub-date:${terms.year},until-pub-date:${terms.year}` : undefined;
      const [crossref, openalex] = await Promise.all([
        (async () => {
          try {
            return (
              await sources.crossref.searchWorks({
                bibliographic: terms.title,
                author: terms.authors.slice(0, ENTITY_SEARCH_AUTHORS).join(" ") || undefined,
                filter: yearFilter,
                rows: ENTITY_SEARCH_ROWS,
                sort: "relevance",
              })
            ).papers;
          } catch (error) {
            warnings.push(failureMessage("Crossref", error));
            return [];
          }
        })(),
        (async () => {
          try {
            return (
              await sources.openalex.searchWorks({
                search: terms.title.replace(/[!|]/g, " "),
                filter: terms.year ? `publication_year:${terms.year}` : undefined,
                perPage: ENTITY_SEARCH_ROWS,
              })
            ).papers;
          } catch (error) {
            warnings.push(failureMessage("OpenAlex", error));
            return [];
          }
        })(),
      ]);
      const best = (papersFound: Paper[]): Found | null => {
        const candidates = papersFound
          .map((paper) => found(paper, at))
          .filter((candidate): candidate is Found => candidate !== null && recordMatches(merged, candidate.record))
          .sort((a, b) => matchScore(terms, b.record) - matchScore(terms, a.record));
        return candidates[0] ?? null;
      };
      const matches = [best(crossref), best(openalex)].filter((match): match is Found => match !== null);
      const entity = await store(matches, "search_enrich", at, row.id);
      return { entity, warnings, matched: matches.map((match) => ({ source: match.source, id: match.record.id })) };
    },
  };
}

export type EntitiesService = ReturnType<typeof entitiesService>;
