/**
 * The terms a paper is described by for the learned feed, in three blocks: its words (title and
 * abstract, the title counted twice as the densest statement of what a paper is about, plus
 * pairs of neighbouring words), its authors (each whole name one term, so "Yang Liu" is one
 * name rather than two common words) and its categories. The blocks are weighed separately
 * (feed-index.ts): otherwise a paper's few names would drown among its two hundred words.
 */
import { words, type ScorablePaper } from "@/shared/catchup";

export const TERM_BLOCKS = ["text", "authors", "categories"] as const;
export type TermBlock = (typeof TERM_BLOCKS)[number];
export const TEXT_BLOCK = 0;
export const AUTHOR_BLOCK = 1;
export const CATEGORY_BLOCK = 2;

/** Term prefixes: a name and a category never collide with a word. */
const AUTHOR_TERM_PREFIX = "@";
const CATEGORY_TERM_PREFIX = "#";

/**
 * English function words and the boilerplate of abstracts ("we propose a novel method"):
 * present in most papers, they only add noise and length to the vectors.
 */
const STOP_WORDS = new Set(
  (
    "a about above after again all also an and any are as at be because been before being below between both but by can could did do does doing down during each few for " +
    "from further had has have having here how however i if in into is it its itself just more most no nor not now of off on once only or other our ours out over own same " +
    "should so some such than that the their them then there these they this those through thus to too under until up upon very via was we were what when where which while " +
    "who whom why will with within without would you your yet et al eg ie use used using based paper propose proposed novel approach approaches method methods show shows " +
    "shown results result new two one first second well many much may might must often"
  ).split(" "),
);

/** "models" -> "model", "studies" -> "study"; "class", "corpus", "analysis" stay. */
export function foldPlural(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is")) return word.slice(0, -1);
  return word;
}

function addWords(counts: Map<string, number>, text: string, times: number): void {
  let previous: string | null = null;
  for (const raw of words(text)) {
    if (raw.length < 2 || STOP_WORDS.has(raw) || /^\d+$/.test(raw)) {
      previous = null;
      continue;
    }
    const word = foldPlural(raw);
    counts.set(word, (counts.get(word) ?? 0) + times);
    if (previous !== null) {
      const pair = `${previous} ${word}`;
      counts.set(pair, (counts.get(pair) ?? 0) + times);
    }
    previous = word;
  }
}

/** A person's name as a term: lower case, accents and punctuation dropped ("Zoë  O'Neil" -> "@zoe o neil"). */
export function authorTerm(name: string): string {
  return `${AUTHOR_TERM_PREFIX}${words(name).join(" ")}`;
}

export function categoryTerm(category: string): string {
  return `${CATEGORY_TERM_PREFIX}${category}`;
}

/** A paper's distinct terms, how often each occurs, and the block each belongs to. */
export type PaperTerms = { terms: readonly string[]; counts: Uint16Array; blocks: Uint8Array };

const remembered = new WeakMap<object, PaperTerms>();

/**
 * A paper's terms. Computed once per paper object and remembered: a shared feed index and
 * every per-user ranking over it read the same papers.
 */
export function paperTerms(paper: ScorablePaper): PaperTerms {
  const known = remembered.get(paper);
  if (known) return known;
  const text = new Map<string, number>();
  addWords(text, paper.title, 2);
  addWords(text, paper.abstract, 1);
  const authors = new Set(paper.authors.map(authorTerm).filter((term) => term.length > AUTHOR_TERM_PREFIX.length));
  const categories = new Set(paper.categories.map(categoryTerm));
  const size = text.size + authors.size + categories.size;
  const terms: string[] = [];
  const counts = new Uint16Array(size);
  const blocks = new Uint8Array(size);
  const add = (term: string, count: number, block: number) => {
    counts[terms.length] = Math.min(count, 65_535);
    blocks[terms.length] = block;
    terms.push(term);
  };
  for (const [term, count] of text) add(term, count, TEXT_BLOCK);
  for (const term of authors) add(term, 1, AUTHOR_BLOCK);
  for (const term of categories) add(term, 1, CATEGORY_BLOCK);
  const result = { terms, counts, blocks };
  remembered.set(paper, result);
  return result;
}
