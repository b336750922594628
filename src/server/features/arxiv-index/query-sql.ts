import { sql, type SQL } from "drizzle-orm";
import type { QueryNode, SearchField, TextField } from "@/shared/arxiv-query/query-parser";
import { TEXT_FIELDS } from "@/shared/arxiv-query/query-parser";
import { splitWords, stem } from "@/shared/arxiv-query/text-analysis";
import { arxivPapers } from "@/server/db/schema/arxiv-index";
import { quoteLexeme } from "./index-document";

/**
 * arXiv's search_query, parsed (src/shared/arxiv-query/query-parser.ts), as SQL over the index.
 * Each field lives in one of the two text vectors under one weight (index-document.ts):
 * a term is a tsquery restricted to that weight, a phrase a chain of `<->`, a wildcard a
 * prefix (`:*`) or, inside a word, a pattern over the vector's lexemes. Matching follows arXiv
 * search's rules as the sandbox answers them: prose fields match word stems, names,
 * categories and ids as written; `all:` is any field; a single letter in an author phrase
 * stands for any name part it starts; a wildcard cannot open a term.
 */

type Vector = "fts" | "fts_meta";
type FieldPlace = { vector: Vector; weight: "A" | "B" | "C" | "D"; stemmed: boolean };

const PLACES: Record<Exclude<TextField, "id">, FieldPlace> = {
  ti: { vector: "fts", weight: "A", stemmed: true },
  au: { vector: "fts", weight: "B", stemmed: false },
  abs: { vector: "fts", weight: "C", stemmed: true },
  co: { vector: "fts_meta", weight: "A", stemmed: true },
  jr: { vector: "fts_meta", weight: "B", stemmed: true },
  rn: { vector: "fts_meta", weight: "C", stemmed: true },
  cat: { vector: "fts_meta", weight: "D", stemmed: false },
};

const column = (vector: Vector) => (vector === "fts" ? arxivPapers.fts : arxivPapers.ftsMeta);

/** A condition, and the tsquery over `fts` it contributes to relevance (null for none). */
type Translated = { where: SQL; rank: string | null };

const NOTHING: Translated = { where: sql`false`, rank: null };

