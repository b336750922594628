/**
 * What arXiv's OAI-PMH answers carry that the normalised corpus (../corpus.ts) does not keep:
 * the submitter, each version's size and source type, the text as arXiv stores it (hard-wrapped
 * title and abstract, the author line as submitted), msc-class, acm-class, proxy, and for the
 * papers of arXiv's OAI test database their real datestamp. Read from the two arXiv fixture
 * files the corpus comes from (see data/PROVENANCE.md), once, and cached in sandbox/.cache.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { CORPUS_FILES, dataPath } from "../corpus";
import { fingerprint, readThroughCache, siblingPath } from "../lib/file-cache";

export interface RawVersion {
  sizeKb: number;
  /** arXiv's source flags as the arXivRaw `source_type` shows them ("D", "AD", "I"), or null. */
  sourceType: string | null;
}

export interface RawExtras {
  submitter: string | null;
  versions: Record<number, RawVersion>;
  title: string | null;
  authors: string | null;
  abstract: string | null;
  comments: string | null;
  mscClass: string | null;
  acmClass: string | null;
  proxy: string | null;
  /** arXiv's own datestamp for the paper (its current row's `updated`, else `modtime`), epoch ms; OAI test database papers only. */
  datestampMs: number | null;
}

interface AbsRow {
  id: string;
  submitter: string | null;
  authors: string | null;
  title: string | null;
  comments: string | null;
  "msc-class": string | null;
  "acm-class": string | null;
  proxy: string | null;
  abstract: string | null;
  _raw_abs: string;
}

interface OaiRow {
  paper_id: string;
  version: number;
  updated: string | null;
  submitter_name: string | null;
  source_size: number | null;
  source_format: string | null;
  source_flags: string | null;
  title: string | null;
  authors: string | null;
  comments: string | null;
  msc_class: string | null;
  acm_class: string | null;
  abstract: string | null;
  modtime: number;
  is_current: number;
}

function readJsonLines<T>(relative: string): T[] {
  const text = gunzipSync(readFileSync(dataPath(relative))).toString("utf8");
  return text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as T);
}

/** "Date (revised v2): Tue, 1 Nov 1994 18:57:48 GMT   (22kb,D)" lines of a raw .abs file, in order. */
const ABS_DATE_LINE = /^Date(?: \(revised v(\d+)\))?:.*\((\d+)kb(?:,([A-Z]+))?\)\s*$/gm;

function versionsFromAbs(raw: string): Record<number, RawVersion> {
  const versions: Record<number, RawVersion> = {};
  let next = 1;
  for (const match of raw.matchAll(ABS_DATE_LINE)) {
    const version = match[1] ? Number(match[1]) : next;
    versions[version] = { sizeKb: Number(match[2]), sourceType: match[3] ?? null };
    next = version + 1;
  }
  return versions;
}

/**
 * arXiv's source type letters from its database columns, as its OAI service derives them:
 * flags A and S are shown, then a letter for the format (pdftex D, withdrawn I, html H,
 * PostScript P, docx X; TeX and PDF none).
 */
export function sourceTypeOf(format: string | null, flags: string | null): string | null {
  const formats: Record<string, string> = { pdftex: "D", tex: "", pdf: "", withdrawn: "I", html: "H", ps: "P", docx: "X" };
  let result = "";
  for (const flag of ["A", "S"]) if (flags?.includes(flag)) result += flag;
  result += formats[format ?? ""] ?? "";
  return result || null;
}

const present = (value: string | null | undefined): string | null => (value && value.trim() ? value : null);

function loadExtras(): Record<string, RawExtras> {
  const extras: Record<string, RawExtras> = {};
  const oaiRows = new Map<string, OaiRow[]>();
  for (const row of readJsonLines<OaiRow>(CORPUS_FILES.oaipmh)) {
    const rows = oaiRows.get(row.paper_id) ?? [];
    rows.push(row);
    oaiRows.set(row.paper_id, rows);
  }
  for (const [id, rows] of oaiRows) {
    const current = rows.find((row) => row.is_current === 1) ?? rows.reduce((a, b) => (b.version > a.version ? b : a));
    const versions: Record<number, RawVersion> = {};
    for (const row of rows) versions[row.version] = { sizeKb: Math.floor((row.source_size ?? 0) / 1000), sourceType: sourceTypeOf(row.source_format, row.source_flags) };
    const updated = current.updated ? Date.parse(`${current.updated.replace(" ", "T")}Z`) : Number.NaN;
    extras[id] = {
      submitter: present(current.submitter_name),
      versions,
      title: present(current.title),
      authors: present(current.authors),
      abstract: present(current.abstract),
      comments: present(current.comments),
      mscClass: present(current.msc_class),
      acmClass: present(current.acm_class),
      proxy: null,
      datestampMs: Number.isFinite(updated) ? updated : current.modtime * 1000,
    };
  }
  // The .abs record wins where both know a paper, as in the corpus; versions merge.
  for (const row of readJsonLines<AbsRow>(CORPUS_FILES.abs)) {
    const known = extras[row.id];
    extras[row.id] = {
      submitter: present(row.submitter) ?? known?.submitter ?? null,
      versions: { ...known?.versions, ...versionsFromAbs(row._raw_abs) },
      title: present(row.title),
      authors: present(row.authors),
      // An .abs file puts a line break before the abstract that arXiv's database does not keep.
      abstract: present(row.abstract?.replace(/^\n+/, "")),
      comments: present(row.comments),
      mscClass: present(row["msc-class"]),
      acmClass: present(row["acm-class"]),
      proxy: present(row.proxy),
      datestampMs: known?.datestampMs ?? null,
    };
  }
  return extras;
}

let shared: ReadonlyMap<string, RawExtras> | undefined;

/** The extras by arXiv id, for the papers of arXiv's own fixture files. */
export function getRawExtras(): ReadonlyMap<string, RawExtras> {
  if (shared) return shared;
  const key = fingerprint([dataPath(CORPUS_FILES.abs), dataPath(CORPUS_FILES.oaipmh), siblingPath(import.meta.url, "./raw-extras.ts")]);
  const { value } = readThroughCache<Record<string, RawExtras>>({
    name: "oai-raw-extras",
    key,
    build: loadExtras,
    encode: (extras) => Buffer.from(JSON.stringify(extras), "utf8"),
    decode: (bytes) => JSON.parse(bytes.toString("utf8")) as Record<string, RawExtras>,
  });
  shared = new Map(Object.entries(value));
  return shared;
}
