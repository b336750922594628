/**
 * Multi-object reads: the query parameters the API takes (parsed and refused as
 * zotero/dataserver's Zotero_API::parseQueryParams does), the item search (Zotero_Items::search:
 * `q`/`qmode`, `itemType`, `tag`, `since`, `itemKey`, `includeTrashed`, top-level mode), the
 * sort orders and the `Link` header with its `first`/`prev`/`next`/`last`/`alternate` links.
 */
import { ZoteroApiError, invalidInput } from "./api-error";
import { parseZoteroDate, sortableDate } from "./dates";
import { creatorSummary, itemDate } from "./item-json";
import { isValidKey, type Creator, type StoredCollection, type StoredItem, type ZoteroLibrary } from "./library";
import { TITLE_FIELDS, isItemType, itemTypeSchema } from "./schema";

export type Format = "json" | "keys" | "versions";

export interface ListParams {
  format: Format;
  /** 0: no limit (keys and versions). */
  limit: number;
  start: number;
  sort: string;
  direction: "asc" | "desc";
  q: string;
  qmode: "titlecreatoryear" | "everything";
  itemType: string[];
  tag: string[];
  since: number | false;
  itemKey: string[];
  collectionKey: string[];
  includeTrashed: boolean;
  /** The parameters that differ from the defaults, for the Link header. */
  nonDefault: Record<string, string>;
}

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;
const MAX_OBJECT_KEYS = 100;
const ITEM_SORTS = new Set([
  "title",
  "creator",
  "itemType",
  "date",
  "publisher",
  "publicationTitle",
  "journalAbbreviation",
  "language",
  "accessDate",
  "libraryCatalog",
  "callNumber",
  "rights",
  "extra",
  "dateAdded",
  "dateModified",
  "addedBy",
  "serverDateModified",
  "itemKeyList",
  "collectionKeyList",
]);
const EMPTY_FIRST = new Set(["title", "date", "itemKeyList", "collectionKeyList"]);
/** Formats the real API has that the sandbox does not produce. */
const UNEMULATED_FORMATS = new Set(["atom", "bib", "csljson", "bibtex", "biblatex", "bookmarks", "coins", "mods", "refer", "rdf_bibliontology", "rdf_dc", "rdf_zotero", "ris", "tei", "wikipedia", "globalKeys"]);

function defaultDirection(sort: string): "asc" | "desc" {
  return sort.startsWith("date") ? "desc" : "asc";
}

