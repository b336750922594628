/**
 * What the Crossref emulation serves: the corpus papers that have a (Crossref-registered)
 * journal DOI, as Crossref work records, plus the real records recorded in
 * data/recordings/crossref/work_*.json, each at its DOI. arXiv's own 10.48550 DOIs are not
 * here: DataCite registers them and Crossref answers them with its plain-text 404.
 *
 * A derived record follows the layout of the recorded journal articles (same keys and order).
 * Its journal, volume, pages and dates come from scholarly/publication.ts, shared with the
 * OpenAlex emulation, so both upstreams describe a DOI the same way; counts come from the same
 * citation graph plus citations from outside the corpus.
 */
import { readFileSync, readdirSync } from "node:fs";
import { getCorpus, type Paper, dataPath } from "../corpus";
import { intFor, unitFor } from "../lib/stable-random";
import { getCitationGraph, type CitationGraph } from "../scholarly/citation-graph";
import { getDerivedWorks, type DerivedWorks } from "../scholarly/derived-works";
import type { JournalFacts } from "../scholarly/publication";
import type { SmallDocument } from "../scholarly/text-search";
import { splitName } from "./names";

export type CrossrefRecord = Record<string, unknown> & { DOI: string };

export const CROSSREF_RECORDINGS = "recordings/crossref";
const DAY_MS = 86_400_000;
/** "Now" for the sandbox's Crossref: nothing is indexed later. */
const SNAPSHOT_MS = Date.UTC(2026, 5, 20, 12);
const INDEX_VERSION = "3.41.2";

/** Crossref member ids of the publishers behind the commonest prefixes. */
const MEMBERS: Record<string, string> = {
  "10.1103": "16",
  "10.1088": "266",
  "10.1209": "266",
  "10.1016": "78",
  "10.1007": "297",
  "10.1140": "297",
  "10.1038": "297",
  "10.1023": "297",
  "10.1063": "317",
  "10.1111": "311",
  "10.1002": "311",
  "10.1109": "263",
  "10.1093": "286",
  "10.1143": "286",
  "10.1145": "320",
  "10.1017": "56",
  "10.1021": "316",
  "10.1073": "341",
  "10.1371": "340",
  "10.18653": "1643",
};

/** Text-and-data-mining licenses the big publishers deposit with every article. */
const LICENSES: Record<string, string> = {
  "10.1103": "https://link.aps.org/licenses/aps-default-license",
  "10.1016": "https://www.elsevier.com/tdm/userlicense/1.0/",
  "10.1007": "https://www.springernature.com/gp/researchers/text-and-data-mining",
  "10.1140": "https://www.springernature.com/gp/researchers/text-and-data-mining",
  "10.1038": "https://www.springernature.com/gp/researchers/text-and-data-mining",
  "10.1088": "https://iopscience.iop.org/info/page/text-and-data-mining",
  "10.1209": "https://iopscience.iop.org/info/page/text-and-data-mining",
  "10.1111": "http://onlinelibrary.wiley.com/termsAndConditions#vor",
  "10.1002": "http://onlinelibrary.wiley.com/termsAndConditions#vor",
  "10.18653": "https://creativecommons.org/licenses/by/4.0/",
};

function memberOf(prefix: string): string {
  return MEMBERS[prefix] ?? String(1000 + intFor(prefix, "member", 0, 30_000));
}

function landingPage(doi: string): string {
  const prefix = doi.split("/")[0]!;
  if (prefix === "10.1103") return `https://link.aps.org/doi/${doi}`;
  if (prefix === "10.1088" || prefix === "10.1209") return `https://iopscience.iop.org/article/${doi}`;
  if (["10.1007", "10.1140", "10.1023"].includes(prefix)) return `https://link.springer.com/${doi}`;
  if (prefix === "10.1111" || prefix === "10.1002") return `https://onlinelibrary.wiley.com/doi/${doi}`;
  if (prefix === "10.18653") return `https://aclanthology.org/${doi.replace(/^10\.18653\/v1\//, "")}`;
  if (prefix === "10.1051") return `https://www.aanda.org/10.1051/${doi.slice(8)}`;
  return `https://doi.org/${doi}`;
}

function stamp(ms: number): { "date-parts": [[number, number, number]]; "date-time": string; timestamp: number } {
  const date = new Date(ms);
  return {
    "date-parts": [[date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]],
    "date-time": date.toISOString().replace(/\.\d{3}Z$/, "Z"),
    timestamp: ms,
  };
}

