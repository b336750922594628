import { sql, type SQL } from "drizzle-orm";
import type { DateField, QueryNode, TextField } from "@/shared/arxiv-query/query-parser";
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

/**
 * A condition: `where`, and, when given, `indexed`, the same condition as the indexes answer it
 * best (a phrase in the abstracts by its word pairs), which a search or a count through the
 * indexes uses, where a walk of the date index, which tests paper by paper, and the planner's
 * estimate use `where`; and the dates its matches lie within (`ranges`).
 */
export type Condition = { where: SQL; indexed?: SQL; ranges?: DateRanges };

/**
 * The dates every match lies within, when the condition says (`submittedDate:[... TO ...]`
 * ANDed with the rest), by the date they bound, in milliseconds (null: open): where a search
 * in that date's order starts and ends (ordered-matches.ts).
 */
export type DateRanges = Partial<Record<DateField, { fromMs: number | null; toMs: number | null }>>;

/** The dates both `a` and `b` allow. */
function bothRanges(a: DateRanges | undefined, b: DateRanges | undefined): DateRanges | undefined {
  if (!a || !b) return a ?? b;
  // The tighter of two bounds, either of which may be open (null).
  const tighter = (pick: (...bounds: number[]) => number, x: number | null, y: number | null) => (x === null ? y : y === null ? x : pick(x, y));
  const both: DateRanges = { ...a };
  for (const [key, range] of Object.entries(b) as [DateField, NonNullable<DateRanges[DateField]>][]) {
    const other = both[key];
    both[key] = other ? { fromMs: tighter(Math.max, other.fromMs, range.fromMs), toMs: tighter(Math.min, other.toMs, range.toMs) } : range;
  }
  return both;
}

/**
 * A condition and the tsqueries it adds to relevance; `arms`, for a condition that is any of
 * several (an OR, `all:`), those conditions, each found on its own (ordered-matches.ts).
 */
type Translated = Condition & { rank: RankQueries; arms?: Condition[] };

/** How the translation may use the indexes there are. */
export type TranslateOptions = {
  /** The abstracts' word-pairs index is built and valid (word-pairs.ts). */
  wordPairs?: boolean;
};

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

/** The pairs of stems side by side in an abstract phrase, as `arxiv_word_pairs` lists them; null for one word. */
export function phrasePairs(value: string): string[] | null {
  const words = splitWords(value).map(stem);
  if (words.length < 2) return null;
  return [...new Set(words.slice(1).map((word, at) => `${words[at]} ${word}`))];
}

/**
 * `vector @@ query` as a plain function call, which no index answers: a check of each row
 * another condition's index has found. Written as the operator, PostgreSQL would also read the
 * vector's GIN index for it, the posting lists of every word (`'d':* <-> 'onofrio'` reads every
 * author name part starting with d: 215 ms on 3 million papers where `onofrio`'s list and a
 * check of its 572 papers take 3 ms), and a phrase found through that index is rechecked with
 * every condition of the bitmap, a row's word pairs recomputed with it (0.13 ms each: 774 ms
 * for `abs:"vision language action"`, 23 ms without).
 */
function checkedOnly(column: (typeof COLUMNS)[Vector], query: string): SQL {
  return sql`ts_match_vq(${column}, ${query}::tsquery)`;
}

/**
 * A phrase in the abstracts, by the word-pairs index: two words are exactly their pair; a
 * longer phrase holds each of its pairs, and is then checked as a phrase (checkedOnly). Where
 * PostgreSQL checks a bitmap's rows again a row's pairs are computed, so an OR finds such a
 * phrase apart from its other conditions (queryToSql's `arms`).
 */
function abstractPhraseIndexed(value: string, query: string): SQL | undefined {
  const pairs = phrasePairs(value);
  if (!pairs) return undefined;
  const held = sql`arxiv_word_pairs(${arxivPapers.ftsAbstract}) @@ ${pairs.map(quoteLexeme).join(" & ")}::tsquery`;
  return pairs.length === 1 && splitWords(value).length === 2 ? held : sql`(${held} and ${checkedOnly(arxivPapers.ftsAbstract, query)})`;
}

/**
 * An author phrase with an initial (`au:"D Onofrio"`, `au:D'Onofrio`): its full name parts
 * through the index, the phrase checked on the papers they find (checkedOnly); null when it
 * has no full part.
 */
