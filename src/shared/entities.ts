import { extractArxivId } from "@/shared/arxiv-id";
import { authorKeySet, authorOverlap, titleOverlap, titleWordSet } from "@/shared/library/duplicates";
import { FUZZY_AUTHOR_OVERLAP_MIN, FUZZY_TITLE_OVERLAP_MIN } from "@/shared/library/library-constants";
import { arxivIdFromDoi, normalizeDoi, paperArxivId } from "@/shared/library/paper-identifiers";
import { primaryCategory, type Paper } from "@/shared/paper";

/**
 * The unified entity: one identity per
 * paper, merging what arXiv, OpenAlex and Crossref each say about it. Each source's record is
 * kept apart and the entity is derived from all of them by fixed rules, so the result does not
 * depend on the order the records arrived in.
 */

export const ENTITY_SOURCES = ["arxiv", "crossref", "openalex"] as const;
export type EntitySource = (typeof ENTITY_SOURCES)[number];
export const ENTITY_ACTIONS = ["ensure", "enrich", "search_enrich"] as const;
export type EntityAction = (typeof ENTITY_ACTIONS)[number];
/** Candidates asked of each source by search_enrich (the spec's Crossref lookups use 5 rows). */
export const ENTITY_SEARCH_ROWS = 5;
/** Crossref author queries use the first two authors. */
export const ENTITY_SEARCH_AUTHORS = 2;
/** The newest source_history entries kept. */
export const ENTITY_HISTORY_MAX = 50;

/** What one source says about the paper, in the fields the entity is made of. */
export type SourceRecord = {
  /** The paper's id at that source: the bare arXiv id, the OpenAlex W id, or the DOI (Crossref). */
  id: string;
  title: string;
  authors: string[];
  abstract: string;
  url: string;
  categories: string[];
  /** Bare, lower-case arXiv id without version. */
  arxivId: string | null;
  /** The version-of-record DOI, lower case (arXiv's own 10.48550 DOIs are not kept: the arXiv id says it). */
  doi: string | null;
  openalexId: string | null;
  publishedDate: string | null;
  journal?: string;
  publisher?: string;
  volume?: string;
  issue?: string;
  pages?: string;
  type?: string;
  citationCount?: number;
  license?: string;
  fetchedAt: string;
};

export type SourceRecords = Partial<Record<EntitySource, SourceRecord>>;

export type PublicationInfo = { journal?: string; publisher?: string; volume?: string; issue?: string; pages?: string; type?: string };
export type SourceHistoryEntry = { source: EntitySource; id: string; action: EntityAction; at: string; fields: string[] };

/** The entity's fields derived from its records. */
export type MergedEntity = {
  title: string;
  authors: string[];
  abstract: string | null;
  url: string | null;
  categories: string[];
  category: string;
  source_ids: Partial<Record<EntitySource | "doi", string>>;
  arxivId: string | null;
  doi: string | null;
  openalexId: string | null;
  primary_source: EntitySource;
  submission_date: string | null;
  publication_date: string | null;
  publication_info: PublicationInfo;
  metadata: { citationCount?: number; license?: string };
};

/** The entity as POST /api/entities answers it. */
export type PaperEntity = Omit<MergedEntity, "arxivId" | "doi" | "openalexId"> & {
  id: string;
  date_added: string;
  date_modified: string;
  created_at: string;
  updated_at: string;
  source_history: SourceHistoryEntry[];
};

export type EntityResponse = { success: boolean; entity: PaperEntity | null; error: string | null; warnings?: string[] };

const OPENALEX_WORK = /^W\d{1,15}$/i;

function isEntitySource(value: string): value is EntitySource {
  return (ENTITY_SOURCES as readonly string[]).includes(value);
}

