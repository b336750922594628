/**
 * The OpenAlex API's answers over the catalogue: `GET /works` (search, filter, sort, basic and
 * cursor paging, select, group_by, sample) and `GET /works/{id}`, with OpenAlex's error answers
 * (400 JSON `{error, message}`, 404 HTML, 401 for an invalid api_key); the authors' answers
 * (authors-query.ts) share them. The behaviour follows the live API and the public source of its
 * server as far as they are known; README.md lists what the sandbox leaves out.
 */
import { getSearchIndex } from "../arxiv/search-index";
import { hash53 } from "../lib/stable-random";
import { allConcepts, allTopics } from "../scholarly/subjects";
import {
  corpusTextSource,
  emptyMatches,
  evaluateSearch,
  parseSearch,
  SmallTextIndex,
  type Matches,
  type SearchField,
  type TextSource,
} from "../scholarly/text-search";
import { abstractOf } from "./abstract";
import { bareDoi, getOpenAlexCatalog, OPENALEX, shortId, type OpenAlexCatalog } from "./catalog";
import { workJson, type WorkJson } from "./work-json";

export interface Answer {
  status: number;
  /** A JSON body, or an HTML one (404). */
  json?: unknown;
  html?: string;
}

export const NOT_FOUND_HTML =
  '<!doctype html>\n<html lang=en>\n<title>404 Not Found</title>\n<h1>Not Found</h1>\n<p>The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.</p>\n';

const QUERY_ERROR = "Invalid query parameters error.";
const PAGINATION_ERROR = "Pagination error.";

class OpenAlexError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export const queryError = (message: string) => new OpenAlexError(400, QUERY_ERROR, message);
export const paginationError = (message: string) => new OpenAlexError(400, PAGINATION_ERROR, message);

const VALID_PARAMS = [
  "api_key",
  "api-key",
  "cursor",
  "filter",
  "group_by",
  "group-by",
  "mailto",
  "page",
  "per_page",
  "per-page",
  "sample",
  "seed",
  "search",
  "select",
  "sort",
];

export const MAX_PER_PAGE = 200;
export const MAX_BASIC_RESULTS = 10_000;
export const DEFAULT_PER_PAGE = 25;
/** Relevance scores on the scale OpenAlex prints (tens to low thousands). */
const RELEVANCE_SCALE = 20;

// --- Text sources --------------------------------------------------------------------------------

interface Sources {
  corpus: TextSource;
  recorded: TextSource;
}

let sharedSources: Sources | undefined;

/** The corpus through the arXiv index (abstract hits only where OpenAlex has the abstract) and the recorded works. */
function textSources(catalog: OpenAlexCatalog): Sources {
  if (sharedSources) return sharedSources;
  const index = corpusTextSource(getSearchIndex());
  // The arXiv index has no affiliations; the few corpus papers that name them get a small index of their own.
  let affiliations: SmallTextIndex | undefined;
  const corpus: TextSource = {
    size: index.size,
    term(field, value) {
      if (field === "affiliation") {
        affiliations ??= new SmallTextIndex(catalog.papers.map((paper) => ({ affiliation: paper.affiliations.flat() })));
        return affiliations.term(field, value);
      }
      const result = index.term(field, value);
      if (field === "abstract") {
        for (let doc = 0; doc < index.size; doc += 1) {
          if (!catalog.hasAbstract[doc]) {
            result.match[doc] = 0;
            result.score[doc] = 0;
          }
        }
      }
      return result;
    },
  };
  const recorded = new SmallTextIndex(
    catalog.recorded.map((work) => ({
      title: String(work.display_name ?? work.title ?? ""),
      abstract: abstractOf(work),
      author: ((work.authorships as { author?: { display_name?: string }; raw_author_name?: string }[] | undefined) ?? []).flatMap((authorship) =>
        [authorship.author?.display_name, authorship.raw_author_name].filter((name): name is string => Boolean(name)),
      ),
      affiliation: ((work.authorships as { raw_affiliation_strings?: string[] }[] | undefined) ?? []).flatMap((authorship) => authorship.raw_affiliation_strings ?? []),
    })),
  );
  sharedSources = { corpus, recorded };
  return sharedSources;
}

