/**
 * Quire's arXiv index at arXiv's size, for the index benchmarks: the sandbox's deterministic
 * scale corpus (records derived from the real ones) stored through the index's own row
 * builder, on PostgreSQL or PGlite, in a database kept under bench/.data between runs (keyed by
 * the size and everything the rows depend on), so only the first run pays for the build.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openPglite, openPostgres, queryRows, type DatabaseHandle } from "@/server/db/client";
import { arxivHarvestRepository } from "@/server/features/arxiv-index/arxiv-harvest.repository";
import { upsertIndexRows } from "@/server/features/arxiv-index/arxiv-index.repository";
import { harvestedRecord } from "@/server/features/arxiv-index/harvest-source";
import { indexRow, type IndexRow } from "@/server/features/arxiv-index/index-document";
import { ensureWordPairsIndex } from "@/server/features/arxiv-index/word-pairs";
import { createLogger } from "@/server/logger";
import { iterateScaleRecords } from "../sandbox/oaipmh/scale/scale-corpus";
import { asHarvestedRecord } from "../sandbox/oaipmh/harvested-record";
// @ts-expect-error: the npm scripts' helpers are plain JavaScript, without types.
import { startPostgres } from "../scripts/postgres.mjs";

/**
 * PostgreSQL as a deployment that serves the index would set it up (not its defaults, which
 * suit a laptop: 128 MB of shared buffers, fewer than the index of a 30,000-record corpus takes):
 * memory for the index's pages and sorts, and random reads priced as an SSD's.
 */
export const BENCH_POSTGRES_SETTINGS = { shared_buffers: "2GB", effective_cache_size: "8GB", work_mem: "32MB", random_page_cost: "1.1" };

const root = process.cwd();
const DATA_DIR = path.join(root, "bench", ".data");

export type ScaleIndex = {
  kind: "postgres" | "pglite";
  size: number;
  database: DatabaseHandle;
  /** How the kept database was built (on the run that built it). */
  build: { loadSeconds: number; indexSeconds: number; bytes: number; builtAt: string; rowsPerSecondWithIndexes: number; wordPairsSeconds?: number };
  close(): Promise<void>;
};

/**
 * Everything the stored rows depend on: the row builder, the text rules, the scale corpus's
 * code. Not the migrations: a kept database is brought up to date by them when it is opened,
 * as a deployment's database is.
 */
function buildKey(size: number): string {
  const hash = createHash("sha256").update(String(size));
  const files = [
    "src/server/features/arxiv-index/index-document.ts",
    "src/server/features/arxiv-index/harvest-source.ts",
    "src/shared/arxiv-query/text-analysis.ts",
    "sandbox/oaipmh/scale/scale-corpus.ts",
    "sandbox/oaipmh/scale/scale-text.ts",
    "sandbox/oaipmh/harvested-record.ts",
  ];
  for (const file of files.sort()) hash.update(readFileSync(path.join(root, file)));
  return hash.digest("hex").slice(0, 12);
}

