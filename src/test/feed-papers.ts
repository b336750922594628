/**
 * Small, deterministic paper sets for the feed's unit tests: papers on a few distinct topics,
 * each drawing its title and abstract from its topic's words plus words every paper shares.
 */
import type { FeedPaper } from "@/shared/feed/feed-index";
import { seededRandom } from "@/shared/feed/linear-svm";

export const TOPICS = {
  quantum: ["qubit", "entanglement", "decoherence", "superconducting", "hamiltonian", "spin", "lattice", "fidelity", "photon", "error correction"],
  proteins: ["protein", "folding", "enzyme", "residue", "binding", "ligand", "molecular", "docking", "peptide", "structure prediction"],
  vision: ["image", "segmentation", "pixel", "detection", "convolution", "camera", "scene", "depth", "object", "semantic"],
  economics: ["market", "auction", "pricing", "equilibrium", "demand", "welfare", "bidder", "mechanism", "revenue", "incentive"],
} as const;
export type Topic = keyof typeof TOPICS;

const SHARED = ["study", "framework", "analysis", "evaluate", "data", "experiment", "performance", "problem", "efficient", "large"];

export const TOPIC_CATEGORIES: Record<Topic, string> = { quantum: "quant-ph", proteins: "q-bio.BM", vision: "cs.CV", economics: "econ.TH" };

/** `count` papers on a topic, ids `<topic>-<n>`, dated a day apart backwards from 2026-06-01 (newest first). */
export function topicPapers(topic: Topic, count: number, seed = 1, authors: string[] = []): FeedPaper[] {
  const random = seededRandom(seed);
  const pick = (list: readonly string[], n: number) => Array.from({ length: n }, () => list[Math.floor(random() * list.length)]!);
  return Array.from({ length: count }, (_, n) => ({
    id: `${topic}-${n}`,
    title: `${pick(TOPICS[topic], 3).join(" ")} ${pick(SHARED, 1)[0]}`,
    abstract: [...pick(TOPICS[topic], 12), ...pick(SHARED, 10)].join(" "),
    authors: authors.length > 0 ? authors : [`Author ${topic} ${n % 7}`],
    categories: [TOPIC_CATEGORIES[topic]],
    publishedDate: new Date(Date.UTC(2026, 5, 1) - n * 86_400_000).toISOString(),
  }));
}

/** Papers of several topics interleaved (newest first across topics), so no topic owns the start of the list. */
export function mixedPapers(counts: Partial<Record<Topic, number>>, seed = 1): FeedPaper[] {
  const lists = (Object.entries(counts) as [Topic, number][]).map(([topic, count], index) => topicPapers(topic, count, seed + index));
  const longest = Math.max(...lists.map((list) => list.length));
  const result: FeedPaper[] = [];
  for (let n = 0; n < longest; n += 1) for (const list of lists) if (list[n]) result.push(list[n]!);
  return result;
}
