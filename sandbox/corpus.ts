/**
 * The sandbox's paper corpus: real arXiv metadata from three fixture files (arXiv's own .abs
 * test files, the OAI-PMH test database, daily listings of 2025-2026), the entries of the
 * recorded 2026 API responses, and the two papers whose real PDFs we ship, normalised into one
 * list with one record per paper. See data/PROVENANCE.md for where each file comes from.
 */
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { XMLParser } from "fast-xml-parser";
import { collapseWhitespace, parseAuthorList, type ParsedAuthor } from "./lib/author-list";
import { fingerprint, readThroughCache, siblingPath } from "./lib/file-cache";
import { estimateListingDates, type ListingEstimate } from "./lib/listing-dates";
import { texToUnicode } from "./lib/tex-to-unicode";

export interface PaperVersion {
  version: number;
  /** When this version was submitted, ISO 8601 UTC without milliseconds. */
  created: string;
}

export type PaperSource = "abs" | "oaipmh" | "daily-listing" | "api-recording" | "pdf";

export interface Paper {
  /** arXiv id without version: "2503.11731" or "hep-th/9901001". */
  id: string;
  /** The latest version's number. */
  version: number;
  /** Known versions, oldest first. Recorded API entries only tell the first and the latest. */
  versions: PaperVersion[];
  title: string;
  authors: string[];
  /** Affiliations per author, parallel to `authors` (arXiv's `arxiv:affiliation`). */
  affiliations: string[][];
  abstract: string;
  /** Primary category first. */
  categories: string[];
  primaryCategory: string;
  comment: string | null;
  journalRef: string | null;
  doi: string | null;
  reportNo: string | null;
  /** First version's submission time (what `submittedDate` filters on). */
  published: string;
  /** Latest version's submission time. */
  updated: string;
  license: string | null;
  source: PaperSource;
  /** For daily-listing papers: how `published` was estimated (see lib/listing-dates.ts). */
  dateBasis?: ListingEstimate["basis"];
}

export interface Corpus {
  papers: Paper[];
  byId: Map<string, Paper>;
  /** Milliseconds the load took, for the startup log and the benchmark. */
  loadMs: number;
  /** Hash of the data files and loader code this corpus came from (keys derived caches). */
  fingerprint: string;
  /** Whether the normalised corpus came from sandbox/.cache rather than the source files. */
  fromCache: boolean;
}

const DATA_DIR = fileURLToPath(new URL("./data/", import.meta.url));
export const CORPUS_FILES = {
  abs: "corpus/arxiv-browse-abs-files.jsonl.gz",
  oaipmh: "corpus/arxiv-oaipmh-testdb-metadata.jsonl.gz",
  daily: "corpus/daily-arxiv-listings-2025-2026.jsonl.gz",
  pdfPapers: "corpus/pdf-papers.json",
  recordings: "recordings/arxiv/golden",
} as const;

/** Absolute path of a file under sandbox/data, resolved from this module so no machine path is stored. */
export function dataPath(relative: string): string {
  return `${DATA_DIR}${relative}`;
}

/** ISO 8601 in UTC to the second, the way arXiv's Atom writes dates ("2017-07-27T08:18:33Z"). */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");
}

function readJsonLines<T>(relative: string): T[] {
  const text = gunzipSync(readFileSync(dataPath(relative))).toString("utf8");
  const rows: T[] = [];
  for (const line of text.split("\n")) if (line) rows.push(JSON.parse(line) as T);
  return rows;
}

function clean(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const collapsed = collapseWhitespace(text);
  return collapsed.length > 0 ? collapsed : null;
}

function fromAuthors(parsed: ParsedAuthor[]): Pick<Paper, "authors" | "affiliations"> {
  return { authors: parsed.map((author) => author.name), affiliations: parsed.map((author) => author.affiliations) };
}