/** The GIN and btree indexes of the papers table, as PostgreSQL would create them again. */
async function paperIndexes(db: DatabaseHandle["db"]): Promise<{ name: string; definition: string }[]> {
  return queryRows<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes where tablename = 'arxiv_papers' and indexname <> 'arxiv_papers_pkey'`,
  );
}

/**
 * The rows of the first `size` scale records, built as the harvest builds them, in batches.
 * Yields to the event loop between batches.
 */
async function* rowBatches(size: number, batch = 2000): AsyncGenerator<IndexRow[]> {
  let rows: IndexRow[] = [];
  for (const record of iterateScaleRecords(size)) {
    const harvested = harvestedRecord(asHarvestedRecord(record));
    if (harvested.deleted) continue;
    rows.push(indexRow(harvested));
    if (rows.length === batch) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length) yield rows;
}

/** Rows a second the harvest's own path stores into a table with every index in place (its pace must beat arXiv's 3,500 records per 3 s). */
async function harvestPathRate(db: DatabaseHandle["db"], sample: IndexRow[]): Promise<number> {
  const started = performance.now();
  // The same rows again: an update of each, as a day's harvest makes of changed papers.
  for (let start = 0; start < sample.length; start += 500) await upsertIndexRows(db, sample.slice(start, start + 500));
  return sample.length / ((performance.now() - started) / 1000);
}

async function build(database: DatabaseHandle, size: number, log: (line: string) => void): Promise<ScaleIndex["build"]> {
  const { db } = database;
  await database.migrate();
  await db.execute(sql`truncate arxiv_papers`);
  const indexes = await paperIndexes(db);
  for (const index of indexes) await db.execute(sql.raw(`drop index if exists ${index.name}`));
  const loadStarted = performance.now();
  let stored = 0;
  let sample: IndexRow[] = [];
  for await (const rows of rowBatches(size)) {
    await upsertIndexRows(db, rows);
    stored += rows.length;
    if (sample.length < 3500) sample = sample.concat(rows.slice(0, 3500 - sample.length));
    if (stored % 100_000 < rows.length) log(`  index build: ${stored.toLocaleString("en")} of ${size.toLocaleString("en")} records (${Math.round((performance.now() - loadStarted) / 1000)} s)`);
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const indexStarted = performance.now();
  if (database.kind === "postgres") await db.execute(sql`set maintenance_work_mem = '1GB'`);
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  await db.execute(sql`vacuum analyze arxiv_papers`);
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  const rowsPerSecondWithIndexes = await harvestPathRate(db, sample);
  return { loadSeconds, indexSeconds, bytes: await tableBytes(db), builtAt: new Date().toISOString(), rowsPerSecondWithIndexes };
}

/** The papers table on disk: rows, TOAST and indexes. */
async function tableBytes(db: DatabaseHandle["db"]): Promise<number> {
  const [row] = await queryRows<{ bytes: string | number }>(db, sql`select pg_total_relation_size('arxiv_papers') as bytes`);
  return Number(row?.bytes ?? 0);
}

/** The scale index of `size` records on `kind`, built on first use and kept. */
export async function scaleIndex(kind: "postgres" | "pglite", size: number, log: (line: string) => void = console.log): Promise<ScaleIndex> {
  const key = buildKey(size);
  const dir = path.join(DATA_DIR, `arxiv-index-${kind}-${size}-${key}`);
  const marker = path.join(dir, "built.json");
  // Databases built from older code are of no use any more.
  if (existsSync(DATA_DIR)) {
    for (const name of readdirSync(DATA_DIR)) {
      if (name.startsWith(`arxiv-index-${kind}-${size}-`) && name !== path.basename(dir)) rmSync(path.join(DATA_DIR, name), { recursive: true, force: true });
    }
  }
  mkdirSync(dir, { recursive: true });
  const complete = existsSync(marker);
  if (!complete) {
    for (const name of readdirSync(dir)) rmSync(path.join(dir, name), { recursive: true, force: true });
    log(`  building the ${kind} index of ${size.toLocaleString("en")} scale records (kept in bench/.data for later runs)`);
  }
  let database: DatabaseHandle;
  let stopServer = () => {};
  if (kind === "postgres") {
    const server = await startPostgres({ dir: path.join(dir, "postgres"), settings: BENCH_POSTGRES_SETTINGS });
    stopServer = server.stop;
    database = await openPostgres(server.url);
  } else {
    database = await openPglite(path.join(dir, "pglite"));
  }
  let built: ScaleIndex["build"];
  if (complete) {
    built = JSON.parse(readFileSync(marker, "utf8")) as ScaleIndex["build"];
    await database.migrate();
  } else built = await build(database, size, log);
  // The word-pairs index, as a server on PostgreSQL builds it in the background (built once,
  // on a kept database of an earlier build too).
  if (database.connectionString) {
    const started = performance.now();
    if ((await ensureWordPairsIndex(database.connectionString, createLogger("silent"))) === "built") {
      built.wordPairsSeconds = (performance.now() - started) / 1000;
      built.bytes = await tableBytes(database.db);
      log(`  built the word-pairs index of ${size.toLocaleString("en")} records in ${Math.round(built.wordPairsSeconds)} s`);
    }
  }
  // The harvest path's rate above stored rows again with every index in place, leaving entries
  // in the GIN indexes' pending lists, which every search would read whole; a deployment's
  // harvest merges them at the end of each run, and so does this (a database kept from older
  // code may hold them too).
  await arxivHarvestRepository(database.db).mergePendingIndexEntries();
  writeFileSync(marker, JSON.stringify(built, null, 2));
  return {
    kind,
    size,
    database,
    build: built,
    async close() {
      await database.close();
      stopServer();
    },
  };
}

/** The bytes a folder holds on disk. */
export function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
  }
  return total;
}
