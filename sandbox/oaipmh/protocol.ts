/**
 * The six OAI-PMH verbs over an OaiRepository, with arXiv's argument checks, in its order and
 * its words ("from date format must be YYYY-MM-DD", "Set does not exist", ...). Errors are
 * answered with HTTP 200, as OAI-PMH asks. Where arXiv reads a resumption token's arguments it
 * checks them like a fresh request's; the sandbox answers any fault found there, and a token
 * whose list has since emptied, with badResumptionToken. Every error but badVerb and
 * badArgument echoes the request's arguments, as OAI-PMH asks (and arXiv's older service did).
 */
import { canonicalArxivId, parseArxivId } from "../arxiv/arxiv-ids";
import { DAY_MS, EARLIEST_DAY, dayOf, dayString, parseDay, type OaiRecord } from "./oai-record";
import type { OaiHeaderFields, OaiRepository } from "./oai-repository";
import { decodeResumptionToken, encodeResumptionToken, TokenDecodeError, tokenExpiry } from "./resumption-token";
import { listedSets, parseSetSpec, SetError, type SetFilter } from "./taxonomy";
import {
  envelope,
  errorBody,
  headerElement,
  identifyBody,
  METADATA_FORMATS,
  metadataFormatsBody,
  OAI_ID_PREFIX,
  recordElement,
  requestElement,
  setsBody,
  tokenElement,
  type MetadataFormat,
  type OaiErrorCode,
  type TokenOut,
} from "./xml-writer";

/** arXiv's page sizes (its service's RECORDS_LIMIT and IDENTIFIERS_LIMIT). */
export const ARXIV_RECORDS_PER_PAGE = 3500;
export const ARXIV_IDENTIFIERS_PER_PAGE = 20_000;

export interface OaiSettings {
  recordsPerPage: number;
  identifiersPerPage: number;
}

export interface OaiRequestContext {
  /** The service's own URL, echoed in `<request>` (arXiv: https://oaipmh.arxiv.org/oai). */
  baseUrl: string;
  now: Date;
  repository: OaiRepository;
  settings: OaiSettings;
}

type Attributes = Map<string, string>;

class OaiProblem extends Error {
  constructor(
    readonly code: OaiErrorCode,
    readonly reason: string | null,
    /** The request element's attributes; none for errors arXiv reports without them. */
    readonly attributes: Attributes | null = null,
  ) {
    super(reason ?? code);
  }
}

const VERBS = ["GetRecord", "ListRecords", "ListIdentifiers", "Identify", "ListMetadataFormats", "ListSets"] as const;
const LIST_ARGUMENTS = ["verb", "metadataPrefix", "from", "until", "set"];
const DATE_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** Answers one request (its arguments as sent, repeats included) with the OAI-PMH XML. */
export function answerOai(pairs: readonly (readonly [string, string])[], context: OaiRequestContext): string {
  try {
    const params = new Map<string, string>();
    for (const [name, value] of pairs) {
      if (params.has(name)) throw new OaiProblem("badArgument", "Duplicate parameters not allowed");
      params.set(name, value);
    }
    const verb = params.get("verb") ?? "";
    if (!(VERBS as readonly string[]).includes(verb)) throw new OaiProblem("badVerb", "Invalid verb provided");
    switch (verb as (typeof VERBS)[number]) {
      case "Identify":
        return identify(params, context);
      case "ListMetadataFormats":
        return listMetadataFormats(params, context);
      case "ListSets":
        return listSets(params, context);
      case "GetRecord":
        return getRecord(params, context);
      case "ListRecords":
        return listData(params, context, true);
      case "ListIdentifiers":
        return listData(params, context, false);
    }
  } catch (error) {
    if (!(error instanceof OaiProblem)) throw error;
    return envelope(context.now, requestElement(context.baseUrl, error.attributes), errorBody(error.code, error.reason));
  }
}

const sameKeys = (params: ReadonlyMap<string, string>, expected: readonly string[]) => params.size === expected.length && expected.every((name) => params.has(name));

function answer(context: OaiRequestContext, attributes: Attributes, body: string): string {
  return envelope(context.now, requestElement(context.baseUrl, attributes), body);
}

