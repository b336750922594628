import { z } from "zod";
import { extractArxivId } from "@/shared/arxiv-id";
import { primaryCategory, type AuthorDetail, type Paper } from "@/shared/paper";
import { webLinkOrNull } from "@/shared/web-link";

/**
 * OpenAlex works, read leniently: the schema drifts (fields come and go between the snapshot
 * era and the 2025-26 API), so only what Quire reads is declared and everything is optional.
 */
const idName = z.object({ id: z.string().nullish(), display_name: z.string().nullish() }).loose();
const location = z
  .object({
    landing_page_url: z.string().nullish(),
    pdf_url: z.string().nullish(),
    license: z.string().nullish(),
    source: z.object({ display_name: z.string().nullish(), host_organization_name: z.string().nullish() }).loose().nullish(),
  })
  .loose();

export const openAlexWorkSchema = z
  .object({
    id: z.string(),
    doi: z.string().nullish(),
    title: z.string().nullish(),
    display_name: z.string().nullish(),
    publication_date: z.string().nullish(),
    publication_year: z.number().nullish(),
    updated_date: z.string().nullish(),
    type: z.string().nullish(),
    ids: z.record(z.string(), z.unknown()).nullish(),
    authorships: z
      .array(
        z
          .object({
            author: z.object({ display_name: z.string().nullish(), orcid: z.string().nullish() }).loose().nullish(),
            raw_author_name: z.string().nullish(),
            author_position: z.string().nullish(),
            institutions: z.array(idName).nullish(),
          })
          .loose(),
      )
      .nullish(),
    abstract_inverted_index: z.record(z.string(), z.array(z.number())).nullish(),
    concepts: z.array(z.object({ display_name: z.string().nullish(), score: z.number().nullish(), level: z.number().nullish() }).loose()).nullish(),
    primary_topic: z.object({ display_name: z.string().nullish() }).loose().nullish(),
    primary_location: location.nullish(),
    best_oa_location: location.nullish(),
    locations: z.array(location).nullish(),
    biblio: z.object({ volume: z.string().nullish(), issue: z.string().nullish(), first_page: z.string().nullish(), last_page: z.string().nullish() }).loose().nullish(),
    cited_by_count: z.number().nullish(),
    referenced_works: z.array(z.string()).nullish(),
  })
  .loose();
export type OpenAlexWork = z.infer<typeof openAlexWorkSchema>;

export const openAlexListSchema = z
  .object({
    meta: z.object({ count: z.number().nullish(), page: z.number().nullish(), per_page: z.number().nullish(), next_cursor: z.string().nullish() }).loose(),
    results: z.array(z.unknown()),
  })
  .loose();

/** Rebuilds an abstract from OpenAlex's inverted index (word -> positions). */
export function abstractFromInvertedIndex(index: Record<string, number[]> | null | undefined): string {
  if (!index) return "";
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) for (const position of positions) words[position] = word;
  return words.filter((word) => word !== undefined).join(" ").replace(/\s+/g, " ").trim();
}

/** "https://openalex.org/W123" -> "W123". */
export function shortOpenAlexId(id: string): string {
  return id.replace(/^https?:\/\/openalex\.org\//i, "");
}

const bareDoi = (doi: string | null | undefined) => (doi ? doi.replace(/^https?:\/\/(dx\.)?doi\.org\//i, "") : null);
const bareOrcid = (orcid: string | null | undefined) => (orcid ? orcid.replace(/^https?:\/\/orcid\.org\//i, "") : undefined);

/** Maps an OpenAlex work to the unified Paper. Raw affiliation strings (which can hold e-mails) are not copied. */
export function openAlexWorkToPaper(work: OpenAlexWork): Paper {
  const id = shortOpenAlexId(work.id);
  const doi = bareDoi(work.doi);
  const locations = [work.primary_location, work.best_oa_location, ...(work.locations ?? [])].filter(Boolean);
  const arxiv = locations
    .map((candidate) => candidate?.landing_page_url ?? candidate?.pdf_url ?? "")
    .map((url) => (/arxiv\.org/i.test(url) ? extractArxivId(url) : null))
    .find((parsed) => parsed !== null);
  const arxivFromDoi = doi && /^10\.48550\/arxiv\./i.test(doi) ? extractArxivId(doi) : null;
  const arxivId = arxiv ?? arxivFromDoi ?? null;
  const pdfUrl = webLinkOrNull(work.best_oa_location?.pdf_url ?? work.primary_location?.pdf_url ?? locations.find((l) => l?.pdf_url)?.pdf_url);
  const landing = webLinkOrNull(work.primary_location?.landing_page_url) ?? (doi ? `https://doi.org/${doi}` : `https://openalex.org/${id}`);
  const authorDetails: AuthorDetail[] = (work.authorships ?? [])
    .map((authorship) => ({
      name: (authorship.author?.display_name ?? authorship.raw_author_name ?? "").trim(),
      orcid: bareOrcid(authorship.author?.orcid),
      affiliation: (authorship.institutions ?? []).map((institution) => institution.display_name ?? "").filter(Boolean),
      sequence: authorship.author_position ?? undefined,
    }))
    .filter((author) => author.name !== "");
  const concepts = [...(work.concepts ?? [])]
    .filter((concept) => concept.display_name && (concept.level ?? 0) <= 1)
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0))
    .map((concept) => concept.display_name!)
    .slice(0, 3);
  const categories = concepts.length > 0 ? concepts : work.primary_topic?.display_name ? [work.primary_topic.display_name] : [];
  const first = work.biblio?.first_page;
  const last = work.biblio?.last_page;
  const source = work.primary_location?.source;
  return {
    id,
    title: (work.display_name ?? work.title ?? "").replace(/\s+/g, " ").trim() || "Untitled",
    authors: authorDetails.map((author) => author.name),
    abstract: abstractFromInvertedIndex(work.abstract_inverted_index),
    url: landing,
    pdfUrl,
    publishedDate: work.publication_date ?? (work.publication_year ? String(work.publication_year) : null),
    updatedDate: work.updated_date ?? null,
    categories,
    category: primaryCategory(categories),
    source: "openalex",
    doi,
    journalRef: null,
    comments: null,
    arxivId: arxivId ? arxivId.id + (arxivId.version ? `v${arxivId.version}` : "") : null,
    itemType: work.type ?? undefined,
    journal: source?.display_name ?? undefined,
    publisher: source?.host_organization_name ?? undefined,
    volume: work.biblio?.volume ?? undefined,
    issue: work.biblio?.issue ?? undefined,
    pages: first ? (last && last !== first ? `${first}-${last}` : first) : undefined,
    citationCount: work.cited_by_count ?? undefined,
    license: work.best_oa_location?.license ?? work.primary_location?.license ?? undefined,
    authorDetails,
    links: { abstract: landing, pdf: pdfUrl },
  };
}

/** Parses a works list; entries that are not works at all are skipped rather than failing the page. */
export function parseOpenAlexList(json: unknown): { count: number; nextCursor: string | null; papers: Paper[] } {
  const list = openAlexListSchema.parse(json);
  const papers: Paper[] = [];
  for (const raw of list.results) {
    const work = openAlexWorkSchema.safeParse(raw);
    if (work.success) papers.push(openAlexWorkToPaper(work.data));
  }
  return { count: list.meta.count ?? papers.length, nextCursor: list.meta.next_cursor ?? null, papers };
}
