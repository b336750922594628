/**
 * The OpenAlex API's author answers over the catalogue's authors: `GET /authors` (search by
 * name, filter, sort, page) and `GET /authors/{id}` (an A id, its openalex.org URL, or an ORCID
 * iD as `orcid:…` or its orcid.org URL), with the works answers' errors. A name is not a person:
 * a search for "Yang Liu" finds every author of that name, each with their own works,
 * institutions and topics to tell them apart.
 */
import { splitWords } from "../../src/shared/arxiv-query/text-analysis";
import { affiliationsOf, authorJson, orcidFor, topicsOf } from "./author-json";
import { getOpenAlexCatalog, OPENALEX, shortId, type OpenAlexCatalog } from "./catalog";
import {
  checkParams,
  DEFAULT_PER_PAGE,
  elapsed,
  errorAnswer,
  MAX_BASIC_RESULTS,
  MAX_PER_PAGE,
  NOT_FOUND_HTML,
  numberParam,
  paginationError,
  parseBoolean,
  parseNumber,
  queryError,
  type Answer,
} from "./works-query";

let authorWords: string[][] | undefined;

function wordsOfNames(catalog: OpenAlexCatalog): string[][] {
  authorWords ??= Array.from({ length: catalog.authorCount }, (_, ordinal) => splitWords(catalog.authorName(ordinal)));
  return authorWords;
}

/** Every word of the query is a word of the name (a single letter matches an initial). */
function nameMatches(nameWords: readonly string[], words: readonly string[]): boolean {
  return words.every((word) => nameWords.some((part) => part === word || (word.length === 1 && part.startsWith(word))));
}

const worksCount = (catalog: OpenAlexCatalog, ordinal: number) => catalog.authors.workOffsets[ordinal + 1]! - catalog.authors.workOffsets[ordinal]!;

function citedBy(catalog: OpenAlexCatalog, ordinal: number): number {
  let total = 0;
  for (const doc of catalog.worksOfAuthor(ordinal)) total += catalog.citedByCount[doc]!;
  return total;
}

/** A bare ORCID iD ("0000-0002-1825-0097") from any of its written forms, or null. */
function bareOrcid(value: string): string | null {
  const match = /^(?:orcid:|https?:\/\/orcid\.org\/)?(\d{4}-\d{4}-\d{4}-\d{3}[\dX])$/i.exec(value.trim());
  return match ? match[1]!.toUpperCase() : null;
}

// --- Filters -------------------------------------------------------------------------------------

type AuthorTest = (ordinal: number) => boolean;
type AuthorFilter = (value: string, field: string, catalog: OpenAlexCatalog) => AuthorTest;

function countRange(count: (catalog: OpenAlexCatalog, ordinal: number) => number): AuthorFilter {
  return (value, field, catalog) => {
    const trimmed = value.trim();
    if (trimmed.startsWith(">")) {
      const bound = parseNumber(trimmed.slice(1), field);
      return (ordinal) => count(catalog, ordinal) > bound;
    }
    if (trimmed.startsWith("<")) {
      const bound = parseNumber(trimmed.slice(1), field);
      return (ordinal) => count(catalog, ordinal) < bound;
    }
    const range = /^(\d+)-(\d+)$/.exec(trimmed);
    if (range) return (ordinal) => count(catalog, ordinal) >= Number(range[1]) && count(catalog, ordinal) <= Number(range[2]);
    const exact = parseNumber(trimmed, field);
    return (ordinal) => count(catalog, ordinal) === exact;
  };
}

