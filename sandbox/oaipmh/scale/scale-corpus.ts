/**
 * The scale corpus: N arXiv records (any N up to 3,000,000) derived from the real corpus, for
 * benchmarks. Ids follow arXiv's history (old-style `archive/YYMMNNN` before April 2007,
 * `YYMM.NNNN` then, `YYMM.NNNNN` from 2015) with its monthly growth (arxiv-history.ts); each
 * record takes its categories from a real record of a subject group drawn with that year's
 * shares, kept only where they existed that month; versions (one to eight) and their dates
 * follow; the text is the real record's, varied (scale-text.ts). The same N always gives the
 * same records.
 *
 * Kept on disk in sandbox/.cache as fixed 32-byte rows in list order (datestamp, then id),
 * followed by the list positions in id order (for GetRecord), so the sandbox loads it in a
 * fraction of a second; the text is made when a record is read. `iterateScaleRecords` streams
 * it for benchmarks without HTTP; `getScaleCorpus` serves it over OAI-PMH
 * (`SANDBOX_ARXIV_CORPUS=scale:<N>`).
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { getCorpus } from "../../corpus";
import { CACHE_DIR, fingerprint, siblingPath } from "../../lib/file-cache";
import { seededRandom } from "../../lib/stable-random";
import { DAY_MS, EARLIEST_DAY, dayOf, derivedSizeKb, derivedSourceType, type OaiRecord, type OaiVersion } from "../oai-record";
import { lowerBound, type OaiCorpus, type OaiHeaderFields } from "../oai-repository";
import { ARCHIVES, CATEGORIES, archiveOf, headerSetSpecs } from "../taxonomy";
import { groupShares, monthIndex, monthlyCounts, monthYear, SCALE_END_MS, FIRST_MONTH, SUBJECT_GROUPS } from "./arxiv-history";
import { getScaleBase, variedText, type ScaleBase } from "./scale-text";

export const MAX_SCALE_RECORDS = 3_000_000;

export type CorpusChoice = { kind: "real" } | { kind: "scale"; size: number };

/** "real" or "scale:<N>" (N from 1 to 3,000,000; "scale:300k" and "scale:3m" also read). */
export function parseCorpusChoice(spec: string): CorpusChoice {
  const text = spec.trim().toLowerCase();
  if (text === "" || text === "real") return { kind: "real" };
  const match = /^scale:(\d+)(k|m)?$/.exec(text.replace(/_/g, ""));
  const size = match ? Number(match[1]) * (match[2] === "k" ? 1_000 : match[2] === "m" ? 1_000_000 : 1) : Number.NaN;
  if (!Number.isInteger(size) || size < 1 || size > MAX_SCALE_RECORDS) {
    throw new Error(`The arXiv corpus must be "real" or "scale:<N>" with N from 1 to ${MAX_SCALE_RECORDS}, got "${spec}"`);
  }
  return { kind: "scale", size };
}

// --- Row layout ----------------------------------------------------------------------------------

const ROW = 32;
const HEADER = 64;
const MAGIC = "QARXSCAL";
const FORMAT_VERSION = 1;
const FLAG_DELETED = 1;
const FLAG_PUBLISHED = 2;
const MAX_CATEGORIES = 4;
/** Category codes: index + 1 in the taxonomy's order (0: none). */
const CATEGORY_CODES = [...CATEGORIES.keys()];
const CODE_OF = new Map(CATEGORY_CODES.map((category, index) => [category, index + 1]));
/** Archives of old-style ids, in the order their ids sort ("math-ph/" before "math/"); a row's `kind` is index + 1, 0 a new-style id. */
const OLD_ARCHIVES = ARCHIVES.map((entry) => entry.id).sort((a, b) => (`${a}/` < `${b}/` ? -1 : 1));
const OLD_ARCHIVE_INDEX = new Map(OLD_ARCHIVES.map((archive, index) => [archive, index]));

