import { parseQuery, type QueryNode } from "@/shared/arxiv-query/query-parser";
import type { Paper } from "@/shared/paper";
import { arxivEntryToPaper } from "@/shared/sources/arxiv/arxiv-atom";
import type { ArxivIndexRepository, IndexedPaperFields, IndexSortBy, IndexSortOrder } from "./arxiv-index.repository";
import { queryToSql } from "./query-sql";

/** ISO 8601 to the second, as arXiv's Atom writes dates ("2017-07-27T08:18:33Z"). */
function isoSeconds(date: Date): string {
  return new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString().replace(".000Z", "Z");
}

/** A stored paper as the arXiv API would have given it: one Paper, whichever answered. */
export function indexedPaperToPaper(row: IndexedPaperFields): Paper {
  return arxivEntryToPaper({
    id: row.id,
    versionedId: `${row.id}v${row.version}`,
    title: row.title,
    summary: row.abstract,
    authors: row.authors,
    published: isoSeconds(row.submittedAt),
    updated: isoSeconds(row.updatedAt),
    categories: row.categories,
    primaryCategory: row.categories[0] ?? null,
    comment: row.comments,
    journalRef: row.journalRef,
    doi: row.doi,
    absUrl: null,
    pdfUrl: null,
  });
}

export type IndexQuery = {
  /** arXiv's search_query, or its parse. */
  searchQuery?: string;
  ast?: QueryNode;
  start?: number;
  maxResults?: number;
  sortBy?: IndexSortBy;
  sortOrder?: IndexSortOrder;
  /** Count matches up to this many (a search shows at most SEARCH_TOTAL_CAP). */
  countCap: number;
};

/** A search over the index, in arXiv's order; `total` is counted up to `countCap`. */
export async function searchIndex(repository: ArxivIndexRepository, query: IndexQuery): Promise<{ total: number; papers: Paper[] }> {
  const ast = query.ast ?? parseQuery(query.searchQuery ?? "").ast;
  const { arms, rank } = queryToSql(ast, { wordPairs: repository.wordPairs() });
  const start = query.start ?? 0;
  const limit = query.maxResults ?? 10;
  const { rows, total } = await repository.search({ arms, rank, sortBy: query.sortBy ?? "relevance", sortOrder: query.sortOrder ?? "descending", start, limit, countCap: query.countCap });
  return { total, papers: rows.map(indexedPaperToPaper) };
}