/** A record of the paper as one source returned it; null for sources the entity does not merge (Zotero...). */
export function recordFromPaper(paper: Paper, fetchedAt: string): { source: EntitySource; record: SourceRecord } | null {
  if (!isEntitySource(paper.source)) return null;
  const arxivId = paperArxivId(paper)?.toLowerCase() ?? null;
  const normalizedDoi = normalizeDoi(paper.doi ?? (paper.source === "crossref" ? paper.id : null));
  const doi = normalizedDoi && !arxivIdFromDoi(normalizedDoi) ? normalizedDoi : null;
  const openalexId = paper.source === "openalex" && OPENALEX_WORK.test(paper.id) ? paper.id.toUpperCase() : null;
  const id = paper.source === "arxiv" ? arxivId : paper.source === "openalex" ? openalexId : doi;
  if (!id) return null;
  const record: SourceRecord = {
    id,
    title: paper.title.trim(),
    authors: paper.authors,
    abstract: paper.abstract,
    url: paper.url,
    categories: paper.categories,
    arxivId,
    doi,
    openalexId,
    publishedDate: paper.publishedDate,
    fetchedAt,
  };
  const optional = {
    journal: paper.journal,
    publisher: paper.publisher,
    volume: paper.volume,
    issue: paper.issue,
    pages: paper.pages,
    type: paper.itemType,
    citationCount: paper.citationCount,
    license: paper.license,
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined && value !== "") (record as Record<string, unknown>)[key] = value;
  return { source: paper.source, record };
}

/** The first value `pick` finds in the records, in the given source order. */
function first<T>(records: SourceRecords, order: readonly EntitySource[], pick: (record: SourceRecord) => T | null | undefined): T | undefined {
  for (const source of order) {
    const record = records[source];
    if (!record) continue;
    const value = pick(record);
    if (value !== null && value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0)) return value;
  }
  return undefined;
}

/**
 * The entity from its records. arXiv is the primary source when it knows the paper (its id is
 * the one users search by), else Crossref (the registration agency), else OpenAlex. The
 * bibliographic facts of the published version come from Crossref, then OpenAlex; the
 * abstract from arXiv, then OpenAlex (Crossref has one for few works); the citation count is
 * the larger of OpenAlex's and Crossref's.
 */
export function mergeRecords(records: SourceRecords): MergedEntity {
  const primary = ENTITY_SOURCES.find((source) => records[source]);
  if (!primary) throw new Error("an entity needs at least one source record");
  const textOrder: EntitySource[] = ["arxiv", "crossref", "openalex"];
  const publishedOrder: EntitySource[] = ["crossref", "openalex"];
  const categories = first(records, ["arxiv", "openalex", "crossref"], (record) => record.categories) ?? [];
  const arxivId = first(records, ["arxiv", "openalex", "crossref"], (record) => record.arxivId) ?? null;
  const doi = first(records, ["crossref", "arxiv", "openalex"], (record) => record.doi) ?? null;
  const openalexId = records.openalex?.openalexId ?? null;
  const publicationInfo: PublicationInfo = {};
  for (const field of ["journal", "publisher", "volume", "issue", "pages", "type"] as const) {
    const value = first(records, publishedOrder, (record) => record[field]);
    if (value) publicationInfo[field] = value;
  }
  const counts = publishedOrder.map((source) => records[source]?.citationCount).filter((count): count is number => typeof count === "number");
  const license = first(records, ["crossref", "openalex", "arxiv"], (record) => record.license);
  const sourceIds: MergedEntity["source_ids"] = {};
  for (const source of ENTITY_SOURCES) if (records[source]) sourceIds[source] = records[source]!.id;
  if (!sourceIds.arxiv && arxivId) sourceIds.arxiv = arxivId;
  if (!sourceIds.openalex && openalexId) sourceIds.openalex = openalexId;
  if (doi) sourceIds.doi = doi;
  // The published version's date: Crossref's, or OpenAlex's when its work is not the preprint itself.
  const publicationDate =
    records.crossref?.publishedDate ?? (records.openalex && records.openalex.doi ? records.openalex.publishedDate : null) ?? null;
  return {
    title: first(records, textOrder, (record) => record.title) ?? "Untitled",
    authors: first(records, textOrder, (record) => record.authors) ?? [],
    abstract: first(records, ["arxiv", "openalex", "crossref"], (record) => record.abstract) ?? null,
    url: first(records, textOrder, (record) => record.url) ?? null,
    categories,
    category: primaryCategory(categories),
    source_ids: sourceIds,
    arxivId,
    doi,
    openalexId,
    primary_source: primary,
    submission_date: records.arxiv?.publishedDate ?? null,
    publication_date: publicationDate,
    publication_info: publicationInfo,
    metadata: {
      ...(counts.length > 0 ? { citationCount: Math.max(...counts) } : {}),
      ...(license ? { license } : {}),
    },
  };
}