interface Row {
  day: number;
  kind: number;
  flags: number;
  yymm: number;
  versions: number;
  sequence: number;
  base: number;
  codes: number[];
  seed: number;
  firstSeconds: number;
  lastSeconds: number;
}

function writeRow(buffer: Buffer, offset: number, row: Row): void {
  buffer.writeUInt16LE(row.day, offset);
  buffer.writeUInt8(row.kind, offset + 2);
  buffer.writeUInt8(row.flags, offset + 3);
  buffer.writeUInt16LE(row.yymm, offset + 4);
  buffer.writeUInt8(row.versions, offset + 6);
  buffer.writeUInt32LE(row.sequence, offset + 8);
  buffer.writeUInt16LE(row.base, offset + 12);
  for (let index = 0; index < MAX_CATEGORIES; index += 1) buffer.writeUInt8(row.codes[index] ?? 0, offset + 14 + index);
  buffer.writeUInt32LE(row.seed, offset + 20);
  buffer.writeUInt32LE(row.firstSeconds, offset + 24);
  buffer.writeUInt32LE(row.lastSeconds, offset + 28);
}

const pad = (value: number, width: number) => String(value).padStart(width, "0");

function idOfRow(buffer: Buffer, offset: number): string {
  const kind = buffer.readUInt8(offset + 2);
  const yymm = buffer.readUInt16LE(offset + 4);
  const sequence = buffer.readUInt32LE(offset + 8);
  if (kind === 0) return `${pad(yymm, 4)}.${pad(sequence, yymm >= 1501 && yymm < 9000 ? 5 : 4)}`;
  return `${OLD_ARCHIVES[kind - 1]}/${pad(yymm, 4)}${pad(sequence, 3)}`;
}

/**
 * A number that sorts as arXiv's id strings do: new-style ids (digits) before old-style ones
 * (letters), then by month and number (same-length digit strings sort as numbers), archives in
 * string order.
 */
function idKey(kind: number, yymm: number, sequence: number): number {
  return kind === 0 ? yymm * 100_000 + sequence : 2 ** 30 + (kind - 1) * 10_000_000 + yymm * 1000 + sequence;
}

function idKeyOfRow(buffer: Buffer, offset: number): number {
  return idKey(buffer.readUInt8(offset + 2), buffer.readUInt16LE(offset + 4), buffer.readUInt32LE(offset + 8));
}

function idKeyOfId(id: string): number | undefined {
  const modern = /^(\d{4})\.(\d{4,5})$/.exec(id);
  if (modern) return idKey(0, Number(modern[1]), Number(modern[2]));
  const old = /^([a-z-]+)\/(\d{4})(\d{3})$/.exec(id);
  const archive = old ? OLD_ARCHIVE_INDEX.get(old[1]!) : undefined;
  return old && archive !== undefined ? idKey(archive + 1, Number(old[2]), Number(old[3])) : undefined;
}

// --- Generation ----------------------------------------------------------------------------------

const ASTRO_SUBJECTS = ["astro-ph.CO", "astro-ph.EP", "astro-ph.GA", "astro-ph.HE", "astro-ph.IM", "astro-ph.SR"];
const COND_MAT_SUBJECTS = ["cond-mat.dis-nn", "cond-mat.mes-hall", "cond-mat.mtrl-sci", "cond-mat.other", "cond-mat.soft", "cond-mat.stat-mech", "cond-mat.str-el", "cond-mat.supr-con"];
const archiveStart = new Map(ARCHIVES.map((entry) => [entry.id, Number(entry.start.replace("-", ""))]));

