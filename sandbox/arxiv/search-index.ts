/**
 * Inverted index over the corpus and the evaluator for parsed arXiv queries.
 *
 * Per field, every word (stemmed for prose, as written for names, categories and ids) has an
 * ordinal and a postings list: the papers holding it and how often. Each paper's field is also
 * kept as a sequence of ordinals, so a phrase is checked by comparing integers. Everything is
 * typed arrays, which the cache in sandbox/.cache stores as they are; a query over the ~12k
 * papers takes a few milliseconds.
 *
 * Relevance is a TF-IDF score with field weights (a title hit counts most), summed over the
 * terms a paper matches; ANDNOT keeps the left side's score.
 */
import { getCorpus, type Paper } from "../corpus";
import { pack, unpack, type PackedArray } from "../lib/binary-pack";
import { fingerprint, readThroughCache, siblingPath } from "../lib/file-cache";
import { canonicalArxivId } from "./arxiv-ids";
import { TEXT_FIELDS, type QueryNode, type SearchField, type TextField } from "../../src/shared/arxiv-query/query-parser";
import { splitWords, stem } from "../../src/shared/arxiv-query/text-analysis";

/** How much a hit in each field is worth relative to the abstract. */
const FIELD_WEIGHTS: Record<TextField, number> = { ti: 3, au: 2, abs: 1, co: 0.5, jr: 0.5, cat: 1, rn: 0.5, id: 1 };
/** Fields whose words are stemmed; names, categories and ids are matched as written. */
const STEMMED: ReadonlySet<TextField> = new Set<TextField>(["ti", "abs", "co", "jr", "rn"]);
/** A phrase hit is worth more than its words scattered. */
const PHRASE_BONUS = 1.5;
/** Stands between two authors in the author field's sequence, so a phrase never spans two names. */
const AUTHOR_BREAK = -1;

interface Postings {
  docs: Int32Array;
  counts: Uint16Array;
}

/** One field: term -> ordinal; per ordinal a slice of docs/counts; per paper a slice of `sequence`. */
interface FieldIndex {
  terms: Map<string, number>;
  offsets: Uint32Array;
  docs: Int32Array;
  counts: Uint16Array;
  sequenceOffsets: Uint32Array;
  sequence: Int32Array;
}

const FIELD_ARRAYS = ["offsets", "docs", "counts", "sequenceOffsets", "sequence"] as const;

/** What the index cache stores besides the arrays: each field's terms, in ordinal order. */
export interface SerializedIndexMeta {
  terms: Record<TextField, string[]>;
}

export type SortBy = "relevance" | "lastUpdatedDate" | "submittedDate";
export type SortOrder = "ascending" | "descending";

/** The raw words of one paper's field; `null` marks the gap between two authors. */
function fieldWords(paper: Paper, field: TextField): (string | null)[] {
  switch (field) {
    case "ti":
      return splitWords(paper.title);
    case "abs":
      return splitWords(paper.abstract);
    case "co":
      return paper.comment ? splitWords(paper.comment) : [];
    case "jr":
      return paper.journalRef ? splitWords(paper.journalRef) : [];
    case "rn":
      return paper.reportNo ? splitWords(paper.reportNo) : [];
    case "cat":
      return paper.categories.map((category) => category.toLowerCase());
    case "id":
      return [paper.id.toLowerCase()];
    case "au":
      return paper.authors.flatMap((author, index) => (index === 0 ? splitWords(author) : [null, ...splitWords(author)]));
  }
}

/** Words of a query value in the form the field's index uses. */
function queryWords(field: TextField, value: string): string[] {
  if (field === "cat") return value.toLowerCase().split(/\s+/).filter(Boolean);
  if (field === "id") return [canonicalArxivId(value.trim().replace(/v\d+$/, "")).toLowerCase()];
  // Underscores split words like any punctuation: au:del_maestro is the name parts "del maestro".
  const words = splitWords(value);
  return STEMMED.has(field) ? words.map(stem) : words;
}

export class SearchIndex {
  readonly size: number;
  private readonly submittedMs: Float64Array;
  private readonly updatedMs: Float64Array;

  private constructor(
    private readonly papers: readonly Paper[],
    private readonly fields: ReadonlyMap<TextField, FieldIndex>,
  ) {
    this.size = papers.length;
    this.submittedMs = Float64Array.from(papers, (paper) => Date.parse(paper.published));
    this.updatedMs = Float64Array.from(papers, (paper) => Date.parse(paper.updated));
  }

