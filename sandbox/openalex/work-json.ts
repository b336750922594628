/**
 * A corpus paper as an OpenAlex work, in the layout of the 2025 API records in
 * data/recordings/openalex (same keys, same order, same nesting). A paper with a journal DOI is
 * the journal article, as OpenAlex merges the two: its primary location is the journal, its
 * arXiv copy a second (green open access) location. A paper without one is an arXiv preprint
 * with the 10.48550 DOI DataCite registered, like the recorded PaperQA work.
 */
import type { Paper } from "../corpus";
import { hash53, intFor, unitFor } from "../lib/stable-random";
import { isoDate, type JournalFacts } from "../scholarly/publication";
import { subjectOf, type Concept } from "../scholarly/subjects";
import { STOP_WORDS } from "../scholarly/text-search";
import { OPENALEX, type OpenAlexCatalog } from "./catalog";

export type WorkJson = Record<string, unknown>;

const DAY_MS = 86_400_000;
/** The newest `updated_date` any derived work has: "today" for the sandbox's OpenAlex. */
const SNAPSHOT_MS = Date.UTC(2026, 5, 20);
/** OpenAlex dates works it inherited from Microsoft Academic Graph to its import. */
const MAG_IMPORT_MS = Date.UTC(2016, 5, 24);

const ARXIV_SOURCE = {
  id: "https://openalex.org/S4306400194",
  display_name: "arXiv (Cornell University)",
  issn_l: null,
  issn: null,
  is_oa: true,
  is_in_doaj: false,
  is_indexed_in_scopus: false,
  is_core: false,
  host_organization: "https://openalex.org/I205783295",
  host_organization_name: "Cornell University",
  host_organization_lineage: ["https://openalex.org/I205783295"],
  host_organization_lineage_names: ["Cornell University"],
  type: "repository",
};

const DATACITE_SOURCE = {
  id: "https://openalex.org/S4393179698",
  display_name: "DataCite API",
  issn_l: null,
  issn: null,
  is_oa: true,
  is_in_doaj: false,
  is_indexed_in_scopus: false,
  is_core: false,
  host_organization: "https://openalex.org/I4210145204",
  host_organization_name: "DataCite",
  host_organization_lineage: ["https://openalex.org/I4210145204"],
  host_organization_lineage_names: ["DataCite"],
  type: "metadata",
};

/** arXiv's license URLs in OpenAlex's short names. */
function licenseName(license: string | null): string {
  if (!license) return "other-oa";
  if (/publicdomain\/zero/.test(license)) return "cc0";
  const match = /licenses\/(by(?:-nc)?(?:-sa|-nd)?)\//.exec(license);
  return match ? `cc-${match[1]}` : "other-oa";
}

const round = (value: number, digits = 6) => Math.round(value * 10 ** digits) / 10 ** digits;

function timestamp(ms: number, id: string): string {
  const microseconds = String(intFor(id, "updated-us", 0, 999_999)).padStart(6, "0");
  return `${new Date(ms).toISOString().slice(0, 19)}.${microseconds}`;
}

function arxivLocation(paper: Paper) {
  const license = licenseName(paper.license);
  return {
    is_oa: true,
    landing_page_url: `https://arxiv.org/abs/${paper.id}`,
    pdf_url: `https://arxiv.org/pdf/${paper.id}`,
    source: ARXIV_SOURCE,
    license,
    license_id: `https://openalex.org/licenses/${license}`,
    version: "submittedVersion",
    is_accepted: false,
    is_published: false,
  };
}

function dataciteLocation(doi: string) {
  return {
    is_oa: false,
    landing_page_url: `https://api.datacite.org/dois/${doi}`,
    pdf_url: null,
    source: DATACITE_SOURCE,
    license: null,
    license_id: null,
    version: null,
  };
}

/** An OpenAlex-style entity id for a name that has no real one here (S and P ids). */
function derivedEntityId(prefix: "S" | "P", name: string): string {
  return `${OPENALEX}${prefix}${7_000_000_000 + (hash53(name, prefix === "S" ? 3 : 4) % 1_000_000_000)}`;
}

function journalLocation(journal: JournalFacts) {
  const host = derivedEntityId("P", journal.publisher);
  return {
    is_oa: false,
    landing_page_url: `https://doi.org/${journal.doi}`,
    pdf_url: null,
    source: journal.journal
      ? {
          id: derivedEntityId("S", journal.journal),
          display_name: journal.journal,
          issn_l: null,
          issn: null,
          is_oa: false,
          is_in_doaj: false,
          is_indexed_in_scopus: true,
          is_core: true,
          host_organization: host,
          host_organization_name: journal.publisher,
          host_organization_lineage: [host],
          host_organization_lineage_names: [journal.publisher],
          type: "journal",
        }
      : null,
    license: null,
    license_id: null,
    version: "publishedVersion",
    is_accepted: true,
    is_published: true,
  };
}