/** Loads the catalogue and builds the text sources, so the first request is no slower than others. */
export function prepareOpenAlex(): void {
  textSources(getOpenAlexCatalog());
}

/** A search over the whole catalogue: corpus positions first, then recorded works. */
function searchAll(catalog: OpenAlexCatalog, query: string, fields: readonly SearchField[]): Matches {
  const sources = textSources(catalog);
  const node = parseSearch(query);
  const corpus = evaluateSearch(node, fields, sources.corpus);
  const recorded = evaluateSearch(node, fields, sources.recorded);
  const result = emptyMatches(catalog.size);
  result.match.set(corpus.match, 0);
  result.match.set(recorded.match, catalog.corpusSize);
  result.score.set(corpus.score, 0);
  result.score.set(recorded.score, catalog.corpusSize);
  return result;
}

// --- Filters -------------------------------------------------------------------------------------

const SEARCH_FILTERS: Record<string, SearchField[]> = {
  "title.search": ["title"],
  "display_name.search": ["title"],
  "abstract.search": ["abstract"],
  "title_and_abstract.search": ["title", "abstract"],
  "default.search": ["title", "abstract"],
  "raw_author_name.search": ["author"],
  "raw_affiliation_strings.search": ["affiliation"],
};

type Predicate = (doc: number) => boolean;

interface FilterContext {
  catalog: OpenAlexCatalog;
}

/** Builds the test for one value of a non-search filter. */
type ValueFilter = (value: string, field: string, context: FilterContext) => Predicate;

export function parseBoolean(value: string, field: string): boolean {
  const lower = value.toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  throw queryError(`Value for param ${field} must be true or false.`);
}

export function parseNumber(value: string, field: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw queryError(`Value for param ${field} must be a number.`);
  return Number(value);
}

function parseDate(value: string, field: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(ms) || new Date(ms).getUTCDate() !== Number(match[3])) throw queryError(`Value for param ${field} must be a valid date in format YYYY-MM-DD.`);
  return ms;
}

/** "2020", "2019-2021", ">2019", "<2021" for numeric fields. */
function numberRange(column: (catalog: OpenAlexCatalog) => ArrayLike<number>): ValueFilter {
  return (value, field, { catalog }) => {
    const values = column(catalog);
    const trimmed = value.trim();
    if (trimmed.startsWith(">")) {
      const bound = parseNumber(trimmed.slice(1), field);
      return (doc) => values[doc]! > bound;
    }
    if (trimmed.startsWith("<")) {
      const bound = parseNumber(trimmed.slice(1), field);
      return (doc) => values[doc]! < bound;
    }
    const range = /^(\d+)-(\d+)$/.exec(trimmed);
    if (range) {
      const [low, high] = [Number(range[1]), Number(range[2])];
      return (doc) => values[doc]! >= low && values[doc]! <= high;
    }
    const exact = parseNumber(trimmed, field);
    return (doc) => values[doc] === exact;
  };
}

/** Works whose list of short ids (as `idsOf` gives them) holds the value. */
function idListFilter(idsOf: (catalog: OpenAlexCatalog, doc: number) => readonly string[]): ValueFilter {
  return (value, _field, { catalog }) => {
    const wanted = shortId(value);
    return (doc) => idsOf(catalog, doc).includes(wanted);
  };
}

function workSet(docs: Iterable<number>): Predicate {
  const set = new Set(docs);
  return (doc) => set.has(doc);
}