function splitCategories(value: string | null | undefined): string[] {
  return (value ?? "").split(/\s+/).filter(Boolean);
}

function withDates(paper: Omit<Paper, "version" | "published" | "updated">): Paper {
  const versions = [...paper.versions].sort((a, b) => a.version - b.version);
  const first = versions[0];
  const last = versions[versions.length - 1];
  if (!first || !last) throw new Error(`Paper ${paper.id} has no dated version`);
  return { ...paper, versions, version: last.version, published: first.created, updated: last.created };
}

// --- arXiv .abs files (arxiv-browse test data) -------------------------------------------------

interface AbsRow {
  id: string;
  versions: { version: string; created: string }[];
  authors: string | null;
  title: string | null;
  comments: string | null;
  "journal-ref": string | null;
  doi: string | null;
  "report-no": string | null;
  categories: string | null;
  license: string | null;
  abstract: string | null;
}

function fromAbs(row: AbsRow): Paper {
  const categories = splitCategories(row.categories);
  return withDates({
    id: row.id,
    versions: row.versions.map((v) => ({ version: Number(v.version.replace(/^v/, "")), created: isoSeconds(Date.parse(v.created)) })),
    title: clean(row.title) ?? "",
    ...fromAuthors(parseAuthorList(row.authors ?? "")),
    abstract: clean(row.abstract) ?? "",
    categories,
    primaryCategory: categories[0] ?? "",
    comment: clean(row.comments),
    journalRef: clean(row["journal-ref"]),
    doi: clean(row.doi),
    reportNo: clean(row["report-no"]),
    license: row.license,
    source: "abs",
  });
}

// --- OAI-PMH test database (one row per version) -------------------------------------------

interface OaiRow {
  paper_id: string;
  version: number;
  created: string;
  title: string | null;
  authors: string | null;
  abs_categories: string | null;
  comments: string | null;
  report_num: string | null;
  journal_ref: string | null;
  doi: string | null;
  abstract: string | null;
  license: string | null;
  is_current: number;
}

function fromOaiVersions(rows: OaiRow[]): Paper {
  const current = rows.find((row) => row.is_current === 1) ?? rows.reduce((a, b) => (b.version > a.version ? b : a));
  const categories = splitCategories(current.abs_categories);
  return withDates({
    id: current.paper_id,
    // The database stores times in UTC without a zone ("2007-04-01 16:37:36").
    versions: rows.map((row) => ({ version: row.version, created: isoSeconds(Date.parse(`${row.created.replace(" ", "T")}Z`)) })),
    title: clean(current.title) ?? "",
    ...fromAuthors(parseAuthorList(current.authors ?? "")),
    abstract: clean(current.abstract) ?? "",
    categories,
    primaryCategory: categories[0] ?? "",
    comment: clean(current.comments),
    journalRef: clean(current.journal_ref),
    doi: clean(current.doi),
    reportNo: clean(current.report_num),
    license: current.license,
    source: "oaipmh",
  });
}

/** Both arXiv-internal sources know some of the same papers: the .abs record wins, versions merge. */
function mergeArxivInternal(abs: Paper, oai: Paper): Paper {
  const versions = new Map(oai.versions.map((v) => [v.version, v]));
  for (const v of abs.versions) versions.set(v.version, v);
  return withDates({ ...abs, versions: [...versions.values()], license: abs.license ?? oai.license, doi: abs.doi ?? oai.doi });
}

// --- Daily listings ------------------------------------------------------------------------

interface DailyRow {
  id: string;
  authors: string[];
  title: string;
  categories: string[];
  comment: string | null;
  summary: string;
  _listing_file: string;
}

function listingDateOf(row: DailyRow): string {
  const match = /(\d{4}-\d{2}-\d{2})/.exec(row._listing_file);
  if (!match) throw new Error(`No date in listing file name ${row._listing_file}`);
  return match[1]!;
}