const tail = (value: string) => value.trim().replace(/^.*\//, "").toUpperCase();

const AUTHOR_FILTERS: Record<string, AuthorFilter> = {
  "display_name.search": (value, _field, catalog) => {
    const words = splitWords(value);
    const names = wordsOfNames(catalog);
    return (ordinal) => nameMatches(names[ordinal]!, words);
  },
  openalex: (value, _field, catalog) => {
    const wanted = shortId(value);
    return (ordinal) => catalog.authorId(ordinal) === wanted;
  },
  orcid: (value, field, catalog) => {
    const wanted = bareOrcid(value);
    if (!wanted) throw queryError(`${value} is not a valid ORCID for ${field}.`);
    const found = orcidIndex(catalog).get(wanted);
    return (ordinal) => ordinal === found;
  },
  has_orcid: (value, field, catalog) => {
    const wanted = parseBoolean(value, field);
    return (ordinal) => (orcidFor(catalog.authorId(ordinal)) !== null) === wanted;
  },
  works_count: countRange(worksCount),
  cited_by_count: countRange(citedBy),
  "last_known_institutions.id": (value, _field, catalog) => {
    const wanted = `${OPENALEX}${tail(value)}`;
    return (ordinal) => affiliationsOf(catalog, ordinal)[0]?.institution.id === wanted;
  },
  "affiliations.institution.id": (value, _field, catalog) => {
    const wanted = `${OPENALEX}${tail(value)}`;
    return (ordinal) => affiliationsOf(catalog, ordinal).some(({ institution }) => institution.id === wanted);
  },
  "topics.id": (value, _field, catalog) => {
    const wanted = `${OPENALEX}${tail(value)}`;
    return (ordinal) => topicsOf(catalog, ordinal).some(({ topic }) => topic.id === wanted);
  },
};

const AUTHOR_FILTER_ALIASES: Record<string, string> = {
  "default.search": "display_name.search",
  "ids.openalex": "openalex",
  openalex_id: "openalex",
  id: "openalex",
  "ids.orcid": "orcid",
  "last_known_institution.id": "last_known_institutions.id",
  "topic.id": "topics.id",
};

export const OPENALEX_AUTHOR_FILTER_FIELDS = [...Object.keys(AUTHOR_FILTERS), ...Object.keys(AUTHOR_FILTER_ALIASES)].sort();

let orcids: Map<string, number> | undefined;

/** Bare ORCID iD -> author: an ORCID finds its author without a scan. */
function orcidIndex(catalog: OpenAlexCatalog): Map<string, number> {
  if (!orcids) {
    orcids = new Map();
    for (let ordinal = 0; ordinal < catalog.authorCount; ordinal += 1) {
      const orcid = orcidFor(catalog.authorId(ordinal));
      if (orcid) orcids.set(bareOrcid(orcid)!, ordinal);
    }
  }
  return orcids;
}

/** `filter` for authors: comma = AND, `|` = OR within a field, a leading `!` negates. */
function authorFilter(filter: string, catalog: OpenAlexCatalog): AuthorTest[] {
  return filter
    .split(/,(?=[^,]+?:)/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(":");
      if (colon < 0) throw queryError(`Invalid query parameter in filter: ${part}. Filters take the form field:value.`);
      const field = part.slice(0, colon).trim().toLowerCase().replace(/-/g, "_");
      const canonical = AUTHOR_FILTER_ALIASES[field] ?? field;
      const build = AUTHOR_FILTERS[canonical];
      if (!build) throw queryError(`${field} is not a valid field. Valid fields are underscore or hyphenated versions of: ${OPENALEX_AUTHOR_FILTER_FIELDS.join(", ")}`);
      let value = part.slice(colon + 1).trim();
      const negate = value.startsWith("!");
      if (negate) value = value.slice(1);
      const alternatives = value.split("|").map((alternative) => build(alternative.trim(), canonical, catalog));
      return (ordinal: number) => alternatives.some((test) => test(ordinal)) !== negate;
    });
}

// --- Answers -------------------------------------------------------------------------------------

const SORTS = ["relevance_score", "works_count", "display_name", "cited_by_count"];