function identify(params: Map<string, string>, context: OaiRequestContext): string {
  if (!sameKeys(params, ["verb"])) throw new OaiProblem("badArgument", "No other parameters allowed for Identify");
  return answer(context, new Map([["verb", "Identify"]]), identifyBody(context.baseUrl));
}

/** The arXiv id an OAI identifier names ("oai:arXiv.org:hep-th/9901001"). */
function identifierToId(identifier: string, attributes: Attributes): string {
  if (!identifier.startsWith(OAI_ID_PREFIX)) throw new OaiProblem("idDoesNotExist", `All identifiers start with: ${OAI_ID_PREFIX}`, attributes);
  const parsed = parseArxivId(identifier.slice(OAI_ID_PREFIX.length));
  if (!parsed) throw new OaiProblem("idDoesNotExist", "Invalid arXiv identifier", attributes);
  return canonicalArxivId(parsed.id);
}

function listMetadataFormats(params: Map<string, string>, context: OaiRequestContext): string {
  const attributes: Attributes = new Map([["verb", "ListMetadataFormats"]]);
  if (params.has("identifier")) {
    if (!sameKeys(params, ["verb", "identifier"])) throw new OaiProblem("badArgument", "Only identifier parameter allowed");
    const identifier = params.get("identifier")!;
    attributes.set("identifier", identifier);
    const id = identifierToId(identifier, attributes);
    if (!context.repository.get(id)) throw new OaiProblem("idDoesNotExist", "Nothing found for this ID", attributes);
  } else if (!sameKeys(params, ["verb"])) {
    throw new OaiProblem("badArgument", "Only allowed parameters are verb, identifier");
  }
  return answer(context, attributes, metadataFormatsBody());
}

function listSets(params: Map<string, string>, context: OaiRequestContext): string {
  if (params.has("resumptionToken")) {
    if (!sameKeys(params, ["verb", "resumptionToken"])) throw new OaiProblem("badArgument", "No other paramters allowed with resumptionToken");
    // arXiv lists every set at once and never hands out a token for them.
    throw new OaiProblem("badArgument", "Invalid token");
  }
  if (!sameKeys(params, ["verb"])) throw new OaiProblem("badArgument", "No other parameters allowed");
  return answer(context, new Map([["verb", "ListSets"]]), setsBody(listedSets()));
}

function formatOf(prefix: string, attributes: Attributes): MetadataFormat {
  const format = METADATA_FORMATS.find((candidate) => candidate.prefix === prefix);
  if (!format) throw new OaiProblem("cannotDisseminateFormat", "Did not recognize requested format", attributes);
  return format;
}

function getRecord(params: Map<string, string>, context: OaiRequestContext): string {
  if (!sameKeys(params, ["identifier", "metadataPrefix", "verb"])) {
    throw new OaiProblem("badArgument", "Parameters provided did not match expected. Expected: identifier, metadataPrefix, verb");
  }
  const identifier = params.get("identifier")!;
  const attributes: Attributes = new Map([
    ["verb", "GetRecord"],
    ["identifier", identifier],
  ]);
  const id = identifierToId(identifier, attributes);
  const format = formatOf(params.get("metadataPrefix")!, attributes);
  attributes.set("metadataPrefix", format.prefix);
  const record = context.repository.get(id);
  if (!record) throw new OaiProblem("idDoesNotExist", "Nothing found for this ID", attributes);
  return answer(context, attributes, `    <GetRecord>\n${recordElement(record, format.prefix, "        ")}    </GetRecord>\n`);
}

interface ListRequest {
  format: MetadataFormat;
  fromDay: number;
  untilDay: number;
  set: SetFilter | null;
}

