/**
 * A corpus author (one identity: scholarly/author-identities.ts) as an OpenAlex author, in the
 * layout of the recorded 2025 author record (data/recordings/openalex/author_A5023888391.json:
 * the same keys in the same order and nesting). What the corpus knows is counted from the
 * author's works (works and citation counts, topics, concepts, the names they signed with);
 * what it does not know is derived, deterministically, from the identity's key: an ORCID iD for
 * about two authors in five, and institutions from the real ones the recordings name.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dataPath } from "../corpus";
import { intFor, unitFor } from "../lib/stable-random";
import { subjectOf, type Concept, type Topic } from "../scholarly/subjects";
import { OPENALEX, type OpenAlexCatalog } from "./catalog";
import { OPENALEX_RECORDINGS } from "./recorded";
import type { WorkJson } from "./work-json";

/** An institution as an author record nests it. */
export type Institution = { id: string; ror: string; display_name: string; country_code: string; type: string; lineage: string[] };

const ORCID_SHARE = 0.4;
const NO_INSTITUTION_SHARE = 0.12;
const MOVED_SHARE = 0.35;

let institutions: Institution[] | undefined;

/**
 * The real institutions the OpenAlex recordings name (in works' authorships and in the author
 * record's affiliations), each once, in id order: the pool authors' affiliations come from.
 */
export function recordedInstitutions(): Institution[] {
  if (institutions) return institutions;
  const byId = new Map<string, Institution>();
  const add = (value: unknown) => {
    const item = value as Partial<Institution> | null;
    if (!item || typeof item.id !== "string" || typeof item.display_name !== "string" || typeof item.ror !== "string") return;
    byId.set(item.id, {
      id: item.id,
      ror: item.ror,
      display_name: item.display_name,
      country_code: item.country_code ?? "US",
      type: item.type ?? "education",
      lineage: Array.isArray(item.lineage) ? item.lineage : [item.id],
    });
  };
  const directory = dataPath(OPENALEX_RECORDINGS);
  for (const file of readdirSync(directory).filter((name) => name.endsWith(".json")).sort()) {
    const json = JSON.parse(readFileSync(`${directory}/${file}`, "utf8")) as Record<string, unknown>;
    const records = Array.isArray(json.results) ? (json.results as Record<string, unknown>[]) : [json];
    for (const record of records) {
      for (const authorship of (record.authorships as { institutions?: unknown[] }[] | undefined) ?? []) for (const institution of authorship.institutions ?? []) add(institution);
      for (const affiliation of (record.affiliations as { institution?: unknown }[] | undefined) ?? []) add(affiliation.institution);
      for (const institution of (record.last_known_institutions as unknown[] | undefined) ?? []) add(institution);
    }
  }
  institutions = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  return institutions;
}

