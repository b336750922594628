import { AppError, errors } from "@/server/errors";
import type { ArxivSource } from "@/server/sources/arxiv/arxiv-source";
import type { Logger } from "@/server/logger";
import type { CacheService } from "@/server/features/me/cache.service";
import {
  authoredDuplicateMessage,
  isVerifiedMethod,
  PROFILE_PAPERS_CACHE_TTL_SECONDS,
  profilePapersCacheKey,
  type AuthoredPaper,
  type AuthoredRefreshResult,
  type VerificationMethod,
} from "@/shared/authored-papers";
import { AUTHOR_SEARCH_MAX_RESULTS } from "@/shared/constants";
import type { Paper } from "@/shared/paper";
import { PAPER_ID_MAX_LENGTH, storedPaperSchema } from "@/shared/user-data";
import type { AuthoredRepository, AuthoredRow } from "./authored.repository";
import type { AuthorsService } from "@/server/features/authors/authors.service";
import { AUTHOR_IMPORT_MAX_WORKS, bareOrcid } from "@/shared/author-identity";
import type { AuthoredImportResult } from "@/shared/authored-papers";

/** What the profile-papers cache entry holds: the names searched and what arXiv answered. */
type CachedSearch = { authorNames: string[]; papers: Paper[] };

function toAuthored(row: AuthoredRow): AuthoredPaper {
  const paper = row.paper;
  const isArxiv = paper.source === "arxiv" && Boolean(paper.arxivId);
  const abs = isArxiv ? `https://arxiv.org/abs/${paper.id}` : paper.doi ? `https://doi.org/${paper.doi}` : null;
  return {
    id: row.id,
    paperId: row.paperId,
    isVerified: row.isVerified,
    verificationMethod: row.verificationMethod,
    addedAt: row.addedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    paper: {
      id: paper.id,
      title: paper.title,
      authors: paper.authors,
      abstract: paper.abstract ?? "",
      url: abs ?? "",
      pdfUrl: paper.pdfUrl,
      publishedDate: paper.publishedDate?.toISOString() ?? null,
      updatedDate: paper.updatedDate?.toISOString() ?? null,
      categories: paper.categories,
      category: paper.categories[0] ?? "unknown",
      source: storedPaperSchema.shape.source.safeParse(paper.source).data ?? "arxiv",
      doi: paper.doi,
      journalRef: paper.journalRef,
      comments: paper.comments,
      arxivId: paper.arxivId,
      links: { abstract: abs, pdf: paper.pdfUrl },
    },
  };
}

function checkPaperId(paperId: string): void {
  if (paperId.length === 0 || paperId.length > PAPER_ID_MAX_LENGTH || paperId.includes("\0")) {
    throw errors.validation(`paperId: a paper id has 1 to ${PAPER_ID_MAX_LENGTH} characters.`);
  }
}

/** Whether one of the name variants is among the paper's authors (what an arXiv match means). */
export function matchesAuthorNames(authors: readonly string[], names: readonly string[]): boolean {
  const wanted = new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean));
  return authors.some((author) => wanted.has(author.trim().toLowerCase()));
}

const NO_MATCH_MESSAGE = "None of your author names is on this paper, so it cannot be verified as an arXiv match.";

/** An arXiv author query for one name variant (quotes would end the phrase, so they go). */
export function authorQuery(name: string): string {
  return `au:"${name.replace(/["\\]/g, " ").replace(/\s+/g, " ").trim()}"`;
}

/**
 * The signed-in user's authored papers: added by hand (manual, unverified), found by the arXiv
 * author search (auto_arxiv_match, verified) or confirmed by ORCID (verified). The author search
 * goes through the shared arXiv client (its 3-second rule and response cache), at most 50 papers
 * per name, and its answer is kept 24 hours in the user cache as profile-papers-{userId}.
 */
