/**
 * The XML of arXiv's OAI-PMH service (oaipmh.arxiv.org/oai), element for element as its
 * templates write it: the envelope, the request element, headers, the oai_dc, arXiv, arXivOld
 * and arXivRaw metadata, the resumption token (an `expires` attribute, the next midnight UTC;
 * an empty `<resumptionToken/>` closes a resumed list) and errors (code in single quotes, the
 * OAI-PMH description, then "Reason: ..."). Text is escaped as its template engine escapes it
 * (`"` and `'` as character references). Indentation is the sandbox's own: whitespace between
 * elements means nothing to an XML reader.
 */
import { dayString, type OaiAuthor, type OaiRecord } from "./oai-record";
import { CATEGORIES, expandCategories, headerSetSpecs, type ListedSet } from "./taxonomy";

export const OAI_ID_PREFIX = "oai:arXiv.org:";

export interface MetadataFormat {
  prefix: "oai_dc" | "arXiv" | "arXivOld" | "arXivRaw";
  schema: string;
  namespace: string;
}

/** The formats in the order arXiv lists them. */
export const METADATA_FORMATS: readonly MetadataFormat[] = [
  { prefix: "oai_dc", schema: "http://www.openarchives.org/OAI/2.0/oai_dc.xsd", namespace: "http://www.openarchives.org/OAI/2.0/oai_dc/" },
  { prefix: "arXiv", schema: "http://arxiv.org/OAI/arXiv.xsd", namespace: "http://arxiv.org/OAI/arXiv/" },
  { prefix: "arXivOld", schema: "http://arxiv.org/OAI/arXivOld.xsd", namespace: "http://arxiv.org/OAI/arXivOld/" },
  { prefix: "arXivRaw", schema: "http://arxiv.org/OAI/arXivRaw.xsd", namespace: "http://arxiv.org/OAI/arXivRaw/" },
];

/** The OAI-PMH descriptions arXiv's errors start with. */
export const ERROR_DESCRIPTIONS = {
  badArgument: "The request includes illegal arguments, is missing required arguments, includes a repeated argument, or values for arguments have an illegal syntax.",
  badResumptionToken: "The value of the resumptionToken argument is invalid or expired.",
  badVerb: "Value of the verb argument is not a legal OAI-PMH verb, the verb argument is missing, or the verb argument is repeated.",
  cannotDisseminateFormat: "The metadata format identified by the value given for the metadataPrefix argument is not supported by the item or by the repository.",
  idDoesNotExist: "The value of the identifier argument is unknown or illegal in this repository.",
  noRecordsMatch: "The combination of the values of the from, until, set and metadataPrefix arguments results in an empty list.",
  noMetadataFormats: "There are no metadata formats available for the specified item.",
  noSetHierarchy: "The repository does not support sets. This exception should not be true for the arXiv implementation.",
} as const;

export type OaiErrorCode = keyof typeof ERROR_DESCRIPTIONS;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;" };

/** Escapes text and attribute values the way arXiv's templates are escaped. */
export function escapeXml(text: string): string {
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (character) => ESCAPES[character]!) : text;
}

/** `<responseDate>`'s form: "2026-01-05T10:11:12Z". */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

const GMT_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const GMT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (value: number) => String(value).padStart(2, "0");

/** arXivRaw's version date: "Mon, 07 Oct 2024 10:45:05 GMT". */
export function gmtDate(ms: number): string {
  const date = new Date(ms);
  return `${GMT_DAYS[date.getUTCDay()]}, ${two(date.getUTCDate())} ${GMT_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} GMT`;
}

const OAI_PMH_OPEN =
  '<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd">';

/** The request element: the arguments arXiv echoes, in the order it read them. */
export function requestElement(baseUrl: string, attributes: ReadonlyMap<string, string> | null): string {
  const rendered = attributes ? [...attributes].map(([name, value]) => ` ${name}="${escapeXml(value)}"`).join("") : "";
  return `<request${rendered}>${escapeXml(baseUrl)}</request>`;
}

