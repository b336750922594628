import { sql, type SQL } from "drizzle-orm";
import type { QueryNode, TextField } from "@/shared/arxiv-query/query-parser";
import { TEXT_FIELDS } from "@/shared/arxiv-query/query-parser";
import { splitWords, stem } from "@/shared/arxiv-query/text-analysis";
import { arxivPapers } from "@/server/db/schema/arxiv-index";
import { quoteLexeme } from "./index-document";

/**
 * arXiv's search_query, parsed (src/shared/arxiv-query/query-parser.ts), as SQL over the index.
 * Title, authors and abstract each have a vector of their own, so a term there is a plain
 * tsquery the GIN index answers exactly; comments, journal reference and report number share
 * one vector under weights A, B and C. A phrase is a chain of `<->`, a trailing wildcard a
 * prefix (`:*`), any other wildcard a pattern over the vector's lexemes narrowed by the
 * prefix before it. `cat:` compares the lower-cased categories. Matching follows arXiv
 * search's rules as the sandbox answers them: prose fields match word stems, names,
 * categories and ids as written; `all:` is any field; a single letter in an author phrase
 * stands for any name part it starts; a wildcard cannot open a term.
 */

type Vector = "title" | "authors" | "abstract" | "meta";
type FieldPlace = { vector: Vector; weight: "A" | "B" | "C" | null; stemmed: boolean };

const PLACES: Record<Exclude<TextField, "id" | "cat">, FieldPlace> = {
  ti: { vector: "title", weight: null, stemmed: true },
  au: { vector: "authors", weight: null, stemmed: false },
  abs: { vector: "abstract", weight: null, stemmed: true },
  co: { vector: "meta", weight: "A", stemmed: true },
  jr: { vector: "meta", weight: "B", stemmed: true },
  rn: { vector: "meta", weight: "C", stemmed: true },
};

const COLUMNS = {
  title: arxivPapers.ftsTitle,
  authors: arxivPapers.ftsAuthors,
  abstract: arxivPapers.ftsAbstract,
  meta: arxivPapers.ftsMeta,
} as const;

/** What counts for relevance: per searched vector, the tsquery its words make. */
export type RankQueries = Partial<Record<"title" | "authors" | "abstract", string>>;

/** How much a hit in each field weighs in relevance: title and authors above the abstract. */
export const RANK_WEIGHTS = { title: 1, authors: 0.8, abstract: 0.4 } as const;

/** A condition, and the tsqueries it adds to relevance. */
type Translated = { where: SQL; rank: RankQueries };

const NOTHING: Translated = { where: sql`false`, rank: {} };

function mergeRanks(...ranks: RankQueries[]): RankQueries {
  const merged: RankQueries = {};
  for (const rank of ranks) {
    for (const key of ["title", "authors", "abstract"] as const) {
      const query = rank[key];
      if (query) merged[key] = merged[key] ? `${merged[key]} | ${query}` : query;
    }
  }
  return merged;
}

const rankFor = (vector: Vector, query: string): RankQueries => (vector === "meta" ? {} : { [vector]: query });

