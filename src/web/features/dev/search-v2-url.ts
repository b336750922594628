import { redirect, type LoaderFunctionArgs } from "react-router";
import { SEARCH_SOURCES, SORT_FIELDS, SORT_ORDERS, type SearchSource } from "@/shared/search-options";
import { DEFAULT_SEARCH_STATE, readSearchState, searchHref } from "@/web/features/search/search-url";

/**
 * The search link the developer pages make:
 * /search-v2 with q, author, source (arxiv, openalex, both), llm, sort, order, page, size.
 * Quire's search page reads its own parameters, so /search-v2 is translated to /search:
 * an author becomes an `au:"..."` term (which every source understands), "both" searches
 * arXiv (the default; the search page asks one source at a time), sort and order become one
 * "field-order" value, and anything the search page would not accept falls back to its default.
 */
export const SEARCH_V2_SOURCES = ["arxiv", "openalex", "both"] as const;
export type SearchV2Source = (typeof SEARCH_V2_SOURCES)[number];

export type SearchV2Params = {
  q: string;
  author: string;
  source: SearchV2Source;
  llm: boolean;
  sort: string;
  order: string;
  page: number;
  size: number;
};

/** "/search-v2?..." for the developer page's fields; empty values are left out. */
export function searchV2Href(params: SearchV2Params): string {
  const query = new URLSearchParams();
  if (params.q.trim()) query.set("q", params.q.trim());
  if (params.author.trim()) query.set("author", params.author.trim());
  query.set("source", params.source);
  if (params.llm) query.set("llm", "true");
  query.set("sort", params.sort);
  query.set("order", params.order);
  query.set("page", String(params.page));
  query.set("size", String(params.size));
  return `/search-v2?${query.toString()}`;
}

/** The /search address a /search-v2 query stands for. */
export function searchHrefFromV2(params: URLSearchParams): string {
  const author = params.get("author")?.trim() ?? "";
  const q = params.get("q")?.trim() ?? "";
  const authorTerm = author ? `au:"${author.replace(/"/g, "")}"` : "";
  const requested = params.get("source") ?? "";
  const source: SearchSource = (SEARCH_SOURCES as readonly string[]).includes(requested) ? (requested as SearchSource) : DEFAULT_SEARCH_STATE.source;
  const field = (SORT_FIELDS as readonly string[]).includes(params.get("sort") ?? "") ? params.get("sort")! : "relevance";
  const orderText = (params.get("order") ?? "").toLowerCase();
  const order = orderText === "asc" ? "ascending" : orderText === "desc" ? "descending" : (SORT_ORDERS as readonly string[]).includes(orderText) ? orderText : "descending";
  const translated = new URLSearchParams();
  translated.set("q", [q, authorTerm].filter(Boolean).join(" AND "));
  translated.set("source", source);
  translated.set("sort", `${field}-${order}`);
  for (const name of ["page", "size"]) {
    const value = params.get(name);
    if (value) translated.set(name, value);
  }
  if (params.get("llm") === "true") translated.set("llm", "true");
  // Through the search page's own reader, so the link holds only values it accepts.
  return searchHref(readSearchState(translated));
}

export function searchV2Loader({ request }: LoaderFunctionArgs) {
  return redirect(searchHrefFromV2(new URL(request.url).searchParams));
}