/** The checks of a list request's arguments (its own, or a token's), filling `attributes` as arXiv does. */
function readListArguments(source: ReadonlyMap<string, string>, attributes: Attributes, now: Date): ListRequest {
  if (!source.has("metadataPrefix")) throw new OaiProblem("badArgument", "metadataPrefix required.");
  if ([...source.keys()].some((name) => !LIST_ARGUMENTS.includes(name))) {
    throw new OaiProblem("badArgument", `Unallowed parameter. Allowed parameters: ${LIST_ARGUMENTS.join(", ")}`);
  }
  const format = formatOf(source.get("metadataPrefix")!, attributes);
  attributes.set("metadataPrefix", format.prefix);

  const dayArgument = (name: "from" | "until"): number | undefined => {
    const text = source.get(name);
    if (!text) return undefined;
    const day = DATE_FORMAT.test(text) ? parseDay(text) : undefined;
    if (day === undefined) throw new OaiProblem("badArgument", `${name} date format must be YYYY-MM-DD`);
    attributes.set(name, text);
    return day;
  };
  const fromDay = dayArgument("from") ?? EARLIEST_DAY;
  const untilDay = dayArgument("until") ?? dayOf(now.getTime());

  let set: SetFilter | null = null;
  const setText = source.get("set");
  if (setText) {
    try {
      set = parseSetSpec(setText);
    } catch (error) {
      if (error instanceof SetError) throw new OaiProblem("badArgument", error.message);
      throw error;
    }
    attributes.set("set", setText);
  }

  if (fromDay > untilDay) throw new OaiProblem("badArgument", "until date must be greater than or equal to from date");
  if (fromDay < EARLIEST_DAY) throw new OaiProblem("badArgument", "start date too early");
  // The last second of `until` may be at most a day ahead of now.
  if ((untilDay + 1) * DAY_MS - 1000 > now.getTime() + DAY_MS) throw new OaiProblem("badArgument", "until date too late");
  return { format, fromDay, untilDay, set };
}

function listData(params: Map<string, string>, context: OaiRequestContext, full: boolean): string {
  const verb = params.get("verb")!;
  const attributes: Attributes = new Map([["verb", verb]]);
  let source: ReadonlyMap<string, string> = params;
  let skip = 0;
  const resumed = params.has("resumptionToken");
  if (resumed) {
    if (!sameKeys(params, ["verb", "resumptionToken"])) throw new OaiProblem("badArgument", "No other paramters allowed with resumptionToken");
    const token = params.get("resumptionToken")!;
    attributes.set("resumptionToken", token);
    let decoded: ReturnType<typeof decodeResumptionToken>;
    try {
      decoded = decodeResumptionToken(token);
    } catch (error) {
      if (error instanceof TokenDecodeError) throw new OaiProblem("badResumptionToken", error.message, attributes);
      throw error;
    }
    if (decoded.params.get("verb") !== verb) throw new OaiProblem("badResumptionToken", "token from different verb", attributes);
    source = decoded.params;
    skip = decoded.skip;
  }

  let request: ListRequest;
  try {
    request = readListArguments(source, attributes, context.now);
  } catch (error) {
    // A token's arguments were the sandbox's own: a fault in them means the token was altered.
    if (resumed && error instanceof OaiProblem) throw new OaiProblem("badResumptionToken", error.reason, attributes);
    throw error;
  }

  const limit = full ? context.settings.recordsPerPage : context.settings.identifiersPerPage;
  const found = context.repository.list({ fromDay: request.fromDay, untilDay: request.untilDay, set: request.set, skip, limit: limit + 1, full });
  if (found.length === 0) {
    // A token is only handed out when more records follow: none now means its list changed under it.
    if (resumed) throw new OaiProblem("badResumptionToken", "No records are left where this token points", attributes);
    throw new OaiProblem("noRecordsMatch", null, attributes);
  }

  let token: TokenOut | null = resumed ? "end" : null;
  let page: readonly (OaiRecord | OaiHeaderFields)[] = found;
  if (found.length > limit) {
    const next = found[limit]!;
    page = found.slice(0, limit);
    let nextSkip = skip + limit;
    if (next.day !== found[0]!.day) {
      // As arXiv: resume from the day the next record is on, past the ones of that day already sent.
      nextSkip = page.filter((record) => record.day === next.day).length;
      attributes.set("from", dayString(next.day));
    }
    token = { value: encodeResumptionToken(attributes, nextSkip), expires: tokenExpiry(context.now) };
  }

  const element = full ? "ListRecords" : "ListIdentifiers";
  let body = `    <${element}>\n`;
  for (const item of page) body += full ? recordElement(item as OaiRecord, request.format.prefix, "        ") : headerElement(item, "        ");
  if (token) body += tokenElement(token, "        ");
  body += `    </${element}>\n`;
  return answer(context, attributes, body);
}
