import { errors } from "@/server/errors";
import type { Logger } from "@/server/logger";
import type { OpenAlexSource } from "@/server/sources/openalex/openalex-source";
import { AUTHOR_CANDIDATE_RECENT_WORKS, AUTHOR_CANDIDATES_LIMIT, type AuthorCandidate } from "@/shared/author-identity";
import { authorIdsOfWork, doiKey, openAlexAuthorToCandidate, type OpenAlexAuthor } from "@/shared/sources/openalex/openalex-authors";
import type { Paper } from "@/shared/paper";

/** DOIs per OpenAlex request: its OR filter takes up to 100 values; two per paper. */
const LOOKUP_BATCH_PAPERS = 40;
/** Recent works read for all candidates at once (one request, grouped by author). */
const CANDIDATE_WORKS_PER_REQUEST = 200;
/** Papers whose author ids this instance remembers (beyond them, the upstream cache answers). */
const REMEMBERED_PAPERS = 20_000;

/** The DOIs OpenAlex may file an arXiv paper under: its journal DOI, and the DOI arXiv registers for every paper. */
export function lookupDois(paper: Pick<Paper, "doi" | "arxivId" | "id" | "source">): string[] {
  const dois: string[] = [];
  if (paper.doi) dois.push(doiKey(paper.doi));
  const arxivId = (paper.arxivId ?? (paper.source === "arxiv" ? paper.id : null))?.replace(/v\d+$/, "");
  if (arxivId) dois.push(`10.48550/arxiv.${arxivId}`.toLowerCase());
  return dois;
}

/**
 * Authors by identity over OpenAlex: the candidates for a name, one author by id or ORCID, and
 * the author ids of papers (read from each paper's OpenAlex record, by DOI, in batches). All
 * requests go through the OpenAlex source, so its rate rules and response cache apply.
 */
export function authorsService(deps: { openalex: OpenAlexSource; logger: Logger }) {
  const { openalex, logger } = deps;
  const remembered = new Map<string, ReadonlySet<string>>();

  function remember(paperId: string, ids: ReadonlySet<string>) {
    if (remembered.size >= REMEMBERED_PAPERS) remembered.delete(remembered.keys().next().value!);
    remembered.set(paperId, ids);
  }

  async function recentWorks(authorIds: string[]): Promise<Map<string, AuthorCandidate["recentWorks"]>> {
    const byAuthor = new Map<string, AuthorCandidate["recentWorks"]>();
    if (authorIds.length === 0) return byAuthor;
    const works = await openalex.worksAuthors(`authorships.author.id:${authorIds.join("|")}`, { perPage: CANDIDATE_WORKS_PER_REQUEST, sort: "publication_date:desc" });
    const wanted = new Set(authorIds);
    for (const work of works) {
      for (const id of authorIdsOfWork(work)) {
        if (!wanted.has(id)) continue;
        const list = byAuthor.get(id) ?? [];
        if (list.length < AUTHOR_CANDIDATE_RECENT_WORKS) list.push({ title: work.display_name?.trim() || "Untitled", year: work.publication_year ?? null });
        byAuthor.set(id, list);
      }
    }
    return byAuthor;
  }

  function upstreamFailed(error: unknown, what: string): never {
    logger.warn({ err: error }, `OpenAlex ${what} failed`);
    throw errors.upstream("OpenAlex did not answer. Please try again.");
  }

  return {
    /** The OpenAlex authors of a name, each with what tells them apart. */
    async candidates(name: string): Promise<AuthorCandidate[]> {
      let authors: OpenAlexAuthor[];
      let works: Map<string, AuthorCandidate["recentWorks"]>;
      try {
        authors = await openalex.searchAuthors(name, AUTHOR_CANDIDATES_LIMIT);
        const candidates = authors.map((author) => openAlexAuthorToCandidate(author)).filter((candidate) => candidate !== null);
        works = await recentWorks(candidates.map((candidate) => candidate.openalexId));
      } catch (error) {
        upstreamFailed(error, "author search");
      }
      return authors.flatMap((author) => {
        const candidate = openAlexAuthorToCandidate(author);
        return candidate ? [{ ...candidate, recentWorks: works.get(candidate.openalexId) ?? [] }] : [];
      });
    },

    /** One author by OpenAlex id or ORCID iD; null when OpenAlex knows none. */
    async resolve(identifier: string): Promise<AuthorCandidate | null> {
      try {
        const author = await openalex.getAuthor(identifier);
        return author ? openAlexAuthorToCandidate(author) : null;
      } catch (error) {
        upstreamFailed(error, "author lookup");
      }
    },

    /** An author's works as papers, newest first, at most `max`. */
    async worksOf(openalexId: string, max: number): Promise<Paper[]> {
      try {
        const page = await openalex.searchWorks({ filter: `authorships.author.id:${openalexId}`, sort: "publication_date:desc", perPage: max });
        return page.papers.slice(0, max);
      } catch (error) {
        upstreamFailed(error, "works of an author");
      }
    },

    /**
     * The OpenAlex author ids of each paper whose record OpenAlex has (looked up by DOI, in
     * batches); a paper missing from the answer has no record to read. When OpenAlex fails,
     * the answer is empty: the feed falls back to names rather than failing.
     */
    async paperAuthorIds(papers: readonly Paper[]): Promise<Map<string, ReadonlySet<string>>> {
      const found = new Map<string, ReadonlySet<string>>();
      const pending: Paper[] = [];
      for (const paper of papers) {
        const known = remembered.get(paper.id);
        if (known) found.set(paper.id, known);
        else if (lookupDois(paper).length > 0 && !pending.some((other) => other.id === paper.id)) pending.push(paper);
      }
      for (let start = 0; start < pending.length; start += LOOKUP_BATCH_PAPERS) {
        const batch = pending.slice(start, start + LOOKUP_BATCH_PAPERS);
        const paperByDoi = new Map(batch.flatMap((paper) => lookupDois(paper).map((doi) => [doi, paper] as const)));
        try {
          const works = await openalex.worksAuthors(`doi:${[...paperByDoi.keys()].join("|")}`, { perPage: paperByDoi.size });
          for (const work of works) {
            const paper = work.doi ? paperByDoi.get(doiKey(work.doi)) : undefined;
            if (!paper) continue;
            const ids = authorIdsOfWork(work);
            found.set(paper.id, ids);
            remember(paper.id, ids);
          }
        } catch (error) {
          logger.warn({ err: error, papers: batch.length }, "OpenAlex lookup of papers' authors failed; their authors match by name");
        }
      }
      return found;
    },
  };
}
export type AuthorsService = ReturnType<typeof authorsService>;
