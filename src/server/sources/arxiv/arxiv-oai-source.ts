import { XMLParser } from "fast-xml-parser";
import type { UpstreamClient, UpstreamResponse } from "@/server/sources/http/upstream-client";
import { UpstreamError } from "@/server/sources/http/upstream-error";
import { collapseWhitespace } from "@/shared/sources/arxiv/arxiv-atom";

/**
 * arXiv's OAI-PMH service (https://oaipmh.arxiv.org/oai) through the shared upstream client:
 * the bulk interface a local arXiv index is harvested from. ListRecords in arXivRaw (every
 * version with its date and size), ListIdentifiers, GetRecord, Identify and ListSets, parsed
 * into typed values. OAI errors arrive with HTTP 200 and become ArxivOaiError; noRecordsMatch
 * is an empty page, not a failure. arXiv's flow control (503 with Retry-After) is the upstream
 * client's to honour: harvest calls set no deadline and are never cached.
 */

export const ARXIV_OAI_RAW_FORMAT = "arXivRaw";

/** One version of a paper as arXivRaw lists it. */
export type ArxivOaiVersion = {
  version: number;
  /** When it was submitted, ISO 8601 UTC ("2024-10-07T10:45:05Z"). */
  submitted: string;
  /** Its source size in kilobytes, as arXiv gives it ("294kb"). */
  sizeKb: number | null;
  /** arXiv's source flags ("D" pdfLaTeX, "I" withdrawn, ...), when it gives them. */
  sourceType: string | null;
};

export type ArxivOaiAuthor = { name: string; affiliations: string[] };

/** One record of a list or GetRecord. A deleted record has its header only: metadata fields are empty. */
export type ArxivOaiRecord = {
  /** The bare arXiv id: "2401.12345", "hep-th/9901001". */
  id: string;
  /** The day the record last changed, "YYYY-MM-DD" (what `from`/`until` select on). */
  datestamp: string;
  deleted: boolean;
  /** The header's setSpecs ("cs:cs:AI", "physics:hep-th"). */
  sets: string[];
  /** Oldest first. */
  versions: ArxivOaiVersion[];
  title: string | null;
  authors: ArxivOaiAuthor[];
  /** The author line as submitted. */
  authorLine: string | null;
  abstract: string | null;
  /** Primary first. */
  categories: string[];
  comments: string | null;
  journalRef: string | null;
  doi: string | null;
  reportNo: string | null;
  mscClass: string | null;
  acmClass: string | null;
  license: string | null;
  submitter: string | null;
  proxy: string | null;
};

export type ArxivOaiPage = {
  records: ArxivOaiRecord[];
  /** Ask for the next page with this; null once the list is complete. */
  resumptionToken: string | null;
  /** OAI-PMH's optional counts (arXiv's current service leaves them out; its older one sent them). */
  cursor: number | null;
  completeListSize: number | null;
  /** When the token stops being honoured, as the service states it. */
  tokenExpires: string | null;
  responseDate: string | null;
};

export type ArxivOaiListParams = {
  /** "YYYY-MM-DD": records changed on or after this day. */
  from?: string;
  /** "YYYY-MM-DD": records changed on or before this day. */
  until?: string;
  /** A set such as "cs", "physics:hep-th" or "cs:cs:AI". */
  set?: string;
  /** Continue a list; the other arguments are then not sent (OAI-PMH forbids them). */
  resumptionToken?: string;
  /** arXivRaw unless told otherwise. */
  metadataPrefix?: string;
};

export type ArxivOaiIdentity = {
  repositoryName: string;
  baseUrl: string;
  protocolVersion: string;
  earliestDatestamp: string;
  deletedRecord: string;
  granularity: string;
  adminEmails: string[];
};

export type ArxivOaiSet = { spec: string; name: string };

export const ARXIV_OAI_ERROR_CODES = ["badArgument", "badResumptionToken", "badVerb", "cannotDisseminateFormat", "idDoesNotExist", "noRecordsMatch", "noMetadataFormats", "noSetHierarchy"] as const;
export type ArxivOaiErrorCode = (typeof ARXIV_OAI_ERROR_CODES)[number];