const VALUE_FILTERS: Record<string, ValueFilter> = {
  publication_year: numberRange((catalog) => catalog.years),
  cited_by_count: numberRange((catalog) => catalog.citedByCount),
  from_publication_date: (value, field, { catalog }) => {
    const bound = parseDate(value, field);
    return (doc) => catalog.publicationMs[doc]! >= bound;
  },
  to_publication_date: (value, field, { catalog }) => {
    const bound = parseDate(value, field);
    return (doc) => catalog.publicationMs[doc]! <= bound;
  },
  doi: (value, _field, { catalog }) => {
    const wanted = bareDoi(value);
    return (doc) => catalog.dois[doc] === wanted;
  },
  has_doi: (value, field, { catalog }) => {
    const wanted = parseBoolean(value, field);
    return (doc) => Boolean(catalog.dois[doc]) === wanted;
  },
  openalex: (value, _field, { catalog }) => {
    const wanted = shortId(value);
    return (doc) => catalog.workIds[doc] === wanted;
  },
  is_oa: (value, field, { catalog }) => {
    const wanted = parseBoolean(value, field) ? 1 : 0;
    return (doc) => catalog.isOa[doc] === wanted;
  },
  has_abstract: (value, field, { catalog }) => {
    const wanted = parseBoolean(value, field) ? 1 : 0;
    return (doc) => catalog.hasAbstract[doc] === wanted;
  },
  type: (value, _field, { catalog }) => {
    const wanted = value.trim().toLowerCase().replace(/^https:\/\/openalex\.org\/types\//, "");
    return (doc) => catalog.types[doc] === wanted;
  },
  language: (value) => {
    const wanted = value.trim().toLowerCase().replace(/^https:\/\/openalex\.org\/languages\//, "");
    return () => wanted === "en";
  },
  /** Works that cite the given work. */
  cites: (value, _field, { catalog }) => {
    const target = catalog.find(value);
    const wanted = shortId(value);
    const citing = new Set<number>();
    if (target !== undefined && catalog.isCorpus(target)) {
      for (const doc of catalog.graph.citedBy.subarray(catalog.graph.citedOffsets[target]!, catalog.graph.citedOffsets[target + 1]!)) citing.add(doc);
    }
    for (let doc = catalog.corpusSize; doc < catalog.size; doc += 1) if (catalog.referencedIdsOf(doc).includes(wanted)) citing.add(doc);
    return workSet(citing);
  },
  /** Works the given work cites. */
  cited_by: (value, _field, { catalog }) => {
    const source = catalog.find(value);
    if (source === undefined) return () => false;
    return workSet(catalog.referencedIdsOf(source).map((id) => catalog.byWorkId.get(id)).filter((doc): doc is number => doc !== undefined));
  },
  "authorships.author.id": idListFilter((catalog, doc) => catalog.authorIdsOf(doc)),
  "concepts.id": idListFilter((catalog, doc) => catalog.conceptIdsOf(doc)),
  "primary_topic.id": idListFilter((catalog, doc) => catalog.primaryTopicOf(doc).slice(0, 1)),
  "primary_topic.subfield.id": (value, _field, { catalog }) => {
    const wanted = value.trim().replace(/^.*\//, "").toUpperCase();
    return (doc) => catalog.primaryTopicOf(doc)[1] === wanted;
  },
  "primary_topic.field.id": (value, _field, { catalog }) => {
    const wanted = value.trim().replace(/^.*\//, "").toUpperCase();
    return (doc) => catalog.primaryTopicOf(doc)[2] === wanted;
  },
  "primary_topic.domain.id": (value, _field, { catalog }) => {
    const wanted = value.trim().replace(/^.*\//, "").toUpperCase();
    return (doc) => catalog.primaryTopicOf(doc)[3] === wanted;
  },
};

/** Other names OpenAlex accepts for the same filter. */
const FILTER_ALIASES: Record<string, string> = {
  "ids.openalex": "openalex",
  openalex_id: "openalex",
  "open_access.is_oa": "is_oa",
  "author.id": "authorships.author.id",
  "concept.id": "concepts.id",
  referenced_works: "cites",
};

export const OPENALEX_FILTER_FIELDS = [...Object.keys(SEARCH_FILTERS), ...Object.keys(VALUE_FILTERS), ...Object.keys(FILTER_ALIASES)].sort();

function invalidField(key: string): OpenAlexError {
  return queryError(`${key} is not a valid field. Valid fields are underscore or hyphenated versions of: ${OPENALEX_FILTER_FIELDS.join(", ")}`);
}

interface Clause {
  field: string;
  negate: boolean;
  /** OR-ed alternatives. */
  values: string[];
}

/** Splits `filter` at commas that start a new `key:` (a value may hold commas and colons). */
export function parseFilter(filter: string): Clause[] {
  return filter
    .split(/,(?=[^,]+?:)/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(":");
      if (colon < 0) throw queryError(`Invalid query parameter in filter: ${part}. Filters take the form field:value.`);
      const field = part.slice(0, colon).trim().toLowerCase().replace(/-/g, "_");
      const canonical = FILTER_ALIASES[field] ?? field;
      if (!(canonical in SEARCH_FILTERS) && !(canonical in VALUE_FILTERS)) throw invalidField(field);
      let value = part.slice(colon + 1).trim();
      const negate = value.startsWith("!");
      if (negate) value = value.slice(1);
      return { field: canonical, negate, values: value.split("|").map((alternative) => alternative.trim()) };
    });
}

// --- Sorting -------------------------------------------------------------------------------------

const SORT_FIELDS = ["cited_by_count", "display_name", "publication_date", "publication_year", "relevance_score", "title"];

interface SortKey {
  field: string;
  descending: boolean;
}

function parseSort(sort: string): SortKey[] {
  return sort
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [rawField, direction] = part.split(":");
      const field = rawField!.trim().toLowerCase().replace(/-/g, "_");
      if (!SORT_FIELDS.includes(field)) {
        throw queryError(`${field} is not a valid field. Valid fields are underscore or hyphenated versions of: ${SORT_FIELDS.join(", ")}`);
      }
      return { field, descending: direction?.trim().toLowerCase() === "desc" };
    });
}

// --- Select and group_by -------------------------------------------------------------------------

/** Top-level work fields `select` accepts: the keys every work has, plus relevance_score. */
let selectFields: string[] | undefined;
function validSelectFields(catalog: OpenAlexCatalog): string[] {
  if (!selectFields) {
    const keys = Object.keys(workJson(catalog, 0));
    selectFields = [...keys.slice(0, 4), "relevance_score", ...keys.slice(4)];
  }
  return selectFields;
}

function parseSelect(select: string, catalog: OpenAlexCatalog): string[] {
  const fields = select
    .split(",")
    .map((field) => field.trim())
    .filter(Boolean);
  const valid = validSelectFields(catalog);
  for (const field of fields) {
    if (!valid.includes(field)) throw queryError(`${field} is not a valid select field. Valid fields for select are: ${valid.join(", ")}.`);
  }
  return fields;
}

function applySelect(work: WorkJson, fields: string[] | null): WorkJson {
  if (!fields) return work;
  const selected: WorkJson = {};
  for (const field of fields) if (field in work) selected[field] = work[field];
  return selected;
}

interface Group {
  key: string;
  key_display_name: string;
  count: number;
}

const TOPIC_NAMES = new Map(allTopics().flatMap((topic) => [
  [topic.id, topic.display_name],
  [topic.field.id, topic.field.display_name],
  [topic.domain.id, topic.domain.display_name],
  [topic.subfield.id, topic.subfield.display_name],
]));
const CONCEPT_NAMES = new Map(allConcepts().map((concept) => [concept.id, concept.display_name]));

/** group_by fields: each work's keys and their display names. */
const GROUPS: Record<string, (catalog: OpenAlexCatalog, doc: number) => [string, string][]> = {
  type: (catalog, doc) => [[`https://openalex.org/types/${catalog.types[doc]}`, catalog.types[doc]!]],
  publication_year: (catalog, doc) => [[String(catalog.years[doc]), String(catalog.years[doc])]],
  is_oa: (catalog, doc) => [[String(Boolean(catalog.isOa[doc])), String(Boolean(catalog.isOa[doc]))]],
  has_abstract: (catalog, doc) => [[String(Boolean(catalog.hasAbstract[doc])), String(Boolean(catalog.hasAbstract[doc]))]],
  language: () => [["https://openalex.org/languages/en", "English"]],
  "primary_topic.id": (catalog, doc) => {
    const [topic] = catalog.primaryTopicOf(doc);
    return topic ? [[`${OPENALEX}${topic}`, TOPIC_NAMES.get(`${OPENALEX}${topic}`) ?? topic]] : [];
  },
  "primary_topic.field.id": (catalog, doc) => {
    const field = catalog.primaryTopicOf(doc)[2];
    return field ? [[`${OPENALEX}fields/${field}`, TOPIC_NAMES.get(`${OPENALEX}fields/${field}`) ?? field]] : [];
  },
  "primary_topic.domain.id": (catalog, doc) => {
    const domain = catalog.primaryTopicOf(doc)[3];
    return domain ? [[`${OPENALEX}domains/${domain}`, TOPIC_NAMES.get(`${OPENALEX}domains/${domain}`) ?? domain]] : [];
  },
  "concepts.id": (catalog, doc) => catalog.conceptIdsOf(doc).map((id) => [`${OPENALEX}${id}`, CONCEPT_NAMES.get(`${OPENALEX}${id}`) ?? id]),
  "authorships.author.id": (catalog, doc) =>
    catalog.isCorpus(doc)
      ? Array.from(catalog.authorOrdinalsOf(doc), (ordinal) => [`${OPENALEX}${catalog.authorId(ordinal)}`, catalog.authorName(ordinal)] as [string, string])
      : [],
};

function groupBy(field: string, catalog: OpenAlexCatalog, docs: readonly number[]): Group[] {
  const canonical = FILTER_ALIASES[field] ?? field;
  const keysOf = GROUPS[canonical];
  if (!keysOf) {
    if (canonical in SEARCH_FILTERS || canonical.startsWith("from_") || canonical.startsWith("to_") || canonical === "cited_by_count") {
      throw queryError("Cannot group by date, number, or search fields.");
    }
    if (canonical in VALUE_FILTERS) throw queryError(`Cannot group by ${canonical}.`);
    throw invalidField(field);
  }
  const groups = new Map<string, Group>();
  for (const doc of docs) {
    for (const [key, name] of new Map(keysOf(catalog, doc))) {
      const group = groups.get(key) ?? { key, key_display_name: name, count: 0 };
      group.count += 1;
      groups.set(key, group);
    }
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));
}

// --- Paging --------------------------------------------------------------------------------------

export function numberParam(params: URLSearchParams, name: string, fallback: number): number {
  const value = params.get(name) ?? params.get(name.replace("-", "_")) ?? params.get(name.replace("_", "-"));
  if (value === null || value === "") return fallback;
  if (!/^-?\d+$/.test(value.trim())) throw queryError(`Param ${name} must be a number.`);
  return Number(value);
}

/** OpenAlex cursors are base64 of the sort values to continue after; here, of the position. */
export function encodeCursor(offset: number, lastId: string): string {
  return Buffer.from(JSON.stringify(`[${offset}, '${lastId}']`), "utf8").toString("base64");
}

function decodeCursor(cursor: string): number {
  if (cursor === "null" || cursor.toLowerCase() === "none") throw paginationError("Cursor is null. Likely reached end of results.");
  try {
    const text = JSON.parse(Buffer.from(cursor, "base64").toString("utf8")) as unknown;
    const match = typeof text === "string" ? /^\[(\d+), '[^']*'\]$/.exec(text) : null;
    if (match) return Number(match[1]);
  } catch {
    // Falls through to the error below.
  }
  throw paginationError("Invalid cursor value");
}

// --- The works list ------------------------------------------------------------------------------

export function checkParams(params: URLSearchParams): Answer | undefined {
  for (const name of params.keys()) {
    if (!VALID_PARAMS.includes(name)) throw queryError(`${name} is not a valid parameter. Valid parameters are: ${VALID_PARAMS.join(", ")}.`);
  }
  const apiKey = params.get("api_key") ?? params.get("api-key");
  if (apiKey !== null && apiKey.toLowerCase() === "invalid") {
    return { status: 401, json: { error: "Invalid API key", message: "The api_key given is not a valid OpenAlex API key." } };
  }
  return undefined;
}

export function errorAnswer(error: unknown): Answer {
  if (error instanceof OpenAlexError) return { status: error.status, json: { error: error.error, message: error.message } };
  throw error;
}

function compareBy(keys: SortKey[], catalog: OpenAlexCatalog, scores: Float32Array) {
  return (a: number, b: number): number => {
    for (const { field, descending } of keys) {
      let order = 0;
      if (field === "relevance_score") order = scores[a]! - scores[b]!;
      else if (field === "cited_by_count") order = catalog.citedByCount[a]! - catalog.citedByCount[b]!;
      else if (field === "publication_date") order = catalog.publicationMs[a]! - catalog.publicationMs[b]!;
      else if (field === "publication_year") order = catalog.years[a]! - catalog.years[b]!;
      else order = catalog.titles[a]!.localeCompare(catalog.titles[b]!);
      if (order !== 0) return descending ? -order : order;
    }
    // Ties: newer first, then by id, so every order is the same on every run.
    return catalog.publicationMs[b]! - catalog.publicationMs[a]! || (catalog.workIds[a]! < catalog.workIds[b]! ? -1 : 1);
  };
}

/** `GET /works`. */
export function answerWorks(params: URLSearchParams, catalog: OpenAlexCatalog = getOpenAlexCatalog()): Answer {
  const started = performance.now();
  try {
    const refused = checkParams(params);
    if (refused) return refused;
    const groupField = params.get("group_by") ?? params.get("group-by");
    const select = params.get("select");
    if (groupField && select) throw queryError("select does not work with group_by.");
    const selected = select ? parseSelect(select, catalog) : null;

    const search = params.get("search");
    if (search && search.split(/\s+/).some((word) => word.startsWith("!"))) throw queryError(`The search parameter does not support the ! operator. Problem value: ${search}`);
    if (search && search.includes("|")) throw queryError(`The search parameter does not support the | operator. Problem value: ${search}`);

    const clauses = params.get("filter") ? parseFilter(params.get("filter")!) : [];
    const sortKeys = params.get("sort") ? parseSort(params.get("sort")!) : [];
    const isSearch = Boolean(search?.trim()) || clauses.some((clause) => clause.field in SEARCH_FILTERS);
    if (!isSearch && sortKeys.some((key) => key.field === "relevance_score")) {
      throw queryError("Must include a search query (such as ?search=example or /filter=display_name.search:example) in order to sort by relevance_score.");
    }

    const sample = params.get("sample");
    if (sample !== null && params.get("sort")) throw queryError("sample does not work with sort.");
    if (params.get("seed") !== null && sample === null) throw queryError("You must include the sample parameter when using a seed value.");
    const sampleSize = sample !== null ? numberParam(params, "sample", 0) : null;
    if (sampleSize !== null && sampleSize > 10_000) throw queryError("Sample size must be less than or equal to 10,000.");

    const cursor = params.get("cursor");
    const page = numberParam(params, "page", 1);
    const perPage = numberParam(params, "per-page", groupField ? MAX_PER_PAGE : DEFAULT_PER_PAGE);
    if (groupField && page !== 1) throw paginationError("Unable to paginate beyond page 1. Group-by is limited to page 1 with up to 200 results at this time.");
    if (page < 1) throw paginationError("Page parameter must be greater than 0.");
    if (perPage < 1 || perPage > MAX_PER_PAGE) throw paginationError("per-page parameter must be between 1 and 200");
    if (cursor && params.has("page") && page !== 1) throw paginationError("Cannot use page parameter with cursor.");
    if (!cursor && page * perPage > MAX_BASIC_RESULTS) {
      throw paginationError(
        "Maximum results size of 10,000 records is exceeded. Cursor pagination is required for records beyond 10,000. See: https://developers.openalex.org/guides/page-through-results",
      );
    }
    const offset = cursor ? (cursor === "*" ? 0 : decodeCursor(cursor)) : (page - 1) * perPage;

    // Match: every clause must hold (negated ones must not); search clauses add to the score.
    const match = new Uint8Array(catalog.size).fill(1);
    const scores = new Float32Array(catalog.size);
    const context: FilterContext = { catalog };
    const searches: [string, SearchField[], boolean][] = [];
    if (search?.trim()) searches.push([search, ["title", "abstract"], false]);
    for (const clause of clauses) {
      const fields = SEARCH_FILTERS[clause.field];
      if (fields) {
        // Alternatives are OR-ed: "a|b" searches `(a) OR (b)`.
        searches.push([clause.values.map((value) => `(${value})`).join(" OR "), fields, clause.negate]);
        continue;
      }
      const predicates = clause.values.map((value) => VALUE_FILTERS[clause.field]!(value, clause.field, context));
      for (let doc = 0; doc < catalog.size; doc += 1) {
        if (!match[doc]) continue;
        const hit = predicates.some((predicate) => predicate(doc));
        if (hit === clause.negate) match[doc] = 0;
      }
    }
    for (const [query, fields, negate] of searches) {
      const found = searchAll(catalog, query, fields);
      for (let doc = 0; doc < catalog.size; doc += 1) {
        if (Boolean(found.match[doc]) === negate) match[doc] = 0;
        else if (!negate) scores[doc] = scores[doc]! + found.score[doc]!;
      }
    }

    let docs: number[] = [];
    for (let doc = 0; doc < catalog.size; doc += 1) if (match[doc]) docs.push(doc);

    if (groupField) {
      const groups = groupBy(groupField.trim().toLowerCase().replace(/-/g, "_"), catalog, docs);
      return {
        status: 200,
        json: { meta: { count: docs.length, db_response_time_ms: elapsed(started), page: 1, per_page: perPage, groups_count: groups.length }, results: [], group_by: groups },
      };
    }

    if (sampleSize !== null) {
      const seed = params.get("seed") ?? String(Date.now());
      docs = docs
        .map((doc) => ({ doc, key: hash53(catalog.workIds[doc]!, Number(hash53(seed) % 2 ** 31)) }))
        .sort((a, b) => a.key - b.key)
        .slice(0, sampleSize)
        .map(({ doc }) => doc);
    } else {
      const keys = sortKeys.length > 0 ? sortKeys : isSearch ? [{ field: "relevance_score", descending: true }] : [{ field: "cited_by_count", descending: true }];
      docs.sort(compareBy(keys, catalog, scores));
    }

    const pageDocs = docs.slice(offset, offset + perPage);
    const results = pageDocs.map((doc) => applySelect(workJson(catalog, doc, isSearch ? Math.round(scores[doc]! * RELEVANCE_SCALE * 1e5) / 1e5 : undefined), selected));
    const meta: Record<string, unknown> = { count: docs.length, db_response_time_ms: elapsed(started), page: cursor ? null : page, per_page: perPage };
    if (cursor) meta.next_cursor = pageDocs.length === perPage ? encodeCursor(offset + perPage, catalog.workIds[pageDocs[pageDocs.length - 1]!]!) : null;
    meta.groups_count = null;
    return { status: 200, json: { meta, results, group_by: [] } };
  } catch (error) {
    return errorAnswer(error);
  }
}

export function elapsed(started: number): number {
  return Math.max(1, Math.round(performance.now() - started));
}

/** `GET /works/{id}`: W id, openalex.org URL, `doi:` or doi.org URL. Unknown: OpenAlex's HTML 404. */
export function answerWork(identifier: string, params: URLSearchParams, catalog: OpenAlexCatalog = getOpenAlexCatalog()): Answer {
  try {
    const refused = checkParams(params);
    if (refused) return refused;
    const doc = catalog.find(identifier);
    if (doc === undefined) return { status: 404, html: NOT_FOUND_HTML };
    const select = params.get("select");
    return { status: 200, json: applySelect(workJson(catalog, doc), select ? parseSelect(select, catalog) : null) };
  } catch (error) {
    return errorAnswer(error);
  }
}
