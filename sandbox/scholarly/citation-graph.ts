/**
 * A deterministic citation graph among the corpus papers, for OpenAlex's `referenced_works`,
 * `cited_by_count` and the `cites:` / `cited_by:` filters (and Crossref's counts).
 *
 * Papers are visited oldest first. Each cites 0-13 strictly older papers of its own primary
 * category (or of its archive when the category has fewer than five older papers): half the
 * picks lean towards recent papers, half go to the category's "hubs" (a fixed tenth of papers),
 * so citation counts come out skewed the way real ones are. The same corpus always gives the
 * same graph; it is cached in sandbox/.cache with the corpus fingerprint.
 */
import { getCorpus, type Paper } from "../corpus";
import { pack, unpack } from "../lib/binary-pack";
import { fingerprint, readThroughCache, siblingPath } from "../lib/file-cache";
import { hash53, seededRandom, unitFor } from "../lib/stable-random";

export interface CitationGraph {
  /** Per paper (corpus position), the slice of `refs` it cites, oldest first. */
  refOffsets: Uint32Array;
  refs: Int32Array;
  /** Per paper, the slice of `citedBy` that cites it, oldest first. */
  citedOffsets: Uint32Array;
  citedBy: Int32Array;
}

const MAX_REFERENCES = 13;
const MIN_POOL = 5;
const HUB_SHARE = 0.1;

/** "cond-mat.str-el" -> "cond-mat", "cs.CV" -> "cs", "hep-th" -> "hep-th". */
export function archiveOf(category: string): string {
  return category.split(".")[0]!;
}

export function buildCitationGraph(papers: readonly Paper[]): CitationGraph {
  const publishedMs = Float64Array.from(papers, (paper) => Date.parse(paper.published));
  const order = Array.from(papers.keys()).sort((a, b) => publishedMs[a]! - publishedMs[b]! || (papers[a]!.id < papers[b]!.id ? -1 : 1));

  const pools = new Map<string, { all: number[]; hubs: number[] }>();
  const poolOf = (key: string) => {
    let pool = pools.get(key);
    if (!pool) {
      pool = { all: [], hubs: [] };
      pools.set(key, pool);
    }
    return pool;
  };

  const references: number[][] = papers.map(() => []);
  for (const doc of order) {
    const paper = papers[doc]!;
    const category = paper.primaryCategory || "unknown";
    let pool = poolOf(`c:${category}`);
    if (pool.all.length < MIN_POOL) pool = poolOf(`a:${archiveOf(category)}`);
    const random = seededRandom(hash53(paper.id, 11));
    const wanted = Math.min(pool.all.length, Math.floor(random() * (MAX_REFERENCES + 1)));
    const chosen = new Set<number>();
    for (let attempt = 0; chosen.size < wanted && attempt < wanted * 4; attempt += 1) {
      const fromHubs = pool.hubs.length > 0 && random() < 0.5;
      const pick = fromHubs
        ? pool.hubs[Math.floor(random() * pool.hubs.length)]!
        : pool.all[pool.all.length - 1 - Math.floor(pool.all.length * random() ** 3)]!;
      if (publishedMs[pick]! < publishedMs[doc]!) chosen.add(pick);
    }
    references[doc] = [...chosen].sort((a, b) => publishedMs[a]! - publishedMs[b]! || a - b);

    const isHub = unitFor(paper.id, "citation-hub") < HUB_SHARE;
    for (const key of [`c:${category}`, `a:${archiveOf(category)}`]) {
      const target = poolOf(key);
      target.all.push(doc);
      if (isHub) target.hubs.push(doc);
    }
  }

  const refOffsets = new Uint32Array(papers.length + 1);
  const citedCounts = new Uint32Array(papers.length);
  let total = 0;
  references.forEach((list, doc) => {
    refOffsets[doc] = total;
    total += list.length;
    for (const cited of list) citedCounts[cited] = citedCounts[cited]! + 1;
  });
  refOffsets[papers.length] = total;
  const refs = new Int32Array(total);
  references.forEach((list, doc) => refs.set(list, refOffsets[doc]!));

  const citedOffsets = new Uint32Array(papers.length + 1);
  let running = 0;
  for (let doc = 0; doc < papers.length; doc += 1) {
    citedOffsets[doc] = running;
    running += citedCounts[doc]!;
  }
  citedOffsets[papers.length] = running;
  const citedBy = new Int32Array(running);
  const fill = citedOffsets.slice(0, papers.length);
  // Visiting citing papers oldest first keeps each cited-by list in date order.
  for (const doc of order) {
    for (const cited of references[doc]!) {
      citedBy[fill[cited]!] = doc;
      fill[cited] = fill[cited]! + 1;
    }
  }
  return { refOffsets, refs, citedOffsets, citedBy };
}

export function referencesOf(graph: CitationGraph, doc: number): Int32Array {
  return graph.refs.subarray(graph.refOffsets[doc]!, graph.refOffsets[doc + 1]!);
}

export function citationsOf(graph: CitationGraph, doc: number): Int32Array {
  return graph.citedBy.subarray(graph.citedOffsets[doc]!, graph.citedOffsets[doc + 1]!);
}

let shared: CitationGraph | undefined;

/** The graph over `getCorpus()`, built once per process or read from sandbox/.cache. */
export function getCitationGraph(): CitationGraph {
  if (shared) return shared;
  const corpus = getCorpus();
  shared = readThroughCache<CitationGraph>({
    name: "citation-graph",
    key: fingerprint([siblingPath(import.meta.url, "./citation-graph.ts"), siblingPath(import.meta.url, "../lib/stable-random.ts")], [corpus.fingerprint]),
    build: () => buildCitationGraph(corpus.papers),
    encode: (graph) => pack({}, { refOffsets: graph.refOffsets, refs: graph.refs, citedOffsets: graph.citedOffsets, citedBy: graph.citedBy }),
    decode: (bytes) => {
      const { arrays } = unpack(bytes);
      return {
        refOffsets: arrays.get("refOffsets") as Uint32Array,
        refs: arrays.get("refs") as Int32Array,
        citedOffsets: arrays.get("citedOffsets") as Uint32Array,
        citedBy: arrays.get("citedBy") as Int32Array,
      };
    },
  }).value;
  return shared;
}