/** The id a term names, as the index stores it (no version; `math.GT/0309136` is `math/0309136`). */
function indexId(value: string): string {
  return value
    .trim()
    .replace(/v\d+$/, "")
    .replace(/^([a-z-]+)\.[A-Z]{2}\//, "$1/")
    .toLowerCase();
}

/** `x*y?` as a regular expression body over one lexeme (`*` any run of characters, `?` one). */
function wildcardRegex(wildcard: string, anyCharacter: string): string {
  return wildcard
    .replace(/[.+^${}()|[\]\\-]/g, "\\$&")
    .replace(/\*/g, `${anyCharacter}*`)
    .replace(/\?/g, anyCharacter);
}

/** One field's tsquery for a word or phrase; null when it can match nothing. */
function wordsQuery(field: keyof typeof PLACES, value: string, quoted: boolean): string | null {
  const { weight, stemmed } = PLACES[field];
  const words = stemmed ? splitWords(value).map(stem) : splitWords(value);
  if (words.length === 0) return null;
  const mark = weight ?? "";
  if (words.length === 1 && !quoted) return `${quoteLexeme(words[0]!)}${mark ? `:${mark}` : ""}`;
  // A phrase: in author names a single letter is an initial, any name part it starts.
  const parts = words.map((word) => (field === "au" && word.length === 1 ? `${quoteLexeme(word)}:*` : `${quoteLexeme(word)}${mark ? `:${mark}` : ""}`));
  return parts.length === 1 ? parts[0]! : `(${parts.join(" <-> ")})`;
}

/**
 * A wildcard term over one field: a trailing `*` is a prefix query; any other pattern is a
 * prefix query on what comes before the first wildcard (so the GIN index narrows it), checked
 * against the vector's lexemes (of the field's weight, in the shared vector).
 */
function wildcardCondition(field: keyof typeof PLACES, raw: string): Translated {
  const { vector, weight, stemmed } = PLACES[field];
  const column = COLUMNS[vector];
  const cleaned = raw.toLowerCase().normalize("NFD").replace(/[^\p{L}\p{N}*?]+/gu, "");
  const mark = weight ?? "";
  const trailing = /^([^*?]+)\*$/.exec(cleaned);
  if (trailing) {
    const prefixes = new Set([trailing[1]!]);
    // Prose fields hold stems: `learning*` must also reach the stem "learn".
    if (stemmed) prefixes.add(stem(trailing[1]!));
    const query = [...prefixes].map((prefix) => `${quoteLexeme(prefix)}:*${mark}`).join(" | ");
    return { where: sql`${column} @@ ${query}::tsquery`, rank: rankFor(vector, query) };
  }
  const head = /^[^*?]*/.exec(cleaned)![0];
  // A lexeme in the vector's text form: 'word':3,7 ('word':3A,7A under a weight).
  const positions = mark ? `([0-9]+[A-D]?,)*[0-9]+${mark}(,| |$)` : "[0-9]";
  const pattern = `(^| )'${wildcardRegex(cleaned, "[^']")}':${positions}`;
  const narrowed = head ? sql`${column} @@ ${`${quoteLexeme(head)}:*${mark}`}::tsquery and ` : sql``;
  return { where: sql`(${narrowed}${column}::text ~ ${pattern})`, rank: {} };
}

/** `cat:`: categories as written, ignoring case; several words are categories side by side. */
function categoryCondition(value: string, quoted: boolean): Translated {
  const trimmed = value.trim().toLowerCase();
  if (!quoted && /[*?]/.test(trimmed)) {
    const pattern = `^${wildcardRegex(trimmed, ".")}$`;
    return { where: sql`exists (select 1 from unnest(${arxivPapers.categoryKeys}) as category where category ~ ${pattern})`, rank: {} };
  }
  const categories = trimmed.split(/\s+/).filter(Boolean);
  if (categories.length === 0) return NOTHING;
  if (categories.length === 1) return { where: sql`${arxivPapers.categoryKeys} @> array[${categories[0]}]::text[]`, rank: {} };
  // A phrase of categories: listed one after the other, in that order.
  const phrase = `(${categories.map((category) => `${quoteLexeme(category)}:D`).join(" <-> ")})`;
  return { where: sql`${arxivPapers.ftsMeta} @@ ${phrase}::tsquery`, rank: {} };
}

function termCondition(field: TextField, value: string, quoted: boolean): Translated {
  const trimmed = value.trim();
  const wildcard = !quoted && /[*?]/.test(trimmed);
  // A wildcard cannot open a term: arXiv finds nothing for au:??tskever.
  if (wildcard && /^[*?]/.test(trimmed)) return NOTHING;
  if (field === "cat") return categoryCondition(value, quoted);
  if (field === "id") {
    if (wildcard) return { where: sql`${arxivPapers.id} collate "C" ~ ${`^${wildcardRegex(trimmed.toLowerCase(), ".")}$`}`, rank: {} };
    return { where: sql`${arxivPapers.id} = ${indexId(value)}`, rank: {} };
  }
  if (wildcard) return wildcardCondition(field, trimmed);
  const query = wordsQuery(field, value, quoted);
  if (!query) return NOTHING;
  const { vector } = PLACES[field];
  return { where: sql`${COLUMNS[vector]} @@ ${query}::tsquery`, rank: rankFor(vector, query) };
}

/** `all:` is the term in any field. */
function allFieldsCondition(value: string, quoted: boolean): Translated {
  const parts = TEXT_FIELDS.map((field) => termCondition(field, value, quoted));
  return {
    where: sql`(${sql.join(
      parts.map((part) => part.where),
      sql` or `,
    )})`,
    rank: mergeRanks(...parts.map((part) => part.rank)),
  };
}

function translate(node: QueryNode): Translated {
  switch (node.kind) {
    case "term":
      return node.field === "all" ? allFieldsCondition(node.value, node.quoted) : termCondition(node.field, node.value, node.quoted);
    case "dateRange": {
      const column = node.field === "submittedDate" ? arxivPapers.submittedAt : arxivPapers.updatedAt;
      const bounds: SQL[] = [];
      if (node.fromMs !== null) bounds.push(sql`${column} >= ${new Date(node.fromMs).toISOString()}::timestamptz`);
      if (node.toMs !== null) bounds.push(sql`${column} <= ${new Date(node.toMs).toISOString()}::timestamptz`);
      return { where: bounds.length ? sql`(${sql.join(bounds, sql` and `)})` : sql`true`, rank: {} };
    }
    case "not":
      return { where: sql`not (${translate(node.operand).where})`, rank: {} };
    case "and":
    case "or":
    case "andnot": {
      const left = translate(node.left);
      const right = translate(node.right);
      const where =
        node.kind === "and"
          ? sql`(${left.where} and ${right.where})`
          : node.kind === "or"
            ? sql`(${left.where} or ${right.where})`
            : sql`(${left.where} and not (${right.where}))`;
      // ANDNOT keeps the left side's relevance only.
      return { where, rank: node.kind === "andnot" ? left.rank : mergeRanks(left.rank, right.rank) };
    }
  }
}

/** The WHERE condition for a parsed query, and the tsqueries relevance is ranked by. */
export function queryToSql(node: QueryNode): Translated {
  return translate(node);
}

/** A paper's relevance to the rank queries: each field's ts_rank, weighted; 0 when none. */
export function relevanceScore(rank: RankQueries): SQL {
  const parts: SQL[] = [];
  for (const key of ["title", "authors", "abstract"] as const) {
    const query = rank[key];
    if (query) parts.push(sql`${RANK_WEIGHTS[key]}::float4 * ts_rank(${COLUMNS[key]}, ${query}::tsquery)`);
  }
  return parts.length ? sql.join(parts, sql` + `) : sql`0::float4`;
}