function fromDaily(row: DailyRow, estimate: ListingEstimate): Paper {
  const created = isoSeconds(estimate.submittedMs);
  return withDates({
    id: row.id,
    // The crawler saw papers on their first announcement, so version 1 is the one it knew.
    versions: [{ version: 1, created }],
    title: clean(row.title) ?? "",
    authors: row.authors.map((name) => collapseWhitespace(texToUnicode(name))),
    affiliations: row.authors.map(() => []),
    abstract: clean(row.summary) ?? "",
    categories: row.categories,
    primaryCategory: row.categories[0] ?? "",
    comment: clean(row.comment),
    journalRef: null,
    doi: null,
    reportNo: null,
    license: null,
    source: "daily-listing",
    dateBasis: estimate.basis,
  });
}

// --- Entries of the recorded 2026 API responses ------------------------------------------------

interface RecordedEntry {
  id: string;
  title: string;
  updated: string;
  published?: string;
  summary: string;
  category?: { term: string }[];
  "arxiv:primary_category"?: { term: string };
  "arxiv:comment"?: string;
  "arxiv:journal_ref"?: string;
  "arxiv:doi"?: string;
  author?: { name: string; "arxiv:affiliation"?: string[] }[];
}

/**
 * The recording harness decoded arXiv's UTF-8 bytes as Latin-1 ("WÃ¼bben" for "Wübben");
 * re-reading those code units as bytes gives the original text back.
 */
export function repairMojibake(text: string): string {
  if (!/[\u00c2-\u00f4][\u0080-\u00bf]/.test(text) || /[^\u0000-\u00ff]/.test(text)) return text;
  const repaired = Buffer.from(text, "latin1").toString("utf8");
  return repaired.includes("\uFFFD") ? text : repaired;
}

const ATOM_ARRAYS = new Set(["feed.entry", "feed.entry.category", "feed.entry.author", "feed.entry.link", "feed.entry.author.arxiv:affiliation"]);

/** An XML parser configured the way the recordings are read here and in the comparison tests. */
export function createAtomParser(): XMLParser {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (_name, jpath) => ATOM_ARRAYS.has(String(jpath)),
  });
}

interface RecordingFile {
  url: string;
  status_code: number;
  body: string;
}

function fromRecordings(): Paper[] {
  const parser = createAtomParser();
  const directory = dataPath(CORPUS_FILES.recordings);
  const papers = new Map<string, Paper>();
  for (const file of readdirSync(directory).sort()) {
    if (!file.endsWith(".json")) continue;
    const recording = JSON.parse(readFileSync(`${directory}/${file}`, "utf8")) as RecordingFile;
    if (recording.status_code !== 200) continue;
    const feed = (parser.parse(repairMojibake(recording.body)) as { feed: { entry?: RecordedEntry[] } }).feed;
    for (const entry of feed.entry ?? []) {
      const match = /abs\/(.+)v(\d+)$/.exec(entry.id);
      if (!match || !entry.published) continue;
      const id = match[1]!;
      const version = Number(match[2]);
      const published = isoSeconds(Date.parse(entry.published));
      const updated = isoSeconds(Date.parse(entry.updated));
      const versions: PaperVersion[] = version === 1 ? [{ version: 1, created: published }] : [{ version: 1, created: published }, { version, created: updated }];
      const existing = papers.get(id);
      if (existing && existing.version >= version) continue;
      const categories = (entry.category ?? []).map((category) => category.term);
      const authors = entry.author ?? [];
      papers.set(
        id,
        withDates({
          id,
          versions,
          title: clean(entry.title) ?? "",
          authors: authors.map((author) => collapseWhitespace(author.name)),
          affiliations: authors.map((author) => (author["arxiv:affiliation"] ?? []).map(collapseWhitespace)),
          abstract: clean(entry.summary) ?? "",
          categories,
          primaryCategory: entry["arxiv:primary_category"]?.term ?? categories[0] ?? "",
          comment: clean(entry["arxiv:comment"]),
          journalRef: clean(entry["arxiv:journal_ref"]),
          doi: clean(entry["arxiv:doi"]),
          reportNo: null,
          license: null,
          source: "api-recording",
        }),
      );
    }
  }
  return [...papers.values()];
}

