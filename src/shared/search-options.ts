/**
 * The search vocabulary (sources, sort fields and orders) without zod, so the browser can use
 * it without loading a validation library. `search-params.ts` builds its schema on these.
 */

export const SEARCH_SOURCES = ["arxiv", "openalex", "crossref"] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];

export const SORT_FIELDS = ["relevance", "submittedDate", "lastUpdatedDate", "title"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_ORDERS = ["descending", "ascending"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_SORT = "relevance-descending";

/** Splits "submittedDate-descending" into its field and order. */
export function parseSort(sort: string): { field: SortField; order: SortOrder } {
  const [field, order] = sort.split("-") as [SortField, SortOrder];
  return { field, order };
}

/** The fields that decide whether there is anything to search for. */
export type SearchCriteria = {
  q: string;
  title: string;
  authors: readonly string[];
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
};

/** Whether the parameters hold anything to search for (a query or an advanced filter). */
export function hasSearchCriteria(params: SearchCriteria): boolean {
  return Boolean(
    params.q.trim() || params.title.trim() || params.authors.some((author) => author.trim()) || params.dateFrom || params.dateTo,
  );
}