  /** Indexes the papers from scratch (about a second for the whole corpus; the cache avoids it). */
  static build(papers: readonly Paper[]): SearchIndex {
    const fields = new Map<TextField, FieldIndex>();
    for (const field of TEXT_FIELDS) fields.set(field, buildField(papers, field));
    return new SearchIndex(papers, fields);
  }

  /** Restores an index from `serialize()` output made for the same papers. */
  static fromSerialized(papers: readonly Paper[], meta: SerializedIndexMeta, arrays: ReadonlyMap<string, PackedArray>): SearchIndex {
    const fields = new Map<TextField, FieldIndex>();
    for (const field of TEXT_FIELDS) {
      const terms = new Map<string, number>();
      meta.terms[field].forEach((term, ordinal) => terms.set(term, ordinal));
      const array = (name: (typeof FIELD_ARRAYS)[number]) => {
        const found = arrays.get(`${field}.${name}`);
        if (!found) throw new Error(`Index cache lacks ${field}.${name}`);
        return found;
      };
      fields.set(field, {
        terms,
        offsets: array("offsets") as Uint32Array,
        docs: array("docs") as Int32Array,
        counts: array("counts") as Uint16Array,
        sequenceOffsets: array("sequenceOffsets") as Uint32Array,
        sequence: array("sequence") as Int32Array,
      });
    }
    return new SearchIndex(papers, fields);
  }

  serialize(): { meta: SerializedIndexMeta; arrays: Record<string, PackedArray> } {
    const terms = {} as Record<TextField, string[]>;
    const arrays: Record<string, PackedArray> = {};
    for (const [field, index] of this.fields) {
      terms[field] = [...index.terms.keys()];
      for (const name of FIELD_ARRAYS) arrays[`${field}.${name}`] = index[name];
    }
    return { meta: { terms }, arrays };
  }

  paperAt(doc: number): Paper {
    return this.papers[doc]!;
  }

  /** Runs a query; returns the matching papers' positions in the corpus, in the requested order. */
  search(node: QueryNode, sortBy: SortBy, sortOrder: SortOrder, restrictTo?: ReadonlySet<string>): Int32Array {
    const { match, score } = this.evaluate(node);
    const docs: number[] = [];
    for (let doc = 0; doc < this.size; doc += 1) {
      if (match[doc] && (!restrictTo || restrictTo.has(this.papers[doc]!.id))) docs.push(doc);
    }
    const direction = sortOrder === "ascending" ? 1 : -1;
    const times = sortBy === "lastUpdatedDate" ? this.updatedMs : this.submittedMs;
    docs.sort((a, b) => {
      const primary = sortBy === "relevance" ? score[a]! - score[b]! : times[a]! - times[b]!;
      if (primary !== 0) return direction * primary;
      // Ties: newer first, then by id, so every order is the same on every run.
      const newer = this.submittedMs[b]! - this.submittedMs[a]!;
      if (newer !== 0) return newer;
      return this.papers[a]!.id < this.papers[b]!.id ? -1 : 1;
    });
    return Int32Array.from(docs);
  }

  /** Which papers match the query, and their relevance scores. */
  evaluate(node: QueryNode): { match: Uint8Array; score: Float32Array } {
    switch (node.kind) {
      case "term": {
        const match = new Uint8Array(this.size);
        const score = new Float32Array(this.size);
        const fields: readonly TextField[] = node.field === "all" ? TEXT_FIELDS : [node.field];
        for (const field of fields) this.addFieldMatches(field, node.value, node.quoted, match, score);
        return { match, score };
      }
      case "dateRange": {
        const match = new Uint8Array(this.size);
        const times = node.field === "submittedDate" ? this.submittedMs : this.updatedMs;
        for (let doc = 0; doc < this.size; doc += 1) {
          const time = times[doc]!;
          if ((node.fromMs === null || time >= node.fromMs) && (node.toMs === null || time <= node.toMs)) match[doc] = 1;
        }
        return { match, score: new Float32Array(this.size) };
      }
      case "not": {
        const inner = this.evaluate(node.operand);
        for (let doc = 0; doc < this.size; doc += 1) inner.match[doc] = inner.match[doc] ? 0 : 1;
        return { match: inner.match, score: new Float32Array(this.size) };
      }
      default:
        return this.combine(node.kind, this.evaluate(node.left), this.evaluate(node.right));
    }
  }

