/**
 * Full-text matching for the OpenAlex and Crossref emulations, over two kinds of document set:
 *
 * - the corpus, through the arXiv search index (already built and cached; its title and
 *   abstract words are stemmed, author words are not), and
 * - small sets built here on the fly (the recorded real works, the Crossref records), indexed
 *   the same way so a word matches the same forms everywhere.
 *
 * Both answer one question: which documents hold this word (or phrase) in this field, and how
 * well (TF-IDF, a title hit worth more). Boolean structure is evaluated on top, over match and
 * score arrays with one slot per document.
 */
import type { SearchIndex } from "../arxiv/search-index";
import type { TextField } from "../../src/shared/arxiv-query/query-parser";
import { splitWords, stem } from "../../src/shared/arxiv-query/text-analysis";

export type SearchField = "title" | "abstract" | "author" | "container" | "affiliation" | "publisher" | "year";

export interface Matches {
  match: Uint8Array;
  score: Float32Array;
}

export interface TextSource {
  readonly size: number;
  /** Documents holding `value` in `field`: one word, or a phrase when it splits into several. */
  term(field: SearchField, value: string): Matches;
}

const FIELD_WEIGHTS: Record<SearchField, number> = { title: 3, author: 2, abstract: 1, container: 1, affiliation: 0.5, publisher: 0.5, year: 0.5 };
const STEMMED: ReadonlySet<SearchField> = new Set<SearchField>(["title", "abstract", "container", "affiliation"]);
const PHRASE_BONUS = 1.5;

/** Elasticsearch's English stop words: OpenAlex drops them from searches. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  "a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with".split(" "),
);

export function emptyMatches(size: number): Matches {
  return { match: new Uint8Array(size), score: new Float32Array(size) };
}

// --- The corpus, through the arXiv index --------------------------------------------------------

const CORPUS_FIELDS: Partial<Record<SearchField, TextField>> = { title: "ti", abstract: "abs", author: "au", container: "jr" };

/** The corpus as a text source (positions = corpus positions). */
export function corpusTextSource(index: SearchIndex): TextSource {
  return {
    size: index.size,
    term(field, value) {
      const indexField = CORPUS_FIELDS[field];
      const cleaned = value.replace(/[*?]/g, " ").trim();
      if (!indexField || !cleaned) return emptyMatches(index.size);
      return index.evaluate({ kind: "term", field: indexField, value: cleaned, quoted: false });
    },
  };
}

// --- Small document sets ------------------------------------------------------------------------

/** A document's text per field; an array keeps its items apart (a phrase never spans two authors). */
export type SmallDocument = Partial<Record<SearchField, string | readonly string[] | null>>;

const BREAK = "\u0000";

export class SmallTextIndex implements TextSource {
  readonly size: number;
  /** field -> per document, its words (stemmed where the field is) with BREAK between items. */
  private readonly words = new Map<SearchField, string[][]>();
  /** field -> word -> [doc, count] pairs. */
  private readonly postings = new Map<SearchField, Map<string, [number, number][]>>();

  constructor(documents: readonly SmallDocument[]) {
    this.size = documents.length;
    const fields = new Set(documents.flatMap((document) => Object.keys(document) as SearchField[]));
    for (const field of fields) {
      // Journal names, publishers and years repeat: each distinct text is cut into words once.
      const seen = new Map<string, string[]>();
      const wordsOf = (text: string) => {
        let words = seen.get(text);
        if (!words) {
          words = splitWords(text).map((word) => (STEMMED.has(field) ? stem(word) : word));
          seen.set(text, words);
        }
        return words;
      };
      const perDoc = documents.map((document) => {
        const value = document[field];
        const items = value === null || value === undefined ? [] : typeof value === "string" ? [value] : value;
        return items.flatMap((item, position) => (position === 0 ? wordsOf(item) : [BREAK, ...wordsOf(item)]));
      });
      const index = new Map<string, [number, number][]>();
      perDoc.forEach((words, doc) => {
        const counts = new Map<string, number>();
        for (const word of words) if (word !== BREAK) counts.set(word, (counts.get(word) ?? 0) + 1);
        for (const [word, count] of counts) {
          let list = index.get(word);
          if (!list) {
            list = [];
            index.set(word, list);
          }
          list.push([doc, count]);
        }
      });
      this.words.set(field, perDoc);
      this.postings.set(field, index);
    }
  }

  private idf(documentFrequency: number): number {
    return Math.log(1 + (this.size - documentFrequency + 0.5) / (documentFrequency + 0.5));
  }

  term(field: SearchField, value: string): Matches {
    const result = emptyMatches(this.size);
    const postings = this.postings.get(field);
    if (!postings) return result;
    const words = splitWords(value).map((word) => (STEMMED.has(field) ? stem(word) : word));
    if (words.length === 0) return result;
    const weight = FIELD_WEIGHTS[field];
    if (words.length === 1) {
      const list = postings.get(words[0]!) ?? [];
      const idf = this.idf(list.length);
      for (const [doc, count] of list) {
        result.match[doc] = 1;
        result.score[doc] = weight * idf * (count / (count + 1.2));
      }
      return result;
    }
    const lists = words.map((word) => postings.get(word) ?? []);
    if (lists.some((list) => list.length === 0)) return result;
    const phraseIdf = lists.reduce((sum, list) => sum + this.idf(list.length), 0);
    const perDoc = this.words.get(field)!;
    for (const [doc] of lists[0]!) {
      const sequence = perDoc[doc]!;
      for (let start = 0; start + words.length <= sequence.length; start += 1) {
        if (words.every((word, offset) => sequence[start + offset] === word)) {
          result.match[doc] = 1;
          result.score[doc] = weight * PHRASE_BONUS * phraseIdf;
          break;
        }
      }
    }
    return result;
  }
}

