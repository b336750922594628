/**
 * The sandbox's language model: a deterministic answer for each prompt Quire sends, read from
 * the prompt itself. It recognises four tasks by their wording (query parsing, arXiv id
 * correction, bibliography merge, and the provider test's "Reply with the single word OK"),
 * and answers anything else with a short echo. No randomness: the same prompt always gets the
 * same answer, so tests and benchmarks can rely on it.
 */
import { getCorpus } from "../corpus";
import { readQuery } from "./query-reader";

export type ChatMessage = { role: string; content: string };

export type ChatAnswer = {
  /** The assistant message's text. */
  content: string;
  /** Which task the prompt was read as. */
  task: "query-parse" | "arxiv-id-correction" | "bibliography-merge" | "provider-test" | "chat";
};

/** Rough token count, about four characters a token as OpenAI's tokenizers average for English. */
export function countTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function textOf(messages: readonly ChatMessage[]): string {
  return messages.map((message) => message.content).join("\n");
}

/** The JSON string after `label: ` on a line of the prompt. */
function jsonField(prompt: string, label: string): unknown {
  const line = prompt.split("\n").find((candidate) => candidate.startsWith(`${label}: `));
  if (!line) return undefined;
  try {
    return JSON.parse(line.slice(label.length + 2));
  } catch {
    return undefined;
  }
}

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9 ]+/g, " ")
      .split(/\s+/)
      .filter((word) => word.length > 2),
  );
}

function overlap(a: string, b: string): number {
  const left = words(a);
  const right = words(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / Math.max(left.size, right.size);
}

let titleIndex: Map<string, string> | undefined;

function corpusTitles(): Map<string, string> {
  if (titleIndex) return titleIndex;
  titleIndex = new Map();
  for (const paper of getCorpus().papers) titleIndex.set([...words(paper.title)].sort().join(" "), paper.id);
  return titleIndex;
}

/** The corpus paper with this title (same words, any order and case), or null. */
function correctId(prompt: string): string | null {
  const title = jsonField(prompt, "Title");
  if (typeof title !== "string" || !title.trim()) return null;
  return corpusTitles().get([...words(title)].sort().join(" ")) ?? null;
}

type Entry = { title: string; authors: string[]; year: number | null; doi: string | null; journal: string | null; volume: string | null; pages: string | null; publisher: string | null; url: string | null };

function surnames(authors: readonly string[]): Set<string> {
  return new Set(authors.map((name) => name.trim().split(/\s+/).at(-1)!.toLowerCase()).filter(Boolean));
}

/** Picks the candidate with the closest title (and a shared author surname), and fills the original's gaps from it. */
function merge(prompt: string) {
  const original = jsonField(prompt, "Original entry (JSON)") as Entry | undefined;
  const candidates = (jsonField(prompt, "Candidates (JSON)") as (Entry & { index: number })[] | undefined) ?? [];
  if (!original) return { selectedIndex: null, confidence: 0, reasoning: "No original entry was given.", hasChanges: false, mergedEntry: null, candidateScores: [] };
  const originalNames = surnames(original.authors ?? []);
  const scores = candidates.map((candidate, position) => {
    const titleScore = overlap(original.title ?? "", candidate.title ?? "");
    const sharedAuthor = [...surnames(candidate.authors ?? [])].some((name) => originalNames.has(name));
    const confidence = Math.round(100 * (sharedAuthor || originalNames.size === 0 ? titleScore : titleScore * 0.6));
    const index = typeof candidate.index === "number" ? candidate.index : position;
    return { index, confidence, reasoning: `Title overlap ${Math.round(titleScore * 100)}%${sharedAuthor ? ", a shared author" : ", no shared author"}.` };
  });
  const best = [...scores].sort((a, b) => b.confidence - a.confidence)[0];
  if (!best || best.confidence < 70) {
    return { selectedIndex: null, confidence: best?.confidence ?? 0, reasoning: "None of the candidates is the same work.", hasChanges: false, mergedEntry: null, candidateScores: scores };
  }
  const chosen = candidates.find((candidate, position) => (candidate.index ?? position) === best.index)!;
  const merged: Entry = {
    title: original.title,
    authors: (original.authors ?? []).length > 0 ? original.authors : chosen.authors,
    year: chosen.year ?? original.year,
    doi: original.doi ?? chosen.doi,
    journal: original.journal ?? chosen.journal,
    volume: original.volume ?? chosen.volume,
    pages: original.pages ?? chosen.pages,
    publisher: original.publisher ?? chosen.publisher,
    url: original.url ?? chosen.url,
  };
  const hasChanges = JSON.stringify(merged) !== JSON.stringify({ ...merged, ...original, authors: merged.authors });
  return {
    selectedIndex: best.index,
    confidence: best.confidence,
    reasoning: `Candidate ${best.index} has the same title and authors; its ${hasChanges ? "publication details fill in what the entry lacks" : "details match the entry"}.`,
    hasChanges,
    mergedEntry: merged,
    candidateScores: scores,
  };
}

/** The model's answer to a conversation. */
export function answer(messages: readonly ChatMessage[], now: Date = new Date()): ChatAnswer {
  const prompt = textOf(messages);
  if (prompt.includes("into a structured query")) {
    const user = [...messages].reverse().find((message) => message.role === "user")?.content ?? "";
    const query = jsonField(user, "Query");
    return { task: "query-parse", content: JSON.stringify(readQuery(typeof query === "string" ? query : user, now)) };
  }
  if (prompt.includes("corrected_arxiv_id")) {
    return { task: "arxiv-id-correction", content: JSON.stringify({ corrected_arxiv_id: correctId(prompt) }) };
  }
  if (prompt.includes("Original entry (JSON):")) {
    return { task: "bibliography-merge", content: JSON.stringify(merge(prompt)) };
  }
  if (/reply with the single word ok/i.test(prompt)) return { task: "provider-test", content: "OK" };
  const last = [...messages].reverse().find((message) => message.role === "user")?.content ?? "";
  return { task: "chat", content: `Sandbox model here. You asked: "${last.replace(/\s+/g, " ").trim().slice(0, 200)}"` };
}

/** Prose instead of JSON (the `reply: "prose"` fault). */
export const PROSE_REPLY = "Sure! Here are a few thoughts: this search is about capsule networks, probably by Geoffrey Hinton, and recent work would be best.";

/** JSON that breaks every task's schema (the `reply: "schema-break"` fault). */
export const SCHEMA_BREAKING_REPLY = JSON.stringify({ authors: "Geoffrey Hinton", topics: 42, yearRange: "recent", corrected_arxiv_id: 17, mergedEntry: "yes" });
