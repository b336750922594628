/**
 * Builds the corpus and search-index cache in sandbox/.cache ahead of time (the sandbox also
 * builds it on first use). Useful in CI before parallel test workers start:
 * `npx tsx sandbox/build-cache.ts`.
 */
import { getSearchIndex } from "./arxiv/search-index";
import { getCorpus } from "./corpus";

const started = performance.now();
const corpus = getCorpus();
getSearchIndex();
console.log(`[sandbox] ${corpus.papers.length} papers ${corpus.fromCache ? "read from" : "written to"} the cache; corpus and index ready in ${Math.round(performance.now() - started)} ms`);