// --- Boolean searches (OpenAlex) ----------------------------------------------------------------

export type SearchNode =
  | { kind: "text"; value: string; phrase: boolean }
  | { kind: "and" | "or"; children: SearchNode[] }
  | { kind: "not"; child: SearchNode }
  /** Matches everything (a search left empty once stop words are gone). */
  | { kind: "all" };

type Token = { type: "word" | "phrase"; value: string } | { type: "AND" | "OR" | "NOT" | "(" | ")" };

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /"([^"]*)"?|(\()|(\))|([^\s()"]+)/g;
  for (const match of query.matchAll(pattern)) {
    if (match[1] !== undefined) tokens.push({ type: "phrase", value: match[1] });
    else if (match[2]) tokens.push({ type: "(" });
    else if (match[3]) tokens.push({ type: ")" });
    else {
      const word = match[4]!;
      if (word === "AND" || word === "OR" || word === "NOT") tokens.push({ type: word });
      else tokens.push({ type: "word", value: word });
    }
  }
  return tokens;
}

/**
 * Parses an OpenAlex search: words side by side must all match; upper-case AND, OR, NOT and
 * parentheses combine; double quotes make a phrase. Stop words are dropped (not inside
 * phrases); what is left empty matches everything. Never throws: stray operators and
 * parentheses are skipped, as OpenAlex answers such searches rather than refusing them.
 */
export function parseSearch(query: string): SearchNode {
  const tokens = tokenize(query);
  let position = 0;
  const peek = () => tokens[position];

  const simplify = (kind: "and" | "or", children: SearchNode[]): SearchNode => {
    const kept = children.filter((child) => child.kind !== "all");
    if (kind === "or" && kept.length < children.length) return { kind: "all" };
    if (kept.length === 0) return { kind: "all" };
    return kept.length === 1 ? kept[0]! : { kind, children: kept };
  };

  function parseOr(): SearchNode {
    const children = [parseAnd()];
    while (peek()?.type === "OR") {
      position += 1;
      children.push(parseAnd());
    }
    return simplify("or", children);
  }
  function parseAnd(): SearchNode {
    const children: SearchNode[] = [];
    for (;;) {
      const token = peek();
      if (!token || token.type === ")" || token.type === "OR") break;
      if (token.type === "AND") {
        position += 1;
        continue;
      }
      const unary = parseUnary();
      if (unary) children.push(unary);
    }
    return simplify("and", children);
  }
  function parseUnary(): SearchNode | null {
    const token = peek()!;
    position += 1;
    if (token.type === "NOT") {
      const next = peek();
      if (!next || next.type === ")" || next.type === "OR" || next.type === "AND") return null;
      const operand = parseUnary();
      return operand && operand.kind !== "all" ? { kind: "not", child: operand } : null;
    }
    if (token.type === "(") {
      const inner = parseOr();
      if (peek()?.type === ")") position += 1;
      return inner;
    }
    if (token.type === ")") return null;
    if (token.type === "phrase") {
      return splitWords(token.value).length > 0 ? { kind: "text", value: token.value, phrase: true } : { kind: "all" };
    }
    if (token.type === "word") {
      // A word with inner punctuation ("thin-film", "state-of-the-art") is a phrase of its parts.
      const words = splitWords(token.value);
      if (words.length === 0 || (words.length === 1 && STOP_WORDS.has(words[0]!))) return { kind: "all" };
      return { kind: "text", value: words.join(" "), phrase: words.length > 1 };
    }
    return null;
  }

  const nodes: SearchNode[] = [];
  while (position < tokens.length) {
    nodes.push(parseOr());
    // A stray ")" ends parseOr early; skip it and go on.
    if (peek()?.type === ")") position += 1;
  }
  return simplify("and", nodes);
}

/** Evaluates a search over one source: a word matches when any of `fields` holds it. */
export function evaluateSearch(node: SearchNode, fields: readonly SearchField[], source: TextSource): Matches {
  switch (node.kind) {
    case "all": {
      const result = emptyMatches(source.size);
      result.match.fill(1);
      return result;
    }
    case "text": {
      const result = emptyMatches(source.size);
      for (const field of fields) {
        const { match, score } = source.term(field, node.value);
        for (let doc = 0; doc < source.size; doc += 1) {
          if (match[doc]) {
            result.match[doc] = 1;
            result.score[doc] = result.score[doc]! + score[doc]!;
          }
        }
      }
      return result;
    }
    case "not": {
      const inner = evaluateSearch(node.child, fields, source);
      for (let doc = 0; doc < source.size; doc += 1) inner.match[doc] = inner.match[doc] ? 0 : 1;
      inner.score.fill(0);
      return inner;
    }
    default: {
      const [first, ...rest] = node.children.map((child) => evaluateSearch(child, fields, source));
      const result = first!;
      for (const other of rest) {
        for (let doc = 0; doc < source.size; doc += 1) {
          const keep = node.kind === "and" ? result.match[doc]! & other.match[doc]! : result.match[doc]! | other.match[doc]!;
          result.match[doc] = keep;
          result.score[doc] = keep ? result.score[doc]! + other.score[doc]! : 0;
        }
      }
      return result;
    }
  }
}