/** The query parameters of a multi-object request (`action` is "items" or "collections"). */
export function parseListParams(query: URLSearchParams, action: "items" | "collections" | "other"): ListParams {
  const nonDefault: Record<string, string> = {};
  const one = (name: string) => query.get(name) ?? undefined;

  const formatValue = one("format") ?? "json";
  if (!["json", "keys", "versions"].includes(formatValue)) {
    if (UNEMULATED_FORMATS.has(formatValue)) throw invalidInput(`format=${formatValue} is not emulated by the sandbox (json, keys and versions are)`);
    throw invalidInput(`Invalid 'format' value '${formatValue}'`);
  }
  const format = formatValue as Format;
  if (format !== "json") nonDefault.format = format;
  const include = one("include");
  if (include !== undefined) {
    if (format !== "json") throw invalidInput("'include' is valid only for format=json");
    for (const part of include.split(",")) if (part !== "data") throw invalidInput(`include=${part} is not emulated by the sandbox (data is)`);
  }

  const itemKey = listOfKeys(query, "itemKey");
  const collectionKey = listOfKeys(query, "collectionKey");
  if (itemKey.length) nonDefault.itemKey = itemKey.join(",");
  if (collectionKey.length) nonDefault.collectionKey = collectionKey.join(",");

  const defaultLimit = format === "json" ? DEFAULT_LIMIT : 0;
  let limit = defaultLimit;
  if (itemKey.length || collectionKey.length) limit = MAX_OBJECT_KEYS;
  else if (one("limit") !== undefined) {
    const value = Number.parseInt(one("limit")!, 10);
    if (format === "json" && value > MAX_LIMIT) limit = MAX_LIMIT;
    else if (Number.isFinite(value) && value > 0) limit = value;
  }
  if (limit !== defaultLimit) nonDefault.limit = String(limit);

  const startValue = Number.parseInt(one("start") ?? "0", 10);
  const start = Number.isFinite(startValue) && startValue > 0 ? startValue : 0;
  if (start) nonDefault.start = String(start);

  let sort = "dateModified";
  let direction: "asc" | "desc" = "desc";
  const sortValue = one("sort") ?? one("order");
  const directionValue = one("direction");
  if (sortValue !== undefined) {
    if (sortValue === "asc" || sortValue === "desc") direction = sortValue;
    else {
      if (!ITEM_SORTS.has(sortValue)) throw invalidInput(`Invalid 'sort' value '${sortValue}'`);
      if (sortValue === "itemKeyList" && (action !== "items" || !itemKey.length)) throw invalidInput("order=itemKeyList requires the itemKey parameter");
      if (sortValue === "collectionKeyList" && (action !== "collections" || !collectionKey.length)) throw invalidInput("order=collectionKeyList requires the collectionKey parameter");
      sort = sortValue;
      direction = defaultDirection(sort);
      if (sort !== "dateModified") nonDefault.sort = sort;
    }
  }
  if (directionValue !== undefined) {
    if (directionValue !== "asc" && directionValue !== "desc") throw invalidInput(`Invalid 'direction' value '${directionValue}'`);
    direction = directionValue;
  }
  if (direction !== defaultDirection(sort)) nonDefault.direction = direction;

  const q = one("q") ?? "";
  if (q) nonDefault.q = q;
  let qmode: ListParams["qmode"] = "titlecreatoryear";
  const qmodeValue = one("qmode");
  if (qmodeValue !== undefined) {
    if (!["titlecreatoryear", "everything"].includes(qmodeValue.toLowerCase())) throw invalidInput(`Invalid 'qmode' value '${qmodeValue}'`);
    qmode = qmodeValue.toLowerCase() as ListParams["qmode"];
    if (qmode !== "titlecreatoryear") nonDefault.qmode = qmode;
  }

  const itemType = query.getAll("itemType").filter((value) => value.trim() !== "");
  if (itemType.length) nonDefault.itemType = itemType[0]!;
  const tag = query.getAll("tag").filter((value) => value.trim() !== "");
  if (tag.length) nonDefault.tag = tag[0]!;

  let since: number | false = false;
  const sinceValue = one("since") ?? one("newer");
  if (sinceValue !== undefined) {
    if (!/^\d+(\.\d+)?$/.test(sinceValue.trim())) throw invalidInput("Invalid value for 'since' parameter");
    since = Number(sinceValue);
    nonDefault.since = sinceValue;
  }
  const trashedValue = one("includeTrashed");
  const includeTrashed = trashedValue !== undefined && trashedValue !== "" && trashedValue !== "0";
  if (includeTrashed) nonDefault.includeTrashed = "1";

  return { format, limit, start, sort, direction, q, qmode, itemType, tag, since, itemKey, collectionKey, includeTrashed, nonDefault };
}

function listOfKeys(query: URLSearchParams, name: string): string[] {
  const value = query.get(name);
  if (value === null) return [];
  const keys = value.replace(/^,+|,+$/g, "").split(",");
  for (const key of keys) if (!isValidKey(key)) throw invalidInput(`Invalid '${name}' value '${value}'`);
  return keys;
}

/** `a || b` alternatives of a search parameter, with a leading `-` for negation (`\-` is a literal hyphen). */
export function searchValues(value: string): { negation: boolean; values: string[] } {
  let text = value.trim();
  let negation = false;
  if (text.startsWith("-")) {
    negation = true;
    text = text.slice(1);
  } else if (text.startsWith("\\-")) {
    text = text.slice(1);
  }
  return { negation, values: text.split(/\s+\|\|\s+/) };
}

/** Words and "quoted phrases" of a quick search, each of which must match. */
export function searchParts(q: string): string[] {
  const parts: string[] = [];
  const pattern = /"([^"]*)"|(\S+)/g;
  for (let match = pattern.exec(q); match; match = pattern.exec(q)) {
    const text = (match[1] ?? match[2] ?? "").trim();
    if (text) parts.push(text);
  }
  return parts;
}