/** Word -> positions, splitting at white space as OpenAlex does (punctuation stays on the word). */
export function invertedIndex(abstract: string): Record<string, number[]> {
  // No prototype: words like "constructor" or "__proto__" are plain keys (and it is faster than a Map).
  const index: Record<string, number[]> = Object.create(null) as Record<string, number[]>;
  let position = 0;
  for (const word of abstract.split(/\s+/)) {
    if (!word) continue;
    const list = index[word];
    if (list) list.push(position);
    else index[word] = [position];
    position += 1;
  }
  return index;
}

/** Concepts of all the paper's categories, the primary category's first, scores falling off. */
function conceptsOf(paper: Paper) {
  const scores = new Map<string, { concept: Concept; score: number }>();
  paper.categories.forEach((category, categoryIndex) => {
    subjectOf(category).concepts.forEach((concept, conceptIndex) => {
      const base = 0.85 - 0.12 * conceptIndex - 0.2 * categoryIndex;
      const score = round(Math.max(0.05, base - 0.1 * unitFor(`${paper.id}/${concept.id}`, "concept-score")));
      const known = scores.get(concept.id);
      if (!known || known.score < score) scores.set(concept.id, { concept, score });
    });
  });
  return [...scores.values()].sort((a, b) => b.score - a.score).map(({ concept, score }) => ({ ...concept, score }));
}

function topicsOf(paper: Paper) {
  const seen = new Set<string>();
  const topics = [];
  for (const category of paper.categories) {
    const { topic } = subjectOf(category);
    if (seen.has(topic.id)) continue;
    seen.add(topic.id);
    const score = round(0.9999 - 0.03 * topics.length - 0.02 * unitFor(`${paper.id}/${topic.id}`, "topic-score"), 4);
    topics.push({ id: topic.id, display_name: topic.display_name, score, subfield: topic.subfield, field: topic.field, domain: topic.domain });
    if (topics.length === 3) break;
  }
  return topics;
}

function keywordsOf(paper: Paper) {
  const seen = new Set<string>();
  const keywords = [];
  for (const word of paper.title.split(/[^\p{L}\p{N}-]+/u)) {
    const lower = word.toLowerCase();
    if (lower.length < 5 || STOP_WORDS.has(lower) || seen.has(lower) || /^\d/.test(lower)) continue;
    seen.add(lower);
    keywords.push({
      id: `https://openalex.org/keywords/${lower.normalize("NFD").replace(/\p{M}/gu, "").replace(/[^a-z0-9]+/g, "-")}`,
      display_name: word[0]!.toUpperCase() + word.slice(1),
      score: round(0.75 - 0.12 * keywords.length - 0.1 * unitFor(`${paper.id}/${lower}`, "keyword-score")),
    });
    if (keywords.length === 3) break;
  }
  return keywords;
}

function percentile(citations: number) {
  return citations === 0 ? 0 : 1 - Math.exp(-citations / 6);
}