/** The id a term names, as the index stores it (no version; `math.GT/0309136` is `math/0309136`). */
function indexId(value: string): string {
  return value
    .trim()
    .replace(/v\d+$/, "")
    .replace(/^([a-z-]+)\.[A-Z]{2}\//, "$1/")
    .toLowerCase();
}

/** The words of a value in the form the field's vector holds them. */
function queryWords(field: Exclude<TextField, "id">, value: string): string[] {
  if (field === "cat") return value.toLowerCase().split(/\s+/).filter(Boolean);
  const words = splitWords(value);
  return PLACES[field].stemmed ? words.map(stem) : words;
}

/** One field's tsquery for a word or phrase; null when it can match nothing. */
function wordsQuery(field: Exclude<TextField, "id">, value: string, quoted: boolean): string | null {
  const { weight } = PLACES[field];
  const words = queryWords(field, value);
  if (words.length === 0) return null;
  if (words.length === 1 && !quoted) return `${quoteLexeme(words[0]!)}:${weight}`;
  // A phrase: in author names a single letter is an initial, any name part it starts.
  const parts = words.map((word) => (field === "au" && word.length === 1 ? `${quoteLexeme(word)}:*${weight}` : `${quoteLexeme(word)}:${weight}`));
  return parts.length === 1 ? parts[0]! : `(${parts.join(" <-> ")})`;
}

/** `x` -> an anchored pattern over one lexeme (`*` any run of characters, `?` one). */
function lexemePattern(wildcard: string): string {
  return wildcard.replace(/[.+^${}()|[\]\\-]/g, "\\$&").replace(/\*/g, "[^']*").replace(/\?/g, "[^']");
}

/**
 * A wildcard term over one field: a trailing `*` is a prefix query; any other pattern is a
 * prefix query on what comes before the first wildcard (so the GIN index narrows it), checked
 * against the vector's lexemes of that weight.
 */
function wildcardCondition(field: Exclude<TextField, "id">, raw: string): Translated {
  const { vector, weight, stemmed } = PLACES[field];
  const lower = raw.toLowerCase();
  const cleaned = field === "cat" ? lower : lower.normalize("NFD").replace(/[^\p{L}\p{N}*?]+/gu, "");
  const trailing = /^([^*?]+)\*$/.exec(cleaned);
  if (trailing) {
    const prefixes = new Set([trailing[1]!]);
    // Prose fields hold stems: `learning*` must also reach the stem "learn".
    if (stemmed) prefixes.add(stem(trailing[1]!));
    const query = [...prefixes].map((prefix) => `${quoteLexeme(prefix)}:*${weight}`).join(" | ");
    return { where: sql`${column(vector)} @@ ${query}::tsquery`, rank: vector === "fts" ? query : null };
  }
  const head = /^[^*?]*/.exec(cleaned)![0];
  // A lexeme of this weight in the vector's text form: 'word':3A,7A (weight D is written bare).
  const weightMark = weight === "D" ? "" : weight;
  const pattern = `(^| )'${lexemePattern(cleaned)}':([0-9]+[A-D]?,)*[0-9]+${weightMark}(,| |$)`;
  const narrowed = head ? sql`${column(vector)} @@ ${`${quoteLexeme(head)}:*${weight}`}::tsquery and ` : sql``;
  return { where: sql`(${narrowed}${column(vector)}::text ~ ${pattern})`, rank: null };
}

function termCondition(field: TextField, value: string, quoted: boolean): Translated {
  const trimmed = value.trim();
  const wildcard = !quoted && /[*?]/.test(trimmed);
  // A wildcard cannot open a term: arXiv finds nothing for au:??tskever.
  if (wildcard && /^[*?]/.test(trimmed)) return NOTHING;
  if (field === "id") {
    if (wildcard) {
      const pattern = trimmed
        .toLowerCase()
        .replace(/[.+^${}()|[\]\\-]/g, "\\$&")
        .replace(/\*/g, ".*")
        .replace(/\?/g, ".");
      return { where: sql`${arxivPapers.id} ~ ${`^${pattern}$`}`, rank: null };
    }
    return { where: sql`${arxivPapers.id} = ${indexId(value)}`, rank: null };
  }
  if (wildcard) return wildcardCondition(field, trimmed);
  const query = wordsQuery(field, value, quoted);
  if (!query) return NOTHING;
  const { vector } = PLACES[field];
  return { where: sql`${column(vector)} @@ ${query}::tsquery`, rank: vector === "fts" ? query : null };
}

/** `all:` is the term in any field; the parts over one vector become one tsquery. */
function allFieldsCondition(value: string, quoted: boolean): Translated {
  const parts = TEXT_FIELDS.map((field) => termCondition(field, value, quoted));
  const ranks = parts.map((part) => part.rank).filter((rank): rank is string => rank !== null);
  return {
    where: sql`(${sql.join(
      parts.map((part) => part.where),
      sql` or `,
    )})`,
    rank: ranks.length ? ranks.join(" | ") : null,
  };
}

function translate(node: QueryNode): Translated {
  switch (node.kind) {
    case "term":
      return node.field === "all" ? allFieldsCondition(node.value, node.quoted) : termCondition(node.field as Exclude<SearchField, "all">, node.value, node.quoted);
    case "dateRange": {
      const columnOf = node.field === "submittedDate" ? arxivPapers.submittedAt : arxivPapers.updatedAt;
      const bounds: SQL[] = [];
      if (node.fromMs !== null) bounds.push(sql`${columnOf} >= ${new Date(node.fromMs).toISOString()}::timestamptz`);
      if (node.toMs !== null) bounds.push(sql`${columnOf} <= ${new Date(node.toMs).toISOString()}::timestamptz`);
      return { where: bounds.length ? sql`(${sql.join(bounds, sql` and `)})` : sql`true`, rank: null };
    }
    case "not":
      return { where: sql`not (${translate(node.operand).where})`, rank: null };
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
      const ranks = (node.kind === "andnot" ? [left.rank] : [left.rank, right.rank]).filter((rank): rank is string => rank !== null);
      return { where, rank: ranks.length ? ranks.map((rank) => `(${rank})`).join(" | ") : null };
    }
  }
}

/** The WHERE condition for a parsed query, and the tsquery relevance is ranked by (null: no text). */
export function queryToSql(node: QueryNode): Translated {
  return translate(node);
}
