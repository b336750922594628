/**
 * The Crossref REST API's answers over the catalogue: `GET /works` (query and field queries,
 * filter, sort and order, rows and offset, cursor, select, sample, facet) and `GET /works/{doi}`,
 * with Crossref's errors: 400 `validation-failure` JSON listing every problem, and the plain-text
 * 404 `Resource not found.`. Messages follow Crossref's server (cayenne) and live answers.
 */
import { splitWords } from "../../src/shared/arxiv-query/text-analysis";
import { hash53 } from "../lib/stable-random";
import { getSearchIndex } from "../arxiv/search-index";
import { corpusTextSource, emptyMatches, SmallTextIndex, type Matches, type SearchField, type TextSource } from "../scholarly/text-search";
import { getCrossrefCatalog, normalizeDoi, type CrossrefCatalog, type CrossrefRecord, type RecordFacts } from "./catalog";

export interface CrossrefAnswer {
  status: number;
  json?: unknown;
  text?: string;
}

export const NOT_FOUND_TEXT = "Resource not found.";

interface Failure {
  type: string;
  value: unknown;
  message: string;
}

const MAX_ROWS = 1000;
const MAX_OFFSET = 10_000;
const MAX_SAMPLE = 100;
const DEFAULT_ROWS = 20;
/** Relevance scores on the scale Crossref prints (tens). */
const SCORE_SCALE = 4;

const PARAMS = ["query", "rows", "offset", "sample", "facet", "filter", "sort", "order", "cursor", "select", "mailto"];

/** Field queries Crossref knows; those whose data no record here has simply match nothing. */
const FIELD_QUERIES: Record<string, SearchField[]> = {
  affiliation: ["affiliation"],
  author: ["author"],
  bibliographic: ["title", "author", "container", "year"],
  chair: [],
  "container-title": ["container"],
  contributor: ["author"],
  degree: [],
  editor: [],
  "event-acronym": [],
  "event-location": [],
  "event-name": [],
  "event-sponsor": [],
  "event-theme": [],
  "funder-name": [],
  "publisher-location": [],
  "publisher-name": ["publisher"],
  "standards-body-acronym": [],
  "standards-body-name": [],
  title: ["title"],
  translator: [],
};
const QUERY_FIELDS: SearchField[] = ["title", "author", "container", "abstract", "publisher", "year"];

const SORT_FIELDS = ["score", "relevance", "updated", "deposited", "indexed", "created", "published-print", "published-online", "published", "issued", "is-referenced-by-count", "references-count"];

const SELECT_FIELDS = [
  "DOI", "member", "prefix", "URL", "issued", "created", "deposited", "indexed", "publisher", "references-count", "is-referenced-by-count", "type",
  "content-domain", "relation", "published-online", "published-print", "posted", "accepted", "content-created", "approved", "publisher-location",
  "abstract", "article-number", "volume", "issue", "ISBN", "ISSN", "degree", "alternative-id", "title", "short-title", "original-title", "subtitle",
  "container-title", "short-container-title", "group-title", "archive", "update-policy", "update-to", "updated-by", "license", "link", "page",
  "funder", "assertion", "clinical-trial-number", "issn-type", "event", "reference", "author", "editor", "chair", "translator", "standards-body",
  "score", "published", "subject", "language", "source", "resource", "journal-issue", "reference-count",
];

/** Crossref's work types (GET /types). */
const TYPES = [
  "book-section", "monograph", "report-component", "report", "peer-review", "book-track", "journal-article", "book-part", "other", "book",
  "journal-volume", "book-set", "reference-entry", "proceedings-article", "journal", "component", "book-chapter", "proceedings-series",
  "report-series", "proceedings", "database", "standard", "reference-book", "posted-content", "journal-issue", "dissertation", "grant",
  "dataset", "book-series", "edited-book",
];

type FilterKind = "pub-date" | "stamp" | "boolean" | "type" | "doi" | "string";

