/**
 * The text of scale-corpus records, made from the real corpus: each scale record starts from
 * one real record (its "base") and a seed. A quarter of the title's words and three in ten of
 * the abstract's are replaced by words drawn from all real titles or abstracts (each word as
 * often as the corpus uses it), and the authors are real forenames and surnames recombined, so
 * a search word or an author name matches about the share of records it matches in the real
 * corpus. The same base and seed always give the same text.
 */
import { seededRandom } from "../../lib/stable-random";
import type { OaiAuthor, OaiRecord } from "../oai-record";
import { getRealOaiCorpus } from "../oai-repository";
import { canonicalCategories } from "../taxonomy";

const TITLE_REPLACED = 0.25;
const ABSTRACT_REPLACED = 0.3;

export interface ScaleBase {
  records: readonly OaiRecord[];
  /** Canonical categories of each base record (primary first); empty when it has none arXiv knows. */
  categories: readonly (readonly string[])[];
  titleWords: readonly (readonly string[])[];
  abstractWords: readonly (readonly string[])[];
  /** Uses of words in real titles (or abstracts), as indexes into `words`: drawing from one draws words as often as the corpus uses them. */
  titlePool: Int32Array;
  abstractPool: Int32Array;
  forenamePool: Int32Array;
  keynamePool: Int32Array;
  /** The distinct words and names the pools index (compact pools are much faster to draw from than arrays of strings). */
  words: readonly string[];
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * Pools are a fixed sample of every use of a word: the same frequencies, small enough to stay in
 * the processor's cache (drawing from all two million abstract words is memory-bound).
 */
const POOL_SIZE = 65_536;

function samplePool(uses: readonly number[]): Int32Array {
  const random = seededRandom(0x9001);
  return Int32Array.from({ length: Math.min(POOL_SIZE, uses.length) }, () => uses[Math.floor(random() * uses.length)]!);
}

let shared: ScaleBase | undefined;

/** The real corpus prepared as the scale corpus's material, once per process. */
export function getScaleBase(): ScaleBase {
  if (shared) return shared;
  // In a fixed order (by id), so the scale corpus does not depend on how the real one is sorted.
  const records = [...getRealOaiCorpus().recordsInListOrder()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const titleWords = records.map((record) => words(record.title));
  const abstractWords = records.map((record) => words(record.abstract));
  const vocabulary = new Map<string, number>();
  const indexOf = (word: string) => {
    let index = vocabulary.get(word);
    if (index === undefined) {
      index = vocabulary.size;
      vocabulary.set(word, index);
    }
    return index;
  };
  const forenames: number[] = [];
  const keynames: number[] = [];
  for (const record of records) {
    for (const author of record.authors) {
      keynames.push(indexOf(author.keyname));
      if (author.forenames) forenames.push(indexOf(author.forenames));
    }
  }
  shared = {
    records,
    categories: records.map((record) => canonicalCategories(record.categories)),
    titleWords,
    abstractWords,
    titlePool: samplePool(titleWords.flat().map(indexOf)),
    abstractPool: samplePool(abstractWords.flat().map(indexOf)),
    forenamePool: samplePool(forenames),
    keynamePool: samplePool(keynames),
    words: [...vocabulary.keys()],
  };
  return shared;
}

function vary(base: readonly string[], pool: Int32Array, words: readonly string[], share: number, random: () => number): string {
  let text = "";
  for (let index = 0; index < base.length; index += 1) {
    const word = random() < share ? words[pool[Math.floor(random() * pool.length)]!]! : base[index]!;
    text += index === 0 ? word : ` ${word}`;
  }
  return text;
}

export interface VariedText {
  title: string;
  abstract: string;
  authors: OaiAuthor[];
}

/** The title, abstract and authors of a scale record from its base and seed. */
export function variedText(base: ScaleBase, baseIndex: number, seed: number): VariedText {
  const random = seededRandom(seed);
  const title = vary(base.titleWords[baseIndex]!, base.titlePool, base.words, TITLE_REPLACED, random);
  const abstract = vary(base.abstractWords[baseIndex]!, base.abstractPool, base.words, ABSTRACT_REPLACED, random);
  const count = Math.min(Math.max(base.records[baseIndex]!.authors.length, 1), 40);
  const authors: OaiAuthor[] = [];
  for (let index = 0; index < count; index += 1) {
    const keyname = base.words[base.keynamePool[Math.floor(random() * base.keynamePool.length)]!]!;
    const forenames = base.forenamePool.length > 0 ? base.words[base.forenamePool[Math.floor(random() * base.forenamePool.length)]!]! : null;
    authors.push({ keyname, forenames, suffix: null, affiliations: [] });
  }
  return { title, abstract, authors };
}