/** ISO 7064 11,2: the ORCID check character of 15 digits. */
export function orcidCheckCharacter(digits: string): string {
  let total = 0;
  for (const digit of digits) total = (total + Number(digit)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? "X" : String(result);
}

/** A well-formed ORCID iD (URL form) for the identities that have one; null for the others. */
export function orcidFor(key: string): string | null {
  if (unitFor(key, "orcid") >= ORCID_SHARE) return null;
  const body = `00000002${String(intFor(key, "orcid-digits", 0, 9_999_999)).padStart(7, "0")}`;
  const digits = `${body}${orcidCheckCharacter(body)}`;
  return `https://orcid.org/${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8, 12)}-${digits.slice(12)}`;
}

/** "Yang Liu" -> ["Liu Yang", "Y. Liu"]: the reordered and initialled forms OpenAlex lists among a name's alternatives. */
function nameForms(name: string): string[] {
  const parts = name.split(/\s+/).filter(Boolean);
  if (parts.length < 2) return [];
  const family = parts[parts.length - 1]!;
  const given = parts.slice(0, -1);
  return [`${family} ${given.join(" ")}`, `${given.map((part) => `${part[0]!.toUpperCase()}.`).join(" ")} ${family}`];
}

/** The names an author signed their works with, first one first. */
export function spellingsOf(catalog: OpenAlexCatalog, ordinal: number): string[] {
  const spellings: string[] = [];
  for (const doc of catalog.worksOfAuthor(ordinal)) {
    const ordinals = catalog.authorOrdinalsOf(doc);
    ordinals.forEach((other, place) => {
      const name = catalog.papers[doc]!.authors[place]!;
      if (other === ordinal && !spellings.includes(name)) spellings.push(name);
    });
  }
  return spellings;
}

/** An author's institutions: the last known one, and for some an earlier one. */
export function affiliationsOf(catalog: OpenAlexCatalog, ordinal: number): { institution: Institution; years: number[] }[] {
  const pool = recordedInstitutions();
  const key = catalog.authorId(ordinal);
  if (pool.length === 0 || unitFor(key, "institution") < NO_INSTITUTION_SHARE) return [];
  const years = [...new Set(Array.from(catalog.worksOfAuthor(ordinal), (doc) => catalog.years[doc]!))].sort((a, b) => b - a);
  const last = pool[intFor(key, "institution-last", 0, pool.length - 1)]!;
  if (pool.length < 2 || unitFor(key, "institution-moved") >= MOVED_SHARE) return [{ institution: last, years }];
  const earlierPick = pool[intFor(key, "institution-earlier", 0, pool.length - 2)]!;
  const earlier = earlierPick.id === last.id ? pool[pool.length - 1]! : earlierPick;
  const oldest = years[years.length - 1]!;
  return years.length > 1
    ? [
        { institution: last, years: years.slice(0, -1) },
        { institution: earlier, years: [oldest] },
      ]
    : [
        { institution: last, years },
        { institution: earlier, years: [oldest - intFor(key, "institution-gap", 1, 4)] },
      ];
}

/** Per topic id, how many corpus works carry it (for `topic_share`). */
let topicTotals: Map<string, number> | undefined;

function topicsOfWork(catalog: OpenAlexCatalog, doc: number): Topic[] {
  const seen = new Map<string, Topic>();
  for (const category of catalog.papers[doc]!.categories) {
    const { topic } = subjectOf(category);
    if (!seen.has(topic.id)) seen.set(topic.id, topic);
  }
  return [...seen.values()].slice(0, 3);
}

/** An author's topics, most works first: what OpenAlex's `topics` and `topic_share` list. */
export function topicsOf(catalog: OpenAlexCatalog, ordinal: number): { topic: Topic; count: number; share: number }[] {
  if (!topicTotals) {
    topicTotals = new Map();
    for (let doc = 0; doc < catalog.corpusSize; doc += 1) for (const topic of topicsOfWork(catalog, doc)) topicTotals.set(topic.id, (topicTotals.get(topic.id) ?? 0) + 1);
  }
  const counts = new Map<string, { topic: Topic; count: number }>();
  for (const doc of catalog.worksOfAuthor(ordinal)) {
    for (const topic of topicsOfWork(catalog, doc)) {
      const entry = counts.get(topic.id) ?? { topic, count: 0 };
      entry.count += 1;
      counts.set(topic.id, entry);
    }
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || (a.topic.id < b.topic.id ? -1 : 1))
    .map(({ topic, count }) => ({ topic, count, share: Math.round((count / topicTotals!.get(topic.id)!) * 1e7) / 1e7 }));
}

function conceptsOf(catalog: OpenAlexCatalog, ordinal: number): (Concept & { score: number })[] {
  const works = catalog.worksOfAuthor(ordinal);
  const counts = new Map<string, { concept: Concept; count: number }>();
  for (const doc of works) {
    const concepts = new Map(catalog.papers[doc]!.categories.flatMap((category) => subjectOf(category).concepts.map((concept) => [concept.id, concept] as const)));
    for (const concept of concepts.values()) {
      const entry = counts.get(concept.id) ?? { concept, count: 0 };
      entry.count += 1;
      counts.set(concept.id, entry);
    }
  }
  return [...counts.values()]
    .map(({ concept, count }) => ({ ...concept, score: Math.round((count / works.length) * 1000) / 10 }))
    .sort((a, b) => b.score - a.score || a.level - b.level || (a.id < b.id ? -1 : 1));
}

const topicJson = (topic: Topic) => ({ id: topic.id, display_name: topic.display_name });

/** The author record of a corpus author. */
export function authorJson(catalog: OpenAlexCatalog, ordinal: number, relevanceScore?: number): WorkJson {
  const shortId = catalog.authorId(ordinal);
  const id = `${OPENALEX}${shortId}`;
  const key = catalog.authorId(ordinal);
  const works = Array.from(catalog.worksOfAuthor(ordinal));
  const citations = works.map((doc) => catalog.citedByCount[doc]!).sort((a, b) => b - a);
  const hIndex = citations.filter((count, index) => count >= index + 1).length;
  const byYear = new Map<number, { works_count: number; cited_by_count: number }>();
  const entryFor = (year: number) => {
    const entry = byYear.get(year) ?? { works_count: 0, cited_by_count: 0 };
    byYear.set(year, entry);
    return entry;
  };
  for (const doc of works) {
    entryFor(catalog.years[doc]!).works_count += 1;
    for (const citing of catalog.graph.citedBy.subarray(catalog.graph.citedOffsets[doc]!, catalog.graph.citedOffsets[doc + 1]!)) entryFor(catalog.years[citing]!).cited_by_count += 1;
  }
  const name = catalog.authorName(ordinal);
  const orcid = orcidFor(key);
  const affiliations = affiliationsOf(catalog, ordinal);
  const topics = topicsOf(catalog, ordinal);
  const author: WorkJson = { id, orcid, display_name: name };
  if (relevanceScore !== undefined) author.relevance_score = relevanceScore;
  Object.assign(author, {
    display_name_alternatives: [...new Set([...spellingsOf(catalog, ordinal), ...nameForms(name)])],
    works_count: works.length,
    cited_by_count: citations.reduce((sum, count) => sum + count, 0),
    summary_stats: { "2yr_mean_citedness": 0, h_index: hIndex, i10_index: citations.filter((count) => count >= 10).length },
    ids: orcid ? { openalex: id, orcid } : { openalex: id },
    affiliations: affiliations.map(({ institution, years }) => ({ institution, years })),
    last_known_institutions: affiliations.slice(0, 1).map(({ institution }) => institution),
    topics: topics.map(({ topic, count }) => ({ ...topicJson(topic), count, subfield: topic.subfield, field: topic.field, domain: topic.domain })),
    topic_share: [...topics]
      .sort((a, b) => b.share - a.share || (a.topic.id < b.topic.id ? -1 : 1))
      .map(({ topic, share }) => ({ ...topicJson(topic), value: share, subfield: topic.subfield, field: topic.field, domain: topic.domain })),
    x_concepts: conceptsOf(catalog, ordinal),
    counts_by_year: [...byYear]
      .filter(([year]) => year >= 2012)
      .sort((a, b) => b[0] - a[0])
      .map(([year, counts]) => ({ year, ...counts })),
    works_api_url: `https://api.openalex.org/works?filter=author.id:${shortId}`,
    updated_date: "2026-06-18T04:12:09.518245",
    created_date: "2023-07-21",
  });
  return author;
}