/** A base record's categories as they could have been in the month `yyyymm` (none when its primary could not). */
function categoriesInMonth(categories: readonly string[], yyyymm: number, random: () => number): string[] {
  const out: string[] = [];
  for (const original of categories) {
    let category = original;
    // astro-ph had no subject classes before 2009; bare astro-ph and cond-mat stopped being used.
    if (category.startsWith("astro-ph.") && yyyymm < 200901) category = "astro-ph";
    else if (category === "astro-ph" && yyyymm >= 200901) category = ASTRO_SUBJECTS[Math.floor(random() * ASTRO_SUBJECTS.length)]!;
    else if (category === "cond-mat" && yyyymm >= 200401) category = COND_MAT_SUBJECTS[Math.floor(random() * COND_MAT_SUBJECTS.length)]!;
    const home = archiveOf(category);
    if (!home || (archiveStart.get(home.id) ?? 0) > yyyymm) {
      if (out.length === 0) return [];
      continue;
    }
    if (!out.includes(category)) out.push(category);
    if (out.length === MAX_CATEGORIES) break;
  }
  return out;
}

function versionCount(random: () => number): number {
  const r = random();
  if (r < 0.62) return 1;
  if (r < 0.86) return 2;
  if (r < 0.94) return 3;
  if (r < 0.975) return 4;
  if (r < 0.99) return 5;
  return 6 + Math.floor(random() * 3);
}

function pick(shares: readonly number[], r: number): number {
  let sum = 0;
  for (let index = 0; index < shares.length; index += 1) {
    sum += shares[index]!;
    if (r < sum) return index;
  }
  return shares.length - 1;
}

/** The rows of an N-record corpus in the order they were made (month by month), with their list-order keys. */
function generateRows(size: number, base: ScaleBase): { rows: Buffer; keys: Float64Array } {
  const pools = SUBJECT_GROUPS.map(() => [] as number[]);
  base.categories.forEach((categories, index) => {
    const group = categories[0] ? archiveOf(categories[0])?.group : undefined;
    const at = group ? SUBJECT_GROUPS.indexOf(group as (typeof SUBJECT_GROUPS)[number]) : -1;
    if (at >= 0) pools[at]!.push(index);
  });
  const counts = monthlyCounts(size, (month) => {
    const [year, monthOfYear] = monthYear(month);
    const yyyymm = year * 100 + monthOfYear;
    return yyyymm < 200704 ? 20_000 : yyyymm < 201501 ? 9_999 : 99_999;
  });
  const random = seededRandom(0x5ca1e);
  const rows = Buffer.alloc(size * ROW);
  const keys = new Float64Array(size);
  const first = monthIndex(...FIRST_MONTH);
  let made = 0;
  counts.forEach((count, offset) => {
    const [year, monthOfYear] = monthYear(first + offset);
    const yyyymm = year * 100 + monthOfYear;
    const yymm = (year % 100) * 100 + monthOfYear;
    const newStyle = yyyymm >= 200704;
    const startMs = Date.UTC(year, monthOfYear - 1, 1);
    const lengthMs = Date.UTC(year, monthOfYear, 1) - startMs;
    const shares = SUBJECT_GROUPS.map((_, index) => (pools[index]!.length > 0 ? groupShares(year + (monthOfYear - 1) / 12)[index]! : 0));
    const perArchive = new Uint16Array(OLD_ARCHIVES.length);
    for (let k = 0; k < count; k += 1) {
      let baseIndex = -1;
      let categories: string[] = [];
      let archive = -1;
      for (let attempt = 0; attempt < 200 && baseIndex < 0; attempt += 1) {
        const pool = pools[pick(shares, random())]!;
        const candidate = pool[Math.floor(random() * pool.length)]!;
        categories = categoriesInMonth(base.categories[candidate]!, yyyymm, random);
        if (categories.length === 0) continue;
        archive = OLD_ARCHIVE_INDEX.get(archiveOf(categories[0]!)!.id)!;
        // An old-style id has three digits: an archive takes at most 999 papers a month.
        if (!newStyle && perArchive[archive]! >= 999) continue;
        baseIndex = candidate;
      }
      if (baseIndex < 0) throw new Error(`No base record fits ${year}-${monthOfYear}`);
      const firstMs = startMs + Math.floor(((k + random()) / count) * lengthMs);
      let lastMs = firstMs;
      let versions = 1;
      for (let wanted = versionCount(random); versions < wanted; versions += 1) {
        const next = lastMs + Math.floor(Math.exp(random() * Math.log(300)) * DAY_MS);
        if (next > SCALE_END_MS) break;
        lastMs = next;
      }
      const baseRecord = base.records[baseIndex]!;
      let flags = random() < 0.0003 ? FLAG_DELETED : 0;
      if ((baseRecord.journalRef || baseRecord.doi) && random() < 0.8) flags |= FLAG_PUBLISHED;
      const sequence = newStyle ? k + 1 : (perArchive[archive] = perArchive[archive]! + 1);
      const kind = newStyle ? 0 : archive + 1;
      const day = Math.max(dayOf(lastMs), EARLIEST_DAY);
      writeRow(rows, made * ROW, {
        day,
        kind,
        flags,
        yymm,
        versions,
        sequence,
        base: baseIndex,
        codes: categories.map((category) => CODE_OF.get(category)!),
        seed: Math.floor(random() * 2 ** 32),
        firstSeconds: Math.floor(firstMs / 1000),
        lastSeconds: Math.floor(lastMs / 1000),
      });
      keys[made] = day * 2 ** 31 + idKey(kind, yymm, sequence);
      made += 1;
    }
  });
  return { rows, keys };
}

