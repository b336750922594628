/**
 * Building and checking search queries. Everything here
 * runs before any upstream call, on the client for instant feedback and on the server as
 * the rule that counts.
 */

/** arXiv's field prefixes (arXiv API manual, section 5.1) plus the date range filter. */
export const ARXIV_FIELD_PREFIXES = ["ti", "au", "abs", "co", "jr", "cat", "rn", "id", "all", "submittedDate"] as const;
/** Prefixes that mark a query as already structured, so language-model parsing is skipped. */
export const STRUCTURED_QUERY_PREFIXES = ["au:", "ti:", "abs:", "cat:", "all:", "submittedDate:"] as const;
export const MAX_QUERY_LENGTH = 1000;

export type QueryProblem = { code: string; message: string };

/** `word:` directly followed by a value, outside quotes: a field prefix. */
const PREFIX_PATTERN = /(^|[\s(])([A-Za-z_]+):(?=\S)/g;

/**
 * True when the query uses field syntax: a `prefix:value` outside quotes. A colon followed
 * by a space ("BERT: pre-training") is ordinary text, so titles can be pasted as they are.
 */
export function isFieldQuery(query: string): boolean {
  return new RegExp(PREFIX_PATTERN.source).test(maskQuoted(query));
}

/**
 * Quoted phrases replaced by a neutral token, so a colon inside quotes is not read as a
 * prefix while a prefix followed by a quoted value (`au:"Ada Lovelace"`) still is.
 */
function maskQuoted(query: string): string {
  return query.replace(/"[^"]*"/g, "#");
}

/** Whether language-model parsing should be skipped for this query. */
export function hasStructuredPrefix(query: string): boolean {
  return STRUCTURED_QUERY_PREFIXES.some((prefix) => query.includes(prefix));
}

/**
 * Whether a plain-language search (llm=true) parses this query: not when it is empty or
 * field-prefixed (au:, ti:, abs:, cat:, all:, submittedDate:, or any field syntax), which is
 * searched as typed.
 */
export function shouldParseQuery(query: string): boolean {
  const text = query.trim();
  return text.length > 0 && !hasStructuredPrefix(text) && !isFieldQuery(text);
}

/**
 * Checks an arXiv query: balanced parentheses, balanced quotes, known field prefixes only,
 * and a bounded length. Returns every problem found; an empty list means it may be sent.
 */
export function validateArxivQuery(query: string): QueryProblem[] {
  const problems: QueryProblem[] = [];
  if (query.trim() === "") return [{ code: "empty", message: "No search query provided" }];
  if (query.length > MAX_QUERY_LENGTH) {
    problems.push({ code: "too_long", message: `The query is longer than ${MAX_QUERY_LENGTH} characters.` });
  }
  const quotes = (query.match(/"/g) ?? []).length;
  if (quotes % 2 !== 0) problems.push({ code: "unbalanced_quotes", message: "The query has an unmatched quote (\")." });

  let depth = 0;
  let inQuote = false;
  for (const char of query) {
    if (char === '"') inQuote = !inQuote;
    if (inQuote) continue;
    if (char === "(") depth++;
    if (char === ")") depth--;
    if (depth < 0) break;
  }
  if (depth !== 0) {
    problems.push({
      code: "unbalanced_parentheses",
      message: depth > 0 ? "The query has an opening parenthesis without a closing one." : "The query has a closing parenthesis without an opening one.",
    });
  }

  const outsideQuotes = maskQuoted(query);
  const unknown = new Set<string>();
  for (const match of outsideQuotes.matchAll(PREFIX_PATTERN)) {
    const prefix = match[2]!;
    if (!(ARXIV_FIELD_PREFIXES as readonly string[]).includes(prefix)) unknown.add(prefix);
  }
  if (unknown.size > 0) {
    problems.push({
      code: "unknown_prefix",
      message: `Unknown field prefix ${[...unknown].map((prefix) => `"${prefix}:"`).join(", ")}. Use one of ${ARXIV_FIELD_PREFIXES.map((prefix) => `${prefix}:`).join(" ")}.`,
    });
  }
  return problems;
}

/** Quotes a phrase for arXiv, dropping quotes inside it. */
function quote(text: string): string {
  return `"${text.replace(/"/g, "").trim()}"`;
}

/** `2024-03-05` -> `20240305` + time, for submittedDate ranges. */
function compactDate(date: string, time: string): string | null {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(date.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  return `${year}${month ?? (time === "0000" ? "01" : "12")}${day ?? (time === "0000" ? "01" : "31")}${time}`;
}

export type ArxivQueryInput = {
  q?: string;
  title?: string;
  authors?: string[];
  /** How author terms combine in advanced search. */
  authorJoin?: "AND" | "OR";
  dateFrom?: string;
  dateTo?: string;
};

/**
 * The arXiv `search_query` for a basic or advanced search. A query with a colon is sent as
 * is; otherwise it is quoted and searched across title, abstract and author. Advanced
 * search adds the title, the trimmed non-empty authors and the date range.
 */
export function buildArxivQuery(input: ArxivQueryInput): string {
  const parts: string[] = [];
  const q = input.q?.trim() ?? "";
  if (q) {
    if (isFieldQuery(q)) parts.push(q);
    else {
      const phrase = quote(q);
      parts.push(`(ti:${phrase} OR abs:${phrase} OR au:${phrase})`);
    }
  }
  const title = input.title?.trim();
  if (title) parts.push(`ti:${quote(title)}`);
  const authors = (input.authors ?? []).map((author) => author.trim()).filter(Boolean);
  if (authors.length === 1) parts.push(`au:${quote(authors[0]!)}`);
  if (authors.length > 1) parts.push(`(${authors.map((author) => `au:${quote(author)}`).join(` ${input.authorJoin ?? "AND"} `)})`);
  const from = input.dateFrom ? compactDate(input.dateFrom, "0000") : null;
  const to = input.dateTo ? compactDate(input.dateTo, "2359") : null;
  if (from || to) parts.push(`submittedDate:[${from ?? "190001010000"} TO ${to ?? "299912312359"}]`);
  return parts.join(" AND ");
}

/** OpenAlex works filter fields Quire sends or accepts. */
export const OPENALEX_FILTER_FIELDS = [
  "title.search",
  "abstract.search",
  "title_and_abstract.search",
  "raw_author_name.search",
  "raw_affiliation_strings.search",
  "display_name.search",
  "default.search",
  "publication_year",
  "from_publication_date",
  "to_publication_date",
  "doi",
  "cites",
  "cited_by_count",
  "is_oa",
  "open_access.is_oa",
  "type",
  "authorships.author.id",
  "authorships.institutions.id",
  "primary_location.source.id",
  "concepts.id",
  "topics.id",
  "ids.openalex",
  "openalex",
  "language",
  "has_doi",
  "has_abstract",
] as const;

/** Checks an OpenAlex `filter` value: known field names and balanced parentheses. */
export function validateOpenAlexFilter(filter: string): QueryProblem[] {
  const problems: QueryProblem[] = [];
  let depth = 0;
  for (const char of filter) {
    if (char === "(") depth++;
    if (char === ")") depth--;
    if (depth < 0) break;
  }
  if (depth !== 0) problems.push({ code: "unbalanced_parentheses", message: "The filter has unbalanced parentheses." });
  const unknown = filter
    .split(",")
    .map((clause) => clause.split(":")[0]!.trim())
    .filter((field) => field && !(OPENALEX_FILTER_FIELDS as readonly string[]).includes(field));
  if (unknown.length > 0) {
    problems.push({ code: "unknown_filter_field", message: `Unknown filter field ${unknown.map((field) => `"${field}"`).join(", ")}.` });
  }
  return problems;
}
