/**
 * The real OpenAlex works recorded in data/recordings/openalex: single works (`work_*.json`)
 * and the works inside recorded list answers (`works_*.json`). The sandbox serves them as
 * they were recorded, at their own ids and DOIs, next to the works it derives from the corpus.
 * Partial records (recorded with `select`) and the older snapshot copy of a work recorded
 * twice are left out; a list's `relevance_score` is dropped (the sandbox scores its own searches).
 */
import { readFileSync, readdirSync } from "node:fs";
import { dataPath } from "../corpus";

export const OPENALEX_RECORDINGS = "recordings/openalex";

export type RecordedWork = Record<string, unknown> & { id: string };

function isFullWork(value: unknown): value is RecordedWork {
  return typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string" && "authorships" in value && "display_name" in value;
}

/** The recorded works, each once (the first file naming an id wins; files are read in name order). */
export function loadRecordedWorks(): RecordedWork[] {
  const directory = dataPath(OPENALEX_RECORDINGS);
  const files = readdirSync(directory)
    .filter((file) => /^works?_.*\.json$/.test(file) && !file.includes("snapshot") && !file.includes("manifest"))
    .sort();
  const byId = new Map<string, RecordedWork>();
  for (const file of files) {
    const json = JSON.parse(readFileSync(`${directory}/${file}`, "utf8")) as unknown;
    const candidates = Array.isArray((json as { results?: unknown }).results) ? ((json as { results: unknown[] }).results) : [json];
    for (const candidate of candidates) {
      if (!isFullWork(candidate) || byId.has(candidate.id)) continue;
      const { relevance_score: _score, ...work } = candidate;
      byId.set(candidate.id, work as RecordedWork);
    }
  }
  return [...byId.values()];
}

/** The recording files the catalogue is built from (for cache fingerprints). */
export function recordedWorkFiles(): string[] {
  const directory = dataPath(OPENALEX_RECORDINGS);
  return readdirSync(directory)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => `${directory}/${file}`);
}