function writeCorpusFile(file: string, size: number, base: ScaleBase): void {
  const { rows, keys } = generateRows(size, base);
  const order = new Uint32Array(size);
  for (let index = 0; index < size; index += 1) order[index] = index;
  order.sort((a, b) => keys[a]! - keys[b]!);
  // List positions in id order: the id part of each key, in list order.
  const idKeys = new Float64Array(size);
  for (let position = 0; position < size; position += 1) idKeys[position] = keys[order[position]!]! % 2 ** 31;
  const byId = new Uint32Array(size);
  for (let index = 0; index < size; index += 1) byId[index] = index;
  byId.sort((a, b) => idKeys[a]! - idKeys[b]!);

  mkdirSync(CACHE_DIR, { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const fd = openSync(temporary, "w");
  try {
    const header = Buffer.alloc(HEADER);
    header.write(MAGIC, 0, "latin1");
    header.writeUInt32LE(FORMAT_VERSION, 8);
    header.writeUInt32LE(size, 12);
    header.writeUInt32LE(ROW, 16);
    writeSync(fd, header);
    const chunkRows = 65_536;
    const chunk = Buffer.alloc(chunkRows * ROW);
    for (let start = 0; start < size; start += chunkRows) {
      const end = Math.min(size, start + chunkRows);
      for (let position = start; position < end; position += 1) rows.copy(chunk, (position - start) * ROW, order[position]! * ROW, order[position]! * ROW + ROW);
      writeSync(fd, chunk, 0, (end - start) * ROW);
    }
    writeSync(fd, Buffer.from(byId.buffer, byId.byteOffset, byId.byteLength));
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

/** The code the scale corpus is made by: editing it makes a new file. */
const GENERATOR_SOURCES = ["./scale-corpus.ts", "./scale-text.ts", "./arxiv-history.ts", "../taxonomy.ts", "../oai-record.ts", "../raw-extras.ts"];

export interface ScaleCorpusFile {
  path: string;
  size: number;
  /** Whether this call made it (false: it was on disk). */
  built: boolean;
  ms: number;
}

/** The file of an N-record scale corpus, made on first use and kept in sandbox/.cache. */
export function ensureScaleCorpus(size: number): ScaleCorpusFile {
  if (!Number.isInteger(size) || size < 1 || size > MAX_SCALE_RECORDS) throw new Error(`A scale corpus has 1 to ${MAX_SCALE_RECORDS} records, not ${size}`);
  const started = performance.now();
  const key = fingerprint(
    GENERATOR_SOURCES.map((source) => siblingPath(import.meta.url, source)),
    [getCorpus().fingerprint, String(size), String(FORMAT_VERSION)],
  );
  const name = `arxiv-scale-${size}-`;
  const path = join(CACHE_DIR, `${name}${key}.bin`);
  try {
    const header = Buffer.alloc(HEADER);
    const fd = openSync(path, "r");
    readSync(fd, header, 0, HEADER, 0);
    closeSync(fd);
    if (header.toString("latin1", 0, 8) === MAGIC && header.readUInt32LE(12) === size) return { path, size, built: false, ms: performance.now() - started };
  } catch {
    // Not made yet.
  }
  writeCorpusFile(path, size, getScaleBase());
  try {
    for (const other of readdirSync(CACHE_DIR)) if (other.startsWith(name) && other.endsWith(".bin") && join(CACHE_DIR, other) !== path) rmSync(join(CACHE_DIR, other), { force: true });
  } catch {
    // Leftovers cost disk space only.
  }
  return { path, size, built: true, ms: performance.now() - started };
}

// --- Reading -------------------------------------------------------------------------------------

function headerOfRow(buffer: Buffer, offset: number): OaiHeaderFields {
  const codes: string[] = [];
  for (let index = 0; index < MAX_CATEGORIES; index += 1) {
    const code = buffer.readUInt8(offset + 14 + index);
    if (code > 0) codes.push(CATEGORY_CODES[code - 1]!);
  }
  return { id: idOfRow(buffer, offset), day: buffer.readUInt16LE(offset), deleted: (buffer.readUInt8(offset + 3) & FLAG_DELETED) !== 0, categories: codes };
}

function recordOfRow(buffer: Buffer, offset: number, base: ScaleBase): OaiRecord {
  const header = headerOfRow(buffer, offset);
  const flags = buffer.readUInt8(offset + 3);
  const count = buffer.readUInt8(offset + 6);
  const baseIndex = buffer.readUInt16LE(offset + 12);
  const seed = buffer.readUInt32LE(offset + 20);
  const firstMs = buffer.readUInt32LE(offset + 24) * 1000;
  const lastMs = buffer.readUInt32LE(offset + 28) * 1000;
  const baseRecord = base.records[baseIndex]!;
  const text = variedText(base, baseIndex, seed);

  const between = seededRandom(seed ^ 0x9e3779b9);
  const versions: OaiVersion[] = [];
  for (let version = 1; version <= count; version += 1) {
    let submittedMs = firstMs;
    if (version === count) submittedMs = lastMs;
    else if (version > 1) submittedMs = Math.floor((firstMs + ((lastMs - firstMs) * (version - 1 + (between() - 0.5) * 0.5)) / (count - 1)) / 1000) * 1000;
    const key = `${header.id}v${version}`;
    versions.push({ version, submittedMs, sizeKb: derivedSizeKb(key), sourceType: derivedSourceType(key) });
  }
  const published = (flags & FLAG_PUBLISHED) !== 0;
  const doiPrefix = baseRecord.doi ? /^10\.\d+/.exec(baseRecord.doi)?.[0] : undefined;
  const names = text.authors.map((author) => (author.forenames ? `${author.forenames} ${author.keyname}` : author.keyname));
  return {
    ...header,
    submitter: names[0] ?? "arXiv",
    versions,
    title: text.title,
    authorLine: names.join(", "),
    authors: text.authors,
    comments: baseRecord.comments,
    proxy: null,
    reportNo: baseRecord.reportNo,
    mscClass: baseRecord.mscClass,
    acmClass: baseRecord.acmClass,
    journalRef: published ? baseRecord.journalRef : null,
    doi: published && doiPrefix ? `${doiPrefix}/arxiv-scale.${header.id.replace("/", ".")}` : null,
    // arXiv records carry a licence from 2004 on.
    license: firstMs >= Date.UTC(2004, 0, 1) ? baseRecord.license : null,
    abstract: text.abstract,
  };
}

/** An N-record scale corpus in memory (32 bytes a record) for the OAI-PMH service. */
export class ScaleCorpus implements OaiCorpus {
  readonly kind: string;
  readonly size: number;
  private readonly rows: Buffer;
  private readonly days: Uint16Array;
  private readonly byId: Uint32Array;
  private readonly base = getScaleBase();
  private readonly specsByCombination = new Map<number, readonly string[]>();

  constructor(file: ScaleCorpusFile) {
    const bytes = readFileSync(file.path);
    this.size = bytes.readUInt32LE(12);
    this.kind = `scale:${this.size}`;
    this.rows = bytes.subarray(HEADER, HEADER + this.size * ROW);
    const ids = bytes.subarray(HEADER + this.size * ROW);
    this.byId = new Uint32Array(ids.buffer.slice(ids.byteOffset, ids.byteOffset + this.size * 4));
    this.days = new Uint16Array(this.size);
    for (let position = 0; position < this.size; position += 1) this.days[position] = this.rows.readUInt16LE(position * ROW);
  }

  dayAt(position: number): number {
    return this.days[position]!;
  }
  idAt(position: number): string {
    return idOfRow(this.rows, position * ROW);
  }
  specsAt(position: number): readonly string[] {
    // Records share few category combinations: a set scan looks each up once.
    const combination = this.rows.readUInt32LE(position * ROW + 14);
    let specs = this.specsByCombination.get(combination);
    if (!specs) {
      specs = headerSetSpecs(headerOfRow(this.rows, position * ROW).categories);
      this.specsByCombination.set(combination, specs);
    }
    return specs;
  }
  headerAt(position: number): OaiHeaderFields {
    return headerOfRow(this.rows, position * ROW);
  }
  recordAt(position: number): OaiRecord {
    return recordOfRow(this.rows, position * ROW, this.base);
  }
  positionOf(id: string): number | undefined {
    const wanted = idKeyOfId(id);
    if (wanted === undefined) return undefined;
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (idKeyOfRow(this.rows, this.byId[middle]! * ROW) < wanted) low = middle + 1;
      else high = middle;
    }
    const position = this.byId[low];
    return position !== undefined && idKeyOfRow(this.rows, position * ROW) === wanted ? position : undefined;
  }
  lowerBound(day: number): number {
    return lowerBound(this.days, day);
  }
}

const loaded = new Map<number, ScaleCorpus>();

/** The N-record scale corpus, made if needed and loaded once per process. */
export function getScaleCorpus(size: number): ScaleCorpus {
  let corpus = loaded.get(size);
  if (!corpus) {
    corpus = new ScaleCorpus(ensureScaleCorpus(size));
    loaded.set(size, corpus);
  }
  return corpus;
}

/**
 * The N-record scale corpus's records in list order (datestamp, then id), read from its file a
 * chunk at a time: for benchmarks that load an index without going through HTTP. Positions
 * `start` (inclusive) to `end` (exclusive) select a part.
 */
export function* iterateScaleRecords(size: number, options: { start?: number; end?: number } = {}): Generator<OaiRecord> {
  const file = ensureScaleCorpus(size);
  const base = getScaleBase();
  const start = Math.max(0, options.start ?? 0);
  const end = Math.min(size, options.end ?? size);
  const chunkRows = 8192;
  const chunk = Buffer.alloc(chunkRows * ROW);
  const fd = openSync(file.path, "r");
  try {
    for (let first = start; first < end; first += chunkRows) {
      const rows = Math.min(chunkRows, end - first);
      readSync(fd, chunk, 0, rows * ROW, HEADER + first * ROW);
      for (let index = 0; index < rows; index += 1) yield recordOfRow(chunk, index * ROW, base);
    }
  } finally {
    closeSync(fd);
  }
}