/** Filters the sandbox answers (Crossref has more; the others are refused as unknown). */
const FILTERS: Record<string, { kind: FilterKind; test: (facts: RecordFacts, value: string) => boolean }> = {};

function dateBound(value: string): number[] {
  return value.split("-").map(Number);
}

/** Crossref compares publication dates part by part at the precision the filter gives. */
function comparePartial(record: readonly number[] | null, bound: readonly number[]): number | null {
  if (!record) return null;
  for (let index = 0; index < bound.length; index += 1) {
    const part = record[index];
    if (part === undefined) return null;
    if (part !== bound[index]) return part - bound[index]!;
  }
  return 0;
}

function pubDateFilter(pick: (facts: RecordFacts) => number[] | null, from: boolean) {
  return {
    kind: "pub-date" as const,
    test: (facts: RecordFacts, value: string) => {
      const order = comparePartial(pick(facts), dateBound(value));
      return order !== null && (from ? order >= 0 : order <= 0);
    },
  };
}

/** Registration dates are instants; a date means its midnight (UTC), as Crossref reads it. */
function stampFilter(pick: (facts: RecordFacts) => number, from: boolean) {
  return {
    kind: "stamp" as const,
    test: (facts: RecordFacts, value: string) => {
      const [year, month = 1, day = 1] = dateBound(value);
      const bound = Date.UTC(year!, month - 1, day);
      return from ? pick(facts) >= bound : pick(facts) <= bound;
    },
  };
}

const truthy = (value: string) => ["t", "true", "1"].includes(value.toLowerCase());
function booleanFilter(pick: (facts: RecordFacts) => boolean) {
  return { kind: "boolean" as const, test: (facts: RecordFacts, value: string) => pick(facts) === truthy(value) };
}

for (const [name, pick] of [
  ["pub-date", (facts: RecordFacts) => facts.published],
  ["issued-date", (facts: RecordFacts) => facts.published],
  ["online-pub-date", (facts: RecordFacts) => facts.publishedOnline],
  ["print-pub-date", (facts: RecordFacts) => facts.publishedPrint],
] as const) {
  FILTERS[`from-${name}`] = pubDateFilter(pick, true);
  FILTERS[`until-${name}`] = pubDateFilter(pick, false);
}
for (const [name, pick] of [
  ["created-date", (facts: RecordFacts) => facts.createdMs],
  ["update-date", (facts: RecordFacts) => facts.depositedMs],
  ["deposit-date", (facts: RecordFacts) => facts.depositedMs],
  ["index-date", (facts: RecordFacts) => facts.indexedMs],
] as const) {
  FILTERS[`from-${name}`] = stampFilter(pick, true);
  FILTERS[`until-${name}`] = stampFilter(pick, false);
}
Object.assign(FILTERS, {
  "has-abstract": booleanFilter((facts) => facts.hasAbstract),
  "has-references": booleanFilter((facts) => facts.references > 0),
  "has-orcid": booleanFilter((facts) => facts.hasOrcid),
  "has-affiliation": booleanFilter((facts) => facts.hasAffiliation),
  "has-license": booleanFilter((facts) => facts.hasLicense),
  "has-full-text": booleanFilter((facts) => facts.hasFullText),
  type: { kind: "type", test: (facts: RecordFacts, value: string) => facts.type === value },
  doi: { kind: "doi", test: (facts: RecordFacts, value: string) => facts.doi === normalizeDoi(value) },
  prefix: { kind: "string", test: (facts: RecordFacts, value: string) => facts.prefix === value.replace(/^https?:\/\/id\.crossref\.org\/prefix\//, "") },
  member: { kind: "string", test: (facts: RecordFacts, value: string) => facts.member === value },
  "container-title": { kind: "string", test: (facts: RecordFacts, value: string) => facts.containerTitles.some((title) => title.toLowerCase() === value.toLowerCase()) },
});

const FACETS: Record<string, (facts: RecordFacts) => string[]> = {
  "type-name": (facts) => [typeLabel(facts.type)],
  "publisher-name": (facts) => [facts.publisher],
  published: (facts) => (facts.published ? [String(facts.published[0])] : []),
  "container-title": (facts) => facts.containerTitles,
};

function typeLabel(type: string): string {
  return type
    .split("-")
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}

// --- Validation ----------------------------------------------------------------------------------

function integerFailure(value: string, max: number, extra = ""): Failure | null {
  if (/^\d+$/.test(value) && Number(value) <= max) return null;
  return { type: "integer-not-valid", value, message: `Integer specified as ${value} but must be a positive integer less than or equal to ${max}. ${extra}` };
}

function validateDate(value: string): Failure | null {
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(value.trim());
  if (!match || (match[3] && !match[2])) return { type: "date-not-valid", value, message: `Date specified as ${value} but must be of the form: yyyy or yyyy-MM or yyyy-MM-dd` };
  const [year, month = 1, day = 1] = [Number(match[1]), Number(match[2] ?? 1), Number(match[3] ?? 1)];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || date.getUTCDate() !== day) {
    return { type: "date-not-legitimate", value, message: `Date ${value} specified in the correct format but represents an illegitimate date.` };
  }
  return null;
}

/** Splits `filter` into [name, value] pairs (a value may hold a colon, as DOIs do). */
function parseFilters(filter: string): [string, string][] {
  return filter
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(":");
      return colon < 0 ? [part, ""] : [part.slice(0, colon).trim(), part.slice(colon + 1).trim()];
    });
}