const partsMs = (parts: readonly number[]) => Date.UTC(parts[0]!, (parts[1] ?? 1) - 1, parts[2] ?? 1);

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The numbers a derived record is made of, cheap to compute for every paper up front. */
export interface CorpusPlan {
  createdMs: number;
  depositedMs: number;
  indexedMs: number;
  references: number;
  citedBy: number;
  hasAbstract: boolean;
}

export function corpusPlan(paper: Paper, facts: JournalFacts, citedInCorpus: number, citesInCorpus: number): CorpusPlan {
  const onlineMs = partsMs(facts.online) + intFor(paper.id, "created-s", 0, 86_399) * 1000;
  const createdMs = Math.min(onlineMs + intFor(paper.id, "created-lag", 0, 3) * DAY_MS, SNAPSHOT_MS - 30 * DAY_MS);
  // Crossref re-indexes everything continually: `indexed` is always recent, `deposited` anywhere since creation.
  const indexedMs = SNAPSHOT_MS - intFor(paper.id, "indexed-age", 0, 400) * DAY_MS - intFor(paper.id, "indexed-ms", 0, 86_399_999);
  return {
    createdMs,
    indexedMs,
    depositedMs: createdMs + Math.floor(unitFor(paper.id, "deposited") ** 2 * Math.max(0, indexedMs - createdMs)),
    references: citesInCorpus + intFor(paper.id, "external-references", 8, 60),
    citedBy: citedInCorpus + Math.floor(-Math.log(1 - unitFor(paper.id, "external-citations")) * 14),
    hasAbstract: Boolean(paper.abstract) && unitFor(paper.id, "crossref-abstract") < 0.4,
  };
}

const recordType = (doi: string) => (doi.startsWith("10.18653/") ? "proceedings-article" : "journal-article");

/** The Crossref record of a corpus paper with a journal DOI. */
export function corpusRecord(paper: Paper, facts: JournalFacts, plan: CorpusPlan): CrossrefRecord {
  const { doi } = facts;
  const prefix = doi.split("/")[0]!;
  const { createdMs, depositedMs, indexedMs, references, citedBy } = plan;
  const landing = landingPage(doi);
  const license = LICENSES[prefix];
  const abstract = plan.hasAbstract
      ? `${unitFor(paper.id, "abstract-heading") < 0.5 ? "<jats:title>Abstract</jats:title>" : ""}<jats:p>${escapeXml(paper.abstract)}</jats:p>`
      : null;

  const record: CrossrefRecord = {
    indexed: { ...stamp(indexedMs), version: INDEX_VERSION },
    "reference-count": references,
    publisher: facts.publisher,
    ...(facts.issue ? { issue: facts.issue } : {}),
    ...(license ? { license: [{ start: stamp(partsMs(facts.online)), "content-version": "tdm", "delay-in-days": 0, URL: license }] } : {}),
    "content-domain": { domain: [], "crossmark-restriction": false },
    "short-container-title": [],
    ...(facts.print ? { "published-print": { "date-parts": [facts.print] } } : {}),
    ...(abstract ? { abstract } : {}),
    DOI: doi,
    type: recordType(doi),
    created: stamp(createdMs),
    ...(facts.page ? { page: facts.page } : {}),
    source: "Crossref",
    "is-referenced-by-count": citedBy,
    title: [paper.title],
    prefix,
    ...(facts.volume ? { volume: facts.volume } : {}),
    ...(facts.issue ? { issue: facts.issue } : {}),
    author: paper.authors.map((author, index) => ({
      ...splitName(author),
      sequence: index === 0 ? "first" : "additional",
      affiliation: (paper.affiliations[index] ?? []).map((name) => ({ name })),
    })),
    member: memberOf(prefix),
    "published-online": { "date-parts": [facts.online] },
    "container-title": facts.journal ? [facts.journal] : [],
    "original-title": [],
    language: "en",
    link: [{ URL: landing, "content-type": "unspecified", "content-version": "vor", "intended-application": "similarity-checking" }],
    deposited: stamp(depositedMs),
    score: 1,
    resource: { primary: { URL: landing } },
    subtitle: [],
    "short-title": [],
    issued: { "date-parts": [facts.online] },
    "references-count": references,
    URL: `https://doi.org/${doi}`,
    relation: {},
    subject: [],
    published: { "date-parts": [facts.online] },
  };
  return record;
}

