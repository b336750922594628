/**
 * Whether the search a `/search?...` URL names may start before the app has: in the page's
 * head (src/web/public/search-prefetch.js) and on the server while it sends the page
 * (earlySearch in search.routes.ts). It may when the URL holds something to search for and
 * the app would send it as it stands: not a title sort (the app sorts titles itself and asks
 * the server for relevance), nor a plain-language search (llm=true, sent once the app has
 * parsed it). Each parameter is read as the app and the API read it: its first value, every
 * value of `authors`.
 *
 * The head script runs before any module and cannot import this: it keeps a copy, which
 * src/web/features/search/search-prefetch.test.ts holds to this rule over many URLs.
 */
export function mayStartSearchEarly(params: URLSearchParams): boolean {
  const filled = (name: string) => (params.get(name) ?? "").trim() !== "";
  const hasCriteria =
    filled("q") || filled("title") || params.getAll("authors").some((author) => author.trim() !== "") || filled("dateFrom") || filled("dateTo");
  if (!hasCriteria) return false;
  if ((params.get("sort") ?? "").startsWith("title-")) return false;
  return params.get("llm") !== "true";
}