function validateFilters(pairs: [string, string][]): Failure[] {
  const failures: Failure[] = [];
  for (const [name, value] of pairs) {
    const filter = FILTERS[name];
    if (!filter) {
      failures.push({
        type: "filter-not-available",
        value: name,
        message: `Filter ${name} specified but there is no such filter for this route. Valid filters for this route are: ${Object.keys(FILTERS).join(", ")}`,
      });
      continue;
    }
    if (filter.kind === "pub-date" || filter.kind === "stamp") {
      const failure = validateDate(value);
      if (failure) failures.push(failure);
    } else if (filter.kind === "boolean" && !["t", "true", "1", "f", "false", "0"].includes(value.toLowerCase())) {
      failures.push({ type: "boolean-not-valid", value, message: `Boolean specified as ${value} but must be one of: t, true, 1, f, false, 0` });
    } else if (filter.kind === "type" && !TYPES.includes(value)) {
      failures.push({ type: "type-not-valid", value, message: `Type specified as ${value} but must be one of: ${TYPES.join(", ")}` });
    } else if (filter.kind === "doi" && !/^10\.\d{4,}\/\S+$/.test(normalizeDoi(value))) {
      failures.push({ type: "doi-not-valid", value, message: `DOI specified as ${value} but must be of the form: 10.prefix/suffix where prefix is 4 or more digits and suffix  is a string` });
    }
  }
  return failures;
}

// --- Searching -----------------------------------------------------------------------------------

const CORPUS_FIELDS: ReadonlySet<SearchField> = new Set<SearchField>(["title", "author", "abstract"]);
let sharedSource: { catalog: CrossrefCatalog; source: TextSource } | undefined;

/**
 * Titles, authors and abstracts of derived records are the corpus papers' own, so they are
 * matched through the arXiv index (already built); the recorded records and the short fields
 * (journal, publisher, year, affiliations) through small indexes built here.
 */
function textSource(catalog: CrossrefCatalog): TextSource {
  if (sharedSource?.catalog === catalog) return sharedSource.source;
  const corpus = corpusTextSource(getSearchIndex());
  const texts = Array.from({ length: catalog.size }, (_, index) => catalog.searchable(index));
  const short = new SmallTextIndex(texts.map(({ container, publisher, year, affiliation }) => ({ container, publisher, year, affiliation })));
  const recorded = new SmallTextIndex(texts.slice(catalog.derivedCount).map(({ title, author, abstract }) => ({ title, author, abstract })));
  const size = catalog.size;
  const source: TextSource = {
    size,
    term(field, value) {
      if (!CORPUS_FIELDS.has(field)) return short.term(field, value);
      const result = emptyMatches(size);
      const fromCorpus = corpus.term(field, value);
      for (let record = 0; record < catalog.derivedCount; record += 1) {
        const doc = catalog.corpusDocs[record]!;
        if (!fromCorpus.match[doc] || (field === "abstract" && !catalog.facts[record]!.hasAbstract)) continue;
        result.match[record] = 1;
        result.score[record] = fromCorpus.score[doc]!;
      }
      const fromRecorded = recorded.term(field, value);
      result.match.set(fromRecorded.match, catalog.derivedCount);
      result.score.set(fromRecorded.score, catalog.derivedCount);
      return result;
    },
  };
  sharedSource = { catalog, source };
  return source;
}

