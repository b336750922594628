/**
 * Writes Atom feeds in the layout arXiv's API has used since 2026 (see the recordings in
 * data/recordings/arxiv/golden): namespaces declared once on <feed>, a feed id made from a
 * hash of the query, the self link without rel, OpenSearch elements before the entries, and
 * entries in arXiv's element order. Written as text because the layout itself (order,
 * attribute order, indentation) is what the sandbox must reproduce.
 */
import { createHash } from "node:crypto";
import { isoSeconds, type Paper } from "../corpus";

const XML_DECLARATION = "<?xml version='1.0' encoding='UTF-8'?>";
const FEED_OPEN =
  '<feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom">';

export const ATOM_CONTENT_TYPE = "application/atom+xml; charset=utf-8";

/** Characters XML 1.0 cannot carry at all; arXiv metadata occasionally has stray control codes. */
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes text content: `&`, `<`, `>` (quotes stay literal, as in arXiv's output). */
export function escapeText(value: string): string {
  return value.replace(INVALID_XML_CHARS, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Escapes an attribute value written in double quotes. */
export function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, "&quot;");
}

/** The request parameters that arXiv echoes in the feed's title, id and self link. */
export interface FeedQuery {
  /** The normalised search_query (bare terms prefixed with `all:`), or "". */
  searchQuery: string;
  /** id_list as sent, or "". */
  idList: string;
  start: number;
  maxResults: number;
}

/** arXiv's query string for the title; its SHA-1 (base64, no padding) is the feed id. */
function querySignature(query: FeedQuery): string {
  return `search_query=${query.searchQuery}&id_list=${query.idList}&start=${query.start}&max_results=${query.maxResults}`;
}

/** Percent-encodes a value for the self link, keeping the characters arXiv leaves readable there. */
function linkValue(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ":").replace(/%2F/gi, "/").replace(/%2C/gi, ",");
}

/** Which version an entry shows: the latest unless the request named one. */
export interface FeedEntry {
  paper: Paper;
  version: number;
}

/** A full result feed. `now` is the feed's <updated>. */
export function renderFeed(query: FeedQuery, entries: readonly FeedEntry[], totalResults: number, now: Date): string {
  const signature = querySignature(query);
  const feedId = createHash("sha1").update(signature).digest("base64").replace(/=+$/, "");
  const selfHref = `https://arxiv.org/api/query?search_query=${linkValue(query.searchQuery)}&start=${query.start}&max_results=${query.maxResults}&id_list=${linkValue(query.idList)}`;
  const lines = [
    XML_DECLARATION,
    FEED_OPEN,
    `  <id>https://arxiv.org/api/${feedId}</id>`,
    `  <title>arXiv Query: ${escapeText(signature)}</title>`,
    `  <updated>${isoSeconds(now.getTime())}</updated>`,
    `  <link href="${escapeAttribute(selfHref)}" type="application/atom+xml"/>`,
    `  <opensearch:itemsPerPage>${query.maxResults}</opensearch:itemsPerPage>`,
    `  <opensearch:totalResults>${totalResults}</opensearch:totalResults>`,
    `  <opensearch:startIndex>${query.start}</opensearch:startIndex>`,
  ];
  for (const entry of entries) lines.push(renderEntry(entry));
  lines.push("</feed>");
  return `${lines.join("\n")}\n`;
}

function renderEntry({ paper, version }: FeedEntry): string {
  const versionedId = `${paper.id}v${version}`;
  const updated = paper.versions.find((v) => v.version === version)?.created ?? paper.updated;
  const lines = [
    "  <entry>",
    `    <id>http://arxiv.org/abs/${versionedId}</id>`,
    `    <title>${escapeText(paper.title)}</title>`,
    `    <updated>${updated}</updated>`,
    `    <link href="https://arxiv.org/abs/${versionedId}" rel="alternate" type="text/html"/>`,
    `    <link href="https://arxiv.org/pdf/${versionedId}" rel="related" type="application/pdf" title="pdf"/>`,
    `    <summary>${escapeText(paper.abstract)}</summary>`,
  ];
  for (const category of paper.categories) lines.push(`    <category term="${escapeAttribute(category)}" scheme="http://arxiv.org/schemas/atom"/>`);
  lines.push(`    <published>${paper.published}</published>`);
  if (paper.comment) lines.push(`    <arxiv:comment>${escapeText(paper.comment)}</arxiv:comment>`);
  lines.push(`    <arxiv:primary_category term="${escapeAttribute(paper.primaryCategory)}"/>`);
  if (paper.journalRef) lines.push(`    <arxiv:journal_ref>${escapeText(paper.journalRef)}</arxiv:journal_ref>`);
  paper.authors.forEach((name, index) => {
    lines.push("    <author>", `      <name>${escapeText(name)}</name>`);
    for (const affiliation of paper.affiliations[index] ?? []) lines.push(`      <arxiv:affiliation>${escapeText(affiliation)}</arxiv:affiliation>`);
    lines.push("    </author>");
  });
  if (paper.doi) {
    lines.push(`    <arxiv:doi>${escapeText(paper.doi)}</arxiv:doi>`);
    // A record may list several DOIs separated by spaces; the link points at the first.
    const firstDoi = paper.doi.split(/\s+/)[0]!;
    lines.push(`    <link rel="related" href="https://doi.org/${escapeAttribute(firstDoi)}" title="doi"/>`);
  }
  lines.push("  </entry>");
  return lines.join("\n");
}

/**
 * arXiv's error feed (HTTP 400): one entry whose id and link name the error, e.g.
 * `https://arxiv.org/api/errors#incorrect_id_format_for_abc`.
 */
export function renderErrorFeed(message: string, now: Date): string {
  const anchor = `https://arxiv.org/api/errors#${message.replace(/ /g, "_")}`;
  const stamp = isoSeconds(now.getTime());
  return `${[
    XML_DECLARATION,
    FEED_OPEN,
    "  <id>https://arxiv.org/</id>",
    "  <title>arXiv Search Results</title>",
    `  <updated>${stamp}</updated>`,
    "  <opensearch:itemsPerPage>1</opensearch:itemsPerPage>",
    "  <opensearch:totalResults>1</opensearch:totalResults>",
    "  <opensearch:startIndex>0</opensearch:startIndex>",
    "  <entry>",
    `    <id>${escapeText(anchor)}</id>`,
    "    <title>Error</title>",
    `    <updated>${stamp}</updated>`,
    `    <link href="${escapeAttribute(anchor)}" rel="alternate" type="text/html"/>`,
    `    <summary>${escapeText(message)}</summary>`,
    "    <author>",
    "      <name>arXiv api core</name>",
    "    </author>",
    "  </entry>",
    "</feed>",
  ].join("\n")}\n`;
}