/** The service answered with an OAI-PMH error (HTTP 200, `<error code="...">`). */
export class ArxivOaiError extends Error {
  constructor(
    readonly code: ArxivOaiErrorCode | string,
    message: string,
  ) {
    super(message ? `${code}: ${message}` : code);
    this.name = "ArxivOaiError";
  }
}

/** The body was not an OAI-PMH document (HTML, truncated, garbage). */
export class ArxivOaiMalformedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArxivOaiMalformedError";
  }
}

type Node = Record<string, unknown>;

const ARRAYS = new Set(["record", "header", "setSpec", "version", "set", "adminEmail", "error"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  // Namespace prefixes vary between serialisations ("arXivRaw", "raw:arXivRaw"); names do not.
  removeNSPrefix: true,
  // arXiv writes quotes and apostrophes as character references (&#34;, &#39;).
  htmlEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

/** The text of an element, whether it came as a string or with attributes. */
function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  if (typeof value === "object" && "#text" in (value as Node)) return String((value as Node)["#text"]);
  return "";
}

function clean(value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  const collapsed = collapseWhitespace(raw);
  return collapsed === "" ? null : collapsed;
}

const asArray = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : value === undefined || value === null || value === "" ? [] : [value as Node]);

/** "Mon, 07 Oct 2024 10:45:05 GMT" (old records may lack the time) -> ISO 8601. */
function versionDate(value: string): string {
  const withZone = /\d{2}:\d{2}(:\d{2})?/.test(value) ? value : `${value} 00:00:00 GMT`;
  const ms = Date.parse(/GMT|UTC|[+-]\d{4}$/.test(withZone) ? withZone : `${withZone} GMT`);
  if (Number.isNaN(ms)) throw new ArxivOaiMalformedError(`unreadable version date "${value}"`);
  return new Date(ms).toISOString().replace(".000Z", "Z");
}

/** TeX accent macros arXiv author lines use, as combining marks (no dependency in the tree converts TeX text). */
const TEX_ACCENTS: Record<string, string> = { "'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304", ".": "\u0307", u: "\u0306", v: "\u030c", H: "\u030b", c: "\u0327", k: "\u0328", r: "\u030a" };
const TEX_LETTERS: Record<string, string> = { o: "ø", O: "Ø", ss: "ß", aa: "å", AA: "Å", ae: "æ", AE: "Æ", oe: "œ", OE: "Œ", l: "ł", L: "Ł", i: "ı", j: "ȷ" };