/** The recorded real records, by file name order. */
export function loadRecordedRecords(): CrossrefRecord[] {
  const directory = dataPath(CROSSREF_RECORDINGS);
  return readdirSync(directory)
    .filter((file) => /^work_.*\.json$/.test(file))
    .sort()
    .map((file) => (JSON.parse(readFileSync(`${directory}/${file}`, "utf8")) as { message: CrossrefRecord }).message);
}

type Stamp = { "date-parts"?: (number | null)[][]; timestamp?: number } | undefined;

/** Per record, what filters, sorts and searches use. */
export interface RecordFacts {
  doi: string;
  /** [year, month?, day?] of `published` (the earliest publication date), or null. */
  published: number[] | null;
  publishedOnline: number[] | null;
  publishedPrint: number[] | null;
  createdMs: number;
  depositedMs: number;
  indexedMs: number;
  type: string;
  hasAbstract: boolean;
  citedBy: number;
  references: number;
  prefix: string;
  member: string;
  containerTitles: string[];
  hasOrcid: boolean;
  hasAffiliation: boolean;
  hasLicense: boolean;
  hasFullText: boolean;
  publisher: string;
}

function parts(value: unknown): number[] | null {
  const first = (value as Stamp)?.["date-parts"]?.[0];
  const numbers = (first ?? []).filter((part): part is number => typeof part === "number");
  return numbers.length > 0 ? numbers : null;
}

export function factsOf(record: CrossrefRecord): RecordFacts {
  const authors = (record.author as { ORCID?: string; affiliation?: unknown[] }[] | undefined) ?? [];
  return {
    doi: record.DOI.toLowerCase(),
    published: parts(record.published) ?? parts(record.issued),
    publishedOnline: parts(record["published-online"]),
    publishedPrint: parts(record["published-print"]),
    createdMs: (record.created as Stamp)?.timestamp ?? 0,
    depositedMs: (record.deposited as Stamp)?.timestamp ?? 0,
    indexedMs: (record.indexed as Stamp)?.timestamp ?? 0,
    type: String(record.type ?? ""),
    hasAbstract: typeof record.abstract === "string",
    citedBy: Number(record["is-referenced-by-count"] ?? 0),
    references: Number(record["references-count"] ?? record["reference-count"] ?? 0),
    prefix: String(record.prefix ?? record.DOI.split("/")[0]),
    member: String(record.member ?? ""),
    containerTitles: (record["container-title"] as string[] | undefined) ?? [],
    hasOrcid: authors.some((author) => Boolean(author.ORCID)),
    hasAffiliation: authors.some((author) => (author.affiliation ?? []).length > 0),
    hasLicense: Array.isArray(record.license) && record.license.length > 0,
    hasFullText: Array.isArray(record.link) && record.link.length > 0,
    publisher: String(record.publisher ?? ""),
  };
}

/** The facts of a derived record without building it. */
export function corpusFacts(paper: Paper, facts: JournalFacts, plan: CorpusPlan): RecordFacts {
  const prefix = facts.doi.split("/")[0]!;
  return {
    doi: facts.doi,
    published: facts.online,
    publishedOnline: facts.online,
    publishedPrint: facts.print,
    createdMs: plan.createdMs,
    depositedMs: plan.depositedMs,
    indexedMs: plan.indexedMs,
    type: recordType(facts.doi),
    hasAbstract: plan.hasAbstract,
    citedBy: plan.citedBy,
    references: plan.references,
    prefix,
    member: memberOf(prefix),
    containerTitles: facts.journal ? [facts.journal] : [],
    hasOrcid: false,
    hasAffiliation: paper.affiliations.some((list) => list.length > 0),
    hasLicense: prefix in LICENSES,
    hasFullText: true,
    publisher: facts.publisher,
  };
}