export function authoredService(deps: {
  repository: AuthoredRepository;
  cache: CacheService;
  arxiv?: ArxivSource;
  /** OpenAlex authors, for the import by ORCID or OpenAlex id. */
  authors?: Pick<AuthorsService, "resolve" | "worksOf">;
  logger: Logger;
  clock?: () => Date;
}) {
  const { repository, cache, arxiv, logger } = deps;

  /** Saves papers not yet in the list, oldest first (the newest ends up the most recently added). */
  async function saveAll(userId: string, papers: readonly Paper[], method: VerificationMethod) {
    let added = 0;
    let alreadyPresent = 0;
    let failed = 0;
    const oldestFirst = [...papers].sort((a, b) => Date.parse(a.publishedDate ?? "") - Date.parse(b.publishedDate ?? ""));
    for (const paper of oldestFirst) {
      try {
        if (await repository.exists(userId, paper.id)) {
          alreadyPresent++;
          continue;
        }
        const valid = storedPaperSchema.safeParse(paper);
        if (!valid.success) {
          failed++;
          continue;
        }
        if (await add(userId, valid.data, method, true)) added++;
        else alreadyPresent++;
      } catch (error) {
        logger.warn({ err: error, paperId: paper.id }, "authored paper not saved");
        failed++;
      }
    }
    return { added, alreadyPresent, failed };
  }
  const clock = deps.clock ?? (() => new Date());

  async function cachedSearch(userId: string, authorNames: string[]): Promise<{ papers: Paper[]; searchedAt: string } | null> {
    try {
      const entry = await cache.get(userId, profilePapersCacheKey(userId));
      const data = entry?.data as CachedSearch | null | undefined;
      if (!entry || !data || !Array.isArray(data.papers) || !Array.isArray(data.authorNames)) return null;
      // A search for other names is no answer for these.
      if (data.authorNames.join("\n") !== authorNames.join("\n")) return null;
      return { papers: data.papers, searchedAt: entry.cachedAt };
    } catch {
      return null;
    }
  }

  async function searchArxiv(authorNames: string[], force: boolean): Promise<Paper[]> {
    if (!arxiv) throw errors.unavailable("The arXiv search is not available.");
    const found = new Map<string, Paper>();
    for (const name of authorNames) {
      const result = await arxiv.search({
        searchQuery: authorQuery(name),
        sortBy: "submittedDate",
        sortOrder: "descending",
        maxResults: AUTHOR_SEARCH_MAX_RESULTS,
        // Refresh means refresh: past the shared response cache too (a failing arXiv still falls back to it).
        ...(force ? { freshMs: 0 } : {}),
      });
      for (const paper of result.papers.slice(0, AUTHOR_SEARCH_MAX_RESULTS)) if (!found.has(paper.id)) found.set(paper.id, paper);
    }
    return [...found.values()];
  }

  async function add(userId: string, paper: Paper, method: VerificationMethod, trusted: boolean): Promise<AuthoredRow | null> {
    return repository.insert(userId, paper, method, isVerifiedMethod(method), clock(), trusted);
  }

  return {
    async list(userId: string): Promise<AuthoredPaper[]> {
      return (await repository.list(userId)).map(toAuthored);
    },

    /** `authorNames` (the profile's) back an auto_arxiv_match claim. */
    async add(userId: string, paper: Paper, method: VerificationMethod, authorNames: readonly string[]): Promise<AuthoredPaper> {
      checkPaperId(paper.id);
      if (method === "auto_arxiv_match" && !matchesAuthorNames(paper.authors, authorNames)) throw errors.validation(NO_MATCH_MESSAGE);
      const row = await add(userId, paper, method, false);
      if (!row) throw new AppError("duplicate", authoredDuplicateMessage(paper.title), 409);
      return toAuthored(row);
    },

    async updateVerification(userId: string, paperId: string, method: VerificationMethod, authorNames: readonly string[]): Promise<AuthoredPaper> {
      checkPaperId(paperId);
      if (method === "auto_arxiv_match") {
        const current = await repository.get(userId, paperId);
        if (!current) throw errors.notFound("This paper is not in your authored papers list.");
        if (!matchesAuthorNames(current.paper.authors, authorNames)) throw errors.validation(NO_MATCH_MESSAGE);
      }
      const updated = await repository.updateVerification(userId, paperId, method, isVerifiedMethod(method), clock());
      const row = updated ? await repository.get(userId, paperId) : null;
      if (!row) throw errors.notFound("This paper is not in your authored papers list.");
      return toAuthored(row);
    },

    async remove(userId: string, paperId: string): Promise<void> {
      checkPaperId(paperId);
      await repository.delete(userId, paperId);
    },

    /**
     * Searches arXiv for the author names (the 24-hour cache answers unless `force`) and saves
     * each paper found as an automatic arXiv match; answers the counts the "Papers processed"
     * toast shows.
     */
    async refresh(userId: string, authorNames: string[], options: { force: boolean }): Promise<AuthoredRefreshResult> {
      const names = [...new Set(authorNames.map((name) => name.trim()).filter((name) => name.length >= 2))];
      if (names.length === 0) {
        return { found: 0, added: 0, alreadyPresent: 0, failed: 0, cached: false, searchedAt: null, papers: await this.list(userId) };
      }
      let search = options.force ? null : await cachedSearch(userId, names);
      const cached = search !== null;
      if (!search) {
        let papers: Paper[];
        try {
          papers = await searchArxiv(names, options.force);
        } catch (error) {
          logger.warn({ err: error }, "arXiv author search failed");
          if (error instanceof AppError) throw error;
          throw errors.upstream("The arXiv author search failed. Please try again.");
        }
        const entry = await cache.put(userId, profilePapersCacheKey(userId), { data: { authorNames: names, papers } satisfies CachedSearch, ttlSeconds: PROFILE_PAPERS_CACHE_TTL_SECONDS });
        search = { papers, searchedAt: entry.cachedAt };
      }
      const { added, alreadyPresent, failed } = await saveAll(userId, search.papers, "auto_arxiv_match");
      return { found: search.papers.length, added, alreadyPresent, failed, cached, searchedAt: search.searchedAt, papers: await this.list(userId) };
    },

    /**
     * "Import my publications": the OpenAlex author of an ORCID iD or an OpenAlex author id,
     * and every work OpenAlex lists for them (up to AUTHOR_IMPORT_MAX_WORKS), in one step. An
     * ORCID iD is the author's own claim, so its works count as verified; an OpenAlex id is
     * OpenAlex's attribution, saved as added by hand. A work with an arXiv copy is saved under
     * its arXiv id, so it meets the arXiv author search's match rather than doubling it.
     */
    async importByIdentity(userId: string, identifier: string): Promise<AuthoredImportResult> {
      if (!deps.authors) throw errors.unavailable("The OpenAlex author lookup is not available.");
      const author = await deps.authors.resolve(identifier);
      if (!author) throw errors.notFound("OpenAlex knows no author with this ORCID iD or id.");
      const works = await deps.authors.worksOf(author.openalexId, AUTHOR_IMPORT_MAX_WORKS);
      const papers = works.map((paper) => {
        const arxivId = paper.arxivId?.replace(/v\d+$/, "");
        return arxivId ? { ...paper, id: arxivId, source: "arxiv" as const } : paper;
      });
      const method: VerificationMethod = bareOrcid(identifier) ? "orcid_verification" : "manual";
      const counts = await saveAll(userId, papers, method);
      return { author, found: papers.length, ...counts, papers: await this.list(userId) };
    },
  };
}
export type AuthoredService = ReturnType<typeof authoredService>;