/** The identity keys of a record: "arxiv:<id>", "doi:<doi>", "openalex:<W id>". */
export function identityKeys(value: { arxivId: string | null; doi: string | null; openalexId: string | null }): string[] {
  const keys: string[] = [];
  if (value.arxivId) keys.push(`arxiv:${value.arxivId}`);
  if (value.doi) keys.push(`doi:${value.doi}`);
  if (value.openalexId) keys.push(`openalex:${value.openalexId}`);
  return keys;
}

/** The identity keys a paper is known by at its own source (to find its entity); none for a paper from elsewhere. */
export function paperIdentityKeys(paper: Paper): string[] {
  const found = recordFromPaper(paper, "");
  return found ? identityKeys(found.record) : [];
}

/**
 * Whether a record found by searching can describe the entity's paper: no identifier may
 * contradict the entity's, and the title must share at least 80 % of its words (the fuzzy
 * duplicate rule) and, when both list authors, half of the authors.
 */
export function recordMatches(entity: Pick<MergedEntity, "title" | "authors" | "arxivId" | "doi" | "openalexId">, record: SourceRecord): boolean {
  if (entity.arxivId && record.arxivId && entity.arxivId !== record.arxivId) return false;
  if (entity.doi && record.doi && entity.doi !== record.doi) return false;
  if (entity.openalexId && record.openalexId && entity.openalexId !== record.openalexId) return false;
  if (titleOverlap(titleWordSet(entity.title), titleWordSet(record.title)) < FUZZY_TITLE_OVERLAP_MIN) return false;
  const mine = authorKeySet({ authors: entity.authors });
  const theirs = authorKeySet({ authors: record.authors });
  if (mine.size > 0 && theirs.size > 0 && authorOverlap(mine, theirs) < FUZZY_AUTHOR_OVERLAP_MIN) return false;
  return true;
}

/** How well a search candidate matches the search terms (title word overlap, then author overlap), for ranking. */
export function matchScore(terms: { title: string; authors: string[] }, record: SourceRecord): number {
  const title = titleOverlap(titleWordSet(terms.title), titleWordSet(record.title));
  const mine = authorKeySet({ authors: terms.authors });
  const theirs = authorKeySet({ authors: record.authors });
  const authors = mine.size > 0 && theirs.size > 0 ? authorOverlap(mine, theirs) : 0;
  return title * 2 + authors;
}

/** Names of the entity fields that differ between two merges (for source_history). */
export function changedFields(before: MergedEntity | null, after: MergedEntity): string[] {
  if (!before) return Object.keys(after).filter((key) => !["arxivId", "doi", "openalexId"].includes(key));
  return (Object.keys(after) as (keyof MergedEntity)[])
    .filter((key) => !["arxivId", "doi", "openalexId"].includes(key))
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/** The identifier a paper reference is looked up by: its arXiv id, else its DOI, else its id. */
export function lookupIdOf(paper: { id: string; arxivId?: string | null; doi?: string | null }): string {
  const arxiv = paper.arxivId ? extractArxivId(paper.arxivId) : null;
  if (arxiv) return arxiv.id;
  const doi = normalizeDoi(paper.doi);
  if (doi) return doi;
  return paper.id;
}