// --- The two papers with real PDFs ---------------------------------------------------------------

interface PdfPaperRow extends Omit<Paper, "version" | "published" | "updated" | "source"> {
  pdfFile: string;
}

/** The papers whose real PDFs are in data/pdf, keyed by arXiv id, with their file names. */
export function readPdfPapers(): PdfPaperRow[] {
  return JSON.parse(readFileSync(dataPath(CORPUS_FILES.pdfPapers), "utf8")) as PdfPaperRow[];
}

// --- Loading -------------------------------------------------------------------------------------

/** Reads and normalises every source; later sources never replace a paper an earlier one gave. */
export function loadCorpus(): Paper[] {
  const byId = new Map<string, Paper>();
  const add = (paper: Paper) => {
    if (!byId.has(paper.id)) byId.set(paper.id, paper);
  };

  for (const row of readJsonLines<AbsRow>(CORPUS_FILES.abs)) add(fromAbs(row));

  const oaiRows = new Map<string, OaiRow[]>();
  for (const row of readJsonLines<OaiRow>(CORPUS_FILES.oaipmh)) {
    const rows = oaiRows.get(row.paper_id) ?? [];
    rows.push(row);
    oaiRows.set(row.paper_id, rows);
  }
  for (const rows of oaiRows.values()) {
    const paper = fromOaiVersions(rows);
    const abs = byId.get(paper.id);
    if (abs) byId.set(paper.id, mergeArxivInternal(abs, paper));
    else add(paper);
  }

  const dailyRows = readJsonLines<DailyRow>(CORPUS_FILES.daily);
  const estimates = estimateListingDates(dailyRows.map((row) => ({ id: row.id, listingDate: listingDateOf(row) })));
  for (const row of dailyRows) add(fromDaily(row, estimates.get(row.id)!));

  for (const paper of fromRecordings()) add(paper);
  for (const { pdfFile: _pdfFile, ...row } of readPdfPapers()) add(withDates({ ...row, source: "pdf" }));

  return [...byId.values()];
}

/** The code that shapes the corpus: editing any of it invalidates the cached copy. */
const LOADER_SOURCES = ["./corpus.ts", "./lib/author-list.ts", "./lib/tex-to-unicode.ts", "./lib/listing-dates.ts"];

function corpusFingerprint(): string {
  const recordings = readdirSync(dataPath(CORPUS_FILES.recordings))
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => dataPath(`${CORPUS_FILES.recordings}/${file}`));
  return fingerprint([
    ...[CORPUS_FILES.abs, CORPUS_FILES.oaipmh, CORPUS_FILES.daily, CORPUS_FILES.pdfPapers].map(dataPath),
    ...recordings,
    ...LOADER_SOURCES.map((source) => siblingPath(import.meta.url, source)),
  ]);
}

let shared: Corpus | undefined;

/**
 * The corpus, loaded once per process. The normalised list is cached in sandbox/.cache:
 * reading it back is much quicker than rebuilding it from the source files.
 */
export function getCorpus(): Corpus {
  if (shared) return shared;
  const started = performance.now();
  const key = corpusFingerprint();
  const { value: papers, hit } = readThroughCache<Paper[]>({
    name: "corpus",
    key,
    build: loadCorpus,
    encode: (value) => Buffer.from(JSON.stringify(value), "utf8"),
    decode: (bytes) => JSON.parse(bytes.toString("utf8")) as Paper[],
  });
  shared = { papers, byId: new Map(papers.map((paper) => [paper.id, paper])), loadMs: performance.now() - started, fingerprint: key, fromCache: hit };
  return shared;
}
