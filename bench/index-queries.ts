/**
 * The searches and suggestions the index benchmarks ask, drawn from the scale corpus itself
 * (its titles' words, its authors, its categories and ids) with a fixed seed: every form of
 * arXiv's grammar, in the proportions people use them (most searches are a few plain words,
 * relevance-sorted).
 */
import { splitWords } from "@/shared/arxiv-query/text-analysis";
import { buildArxivQuery } from "@/shared/search-query";
import type { IndexSortBy } from "@/server/features/arxiv-index/arxiv-index.repository";
import { iterateScaleRecords } from "../sandbox/oaipmh/scale/scale-corpus";

export type BenchQuery = { form: string; searchQuery: string; sortBy: IndexSortBy; page: number };

/** A seeded generator (mulberry32): the same queries on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STOP = new Set(["the", "of", "and", "in", "for", "on", "a", "an", "to", "with", "by", "from", "at", "is", "are", "its", "via", "as", "or", "into", "we"]);

type Sample = { id: string; title: string; authors: string[]; categories: string[]; submitted: string };

/** Records spread evenly over the corpus. */
function sampleRecords(size: number, count: number): Sample[] {
  const samples: Sample[] = [];
  const step = Math.max(1, Math.floor(size / count));
  for (let position = 0; position < size && samples.length < count; position += step) {
    for (const record of iterateScaleRecords(size, { start: position, end: position + 1 })) {
      samples.push({ id: record.id, title: record.title, authors: record.authors.map((author) => `${author.forenames ?? ""} ${author.keyname}`.trim()), categories: record.categories, submitted: String(record.versions[0]?.submittedMs ?? "") });
    }
  }
  return samples;
}

/** `count` searches of every form over a corpus of `size` records. */
export function benchQueries(size: number, count: number, seed = 7): BenchQuery[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const samples = sampleRecords(size, 4000);
  const words = (sample: Sample) => splitWords(sample.title).filter((word) => word.length > 2 && !STOP.has(word));
  const titleWords = () => {
    let found: string[] = [];
    while (found.length === 0) found = words(pick(samples));
    return found;
  };
  const surname = () => {
    const names = pick(samples).authors;
    return (names.length ? pick(names) : "smith").split(" ").slice(-1)[0]!;
  };
  const category = () => pick(pick(samples).categories);
  const forms: [number, string, () => string][] = [
    // A few plain words, as typed in the box (a phrase over title, abstract and authors).
    [30, "plain words", () => buildArxivQuery({ q: titleWords().slice(0, 1 + Math.floor(next() * 3)).join(" ") })],
    [10, "one title word", () => `ti:${pick(titleWords())}`],
    [8, "title phrase", () => `ti:"${titleWords().slice(0, 2).join(" ")}"`],
    [8, "author", () => `au:${surname()}`],
    [5, "author and title", () => `au:${surname()} AND ti:${pick(titleWords())}`],
    [8, "category and title", () => `cat:${category()} AND ti:${pick(titleWords())}`],
    [5, "category and abstract", () => `cat:${category()} AND abs:${pick(titleWords())}`],
    [4, "all fields", () => `all:${pick(titleWords())}`],
    [4, "or", () => `ti:${pick(titleWords())} OR ti:${pick(titleWords())}`],
    [3, "andnot", () => `abs:${pick(titleWords())} ANDNOT ti:${pick(titleWords())}`],
    [3, "wildcard", () => `ti:${pick(titleWords()).slice(0, 5)}*`],
    [4, "category", () => `cat:${category()}`],
    [4, "category and dates", () => {
      const year = 2008 + Math.floor(next() * 18);
      return `cat:${category()} AND submittedDate:[${year}01010000 TO ${year}12312359]`;
    }],
    [4, "advanced form", () => buildArxivQuery({ title: titleWords().slice(0, 2).join(" "), authors: [surname()], dateFrom: "2015", dateTo: "2026" })],
  ];
  const total = forms.reduce((sum, [weight]) => sum + weight, 0);
  const queries: BenchQuery[] = [];
  for (let n = 0; n < count; n++) {
    let roll = next() * total;
    const [, form, make] = forms.find(([weight]) => (roll -= weight) < 0) ?? forms[0]!;
    const sortRoll = next();
    const sortBy: IndexSortBy = sortRoll < 0.6 ? "relevance" : sortRoll < 0.9 ? "submittedDate" : "lastUpdatedDate";
    queries.push({ form, searchQuery: make(), sortBy, page: next() < 0.85 ? 0 : 1 + Math.floor(next() * 3) });
  }
  return queries;
}

/** What people type in the box, a few characters at a time: titles' beginnings, words, surnames, ids. */
export function benchSuggestions(size: number, count: number, seed = 11): string[] {
  const next = random(seed);
  const samples = sampleRecords(size, 2000);
  const typed: string[] = [];
  for (let n = 0; n < count; n++) {
    const sample = samples[Math.floor(next() * samples.length)]!;
    const roll = next();
    if (roll < 0.45) typed.push(sample.title.slice(0, 4 + Math.floor(next() * 20)));
    else if (roll < 0.7) {
      const words = splitWords(sample.title);
      typed.push(words.slice(0, 1 + Math.floor(next() * Math.min(3, words.length))).join(" ").slice(0, -1 - Math.floor(next() * 2)) || sample.title.slice(0, 5));
    } else if (roll < 0.9) {
      const name = sample.authors[0] ?? "Smith";
      typed.push(name.split(" ").slice(-1)[0]!.slice(0, 3 + Math.floor(next() * 5)));
    } else typed.push(sample.id.slice(0, 6 + Math.floor(next() * 4)));
  }
  return typed;
}