  private combine(kind: "and" | "or" | "andnot", left: { match: Uint8Array; score: Float32Array }, right: { match: Uint8Array; score: Float32Array }) {
    for (let doc = 0; doc < this.size; doc += 1) {
      const l = left.match[doc]!;
      const r = right.match[doc]!;
      const keep = kind === "and" ? l & r : kind === "or" ? l | r : l & (r ^ 1);
      left.match[doc] = keep;
      left.score[doc] = keep ? left.score[doc]! + (kind === "andnot" ? 0 : right.score[doc]!) : 0;
    }
    return left;
  }

  private idf(documentFrequency: number): number {
    return Math.log(1 + (this.size - documentFrequency + 0.5) / (documentFrequency + 0.5));
  }

  /** Marks the papers whose `field` holds the value (a word, a wildcard or a phrase) and adds their score. */
  private addFieldMatches(field: TextField, value: string, quoted: boolean, match: Uint8Array, score: Float32Array): void {
    const index = this.fields.get(field)!;
    const weight = FIELD_WEIGHTS[field];
    const addPostings = (postings: Postings) => {
      const idf = this.idf(postings.docs.length);
      for (let i = 0; i < postings.docs.length; i += 1) {
        const doc = postings.docs[i]!;
        const tf = postings.counts[i]!;
        match[doc] = 1;
        score[doc] = score[doc]! + weight * idf * (tf / (tf + 1.2));
      }
    };

    // A wildcard term is one word pattern, whatever punctuation it holds (au:Sch?rmann).
    // It cannot open a term: arXiv finds nothing for au:??tskever.
    const trimmed = value.trim();
    if (!quoted && /[*?]/.test(trimmed)) {
      if (!/^[*?]/.test(trimmed)) for (const postings of this.expandWildcard(index, field, trimmed)) addPostings(postings);
      return;
    }

    const words = queryWords(field, value);
    if (words.length === 0) return;
    if (words.length === 1 && !quoted) {
      const ordinal = index.terms.get(words[0]!);
      if (ordinal !== undefined) addPostings(postingsAt(index, ordinal));
      return;
    }

    // A phrase. In author names a single letter is an initial and stands for any name part it
    // starts (au:"J Smith" finds "John Smith"); every other word must be in the paper.
    const wanted: ReadonlySet<number>[] = [];
    let candidates: Int32Array | undefined;
    let phraseIdf = 0;
    for (const word of words) {
      if (field === "au" && word.length === 1) {
        wanted.push(new Set([...index.terms].filter(([term]) => term.startsWith(word)).map(([, ordinal]) => ordinal)));
        continue;
      }
      const ordinal = index.terms.get(word);
      if (ordinal === undefined) return;
      wanted.push(new Set([ordinal]));
      const postings = postingsAt(index, ordinal);
      phraseIdf += this.idf(postings.docs.length);
      candidates = candidates ? intersect(candidates, postings.docs) : postings.docs;
    }
    candidates ??= Int32Array.from({ length: this.size }, (_, doc) => doc);
    for (const doc of candidates) {
      const sequence = index.sequence.subarray(index.sequenceOffsets[doc]!, index.sequenceOffsets[doc + 1]!);
      if (!containsPhrase(sequence, wanted)) continue;
      match[doc] = 1;
      score[doc] = score[doc]! + weight * PHRASE_BONUS * phraseIdf;
    }
  }

  /** The postings of every indexed word a wildcard pattern matches. */
  private *expandWildcard(index: FieldIndex, field: TextField, rawValue: string): Iterable<Postings> {
    const lower = rawValue.toLowerCase();
    const cleaned = field === "cat" || field === "id" ? lower : lower.normalize("NFD").replace(/[^\p{L}\p{N}*?]+/gu, "");
    const patterns = [wildcardPattern(cleaned)];
    // Prose fields index stems: `learning*` must also reach the stem "learn".
    const trailing = /^([^*?]+)\*$/.exec(cleaned);
    if (STEMMED.has(field) && trailing) patterns.push(wildcardPattern(`${stem(trailing[1]!)}*`));
    for (const [term, ordinal] of index.terms) if (patterns.some((pattern) => pattern.test(term))) yield postingsAt(index, ordinal);
  }
}

function postingsAt(index: FieldIndex, ordinal: number): Postings {
  const start = index.offsets[ordinal]!;
  const end = index.offsets[ordinal + 1]!;
  return { docs: index.docs.subarray(start, end), counts: index.counts.subarray(start, end) };
}