/** What a record offers to searches, by field. */
export function searchableText(record: CrossrefRecord): SmallDocument {
  const authors = (record.author as { given?: string; family?: string; name?: string; affiliation?: { name?: string }[] }[] | undefined) ?? [];
  const year = parts(record.published)?.[0] ?? parts(record.issued)?.[0];
  return {
    title: [...((record.title as string[] | undefined) ?? []), ...((record.subtitle as string[] | undefined) ?? [])],
    author: authors.map((author) => author.name ?? [author.given, author.family].filter(Boolean).join(" ")),
    container: [...((record["container-title"] as string[] | undefined) ?? []), ...((record["short-container-title"] as string[] | undefined) ?? [])],
    abstract: typeof record.abstract === "string" ? record.abstract.replace(/<[^>]+>/g, " ") : null,
    affiliation: authors.flatMap((author) => (author.affiliation ?? []).map((affiliation) => affiliation.name ?? "")),
    publisher: typeof record.publisher === "string" ? record.publisher : null,
    year: year ? String(year) : null,
  };
}

export class CrossrefCatalog {
  readonly size: number;
  readonly facts: RecordFacts[];
  readonly byDoi = new Map<string, number>();
  /** How many records are derived from the corpus (they come first; the recorded ones follow). */
  readonly derivedCount: number;
  /** Per derived record, the corpus position of its paper. */
  readonly corpusDocs: Int32Array;
  private readonly plans: CorpusPlan[] = [];
  private readonly journals: JournalFacts[] = [];
  private readonly built = new Map<number, CrossrefRecord>();

  constructor(
    private readonly papers: readonly Paper[],
    graph: CitationGraph,
    derived: DerivedWorks,
    private readonly recorded: readonly CrossrefRecord[],
  ) {
    const recordedDois = new Set(recorded.map((record) => record.DOI.toLowerCase()));
    const corpusDocs: number[] = [];
    this.facts = [];
    for (const [position, facts] of Object.entries(derived.journals)) {
      const doc = Number(position);
      if (this.byDoi.has(facts.doi) || recordedDois.has(facts.doi)) continue;
      const plan = corpusPlan(papers[doc]!, facts, graph.citedOffsets[doc + 1]! - graph.citedOffsets[doc]!, graph.refOffsets[doc + 1]! - graph.refOffsets[doc]!);
      this.byDoi.set(facts.doi, corpusDocs.length);
      corpusDocs.push(doc);
      this.plans.push(plan);
      this.journals.push(facts);
      this.facts.push(corpusFacts(papers[doc]!, facts, plan));
    }
    this.derivedCount = corpusDocs.length;
    this.corpusDocs = Int32Array.from(corpusDocs);
    for (const record of recorded) {
      const facts = factsOf(record);
      this.byDoi.set(facts.doi, this.facts.length);
      this.facts.push(facts);
    }
    this.size = this.facts.length;
  }

  /** A record by position; derived ones are built on first use. */
  record(index: number): CrossrefRecord {
    if (index >= this.derivedCount) return this.recorded[index - this.derivedCount]!;
    let record = this.built.get(index);
    if (!record) {
      record = corpusRecord(this.papers[this.corpusDocs[index]!]!, this.journals[index]!, this.plans[index]!);
      this.built.set(index, record);
    }
    return record;
  }

  /** The searchable text of a record (derived ones from the paper and journal facts). */
  searchable(index: number): SmallDocument {
    if (index >= this.derivedCount) return searchableText(this.record(index));
    const paper = this.papers[this.corpusDocs[index]!]!;
    const journal = this.journals[index]!;
    return {
      title: paper.title,
      author: paper.authors,
      container: journal.journal,
      abstract: this.plans[index]!.hasAbstract ? paper.abstract : null,
      affiliation: paper.affiliations.flat(),
      publisher: journal.publisher,
      year: String(journal.online[0]),
    };
  }

  find(doi: string): CrossrefRecord | undefined {
    const index = this.byDoi.get(normalizeDoi(doi));
    return index === undefined ? undefined : this.record(index);
  }
}

/** "https://doi.org/10.1/X", "doi:10.1/X", "10.1/X" -> "10.1/x". */
export function normalizeDoi(value: string): string {
  return value
    .trim()
    .replace(/^https?:\/\/(dx\.)?doi\.org\//i, "")
    .replace(/^doi:\s*/i, "")
    .toLowerCase();
}

let shared: CrossrefCatalog | undefined;

export function getCrossrefCatalog(): CrossrefCatalog {
  shared ??= new CrossrefCatalog(getCorpus().papers, getCitationGraph(), getDerivedWorks(), loadRecordedRecords());
  return shared;
}