/** `Fr\'ed\'eric`, `M{\"u}ller`, `{\o}`: TeX accents in names as Unicode. */
export function texAccentsToUnicode(value: string): string {
  if (!value.includes("\\")) return value;
  const replaced = value
    .replace(/\{\\([`'^"~=.])\s*([a-zA-Z])\}/g, (_, accent: string, letter: string) => letter + TEX_ACCENTS[accent]!)
    .replace(/\\(ss|aa|AA|ae|AE|oe|OE|o|O|l|L|i|j)(?![a-zA-Z])\s*/g, (_, letter: string) => TEX_LETTERS[letter] ?? letter)
    .replace(/\\([`'^"~=.])\s*\{?\s*([a-zA-Z])\}?/g, (_, accent: string, letter: string) => letter + TEX_ACCENTS[accent]!)
    .replace(/\\([uvHckr])(?:\s+|\{)\s*([a-zA-Z])\}?/g, (_, accent: string, letter: string) => letter + TEX_ACCENTS[accent]!)
    .replace(/\{([^{}\\]*)\}/g, "$1");
  return replaced.normalize("NFC");
}

const NAME_SUFFIX = /^(jr|sr|ii|iii|iv)\.?$/i;

/**
 * An arXiv author line as names with their affiliations: names are separated by commas and
 * "and" outside parentheses; a parenthesised group after a name is its affiliation; numbered
 * references ("A (1), B (1 and 2) ((1) Univ X, (2) Univ Y)") are resolved.
 */
export function splitAuthorLine(line: string): ArxivOaiAuthor[] {
  const source = collapseWhitespace(texAccentsToUnicode(line));
  type Pending = { author: ArxivOaiAuthor; refs: string[] };
  const pending: Pending[] = [];
  const numbered = new Map<string, string>();
  const state: { name: string; current: Pending | null } = { name: "", current: null };
  const closeName = () => {
    const name = state.name.trim().replace(/^and\s+/i, "");
    state.name = "";
    if (!name) return;
    if (NAME_SUFFIX.test(name) && state.current) {
      state.current.author.name = `${state.current.author.name}, ${name}`;
      return;
    }
    state.current = { author: { name, affiliations: [] }, refs: [] };
    pending.push(state.current);
  };
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index]!;
    if (character === "(") {
      let depth = 1;
      let end = index + 1;
      while (end < source.length && depth > 0) {
        if (source[end] === "(") depth += 1;
        else if (source[end] === ")") depth -= 1;
        end += 1;
      }
      const group = source.slice(index + 1, depth === 0 ? end - 1 : end).trim();
      closeName();
      if (/^\(\s*\d+\s*\)/.test(group)) {
        // The block that defines numbered affiliations: "(1) Univ X, (2) Univ Y".
        for (const match of group.matchAll(/\(\s*(\d+)\s*\)\s*([^()]*?)(?=,?\s*\(\s*\d+\s*\)|$)/g)) numbered.set(match[1]!, match[2]!.replace(/,\s*$/, "").trim());
      } else if (state.current && /^\d+(\s*(,|and)\s*\d+)*$/.test(group)) {
        state.current.refs.push(...group.split(/\s*(?:,|and)\s*/));
      } else if (state.current && group) {
        state.current.author.affiliations.push(group);
      }
      index = end - 1;
      continue;
    }
    if (character === ",") {
      closeName();
      continue;
    }
    if (source.startsWith(" and ", index)) {
      closeName();
      index += 4;
      continue;
    }
    state.name += character;
  }
  closeName();
  for (const { author, refs } of pending) for (const ref of refs) if (numbered.has(ref)) author.affiliations.push(numbered.get(ref)!);
  return pending.map(({ author }) => author);
}

function sizeKb(value: unknown): number | null {
  const match = /^(\d+)\s*kb$/i.exec(text(value)?.trim() ?? "");
  return match ? Number(match[1]) : null;
}

function versionNumber(node: Node): number {
  const match = /^v?(\d+)$/.exec(String(node["@_version"] ?? "").trim());
  if (!match) throw new ArxivOaiMalformedError(`a version without a number: ${JSON.stringify(node["@_version"])}`);
  return Number(match[1]);
}

function recordFrom(node: Node): ArxivOaiRecord {
  const header = asArray(node.header)[0] ?? node;
  const identifier = text(header.identifier)?.trim() ?? "";
  const id = identifier.replace(/^oai:arXiv\.org:/, "");
  const datestamp = text(header.datestamp)?.trim() ?? "";
  if (!id || !/^\d{4}-\d{2}-\d{2}$/.test(datestamp)) throw new ArxivOaiMalformedError(`a record header without identifier or datestamp (${identifier || "no identifier"})`);
  const deleted = header["@_status"] === "deleted";
  const raw = (node.metadata as Node | undefined)?.arXivRaw as Node | undefined;
  const authorLine = raw ? clean(raw.authors) : null;
  return {
    id,
    datestamp,
    deleted,
    sets: asArray(header.setSpec).map((spec) => text(spec)?.trim() ?? "").filter(Boolean),
    versions: raw
      ? asArray(raw.version)
          .map((version) => ({
            version: versionNumber(version),
            submitted: versionDate(text(version.date)?.trim() ?? ""),
            sizeKb: sizeKb(version.size),
            sourceType: clean(version.source_type),
          }))
          .sort((a, b) => a.version - b.version)
      : [],
    title: raw ? clean(raw.title) : null,
    authors: authorLine ? splitAuthorLine(authorLine) : [],
    authorLine,
    abstract: raw ? clean(raw.abstract) : null,
    categories: raw ? (clean(raw.categories) ?? "").split(" ").filter(Boolean) : [],
    comments: raw ? clean(raw.comments) : null,
    journalRef: raw ? clean(raw["journal-ref"]) : null,
    doi: raw ? clean(raw.doi) : null,
    reportNo: raw ? clean(raw["report-no"]) : null,
    mscClass: raw ? clean(raw["msc-class"]) : null,
    acmClass: raw ? clean(raw["acm-class"]) : null,
    license: raw ? clean(raw.license) : null,
    submitter: raw ? clean(raw.submitter) : null,
    proxy: raw ? clean(raw.proxy) : null,
  };
}

/** The OAI-PMH root of a body; ArxivOaiError for an error answer, malformed for anything else. */
function documentOf(xml: string): Node {
  let parsed: Node;
  try {
    parsed = parser.parse(xml, true) as Node;
  } catch (error) {
    throw new ArxivOaiMalformedError(`not XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const root = parsed["OAI-PMH"] as Node | undefined;
  // arXiv's older service once answered errors without the envelope.
  const errors = asArray(root ? root.error : parsed.error);
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new ArxivOaiError(String(first["@_code"] ?? "unknown"), clean(first) ?? "");
  }
  if (!root || typeof root !== "object") throw new ArxivOaiMalformedError("not an OAI-PMH document");
  return root;
}

const integerOrNull = (value: unknown) => (value !== undefined && /^\d+$/.test(String(value)) ? Number(value) : null);

/** A ListRecords or ListIdentifiers answer as a page; noRecordsMatch is an empty, complete page. */
export function parseOaiListPage(xml: string, verb: "ListRecords" | "ListIdentifiers" = "ListRecords"): ArxivOaiPage {
  let root: Node;
  try {
    root = documentOf(xml);
  } catch (error) {
    if (error instanceof ArxivOaiError && error.code === "noRecordsMatch") return { records: [], resumptionToken: null, cursor: null, completeListSize: null, tokenExpires: null, responseDate: null };
    throw error;
  }
  const list = root[verb] as Node | undefined;
  if (list === undefined) throw new ArxivOaiMalformedError(`no ${verb} element`);
  const items = verb === "ListRecords" ? asArray((list as Node).record) : asArray((list as Node).header);
  const token = (list as Node).resumptionToken;
  const tokenNode = typeof token === "object" && token !== null ? (token as Node) : {};
  const value = text(token)?.trim() ?? "";
  return {
    records: items.map((item) => recordFrom(verb === "ListRecords" ? item : { header: [item] })),
    resumptionToken: value === "" ? null : value,
    cursor: integerOrNull(tokenNode["@_cursor"]),
    completeListSize: integerOrNull(tokenNode["@_completeListSize"]),
    tokenExpires: (tokenNode["@_expires"] as string | undefined) ?? (tokenNode["@_expirationDate"] as string | undefined) ?? null,
    responseDate: text(root.responseDate),
  };
}

/** A GetRecord answer; null when the service says the identifier does not exist. */
export function parseOaiRecord(xml: string): ArxivOaiRecord | null {
  let root: Node;
  try {
    root = documentOf(xml);
  } catch (error) {
    if (error instanceof ArxivOaiError && error.code === "idDoesNotExist") return null;
    throw error;
  }
  const record = asArray((root.GetRecord as Node | undefined)?.record)[0];
  if (!record) throw new ArxivOaiMalformedError("no GetRecord record");
  return recordFrom(record);
}

export function parseOaiIdentify(xml: string): ArxivOaiIdentity {
  const identify = documentOf(xml).Identify as Node | undefined;
  if (!identify) throw new ArxivOaiMalformedError("no Identify element");
  const field = (name: string) => text(identify[name])?.trim() ?? "";
  return {
    repositoryName: field("repositoryName"),
    baseUrl: field("baseURL"),
    protocolVersion: field("protocolVersion"),
    earliestDatestamp: field("earliestDatestamp"),
    deletedRecord: field("deletedRecord"),
    granularity: field("granularity"),
    adminEmails: asArray(identify.adminEmail).map((email) => text(email)?.trim() ?? ""),
  };
}

export function parseOaiSets(xml: string): ArxivOaiSet[] {
  const sets = (documentOf(xml).ListSets as Node | undefined)?.set;
  return asArray(sets).map((set) => ({ spec: text(asArray(set.setSpec)[0])?.trim() ?? "", name: clean(set.setName) ?? "" }));
}

/** The service and registry metadata change rarely: Identify and ListSets are kept a day. */
const DESCRIPTION_FRESH_MS = 24 * 60 * 60 * 1000;

/** arXiv's OAI-PMH service through the shared upstream client (which carries the arXiv rate limit). */
export function createArxivOaiSource(options: { client: UpstreamClient; oaiUrl: string }) {
  const { client, oaiUrl } = options;

  function urlFor(params: Record<string, string | undefined>): string {
    const url = new URL(oaiUrl);
    for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== "") url.searchParams.set(name, value);
    return url.toString();
  }

  function listUrl(verb: "ListRecords" | "ListIdentifiers", params: ArxivOaiListParams): string {
    if (params.resumptionToken) return urlFor({ verb, resumptionToken: params.resumptionToken });
    return urlFor({ verb, metadataPrefix: params.metadataPrefix ?? ARXIV_OAI_RAW_FORMAT, from: params.from, until: params.until, set: params.set });
  }

  /**
   * A request with the harvest's rules: never cached, no deadline (flow control may make the
   * client wait as long as arXiv says), 503 and 429 retried by the client after Retry-After.
   */
  async function fetchXml(url: string, freshMs = 0): Promise<string> {
    const response: UpstreamResponse = await client.get(url, { accept: "text/xml, application/xml", freshMs, keepMs: freshMs });
    if (response.status !== 200) throw new UpstreamError(client.source, response.status, response.statusText, `arXiv OAI-PMH answered ${response.status}`);
    return response.body;
  }

  return {
    urlFor,
    listUrl,
    /** One page of ListRecords (arXivRaw by default): from/until/set, or a resumption token. */
    async listRecords(params: ArxivOaiListParams = {}): Promise<ArxivOaiPage> {
      return parseOaiListPage(await fetchXml(listUrl("ListRecords", params)), "ListRecords");
    },
    /** One page of ListIdentifiers: headers only (ids, datestamps, sets, deletions). */
    async listIdentifiers(params: ArxivOaiListParams = {}): Promise<ArxivOaiPage> {
      return parseOaiListPage(await fetchXml(listUrl("ListIdentifiers", params)), "ListIdentifiers");
    },
    /** Every page of a ListRecords harvest in turn, following the tokens to the end. */
    async *harvest(params: Omit<ArxivOaiListParams, "resumptionToken"> = {}): AsyncGenerator<ArxivOaiPage> {
      let page = await this.listRecords(params);
      yield page;
      while (page.resumptionToken) {
        page = await this.listRecords({ resumptionToken: page.resumptionToken });
        yield page;
      }
    },
    /** One record by arXiv id ("2401.12345", "hep-th/9901001"); null when arXiv has none. */
    async getRecord(id: string, metadataPrefix = ARXIV_OAI_RAW_FORMAT): Promise<ArxivOaiRecord | null> {
      return parseOaiRecord(await fetchXml(urlFor({ verb: "GetRecord", identifier: `oai:arXiv.org:${id}`, metadataPrefix })));
    },
    async identify(): Promise<ArxivOaiIdentity> {
      return parseOaiIdentify(await fetchXml(urlFor({ verb: "Identify" }), DESCRIPTION_FRESH_MS));
    },
    async listSets(): Promise<ArxivOaiSet[]> {
      return parseOaiSets(await fetchXml(urlFor({ verb: "ListSets" }), DESCRIPTION_FRESH_MS));
    },
  };
}

export type ArxivOaiSource = ReturnType<typeof createArxivOaiSource>;
