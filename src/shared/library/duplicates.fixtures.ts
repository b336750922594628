import type { Paper } from "@/shared/paper";

/**
 * Seeded synthetic libraries for duplicate-detection tests and benchmarks. The same (n, seed)
 * always gives the same papers. Titles mix a few very common words (as real titles do: "for",
 * "learning", "neural"...) with rarer made-up words, so the title-word index sees a realistic
 * spread of posting-list lengths. Papers are distinct: no two share an id, and unrelated
 * titles and author lists overlap far below the fuzzy thresholds.
 */

/** mulberry32: a small, fast, seedable PRNG returning floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON_WORDS = [
  "a", "the", "of", "for", "and", "in", "on", "with", "via", "towards", "learning", "neural", "deep", "model", "models",
  "networks", "language", "large", "efficient", "robust", "graph", "data", "analysis", "theory", "quantum", "approach",
  "method", "dynamics", "optimization", "inference", "generative", "scalable", "adaptive", "benchmark", "survey",
];
const SYLLABLES = ["ka", "lo", "mi", "ren", "tas", "vo", "qui", "zel", "dra", "pho", "nex", "tri", "sul", "bar", "gen", "wyn", "ox", "ily", "mar", "ute"];
const GIVEN_NAMES = ["Ana", "Wei", "Olu", "Mira", "Jonas", "Priya", "Kenji", "Lea", "Omar", "Sofia", "Ivan", "Chen", "Amara", "Tomás", "Zoë", "Noah"];
const CATEGORIES = ["cs.LG", "cs.CL", "cs.CV", "cs.AI", "stat.ML", "quant-ph", "hep-th", "math.OC", "physics.comp-ph", "q-bio.NC"];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function makeWord(random: () => number, syllables: number): string {
  let word = "";
  for (let i = 0; i < syllables; i += 1) word += pick(random, SYLLABLES);
  return word;
}

/** Distinct made-up words, deterministic for a seed. */
function makeVocabulary(random: () => number, size: number, syllables: number): string[] {
  const words = new Set<string>();
  while (words.size < size) words.add(makeWord(random, syllables));
  return [...words];
}

const capitalize = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/**
 * `n` distinct synthetic arXiv papers (unified Paper shape) for a seed. Ids are new-style arXiv
 * ids, unique; about a third carry a journal DOI (`10.5555/synthetic.<n>`).
 */
export function makeSyntheticLibrary(n: number, seed = 1): Paper[] {
  const random = createRandom(seed);
  const rareWords = makeVocabulary(random, 6000, 4);
  const familyNames = makeVocabulary(random, 4000, 3).map(capitalize);
  const papers: Paper[] = [];
  for (let i = 0; i < n; i += 1) {
    const wordCount = 6 + Math.floor(random() * 7);
    const words: string[] = [];
    for (let w = 0; w < wordCount; w += 1) words.push(random() < 0.35 ? pick(random, COMMON_WORDS) : pick(random, rareWords));
    const title = capitalize(words.join(" "));
    const authorCount = 1 + Math.floor(random() * 8);
    const authors: string[] = [];
    for (let a = 0; a < authorCount; a += 1) authors.push(`${pick(random, GIVEN_NAMES)} ${pick(random, familyNames)}`);

    const year = 2008 + Math.floor(random() * 18);
    const month = 1 + Math.floor(random() * 12);
    const day = 1 + Math.floor(random() * 28);
    const yymm = `${String(year % 100).padStart(2, "0")}${String(month).padStart(2, "0")}`;
    // arXiv numbered its papers with four digits until 1412 and five since: ids of either era
    // must pass the canonical paper-id rule at the server's edge.
    const id = Number(yymm) <= 1412 ? `${yymm}.${String(i % 10_000).padStart(4, "0")}` : `${yymm}.${String(10000 + i).padStart(5, "0")}`;
    const version = 1 + Math.floor(random() * 3);
    const primary = pick(random, CATEGORIES);
    const categories = random() < 0.5 ? [primary] : [primary, pick(random, CATEGORIES)].filter((c, k, all) => all.indexOf(c) === k);
    const publishedDate = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}T00:00:00Z`;
    const doi = random() < 0.33 ? `10.5555/synthetic.${i}` : null;

    papers.push({
      id,
      title,
      authors,
      abstract: `Synthetic abstract ${i}.`,
      url: `https://arxiv.org/abs/${id}v${version}`,
      pdfUrl: `https://arxiv.org/pdf/${id}v${version}`,
      publishedDate,
      updatedDate: publishedDate,
      categories,
      category: primary,
      source: "arxiv",
      doi,
      journalRef: null,
      comments: null,
      arxivId: `${id}v${version}`,
      authorDetails: authors.map((name) => ({ name, affiliation: [] })),
      links: { abstract: `https://arxiv.org/abs/${id}v${version}`, pdf: `https://arxiv.org/pdf/${id}v${version}` },
    });
  }
  return papers;
}