function authorInitialsCondition(value: string, query: string): SQL | null {
  const words = splitWords(value);
  const full = [...new Set(words.filter((word) => word.length > 1))];
  if (full.length === 0 || full.length === words.length) return null;
  return sql`(${arxivPapers.ftsAuthors} @@ ${full.map(quoteLexeme).join(" & ")}::tsquery and ${checkedOnly(arxivPapers.ftsAuthors, query)})`;
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

function termCondition(field: TextField, value: string, quoted: boolean, options: TranslateOptions): Translated {
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
  const where = (field === "au" ? authorInitialsCondition(value, query) : null) ?? sql`${COLUMNS[vector]} @@ ${query}::tsquery`;
  const indexed = options.wordPairs && field === "abs" ? abstractPhraseIndexed(value, query) : undefined;
  return { where, ...(indexed ? { indexed } : {}), rank: rankFor(vector, query) };
}

/** The condition as the indexes answer it best. */
const indexedOf = (translated: Translated): SQL => translated.indexed ?? translated.where;

const asArm = ({ where, indexed, ranges }: Translated): Condition => ({ where, ...(indexed ? { indexed } : {}), ...(ranges ? { ranges } : {}) });
/** The conditions a condition is any of: its arms, or itself. */
const armsOf = (translated: Translated): Condition[] => translated.arms ?? [asArm(translated)];

/** `all:` is the term in any field. */
function allFieldsCondition(value: string, quoted: boolean, options: TranslateOptions): Translated {
  const parts = TEXT_FIELDS.map((field) => termCondition(field, value, quoted, options));
  const any = (conditions: SQL[]) => sql`(${sql.join(conditions, sql` or `)})`;
  return {
    where: any(parts.map((part) => part.where)),
    ...(parts.some((part) => part.indexed) ? { indexed: any(parts.map(indexedOf)) } : {}),
    rank: mergeRanks(...parts.map((part) => part.rank)),
    arms: parts.map(asArm),
  };
}

function translate(node: QueryNode, options: TranslateOptions): Translated {
  switch (node.kind) {
    case "term":
      return node.field === "all" ? allFieldsCondition(node.value, node.quoted, options) : termCondition(node.field, node.value, node.quoted, options);
    case "dateRange": {
      const column = node.field === "submittedDate" ? arxivPapers.submittedAt : arxivPapers.updatedAt;
      const bounds: SQL[] = [];
      if (node.fromMs !== null) bounds.push(sql`${column} >= ${new Date(node.fromMs).toISOString()}::timestamptz`);
      if (node.toMs !== null) bounds.push(sql`${column} <= ${new Date(node.toMs).toISOString()}::timestamptz`);
      return { where: bounds.length ? sql`(${sql.join(bounds, sql` and `)})` : sql`true`, rank: {}, ranges: { [node.field]: { fromMs: node.fromMs, toMs: node.toMs } } };
    }
    case "not":
      // What is left out is tested paper by paper: by its plain condition.
      return { where: sql`not (${translate(node.operand, options).where})`, rank: {} };
    case "and":
    case "or":
    case "andnot": {
      const left = translate(node.left, options);
      const right = translate(node.right, options);
      const join = (a: SQL, b: SQL) => (node.kind === "and" ? sql`(${a} and ${b})` : node.kind === "or" ? sql`(${a} or ${b})` : sql`(${a} and not (${b}))`);
      const indexed = left.indexed || (right.indexed && node.kind !== "andnot") ? join(indexedOf(left), node.kind === "andnot" ? right.where : indexedOf(right)) : undefined;
      // ANDNOT keeps the left side's relevance only, and its dates.
      const ranges = node.kind === "and" ? bothRanges(left.ranges, right.ranges) : node.kind === "andnot" ? left.ranges : undefined;
      return {
        where: join(left.where, right.where),
        ...(indexed ? { indexed } : {}),
        ...(ranges ? { ranges } : {}),
        rank: node.kind === "andnot" ? left.rank : mergeRanks(left.rank, right.rank),
        ...(node.kind === "or" ? { arms: [...armsOf(left), ...armsOf(right)] } : {}),
      };
    }
  }
}

/**
 * The WHERE condition for a parsed query (and its indexed form, when it differs), the
 * tsqueries relevance is ranked by, and the conditions to find its matches by, each on its own
 * (`arms`, see ordered-matches.ts): itself alone, or, for an OR or `all:` with phrases in the
 * abstracts, each such phrase and the rest. Found together, PostgreSQL checks every paper a
 * lossy bitmap gives (a title phrase's) against the whole OR, computing that paper's word
 * pairs; apart, the pairs' own index answers exactly.
 */
export function queryToSql(node: QueryNode, options: TranslateOptions = {}): Condition & { rank: RankQueries; arms: Condition[] } {
  const translated = translate(node, options);
  const arms = armsOf(translated);
  const apart = arms.filter((arm) => arm.indexed);
  if (apart.length === 0 || arms.length === 1) return { ...translated, arms: [asArm(translated)] };
  const rest = arms.filter((arm) => !arm.indexed);
  const together = rest.length === 0 ? [] : [rest.length === 1 ? rest[0]! : { where: sql`(${sql.join(rest.map((arm) => arm.where), sql` or `)})` }];
  return { ...translated, arms: [...apart, ...together] };
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
