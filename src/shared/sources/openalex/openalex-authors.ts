/**
 * OpenAlex author records and the author ids of works, mapped to what Quire shows (an
 * `AuthorCandidate`) and matches with (sets of short author ids). Raw records never reach the
 * client.
 */
import { z } from "zod";
import { bareOrcid, shortAuthorId, type AuthorCandidate } from "@/shared/author-identity";

const named = z.object({ id: z.string().nullish(), display_name: z.string().nullish() }).loose();

export const openAlexAuthorSchema = z
  .object({
    id: z.string(),
    orcid: z.string().nullish(),
    display_name: z.string().nullish(),
    works_count: z.number().nullish(),
    cited_by_count: z.number().nullish(),
    last_known_institutions: z.array(named).nullish(),
    topics: z.array(named).nullish(),
  })
  .loose();
export type OpenAlexAuthor = z.infer<typeof openAlexAuthorSchema>;

/** A work as far as identity matching reads it: its DOI, title, year and author ids. */
export const openAlexWorkAuthorsSchema = z
  .object({
    id: z.string(),
    doi: z.string().nullish(),
    display_name: z.string().nullish(),
    publication_year: z.number().nullish(),
    authorships: z.array(z.object({ author: named.nullish() }).loose()).nullish(),
  })
  .loose();
export type OpenAlexWorkAuthors = z.infer<typeof openAlexWorkAuthorsSchema>;

/** "https://doi.org/10.48550/arXiv.1" -> "10.48550/arxiv.1": DOIs compare case-insensitively. */
export function doiKey(doi: string): string {
  return doi
    .trim()
    .replace(/^https?:\/\/(dx\.)?doi\.org\//i, "")
    .toLowerCase();
}

/** The short author ids ("A123") a work's authorships name. */
export function authorIdsOfWork(work: OpenAlexWorkAuthors): Set<string> {
  const ids = new Set<string>();
  for (const authorship of work.authorships ?? []) {
    const id = authorship.author?.id ? shortAuthorId(authorship.author.id) : null;
    if (id) ids.add(id);
  }
  return ids;
}

/** An author record as a candidate to choose, with the recent works found for it. */
export function openAlexAuthorToCandidate(author: OpenAlexAuthor, recentWorks: AuthorCandidate["recentWorks"] = []): AuthorCandidate | null {
  const openalexId = shortAuthorId(author.id);
  if (!openalexId) return null;
  return {
    openalexId,
    orcid: author.orcid ? bareOrcid(author.orcid) : null,
    displayName: author.display_name?.trim() || openalexId,
    affiliations: (author.last_known_institutions ?? []).map((institution) => institution.display_name ?? "").filter(Boolean),
    topics: (author.topics ?? [])
      .map((topic) => topic.display_name ?? "")
      .filter(Boolean)
      .slice(0, 3),
    recentWorks,
    worksCount: author.works_count ?? 0,
    citedByCount: author.cited_by_count ?? 0,
  };
}
