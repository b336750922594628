import type { Logger } from "@/server/logger";
import type { CrossrefSource } from "@/server/sources/crossref/crossref-source";
import type { OpenAlexSource } from "@/server/sources/openalex/openalex-source";
import { parseArxivId } from "@/shared/arxiv-id";
import { authorKeySet, authorOverlap, titleOverlap, titleWordSet } from "@/shared/library/duplicates";
import { FUZZY_AUTHOR_OVERLAP_MIN, FUZZY_TITLE_OVERLAP_MIN } from "@/shared/library/library-constants";
import type { Paper } from "@/shared/paper";

/** A kept arXiv paper whose arXiv record names no published version: what the look-up asks about. */
export type PublicationQuestion = {
  /** The arXiv id without version. */
  paperId: string;
  title: string;
  authors: string[];
  /** The year of its first arXiv version, when known (a journal version is not older). */
  year: number | null;
};

export type FoundPublication = { doi: string; journalRef: string | null; source: "openalex" | "crossref" };

/**
 * How many arXiv DOIs one OpenAlex request asks for (`doi:a|b|...`): OpenAlex takes up to 100
 * values OR-ed in one filter; 50 keeps the URL well under the lengths proxies accept.
 */
export const OPENALEX_DOI_BATCH = 50;
/** How many candidates a title look-up reads (the spec's metadata matching reads 5). */
const TITLE_CANDIDATES = 5;
/** What a work answer needs to be matched and described: `select` keeps the answers small. */
const OPENALEX_SELECT = "id,doi,display_name,type,publication_date,publication_year,primary_location,locations,authorships,biblio";

/** arXiv's DOI of a paper, as DataCite registered it (OpenAlex's `doi` of the preprint). */
export function arxivDoi(arxivId: string): string {
  return `10.48550/arxiv.${arxivId}`.toLowerCase();
}

const isArxivDoi = (doi: string) => /^10\.48550\//i.test(doi);

/**
 * Whether a work answer is a published version (a journal's or a proceedings' DOI, not arXiv's
 * own and not another preprint server's posting).
 */
export function isPublishedVersion(work: Paper): boolean {
  if (!work.doi || isArxivDoi(work.doi)) return false;
  const type = (work.itemType ?? "").toLowerCase();
  return type !== "preprint" && type !== "posted-content";
}

/** The journal reference of a published version in arXiv's own form: "Journal 12 (2026) 345-360". */
export function journalRefOf(work: Paper): string | null {
  const journal = work.journal?.trim();
  if (!journal) return null;
  const year = /^\d{4}/.exec(work.publishedDate ?? "")?.[0];
  return [journal, work.volume?.trim(), year ? `(${year})` : null, work.pages?.trim()].filter(Boolean).join(" ");
}

/**
 * Whether a work found by title is the kept paper's published version: the spec's duplicate rule
 * (title words overlapping at least 0.8, authors at least 0.5), and not older than the preprint.
 */
export function matchesPaper(question: PublicationQuestion, work: Paper): boolean {
  if (!isPublishedVersion(work)) return false;
  const year = Number(/^\d{4}/.exec(work.publishedDate ?? "")?.[0] ?? Number.NaN);
  if (question.year !== null && year < question.year) return false;
  const titles = titleOverlap(titleWordSet(question.title), titleWordSet(work.title));
  const authors = authorOverlap(authorKeySet({ authors: question.authors }), authorKeySet(work));
  return titles >= FUZZY_TITLE_OVERLAP_MIN && authors >= FUZZY_AUTHOR_OVERLAP_MIN;
}

const found = (work: Paper, source: FoundPublication["source"]): FoundPublication => ({ doi: work.doi!.toLowerCase(), journalRef: journalRefOf(work), source });

/** A title as words only: OpenAlex's filter syntax gives `,` `|` `:` `!` meanings of their own. */
function titleWords(title: string): string {
  return title
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .slice(0, 300);
}