/** A whole answer: the declaration, the envelope, the response date, the request and the body. */
export function envelope(now: Date, request: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${OAI_PMH_OPEN}\n    <responseDate>${isoSeconds(now)}</responseDate>\n    ${request}\n${body}</OAI-PMH>\n`;
}

export function errorBody(code: OaiErrorCode, reason: string | null): string {
  const text = reason ? `${ERROR_DESCRIPTIONS[code]} Reason: ${reason}` : ERROR_DESCRIPTIONS[code];
  return `    <error code='${code}'>${escapeXml(text)}</error>\n`;
}

/** The resumption token: a value, or the empty element that ends a resumed list. */
export type TokenOut = { value: string; expires: Date } | "end";

export function tokenElement(token: TokenOut, indent: string): string {
  if (token === "end") return `${indent}<resumptionToken/>\n`;
  return `${indent}<resumptionToken expires='${isoSeconds(token.expires)}'>${escapeXml(token.value)}</resumptionToken>\n`;
}

export function headerElement(record: Pick<OaiRecord, "id" | "day" | "deleted" | "categories">, indent: string): string {
  const inner = `${indent}    `;
  let xml = `${indent}<header${record.deleted ? ' status="deleted"' : ""}>\n${inner}<identifier>${OAI_ID_PREFIX}${escapeXml(record.id)}</identifier>\n${inner}<datestamp>${dayString(record.day)}</datestamp>\n`;
  for (const spec of headerSetSpecs(record.categories)) xml += `${inner}<setSpec>${escapeXml(spec)}</setSpec>\n`;
  return `${xml}${indent}</header>\n`;
}

/** One optional element: nothing when the value is absent. */
function optional(name: string, value: string | null, indent: string): string {
  return value ? `${indent}<${name}>${escapeXml(value)}</${name}>\n` : "";
}

function element(name: string, value: string, indent: string): string {
  return `${indent}<${name}>${escapeXml(value)}</${name}>\n`;
}

const dcCreator = (author: OaiAuthor) => `${author.keyname}${author.suffix ? ` ${author.suffix}` : ""}${author.forenames ? `, ${author.forenames}` : ""}`;

function oaiDc(record: OaiRecord, indent: string): string {
  const inner = `${indent}    `;
  const first = record.versions[0]!;
  const last = record.versions[record.versions.length - 1]!;
  let xml = `${indent}<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd">\n`;
  xml += element("dc:title", record.title, inner);
  for (const author of record.authors) xml += element("dc:creator", dcCreator(author), inner);
  const names: string[] = [];
  for (const category of expandCategories(record.categories)) {
    const name = CATEGORIES.get(category)?.name;
    if (name && !names.includes(name)) names.push(name);
  }
  for (const name of names) xml += element("dc:subject", name, inner);
  xml += optional("dc:subject", record.mscClass, inner);
  xml += optional("dc:subject", record.acmClass, inner);
  // arXiv's template leaves a space after the abstract.
  if (record.abstract) xml += element("dc:description", `${record.abstract} `, inner);
  xml += optional("dc:description", record.comments, inner);
  xml += element("dc:date", dayString(Math.floor(first.submittedMs / 86_400_000)), inner);
  if (last.submittedMs !== first.submittedMs) xml += element("dc:date", dayString(Math.floor(last.submittedMs / 86_400_000)), inner);
  xml += element("dc:type", "text", inner);
  xml += element("dc:identifier", `http://arxiv.org/abs/${record.id}`, inner);
  xml += optional("dc:identifier", record.journalRef, inner);
  if (record.doi) xml += element("dc:identifier", `doi:${record.doi}`, inner);
  return `${xml}${indent}</oai_dc:dc>\n`;
}