function containsPhrase(sequence: Int32Array, wanted: readonly ReadonlySet<number>[]): boolean {
  const last = sequence.length - wanted.length;
  for (let start = 0; start <= last; start += 1) {
    let offset = 0;
    while (offset < wanted.length && wanted[offset]!.has(sequence[start + offset]!)) offset += 1;
    if (offset === wanted.length) return true;
  }
  return false;
}

/** Builds one field: a raw word is looked up once per field, then its ordinal is reused. */
function buildField(papers: readonly Paper[], field: TextField): FieldIndex {
  const stemmed = STEMMED.has(field);
  const terms = new Map<string, number>();
  const ordinalOfRaw = new Map<string, number>();
  const termDocs: number[][] = [];
  const termCounts: number[][] = [];
  const sequence: number[] = [];
  const sequenceOffsets = new Uint32Array(papers.length + 1);
  let perDocCount = new Int32Array(1024);
  const touched: number[] = [];
  let total = 0;

  papers.forEach((paper, doc) => {
    sequenceOffsets[doc] = sequence.length;
    touched.length = 0;
    for (const raw of fieldWords(paper, field)) {
      if (raw === null) {
        sequence.push(AUTHOR_BREAK);
        continue;
      }
      let ordinal = ordinalOfRaw.get(raw);
      if (ordinal === undefined) {
        const term = stemmed ? stem(raw) : raw;
        ordinal = terms.get(term);
        if (ordinal === undefined) {
          ordinal = terms.size;
          terms.set(term, ordinal);
          termDocs.push([]);
          termCounts.push([]);
          if (ordinal >= perDocCount.length) {
            const grown = new Int32Array(perDocCount.length * 2);
            grown.set(perDocCount);
            perDocCount = grown;
          }
        }
        ordinalOfRaw.set(raw, ordinal);
      }
      sequence.push(ordinal);
      if (perDocCount[ordinal] === 0) touched.push(ordinal);
      perDocCount[ordinal] = perDocCount[ordinal]! + 1;
    }
    for (const ordinal of touched) {
      termDocs[ordinal]!.push(doc);
      termCounts[ordinal]!.push(Math.min(perDocCount[ordinal]!, 65535));
      perDocCount[ordinal] = 0;
      total += 1;
    }
  });
  sequenceOffsets[papers.length] = sequence.length;

  const offsets = new Uint32Array(terms.size + 1);
  const docs = new Int32Array(total);
  const counts = new Uint16Array(total);
  let position = 0;
  for (let ordinal = 0; ordinal < terms.size; ordinal += 1) {
    offsets[ordinal] = position;
    docs.set(termDocs[ordinal]!, position);
    counts.set(termCounts[ordinal]!, position);
    position += termDocs[ordinal]!.length;
  }
  offsets[terms.size] = position;
  return { terms, offsets, docs, counts, sequenceOffsets, sequence: Int32Array.from(sequence) };
}

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! === b[j]!) {
      out.push(a[i]!);
      i += 1;
      j += 1;
    } else if (a[i]! < b[j]!) i += 1;
    else j += 1;
  }
  return Int32Array.from(out);
}

function wildcardPattern(value: string): RegExp {
  const source = value.replace(/[.+^${}()|[\]\\-]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".");
  return new RegExp(`^${source}$`);
}

/** The code whose output the index cache holds. */
const INDEX_SOURCES = ["./search-index.ts", "../../src/shared/arxiv-query/text-analysis.ts", "../../src/shared/arxiv-query/query-parser.ts", "./arxiv-ids.ts"];

let shared: SearchIndex | undefined;

/** The index over `getCorpus()`, built once per process or read from sandbox/.cache. */
export function getSearchIndex(): SearchIndex {
  if (shared) return shared;
  const corpus = getCorpus();
  const key = fingerprint(
    INDEX_SOURCES.map((source) => siblingPath(import.meta.url, source)),
    [corpus.fingerprint],
  );
  shared = readThroughCache<SearchIndex>({
    name: "search-index",
    key,
    build: () => SearchIndex.build(corpus.papers),
    encode: (index) => {
      const { meta, arrays } = index.serialize();
      return pack(meta, arrays);
    },
    decode: (bytes) => {
      const { meta, arrays } = unpack<SerializedIndexMeta>(bytes);
      return SearchIndex.fromSerialized(corpus.papers, meta, arrays);
    },
  }).value;
  return shared;
}