/**
 * Finds the published versions of arXiv papers at OpenAlex and Crossref, through their shared
 * clients (rate limits, retries, cache). OpenAlex first, many papers a request: the works of
 * their arXiv DOIs (one of which OpenAlex may already describe as its journal article). Then one
 * request per paper still open: OpenAlex's title search, and Crossref's bibliographic query for
 * the papers OpenAlex does not know at all or could not answer for.
 *
 * Answers, per paper asked about: the publication found, or null when the upstreams answered and
 * know none. A paper missing from the answer could not be asked (an upstream failed): its check
 * is not recorded, so the next run asks again.
 */
export function publicationLookup(deps: { openalex: Pick<OpenAlexSource, "searchWorks">; crossref: Pick<CrossrefSource, "searchWorks">; logger: Logger }) {
  const { logger } = deps;

  async function openAlexWorks(filter: string, perPage: number): Promise<Paper[]> {
    return (await deps.openalex.searchWorks({ filter, perPage, select: OPENALEX_SELECT })).papers;
  }

  /** OpenAlex's works of these papers' arXiv DOIs: which it knows, and which it says are published. */
  async function byArxivDoi(questions: readonly PublicationQuestion[], answers: Map<string, FoundPublication | null>, known: Set<string>, failed: Set<string>) {
    for (let start = 0; start < questions.length; start += OPENALEX_DOI_BATCH) {
      const batch = questions.slice(start, start + OPENALEX_DOI_BATCH);
      let works: Paper[];
      try {
        works = await openAlexWorks(`doi:${batch.map((question) => arxivDoi(question.paperId)).join("|")}`, batch.length);
      } catch (error) {
        logger.warn({ err: error, papers: batch.length }, "version watch: OpenAlex could not answer for arXiv DOIs");
        for (const question of batch) failed.add(question.paperId);
        continue;
      }
      const asked = new Set(batch.map((question) => question.paperId));
      for (const work of works) {
        const id = work.arxivId ? parseArxivId(work.arxivId)?.id : undefined;
        if (!id || !asked.has(id)) continue;
        known.add(id);
        if (isPublishedVersion(work)) answers.set(id, found(work, "openalex"));
      }
    }
  }

  async function byOpenAlexTitle(question: PublicationQuestion): Promise<FoundPublication | null> {
    const words = titleWords(question.title);
    if (!words) return null;
    const works = await openAlexWorks(`title.search:${words}`, TITLE_CANDIDATES);
    const match = works.find((work) => matchesPaper(question, work));
    return match ? found(match, "openalex") : null;
  }

  /** Crossref's metadata matching (the spec's: title and the first two authors, 5 rows, by relevance). */
  async function byCrossref(question: PublicationQuestion): Promise<FoundPublication | null> {
    const result = await deps.crossref.searchWorks({
      bibliographic: question.title,
      author: question.authors.slice(0, 2).join(" ") || undefined,
      filter: question.year ? `from-pub-date:${question.year}` : undefined,
      sort: "relevance",
      rows: TITLE_CANDIDATES,
    });
    const match = result.papers.find((work) => matchesPaper(question, work));
    return match ? found(match, "crossref") : null;
  }

  return {
    async lookUp(questions: readonly PublicationQuestion[]): Promise<Map<string, FoundPublication | null>> {
      const answers = new Map<string, FoundPublication | null>();
      const known = new Set<string>();
      const failed = new Set<string>();
      await byArxivDoi(questions, answers, known, failed);
      for (const question of questions) {
        if (answers.has(question.paperId)) continue;
        let answer: FoundPublication | null = null;
        let openAlexAnswered = !failed.has(question.paperId);
        if (openAlexAnswered) {
          try {
            answer = await byOpenAlexTitle(question);
          } catch (error) {
            logger.warn({ err: error, paperId: question.paperId }, "version watch: OpenAlex could not answer a title search");
            openAlexAnswered = false;
          }
        }
        if (!answer && (!openAlexAnswered || !known.has(question.paperId))) {
          try {
            answer = await byCrossref(question);
          } catch (error) {
            logger.warn({ err: error, paperId: question.paperId }, "version watch: Crossref could not answer");
            // Neither upstream answered for this paper: it is asked again next time.
            if (!openAlexAnswered) continue;
          }
        }
        answers.set(question.paperId, answer);
      }
      return answers;
    },
  };
}
export type PublicationLookup = ReturnType<typeof publicationLookup>;