function arxivFormat(record: OaiRecord, indent: string): string {
  const inner = `${indent}    `;
  const first = record.versions[0]!;
  const last = record.versions[record.versions.length - 1]!;
  let xml = `${indent}<arXiv xmlns="http://arxiv.org/OAI/arXiv/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://arxiv.org/OAI/arXiv/ http://arxiv.org/OAI/arXiv.xsd">\n`;
  xml += element("id", record.id, inner);
  xml += element("created", dayString(Math.floor(first.submittedMs / 86_400_000)), inner);
  if (record.versions.length > 1) xml += element("updated", dayString(Math.floor(last.submittedMs / 86_400_000)), inner);
  xml += `${inner}<authors>\n`;
  for (const author of record.authors) {
    xml += `${inner}    <author>\n`;
    xml += element("keyname", author.keyname, `${inner}        `);
    xml += optional("forenames", author.forenames, `${inner}        `);
    xml += optional("suffix", author.suffix, `${inner}        `);
    for (const affiliation of author.affiliations) xml += element("affiliation", affiliation, `${inner}        `);
    xml += `${inner}    </author>\n`;
  }
  xml += `${inner}</authors>\n`;
  xml += element("title", record.title, inner);
  if (record.categories.length > 0) xml += element("categories", record.categories.join(" "), inner);
  xml += optional("comments", record.comments, inner);
  xml += optional("proxy", record.proxy, inner);
  xml += optional("report-no", record.reportNo, inner);
  xml += optional("msc-class", record.mscClass, inner);
  // arXiv's template writes the msc-class into acm-class (sic).
  if (record.acmClass) xml += element("acm-class", record.mscClass ?? "", inner);
  xml += optional("journal-ref", record.journalRef, inner);
  xml += optional("doi", record.doi, inner);
  xml += optional("license", record.license, inner);
  xml += optional("abstract", record.abstract, inner);
  return `${xml}${indent}</arXiv>\n`;
}

function arxivRaw(record: OaiRecord, indent: string): string {
  const inner = `${indent}    `;
  let xml = `${indent}<arXivRaw xmlns="http://arxiv.org/OAI/arXivRaw/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://arxiv.org/OAI/arXivRaw/ http://arxiv.org/OAI/arXivRaw.xsd">\n`;
  xml += element("id", record.id, inner);
  xml += element("submitter", record.submitter, inner);
  for (const version of record.versions) {
    xml += `${inner}<version version="v${version.version}">\n`;
    xml += element("date", gmtDate(version.submittedMs), `${inner}    `);
    xml += element("size", `${version.sizeKb}kb`, `${inner}    `);
    xml += optional("source_type", version.sourceType, `${inner}    `);
    xml += `${inner}</version>\n`;
  }
  xml += element("title", record.title, inner);
  xml += element("authors", record.authorLine, inner);
  xml += element("categories", record.categories.join(" "), inner);
  xml += optional("comments", record.comments, inner);
  xml += optional("proxy", record.proxy, inner);
  xml += optional("report-no", record.reportNo, inner);
  // As arXiv's template: acm-class before msc-class, and holding the msc-class.
  if (record.acmClass) xml += element("acm-class", record.mscClass ?? "", inner);
  xml += optional("msc-class", record.mscClass, inner);
  xml += optional("journal-ref", record.journalRef, inner);
  xml += optional("doi", record.doi, inner);
  xml += optional("license", record.license, inner);
  xml += optional("abstract", record.abstract, inner);
  return `${xml}${indent}</arXivRaw>\n`;
}

function arxivOld(record: OaiRecord, indent: string): string {
  const inner = `${indent}    `;
  let xml = `${indent}<arXivOld xmlns="http://arxiv.org/OAI/arXivOld/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://arxiv.org/OAI/arXivOld/ http://arxiv.org/OAI/arXivOld.xsd">\n`;
  xml += element("id", record.id, inner);
  xml += element("title", record.title, inner);
  xml += element("authors", record.authorLine, inner);
  xml += element("categories", record.categories.join(" "), inner);
  xml += optional("comments", record.comments, inner);
  xml += optional("proxy", record.proxy, inner);
  xml += optional("report-no", record.reportNo, inner);
  xml += optional("msc-class", record.mscClass, inner);
  xml += optional("acm-class", record.acmClass, inner);
  xml += optional("journal-ref", record.journalRef, inner);
  xml += optional("doi", record.doi, inner);
  xml += optional("abstract", record.abstract, inner);
  xml += optional("license", record.license, inner);
  return `${xml}${indent}</arXivOld>\n`;
}

