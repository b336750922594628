/**
 * Builds the sandbox/.cache entries (corpus, search index, citation graph, derived works) ahead
 * of time (the sandbox also builds them on first use). Useful in CI before parallel test
 * workers start: `npx tsx sandbox/build-cache.ts`.
 */
import { getCorpus } from "./corpus";
import { preloadData } from "./server";

const started = performance.now();
const corpus = getCorpus();
preloadData();
console.log(`[sandbox] ${corpus.papers.length} papers ${corpus.fromCache ? "read from" : "written to"} the cache; all data ready in ${Math.round(performance.now() - started)} ms`);