/** Case- and accent-insensitive form, as MySQL's general collation compares. */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** A note's title: its first line without markup. */
export function noteTitle(note: string): string {
  const text = note
    .replace(/<\/(p|h\d|div|li)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
  return (text.split("\n").find((line) => line.trim()) ?? "").trim().slice(0, 120);
}

function titleOf(data: Record<string, unknown>): string {
  if (data.itemType === "note" || (data.itemType === "attachment" && !data.title)) return noteTitle(String(data.note ?? ""));
  for (const field of TITLE_FIELDS) if (typeof data[field] === "string") return data[field] as string;
  return "";
}

function creatorsOf(data: Record<string, unknown>): Creator[] {
  return Array.isArray(data.creators) ? (data.creators as Creator[]) : [];
}

interface SearchText {
  /** Folded title and creator names, one per line (a needle cannot span two). */
  quick: string;
  year: string;
  /** Folded full text of a stored PDF (qmode=everything), "" for other items. */
  fullText?: string;
}

/** Search text per stored item; a change stores a new item object, so entries never go stale. */
const searchTexts = new WeakMap<StoredItem, SearchText>();

/**
 * The full text Zotero would have indexed for a stored PDF attachment: the sandbox keeps no
 * files, so it stands in with what the paper's first page shows (its parent's title, authors,
 * abstract, DOI, arXiv id and URL). Other items have no full text, as on zotero.org.
 */
function fullTextOf(library: ZoteroLibrary, item: StoredItem): string {
  const data = item.data;
  if (data.itemType !== "attachment" || data.contentType !== "application/pdf" || typeof data.md5 !== "string") return "";
  const parentKey = library.parentOf(item);
  const parent = parentKey ? library.get(parentKey)?.data : undefined;
  if (!parent) return "";
  const names = creatorsOf(parent).map((creator) => ("name" in creator ? creator.name : `${creator.firstName} ${creator.lastName}`));
  return fold([titleOf(parent), ...names, parent.abstractNote, parent.DOI, parent.extra, parent.archiveID, parent.url].filter((value) => typeof value === "string").join("\n"));
}

function searchTextOf(library: ZoteroLibrary, item: StoredItem, everything: boolean): SearchText {
  let text = searchTexts.get(item);
  const data = item.data;
  if (!text) {
    const names = creatorsOf(data).map((creator) => ("name" in creator ? creator.name : `${creator.firstName} ${creator.lastName}`.trim()));
    // The server compares the first four characters of the stored (multipart, year-first) date.
    const date = parseZoteroDate(itemDate(data));
    text = { quick: fold([titleOf(data), ...names].join("\n")), year: date ? String(date.year).padStart(4, "0") : "" };
    searchTexts.set(item, text);
  }
  if (everything && text.fullText === undefined) text.fullText = fullTextOf(library, item);
  return text;
}

/**
 * One word or phrase of a quick search: the title (a note's first line), a creator's name or
 * the date's year, as the server's titleCreatorYear mode; `everything` adds full-text content,
 * which in the sandbox only stored PDFs have (so a DOI or arXiv id is found through the PDF
 * attachment, in /top its parent, and not in items without one, as on zotero.org).
 */
function matchesPart(library: ZoteroLibrary, item: StoredItem, part: string, everything: boolean): boolean {
  const text = searchTextOf(library, item, everything);
  const needle = fold(part);
  if (text.quick.includes(needle) || text.year === part) return true;
  return everything && text.fullText!.includes(needle);
}

export type ItemScope = { kind: "all" } | { kind: "top" } | { kind: "trash" } | { kind: "children"; parent: string } | { kind: "collection"; collection: string; top: boolean };

export interface ItemSearch {
  library: ZoteroLibrary;
  scope: ItemScope;
  params: ListParams;
  /** Whether the key may read notes. */
  notes: boolean;
}

/**
 * The last sorted result per library, so that paging through a large library (a sync reads
 * 100 pages of 100) sorts it once: valid while the library version and everything but
 * `start` and `limit` stay the same.
 */
const lastResults = new WeakMap<ZoteroLibrary, { signature: string; sorted: StoredItem[] }>();

/** The matching items, sorted; `total` before paging. */
export function searchItems(search: ItemSearch): { total: number; page: StoredItem[] } {
  const { library, params } = search;
  const signature = JSON.stringify([library.version, search.scope, search.notes, { ...params, start: 0, limit: 0, format: "", nonDefault: {} }]);
  let cached = lastResults.get(library);
  if (cached?.signature !== signature) {
    cached = { signature, sorted: matchingItems(search) };
    lastResults.set(library, cached);
  }
  const { sorted } = cached;
  const page = params.limit > 0 ? sorted.slice(params.start, params.start + params.limit) : sorted.slice(params.start);
  return { total: sorted.length, page };
}

function matchingItems({ library, scope, params, notes }: ItemSearch): StoredItem[] {
  const top = scope.kind === "top" || (scope.kind === "collection" && scope.top);
  const includeTrashed = params.includeTrashed || scope.kind === "trash";

  const itemTypeSets = params.itemType.map(searchValues);
  if (itemTypeSets.length > 1) throw invalidInput("Cannot specify 'itemType' more than once");
  for (const set of itemTypeSets) for (const type of set.values) if (!isItemType(type)) throw invalidInput(`Invalid itemType '${type}'`);
  const tagSets = params.tag.map(searchValues);
  const qParts = searchParts(params.q);
  const everything = params.qmode === "everything";
  const itemKeys = params.itemKey.length ? new Set(params.itemKey) : null;

  let rows: Iterable<StoredItem>;
  if (scope.kind === "children") rows = library.childKeys(scope.parent).map((key) => library.get(key)!);
  else if (scope.kind === "collection") {
    const members = library.collectionItemKeys(scope.collection);
    const withChildren: StoredItem[] = [];
    for (const key of members) {
      withChildren.push(library.get(key)!);
      if (!scope.top) for (const child of library.childKeys(key)) withChildren.push(library.get(child)!);
    }
    rows = withChildren;
  } else rows = library.items.values();

  const results = new Map<string, StoredItem>();
  for (const row of rows) {
    const data = row.data;
    if (scope.kind === "trash" ? !library.isTrashed(row) : !includeTrashed && library.isTrashed(row)) continue;
    if (!notes && data.itemType === "note") continue;
    if (itemKeys && !itemKeys.has(row.key)) continue;
    if (qParts.length && !qParts.every((part) => matchesPart(library, row, part, everything))) continue;
    if (itemTypeSets[0]) {
      const { negation, values } = itemTypeSets[0];
      if (values.includes(String(data.itemType)) === negation) continue;
    }
    let result = row;
    if (top) {
      const parentKey = library.parentOf(row);
      if (parentKey) {
        const parent = library.get(parentKey);
        if (!parent) continue;
        if (!includeTrashed && library.isTrashed(parent)) continue;
        result = parent;
      }
    }
    if (params.since !== false && !(result.version > params.since)) continue;
    if (tagSets.length) {
      const names = new Set((Array.isArray(result.data.tags) ? (result.data.tags as { tag: string }[]) : []).map((tag) => fold(tag.tag)));
      if (!tagSets.every(({ negation, values }) => values.some((value) => names.has(fold(value))) !== negation)) continue;
    }
    results.set(result.key, result);
  }

  return sortItems([...results.values()], params);
}

function sortValue(item: StoredItem, sort: string, keyOrder: Map<string, number>): string {
  const data = item.data;
  switch (sort) {
    case "dateAdded":
    case "addedBy":
      return String(data.dateAdded ?? "");
    case "dateModified":
    case "serverDateModified":
      return String(data.dateModified ?? "");
    case "title":
      return fold(titleOf(data).replace(/^[[({\-"'“‘ ]+/, ""));
    case "creator":
      return fold(creatorSummary(String(data.itemType), creatorsOf(data)) ?? "");
    case "date":
      return sortableDate(itemDate(data));
    case "itemType":
      return fold(itemTypeSchema(String(data.itemType))?.localized ?? "");
    case "itemKeyList":
      return String(keyOrder.get(item.key) ?? 0).padStart(6, "0");
    default:
      return fold(typeof data[sort] === "string" ? (data[sort] as string) : "");
  }
}

/** ORDER BY as the server builds it: empties last (first for title, date and key lists), the value, then version and insertion order. */
function sortItems(items: StoredItem[], params: ListParams): StoredItem[] {
  const keyOrder = new Map(params.itemKey.map((key, index) => [key, index]));
  const sign = params.direction === "desc" ? -1 : 1;
  const emptyFirst = EMPTY_FIRST.has(params.sort);
  const keyed = items.map((item) => ({ item, value: sortValue(item, params.sort, keyOrder) }));
  keyed.sort((a, b) => {
    if (!emptyFirst) {
      const emptyA = a.value === "" ? 1 : 0;
      const emptyB = b.value === "" ? 1 : 0;
      if (emptyA !== emptyB) return (emptyA - emptyB) * sign;
    }
    if (a.value !== b.value) return (a.value < b.value ? -1 : 1) * sign;
    if (a.item.version !== b.item.version) return (a.item.version - b.item.version) * sign;
    return (a.item.seq - b.item.seq) * sign;
  });
  return keyed.map(({ item }) => item);
}

export function searchCollections(library: ZoteroLibrary, params: ListParams, options: { top?: boolean; parent?: string }): { total: number; page: StoredCollection[] } {
  const keys = params.collectionKey.length ? new Set(params.collectionKey) : null;
  let list = [...library.collections.values()].filter(
    (collection) =>
      (!options.top || collection.data.parentCollection === false) &&
      (options.parent === undefined || collection.data.parentCollection === options.parent) &&
      (!keys || keys.has(collection.key)) &&
      (params.since === false || collection.version > params.since),
  );
  const sign = params.direction === "desc" ? -1 : 1;
  if (params.sort === "title") list.sort((a, b) => (fold(a.data.name) < fold(b.data.name) ? -1 : fold(a.data.name) > fold(b.data.name) ? 1 : a.seq - b.seq) * sign);
  else list.sort((a, b) => (a.version - b.version || a.seq - b.seq) * sign);
  const total = list.length;
  list = params.limit > 0 ? list.slice(params.start, params.start + params.limit) : list.slice(params.start);
  return { total, page: list };
}

/** PHP's urlencode: everything but letters, digits, "-", "_" and "." escaped, spaces as "+". */
function phpUrlencode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

function queryString(params: Record<string, string>): string {
  const names = Object.keys(params).sort();
  return names.length ? `?${names.map((name) => `${name}=${phpUrlencode(params[name]!)}`).join("&")}` : "";
}

/** The Link header of a multi-object answer (Zotero_API::buildLinks and buildLinkHeader). */
export function linkHeader(baseUrl: string, alternateUrl: string, total: number, params: ListParams): string {
  const self = baseUrl + queryString(params.nonDefault);
  const without = (name: string, extra: Record<string, string> = {}) => {
    const copy = { ...params.nonDefault, ...extra };
    delete copy[name];
    return copy;
  };
  const parts: string[] = [];
  const first = baseUrl + queryString(without("start"));
  if (first !== self) parts.push(`<${first}>; rel="first"`);
  if (params.start) {
    const prevStart = params.start - params.limit;
    parts.push(`<${baseUrl + queryString(prevStart <= 0 ? without("start") : { ...params.nonDefault, start: String(prevStart) })}>; rel="prev"`);
  }
  let last: string | undefined;
  if (!params.start && params.limit >= total) last = self;
  else if (params.limit !== 0) {
    let lastStart = params.start >= total ? total - params.limit : total - (total % params.limit);
    if (params.start < total && lastStart === total) lastStart = total - params.limit;
    last = baseUrl + queryString(lastStart > 0 ? { ...params.nonDefault, start: String(lastStart) } : without("start"));
    const nextStart = params.start + params.limit;
    if (nextStart < total) parts.push(`<${baseUrl + queryString({ ...params.nonDefault, start: String(nextStart) })}>; rel="next"`);
  }
  if (last !== undefined && last !== self) parts.push(`<${last}>; rel="last"`);
  parts.push(`<${alternateUrl}>; rel="alternate"`);
  return parts.join(", ");
}

/** A 404 for an object key the request names but the library lacks. */
export function notFound(message = "Not found"): ZoteroApiError {
  return new ZoteroApiError(404, message);
}
