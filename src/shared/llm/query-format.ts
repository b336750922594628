/**
 * A parsed query written out for a source: arXiv's `search_query` and OpenAlex's `search` plus
 * `filter`. What a source cannot express is listed in `omitted`, so the search page and the query
 * tester can say so.
 */
import { OPEN_START_YEAR, type ParsedQuery } from "./parsed-query";

export type FormattedQuery = {
  /** The query as the source reads it: arXiv's search_query, OpenAlex's search text. */
  queryString: string;
  /** The request parameters, as they would be sent. */
  parameters: Record<string, string>;
  /** OpenAlex's `filter` value ("" for arXiv, which has none). */
  filterString: string;
  /** Whether a text search is sent at all (OpenAlex: false when only filters are left). */
  useSearch: boolean;
  /** Parts of the parse this source cannot express, in words. */
  omitted: string[];
};

/**
 * OpenAlex concepts for the arXiv categories that have an obvious one (OpenAlex's published
 * concept ids). A category without one is left out of the OpenAlex filter.
 */
export const OPENALEX_CONCEPT_BY_CATEGORY: Readonly<Record<string, string>> = {
  "cs.AI": "C154945302",
  "cs.CV": "C31972630",
  "cs.CL": "C204321447",
  "cs.LG": "C119857082",
  "stat.ML": "C119857082",
  "cs.IR": "C23123220",
  "cs.CR": "C38652104",
  "cs.SE": "C115903868",
  "cs.HC": "C107457646",
  "cs.GR": "C121684516",
  "cs.RO": "C90509273",
  "cs.IT": "C52622258",
  "eess.AS": "C28490314",
  "eess.IV": "C9417928",
  "econ.TH": "C177142836",
  "astro-ph.CO": "C44870925",
  "astro-ph.GA": "C44870925",
};

/** A phrase in arXiv's quotes, without quotes of its own or characters the grammar reserves. */
function arxivPhrase(text: string): string {
  return `"${text.replace(/["()]/g, " ").replace(/\s+/g, " ").trim()}"`;
}

/** A value OpenAlex reads inside one filter clause: no clause or value separators. */
function filterValue(text: string): string {
  return text.replace(/[,|:!]/g, " ").replace(/\s+/g, " ").trim();
}

function joinAll(parts: string[], operator: "AND" | "OR"): string {
  if (parts.length <= 1) return parts[0] ?? "";
  return `(${parts.join(` ${operator} `)})`;
}

/**
 * arXiv's `search_query` for a parse: authors (all of them), topics in title or abstract,
 * title and abstract words, categories (any of them), venues in the journal reference or
 * comments, and the years as a submittedDate range. arXiv knows no citation counts or
 * affiliations; its papers are all open access.
 */
export function formatForArxiv(parsed: ParsedQuery): FormattedQuery {
  const parts: string[] = [];
  const omitted: string[] = [];
  for (const author of parsed.authors) parts.push(`au:${arxivPhrase(author)}`);
  for (const topic of parsed.topics) parts.push(`(ti:${arxivPhrase(topic)} OR abs:${arxivPhrase(topic)})`);
  if (parsed.fieldSearches.title) parts.push(`ti:${arxivPhrase(parsed.fieldSearches.title)}`);
  if (parsed.fieldSearches.abstract) parts.push(`abs:${arxivPhrase(parsed.fieldSearches.abstract)}`);
  if (parsed.arxivCategories.length > 0) parts.push(joinAll(parsed.arxivCategories.map((category) => `cat:${category}`), "OR"));
  if (parsed.venues.length > 0) parts.push(joinAll(parsed.venues.flatMap((venue) => [`jr:${arxivPhrase(venue)}`, `co:${arxivPhrase(venue)}`]), "OR"));
  if (parsed.yearRange) {
    const from = parsed.yearRange.start <= OPEN_START_YEAR ? "190001010000" : `${parsed.yearRange.start}01010000`;
    const to = parsed.yearRange.end === undefined ? "299912312359" : `${parsed.yearRange.end}12312359`;
    parts.push(`submittedDate:[${from} TO ${to}]`);
  }
  if (parsed.institutions.length > 0) omitted.push(`arXiv cannot search affiliations: ${parsed.institutions.join(", ")}`);
  if (parsed.minCitations !== undefined) omitted.push(`arXiv has no citation counts: at least ${parsed.minCitations} citations`);
  const queryString = parts.join(" AND ");
  return { queryString, parameters: queryString ? { search_query: queryString } : {}, filterString: "", useSearch: queryString !== "", omitted };
}

/**
 * OpenAlex's `search` and `filter` for a parse: topics as the search text, and filters for
 * authors, title and abstract words, institutions (affiliation strings), years, citations,
 * open access and the categories that have an OpenAlex concept. Venues are named by id in
 * OpenAlex, not by name, so they are left out.
 */
export function formatForOpenAlex(parsed: ParsedQuery): FormattedQuery {
  const filters: string[] = [];
  const omitted: string[] = [];
  for (const author of parsed.authors) filters.push(`raw_author_name.search:${filterValue(author)}`);
  if (parsed.fieldSearches.title) filters.push(`title.search:${filterValue(parsed.fieldSearches.title)}`);
  if (parsed.fieldSearches.abstract) filters.push(`abstract.search:${filterValue(parsed.fieldSearches.abstract)}`);
  for (const institution of parsed.institutions) filters.push(`raw_affiliation_strings.search:${filterValue(institution)}`);
  if (parsed.yearRange) {
    const { start, end } = parsed.yearRange;
    if (end === undefined) filters.push(`publication_year:>${start - 1}`);
    else if (start <= OPEN_START_YEAR) filters.push(`publication_year:<${end + 1}`);
    else filters.push(`publication_year:${start}-${end}`);
  }
  if (parsed.minCitations !== undefined && parsed.minCitations > 0) filters.push(`cited_by_count:>${parsed.minCitations - 1}`);
  if (parsed.openAccess) filters.push("is_oa:true");
  const concepts = [...new Set(parsed.arxivCategories.map((category) => OPENALEX_CONCEPT_BY_CATEGORY[category]).filter((id): id is string => Boolean(id)))];
  if (concepts.length > 0) filters.push(`concepts.id:${concepts.join("|")}`);
  const unmapped = parsed.arxivCategories.filter((category) => !OPENALEX_CONCEPT_BY_CATEGORY[category]);
  if (unmapped.length > 0) omitted.push(`OpenAlex has no concept for the arXiv categories ${unmapped.join(", ")}`);
  if (parsed.venues.length > 0) omitted.push(`OpenAlex names venues by id, not by name: ${parsed.venues.join(", ")}`);
  const search = parsed.topics.join(" ").replace(/[!|]/g, " ").replace(/\s+/g, " ").trim();
  const filterString = filters.join(",");
  const parameters: Record<string, string> = {};
  if (search) parameters.search = search;
  if (filterString) parameters.filter = filterString;
  return { queryString: search, parameters, filterString, useSearch: search !== "", omitted };
}