/** `GET /authors`: `search` (every word of the name; a single letter matches an initial), `filter`, `sort`, `page`, `per_page`. */
export function answerAuthors(params: URLSearchParams, catalog: OpenAlexCatalog = getOpenAlexCatalog()): Answer {
  const started = performance.now();
  try {
    const refused = checkParams(params);
    if (refused) return refused;
    for (const name of ["group_by", "group-by", "cursor", "sample", "select"]) {
      if (params.has(name)) throw queryError(`The sandbox's /authors answers search, filter, sort, page and per_page only (got ${name}).`);
    }
    const page = numberParam(params, "page", 1);
    const perPage = numberParam(params, "per-page", DEFAULT_PER_PAGE);
    if (page < 1) throw paginationError("Page parameter must be greater than 0.");
    if (perPage < 1 || perPage > MAX_PER_PAGE) throw paginationError("per-page parameter must be between 1 and 200");
    if (page * perPage > MAX_BASIC_RESULTS) {
      throw paginationError("Maximum results size of 10,000 records is exceeded. Cursor pagination is required for records beyond 10,000. See: https://developers.openalex.org/guides/page-through-results");
    }
    const tests = params.get("filter") ? authorFilter(params.get("filter")!, catalog) : [];
    const searchWords = splitWords(params.get("search") ?? "");
    const names = wordsOfNames(catalog);
    const scores = new Float64Array(names.length);
    const found: number[] = [];
    names.forEach((nameWords, ordinal) => {
      if (!nameMatches(nameWords, searchWords) || !tests.every((test) => test(ordinal))) return;
      scores[ordinal] = searchWords.length === 0 ? 0 : (searchWords.length / nameWords.length) * 100 + Math.log1p(worksCount(catalog, ordinal)) * 10;
      found.push(ordinal);
    });

    const sort = params.get("sort");
    const sortMatch = sort ? /^(relevance_score|works_count|display_name|cited_by_count)(?::(asc|desc))?$/.exec(sort.trim()) : null;
    if (sort && !sortMatch) throw queryError(`${sort.split(":")[0]} is not a valid field. Valid fields are underscore or hyphenated versions of: ${[...SORTS].sort().join(", ")}`);
    if (sortMatch?.[1] === "relevance_score" && searchWords.length === 0) {
      throw queryError("Must include a search query (such as ?search=example or /filter=display_name.search:example) in order to sort by relevance_score.");
    }
    const sortField = sortMatch?.[1] ?? (searchWords.length > 0 ? "relevance_score" : "works_count");
    const descending = sortMatch ? sortMatch[2] === "desc" : true;
    const ascending = (a: number, b: number): number =>
      sortField === "display_name"
        ? catalog.authorName(a).localeCompare(catalog.authorName(b))
        : sortField === "relevance_score"
          ? scores[a]! - scores[b]!
          : sortField === "cited_by_count"
            ? citedBy(catalog, a) - citedBy(catalog, b)
            : worksCount(catalog, a) - worksCount(catalog, b);
    found.sort((a, b) => (descending ? -ascending(a, b) : ascending(a, b)) || worksCount(catalog, b) - worksCount(catalog, a) || a - b);
    const results = found
      .slice((page - 1) * perPage, page * perPage)
      .map((ordinal) => authorJson(catalog, ordinal, searchWords.length > 0 ? Math.round(scores[ordinal]! * 1e5) / 1e5 : undefined));
    return {
      status: 200,
      json: { meta: { count: found.length, db_response_time_ms: elapsed(started), page, per_page: perPage, groups_count: null }, results, group_by: [] },
    };
  } catch (error) {
    return errorAnswer(error);
  }
}

/** `GET /authors/{id}`: `A…`, `https://openalex.org/A…`, `orcid:…` or `https://orcid.org/…`. Unknown: OpenAlex's HTML 404. */
export function answerAuthor(identifier: string, params: URLSearchParams, catalog: OpenAlexCatalog = getOpenAlexCatalog()): Answer {
  try {
    const refused = checkParams(params);
    if (refused) return refused;
    const orcid = bareOrcid(identifier);
    const ordinal = orcid ? orcidIndex(catalog).get(orcid) : catalog.authorOrdinalById(identifier);
    if (ordinal === undefined) return { status: 404, html: NOT_FOUND_HTML };
    return { status: 200, json: authorJson(catalog, ordinal) };
  } catch (error) {
    return errorAnswer(error);
  }
}