/** Loads the catalogue and builds the text source, so the first request is no slower than others. */
export function prepareCrossref(): void {
  textSource(getCrossrefCatalog());
}

/** Records holding any of the words in any of the fields, scored by how many and how rare. */
function matchAny(index: TextSource, text: string, fields: readonly SearchField[]): Matches {
  const result = emptyMatches(index.size);
  for (const word of splitWords(text)) {
    for (const field of fields) {
      const { match, score } = index.term(field, word);
      for (let doc = 0; doc < index.size; doc += 1) {
        if (!match[doc]) continue;
        result.match[doc] = 1;
        result.score[doc] = result.score[doc]! + score[doc]!;
      }
    }
  }
  return result;
}

// --- Answers -------------------------------------------------------------------------------------

function failed(failures: Failure[]): CrossrefAnswer {
  return { status: 400, json: { status: "failed", "message-type": "validation-failure", message: failures } };
}

function encodeCursor(offset: number, signature: number): string {
  return Buffer.from(`sandbox-cursor:${signature.toString(36)}:${offset}`, "utf8").toString("base64");
}

function decodeCursor(cursor: string, signature: number): number | null {
  const match = /^sandbox-cursor:([0-9a-z]+):(\d+)$/.exec(Buffer.from(cursor, "base64").toString("utf8"));
  if (!match || match[1] !== signature.toString(36)) return null;
  return Number(match[2]);
}

function sortKey(facts: RecordFacts, field: string): number {
  const date = (parts: number[] | null) => (parts ? Date.UTC(parts[0]!, (parts[1] ?? 1) - 1, parts[2] ?? 1) : Number.NEGATIVE_INFINITY);
  switch (field) {
    case "updated":
    case "deposited":
      return facts.depositedMs;
    case "indexed":
      return facts.indexedMs;
    case "created":
      return facts.createdMs;
    case "published-print":
      return date(facts.publishedPrint);
    case "published-online":
      return date(facts.publishedOnline);
    case "published":
    case "issued":
      return date(facts.published);
    case "is-referenced-by-count":
      return facts.citedBy;
    case "references-count":
      return facts.references;
    default:
      return 0;
  }
}

function selectFields(record: CrossrefRecord, fields: string[] | null): Record<string, unknown> {
  if (!fields) return record;
  const selected: Record<string, unknown> = {};
  for (const key of Object.keys(record)) if (fields.includes(key)) selected[key] = record[key];
  return selected;
}