/** The work JSON of a corpus paper (position `doc` in the catalogue). */
export function corpusWorkJson(catalog: OpenAlexCatalog, doc: number, relevanceScore?: number): WorkJson {
  const paper = catalog.papers[doc]!;
  const journal = catalog.journalOf(doc);
  const workId = `${OPENALEX}${catalog.workIds[doc]}`;
  const doi = catalog.dois[doc]!;
  const doiUrl = `https://doi.org/${doi}`;
  const arxiv = arxivLocation(paper);
  const locations = journal ? [journalLocation(journal), arxiv] : [arxiv, dataciteLocation(doi)];
  const citing = catalog.graph.citedBy.subarray(catalog.graph.citedOffsets[doc]!, catalog.graph.citedOffsets[doc + 1]!);
  const citedByCount = citing.length;
  const share = percentile(citedByCount);
  const topics = topicsOf(paper);

  const authorOrdinals = catalog.authorOrdinalsOf(doc);
  const authorships = paper.authors.map((name, index) => {
    const affiliations = paper.affiliations[index] ?? [];
    return {
      author_position: index === 0 ? "first" : index === paper.authors.length - 1 ? "last" : "middle",
      author: { id: `${OPENALEX}${catalog.authorId(authorOrdinals[index]!)}`, display_name: name, orcid: null },
      institutions: [],
      countries: [],
      is_corresponding: false,
      raw_author_name: name,
      raw_affiliation_strings: affiliations,
      affiliations: affiliations.map((affiliation) => ({ raw_affiliation_string: affiliation, institution_ids: [] })),
    };
  });

  const countsByYear = new Map<number, number>();
  for (const citingDoc of citing) {
    const year = catalog.years[citingDoc]!;
    if (year >= 2012) countsByYear.set(year, (countsByYear.get(year) ?? 0) + 1);
  }

  const category = catalog.worksInCategory(paper.primaryCategory);
  const at = category.indexOf(doc);
  const related: string[] = [];
  for (let step = 1; related.length < 10 && step <= category.length; step += 1) {
    for (const neighbour of [category[at + step], category[at - step]]) {
      if (neighbour !== undefined && related.length < 10) related.push(`${OPENALEX}${catalog.workIds[neighbour]}`);
    }
  }

  const postedMs = Date.parse(paper.published);
  const createdMs = Math.max(postedMs + intFor(paper.id, "created-delay", 1, 4) * DAY_MS, MAG_IMPORT_MS);
  // Updated some weeks to years after creation, but never after the snapshot nor before creation.
  const updatedMs = Math.max(
    createdMs + intFor(paper.id, "updated-s", 0, 86_399) * 1000,
    Math.min(SNAPSHOT_MS - intFor(paper.id, "updated-age", 0, 40) * DAY_MS, createdMs + intFor(paper.id, "updated-delay", 30, 900) * DAY_MS) + intFor(paper.id, "updated-s", 0, 86_399) * 1000,
  );
  const references = catalog.referencedIdsOf(doc).map((id) => `${OPENALEX}${id}`);

  const work: WorkJson = {
    id: workId,
    doi: doiUrl,
    title: paper.title,
    display_name: paper.title,
  };
  if (relevanceScore !== undefined) work.relevance_score = relevanceScore;
  Object.assign(work, {
    publication_year: catalog.years[doc],
    publication_date: catalog.publicationDate(doc),
    ids: { openalex: workId, doi: doiUrl },
    language: "en",
    primary_location: locations[0],
    type: catalog.types[doc],
    type_crossref: journal ? "journal-article" : "posted-content",
    indexed_in: journal ? ["arxiv", "crossref"] : ["arxiv", "datacite"],
    open_access: { is_oa: true, oa_status: "green", oa_url: arxiv.landing_page_url, any_repository_has_fulltext: true },
    authorships,
    institution_assertions: [],
    countries_distinct_count: 0,
    institutions_distinct_count: 0,
    corresponding_author_ids: [],
    corresponding_institution_ids: [],
    apc_list: null,
    apc_paid: null,
    fwci: journal ? round(citedByCount / 4, 3) : null,
    has_fulltext: false,
    cited_by_count: citedByCount,
    citation_normalized_percentile: { value: round(share), is_in_top_1_percent: share >= 0.99, is_in_top_10_percent: share >= 0.9 },
    cited_by_percentile_year: { min: Math.max(0, Math.floor(share * 100) - 1), max: Math.min(100, Math.floor(share * 100) + 1) },
    biblio: { volume: journal?.volume ?? null, issue: journal?.issue ?? null, first_page: journal?.firstPage ?? null, last_page: journal?.lastPage ?? null },
    is_retracted: false,
    is_paratext: false,
    primary_topic: topics[0] ?? null,
    topics,
    keywords: keywordsOf(paper),
    concepts: conceptsOf(paper),
    mesh: [],
    locations_count: locations.length,
    locations,
    best_oa_location: arxiv,
    sustainable_development_goals: [],
    grants: [],
    datasets: [],
    versions: [],
    referenced_works_count: references.length,
    referenced_works: references,
    related_works: related,
    abstract_inverted_index: catalog.hasAbstract[doc] ? invertedIndex(paper.abstract) : null,
    cited_by_api_url: `https://api.openalex.org/works?filter=cites:${catalog.workIds[doc]}`,
    counts_by_year: [...countsByYear].sort((a, b) => b[0] - a[0]).map(([year, count]) => ({ year, cited_by_count: count })),
    updated_date: timestamp(updatedMs, paper.id),
    created_date: isoDate(new Date(createdMs).toISOString().slice(0, 10).split("-").map(Number)),
  });
  return work;
}

/** Any work's JSON: derived for corpus papers, as recorded (plus a relevance score) for the rest. */
export function workJson(catalog: OpenAlexCatalog, doc: number, relevanceScore?: number): WorkJson {
  if (catalog.isCorpus(doc)) return corpusWorkJson(catalog, doc, relevanceScore);
  const recorded = catalog.recordedAt(doc);
  if (relevanceScore === undefined) return recorded;
  const { id, doi, title, display_name, ...rest } = recorded;
  return { id, doi, title, display_name, relevance_score: relevanceScore, ...rest };
}