const METADATA: Record<MetadataFormat["prefix"], (record: OaiRecord, indent: string) => string> = { oai_dc: oaiDc, arXiv: arxivFormat, arXivOld: arxivOld, arXivRaw: arxivRaw };

/** A `<record>`: the header, and the metadata unless the record is deleted. */
export function recordElement(record: OaiRecord, prefix: MetadataFormat["prefix"], indent: string): string {
  const inner = `${indent}    `;
  let xml = `${indent}<record>\n${headerElement(record, inner)}`;
  if (!record.deleted) xml += `${inner}<metadata>\n${METADATA[prefix](record, `${inner}    `)}${inner}</metadata>\n`;
  return `${xml}${indent}</record>\n`;
}

export function identifyBody(baseUrl: string): string {
  return `    <Identify>
        <repositoryName>arXiv</repositoryName>
        <baseURL>${escapeXml(baseUrl)}</baseURL>
        <protocolVersion>2.0</protocolVersion>
        <adminEmail>help@arxiv.org</adminEmail>
        <earliestDatestamp>2005-09-16</earliestDatestamp>
        <deletedRecord>persistent</deletedRecord>
        <granularity>YYYY-MM-DD</granularity>
        <description>
            <eprints xmlns="http://www.openarchives.org/OAI/1.1/eprints" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/1.1/eprints http://www.openarchives.org/OAI/1.1/eprints.xsd">
                <content>
                    <text>Author self-archived e-prints</text>
                </content>
                <metadataPolicy>
                    <text>Metadata harvesting permitted through OAI interface</text>
                    <URL>http://arxiv.org/help/oa/metadataPolicy</URL>
                </metadataPolicy>
                <dataPolicy>
                    <text>Full-content harvesting not permitted (except by special arrangement)</text>
                    <URL>http://arxiv.org/help/oa/dataPolicy</URL>
                </dataPolicy>
                <submissionPolicy>
                    <text>Author self-submission preferred, submissions screened for appropriateness.</text>
                    <URL>http://arxiv.org/help/submit</URL>
                </submissionPolicy>
            </eprints>
        </description>
        <description>
            <branding xmlns="http://www.openarchives.org/OAI/2.0/branding/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/branding/ http://www.openarchives.org/OAI/2.0/branding.xsd">
                <collectionIcon>
                    <url>http://arxiv.org/OAI/arXivLogo.png</url>
                    <link>http://arxiv.org/</link>
                    <title>arXiv e-print archive</title>
                    <width>88</width>
                    <height>31</height>
                </collectionIcon>
                <metadataRendering metadataNamespace="http://www.openarchives.org/OAI/2.0/oai_dc/" mimeType="text/xsl">http://arxiv.org/OAI/arXivMetadata.xsl</metadataRendering>
            </branding>
        </description>
    </Identify>
`;
}

export function metadataFormatsBody(): string {
  const formats = METADATA_FORMATS.map(
    (format) => `        <metadataFormat>\n            <metadataPrefix>${format.prefix}</metadataPrefix>\n            <schema>${format.schema}</schema>\n            <metadataNamespace>${format.namespace}</metadataNamespace>\n        </metadataFormat>\n`,
  ).join("");
  return `    <ListMetadataFormats>\n${formats}    </ListMetadataFormats>\n`;
}

export function setsBody(sets: readonly ListedSet[]): string {
  const items = sets.map((set) => `        <set>\n            <setSpec>${escapeXml(set.spec)}</setSpec>\n            <setName>${escapeXml(set.name)}</setName>\n        </set>\n`).join("");
  return `    <ListSets>\n${items}    </ListSets>\n`;
}
