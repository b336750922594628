import { ARXIV_SEARCH_DEADLINE_MS } from "@/server/sources/arxiv/arxiv-source";
import { extractArxivId } from "@/shared/arxiv-id";
import type { Paper } from "@/shared/paper";
import { bareDoi, type RelationsPage, type WorkLookup } from "@/shared/paper-relations";
import { errors } from "@/server/errors";
import { ArxivFeedError } from "@/shared/sources/arxiv/arxiv-atom";
import { UpstreamError } from "@/server/sources/http/upstream-error";
import { shortOpenAlexId } from "@/shared/sources/openalex/openalex-works";
import type { Sources } from "@/server/sources/sources";
import { sourceError } from "@/server/features/search/search.service";
import type { ArxivSearchService } from "@/server/features/arxiv-index/arxiv-search.service";

const OPENALEX_WORK_ID = /^W\d{1,15}$/i;

/** What kind of id the reader was given: an arXiv id, a DOI or an OpenAlex work id. */
export type PaperIdKind = { kind: "arxiv"; id: string } | { kind: "doi"; doi: string } | { kind: "openalex"; workId: string };

/** Reads a paper id as the reader's routes carry it; null when it is none of the known kinds. */
export function classifyPaperId(raw: string): PaperIdKind | null {
  const text = raw.trim();
  const doi = bareDoi(text);
  if (doi && !/^10\.48550\/arxiv\./i.test(doi)) return { kind: "doi", doi };
  const arxiv = extractArxivId(text);
  if (arxiv) return { kind: "arxiv", id: arxiv.id + (arxiv.version ? `v${arxiv.version}` : "") };
  const work = shortOpenAlexId(text);
  if (OPENALEX_WORK_ID.test(work)) return { kind: "openalex", workId: work.toUpperCase() };
  return null;
}

/**
 * The reader's paper lookups and the References and
 * Citations cards' lists ("References and citations lists"), through the shared upstream clients.
 */
export function papersService(deps: { sources: Sources; arxivSearch: Pick<ArxivSearchService, "search" | "heldByIds"> }) {
  const { sources } = deps;

  async function openAlexWork(id: string): Promise<Paper | null> {
    try {
      return await sources.openalex.getWork(id);
    } catch (error) {
      throw sourceError("OpenAlex", error);
    }
  }

  /** The paper behind an id; throws not_found when no source knows it. */
  async function lookup(rawId: string): Promise<Paper> {
    const parsed = classifyPaperId(rawId);
    if (!parsed) throw errors.validation("Invalid paper ID or URL");
    let paper: Paper | null = null;
    if (parsed.kind === "arxiv") {
      try {
        const result = await deps.arxivSearch.search({ idList: [parsed.id], maxResults: 1, deadlineMs: ARXIV_SEARCH_DEADLINE_MS, countCap: 1 });
        paper = result.papers[0] ?? null;
      } catch (error) {
        // arXiv answers a malformed or unknown id with an error feed: that is "not found", not a failure.
        if (!(error instanceof ArxivFeedError)) throw sourceError("ArXiv", error);
      }
    } else if (parsed.kind === "doi") {
      paper = await openAlexWork(`doi:${parsed.doi}`);
      // Crossref knows DOIs OpenAlex has not indexed (yet).
      if (!paper) {
        try {
          paper = await sources.crossref.getWork(parsed.doi);
        } catch (error) {
          throw sourceError("Crossref", error);
        }
      }
    } else {
      paper = await openAlexWork(parsed.workId);
    }
    if (!paper) throw errors.notFound("Paper not found.");
    return paper;
  }

  /**
   * The paper behind an arXiv id as lookup() would give it, if Quire holds it already (its
   * index, or arXiv's cached answer): null otherwise, and for any other kind of id. Never asks
   * an upstream, so a page can be drawn from it without spending arXiv's rate limit.
   */
  async function held(rawId: string): Promise<Paper | null> {
    const parsed = classifyPaperId(rawId);
    if (parsed?.kind !== "arxiv") return null;
    const result = await deps.arxivSearch.heldByIds({ idList: [parsed.id], maxResults: 1 });
    return result?.papers[0] ?? null;
  }

  /** The OpenAlex work for a DOI ("Finding DOI..."). */
  async function findWork(doi: string): Promise<WorkLookup> {
    const paper = await openAlexWork(`doi:${doi}`);
    return { workId: paper ? paper.id : null, doi: paper?.doi ?? doi };
  }

  /** Works listed by an OpenAlex filter, mapped to papers. */
  async function listWorks(filter: string, page: number, perPage: number): Promise<{ count: number; papers: Paper[] }> {
    try {
      const result = await sources.openalex.searchWorks({ filter, page, perPage });
      return { count: result.count, papers: result.papers };
    } catch (error) {
      throw sourceError("OpenAlex", error);
    }
  }

  /** The works a work cites, `perPage` at a time in the order OpenAlex lists them. */
  async function references(workId: string, page: number, perPage: number): Promise<RelationsPage> {
    let ids: string[];
    try {
      const response = await sources.openalex.list({ filter: `openalex:${workId}`, select: "id,referenced_works", perPage: 1 });
      if (response.status !== 200) throw new UpstreamError("openalex", response.status, response.statusText, `OpenAlex answered ${response.status}`);
      const body = JSON.parse(response.body) as { results?: { referenced_works?: unknown }[] };
      const listed = body.results?.[0]?.referenced_works;
      ids = Array.isArray(listed) ? listed.filter((id): id is string => typeof id === "string").map(shortOpenAlexId) : [];
    } catch (error) {
      throw sourceError("OpenAlex", error);
    }
    const slice = ids.slice((page - 1) * perPage, page * perPage);
    if (slice.length === 0) return { total: ids.length, papers: [] };
    const found = await listWorks(`openalex:${slice.join("|")}`, 1, slice.length);
    // Keep OpenAlex's reference order; works it no longer knows are left out.
    const byId = new Map(found.papers.map((paper) => [paper.id.toUpperCase(), paper]));
    const papers = slice.map((id) => byId.get(id.toUpperCase())).filter((paper): paper is Paper => paper !== undefined);
    return { total: ids.length, papers };
  }

  /** The works that cite a work, paged by OpenAlex. */
  async function citations(workId: string, page: number, perPage: number): Promise<RelationsPage> {
    const found = await listWorks(`cites:${workId}`, page, perPage);
    return { total: found.count, papers: found.papers };
  }

  return { lookup, held, findWork, references, citations };
}

export type PapersService = ReturnType<typeof papersService>;