/** `GET /works`. */
export function answerWorks(params: URLSearchParams, catalog: CrossrefCatalog = getCrossrefCatalog()): CrossrefAnswer {
  const failures: Failure[] = [];
  const fieldQueries: [string, string][] = [];
  for (const [name, value] of params) {
    if (name.startsWith("query.")) {
      const field = name.slice("query.".length);
      if (field in FIELD_QUERIES) fieldQueries.push([field, value]);
      else
        failures.push({
          type: "field-query-not-available",
          value: field,
          message: `Field query '${field}' specified but there is no such field query for this route. Valid field queries for this route are: ${Object.keys(FIELD_QUERIES).join(", ")}`,
        });
    } else if (!PARAMS.includes(name)) {
      failures.push({ type: "unknown-parameter", value: name, message: `Parameter ${name} specified but there is no such parameter available on any route` });
    }
  }

  const rows = params.get("rows");
  const offset = params.get("offset");
  const sample = params.get("sample");
  const cursor = params.get("cursor");
  if (sample !== null && (rows !== null || offset !== null)) failures.push({ type: "sample-with-rows-or-offset", value: "sample", message: "Sample cannot be combined with rows or offset" });
  for (const failure of [
    rows !== null ? integerFailure(rows, MAX_ROWS) : null,
    sample !== null ? integerFailure(sample, MAX_SAMPLE) : null,
    offset !== null ? integerFailure(offset, MAX_OFFSET, " Use the cursor parameter to page further into result sets.") : null,
  ]) {
    if (failure) failures.push(failure);
  }
  if (cursor !== null && (offset !== null || sample !== null)) failures.push({ type: "cursor-with-offset-or-sample", value: "cursor", message: "Cursor cannot be combined with offset or sample" });

  const order = params.get("order");
  if (order !== null && !["asc", "desc", "1", "-1"].includes(order.trim().toLowerCase())) {
    failures.push({ type: "sort-order-not-valid", value: order, message: `Sort order specified as ${order} but must be one of: asc, desc, 1, -1` });
  }
  const sort = params.get("sort")?.trim().toLowerCase() ?? null;
  if (sort !== null && !SORT_FIELDS.includes(sort)) {
    failures.push({ type: "sort-field-not-valid", value: params.get("sort"), message: `Sort field specified as ${params.get("sort")} but must be one of: ${SORT_FIELDS.join(", ")}` });
  }

  const select = params.get("select");
  const selected = select
    ? select
        .split(",")
        .map((field) => field.trim())
        .filter(Boolean)
    : null;
  for (const field of selected ?? []) {
    if (!SELECT_FIELDS.includes(field)) {
      failures.push({
        type: "select-not-available",
        value: field,
        message: `Select ${field} specified but there is no such select for this route. Valid selects for this route are: ${SELECT_FIELDS.join(", ")}`,
      });
    }
  }

  const facet = params.get("facet");
  const facets = facet && facet !== "*" ? facet.split(",").map((part) => part.split(":")[0]!.trim()) : facet === "*" ? Object.keys(FACETS) : [];
  for (const name of facets) {
    if (!(name in FACETS)) failures.push({ type: "facet-not-available", value: name, message: `Facet ${name} specified but there is no such facet for this route. Valid facets for this route are: ${Object.keys(FACETS).join(", ")}, *` });
  }

  const filters = params.get("filter") ? parseFilters(params.get("filter")!) : [];
  failures.push(...validateFilters(filters));
  if (failures.length > 0) return failed(failures);

  // Matching: every filter name must hold (its repeated values are OR-ed); the query and each
  // field query must each match at least one word.
  const byName = new Map<string, string[]>();
  for (const [name, value] of filters) byName.set(name, [...(byName.get(name) ?? []), value]);
  const query = params.get("query")?.trim() || null;
  const searches: [string, readonly SearchField[]][] = [];
  if (query) searches.push([query, QUERY_FIELDS]);
  for (const [field, value] of fieldQueries) if (value.trim()) searches.push([value, FIELD_QUERIES[field]!]);
  const isSearch = searches.length > 0;
  const index = textSource(catalog);
  const scores = new Float32Array(catalog.size);
  const match = new Uint8Array(catalog.size).fill(1);
  for (const [text, fields] of searches) {
    const found = matchAny(index, text, fields);
    for (let doc = 0; doc < match.length; doc += 1) {
      if (!found.match[doc]) match[doc] = 0;
      else scores[doc] = scores[doc]! + found.score[doc]!;
    }
  }
  let docs: number[] = [];
  for (let doc = 0; doc < match.length; doc += 1) {
    if (!match[doc]) continue;
    const facts = catalog.facts[doc]!;
    let keep = true;
    for (const [name, values] of byName) {
      if (!values.some((value) => FILTERS[name]!.test(facts, value))) {
        keep = false;
        break;
      }
    }
    if (keep) docs.push(doc);
  }

  const descending = order === null ? true : ["desc", "-1"].includes(order.trim().toLowerCase());
  const sortField = sort ?? (isSearch ? "score" : "updated");
  const direction = descending ? -1 : 1;
  docs.sort((a, b) => {
    const primary = sortField === "score" || sortField === "relevance" ? scores[a]! - scores[b]! : sortKey(catalog.facts[a]!, sortField) - sortKey(catalog.facts[b]!, sortField);
    if (primary !== 0 && !Number.isNaN(primary)) return direction * primary;
    return catalog.facts[a]!.doi < catalog.facts[b]!.doi ? -1 : 1;
  });
  const total = docs.length;

  let start = offset !== null ? Number(offset) : 0;
  let size = rows !== null ? Number(rows) : DEFAULT_ROWS;
  let nextCursor: string | undefined;
  if (sample !== null) {
    const seed = hash53(String(Date.now()));
    docs = docs
      .map((doc) => ({ doc, key: hash53(catalog.facts[doc]!.doi, Number(seed % 2 ** 31)) }))
      .sort((a, b) => a.key - b.key)
      .slice(0, Number(sample))
      .map(({ doc }) => doc);
    start = 0;
    size = docs.length;
  } else if (cursor !== null) {
    const signature = hash53([...params].filter(([name]) => !["cursor", "mailto"].includes(name)).map(([name, value]) => `${name}=${value}`).sort().join("&"));
    if (cursor === "*") start = 0;
    else {
      const decoded = decodeCursor(cursor, signature);
      if (decoded === null) return failed([{ type: "cursor-not-valid", value: cursor, message: `Cursor specified as ${cursor} but is not a cursor for this query, or has expired` }]);
      start = decoded;
    }
    nextCursor = encodeCursor(Math.min(total, start + size), signature);
  }

  const page = docs.slice(start, start + size);
  const items = page.map((doc) => {
    const record = catalog.record(doc);
    const score = isSearch ? Math.round(scores[doc]! * SCORE_SCALE * 1e6) / 1e6 : 1;
    return selectFields({ ...record, score }, selected);
  });
  const facetJson: Record<string, unknown> = {};
  for (const name of facets) {
    const counts = new Map<string, number>();
    for (const doc of docs) for (const value of FACETS[name]!(catalog.facts[doc]!)) counts.set(value, (counts.get(value) ?? 0) + 1);
    const values = Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).slice(0, 20));
    facetJson[name] = { "value-count": counts.size, values };
  }
  const message: Record<string, unknown> = { facets: facetJson };
  if (nextCursor !== undefined) message["next-cursor"] = nextCursor;
  Object.assign(message, {
    "total-results": total,
    items,
    "items-per-page": sample !== null ? items.length : size,
    query: { "start-index": sample !== null ? 0 : start, "search-terms": query },
  });
  return { status: 200, json: { status: "ok", "message-type": "work-list", "message-version": "1.0.0", message } };
}

/** `GET /works/{doi}`: the record, or Crossref's plain-text 404 (also for every 10.48550 arXiv DOI). */
export function answerWork(doi: string, params: URLSearchParams, catalog: CrossrefCatalog = getCrossrefCatalog()): CrossrefAnswer {
  const failures: Failure[] = [];
  for (const name of params.keys()) {
    if (name === "mailto") continue;
    if (["rows", "offset", "sample", "query", "filter", "facet", "cursor", "sort", "order", "select"].includes(name) || name.startsWith("query.")) {
      failures.push({ type: "parameter-not-allowed", value: name, message: `This route does not support ${name}` });
    } else failures.push({ type: "unknown-parameter", value: name, message: `Parameter ${name} specified but there is no such parameter available on any route` });
  }
  if (failures.length > 0) return failed(failures);
  const record = catalog.find(doi);
  if (!record) return { status: 404, text: NOT_FOUND_TEXT };
  return { status: 200, json: { status: "ok", "message-type": "work", "message-version": "1.0.0", message: record } };
}
