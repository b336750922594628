import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { adminSuite } from "./admin.bench";
import { catchupSuite, digestSuite } from "./catchup.bench";
import { feedSuite } from "./feed.bench";
import { indexSuite } from "./index.bench";
import type { Figure } from "./figures";
import { librarySuite } from "./library.bench";
import { lighthouseSuite } from "./lighthouse.bench";
import { pdfCacheSuite } from "./pdf-cache.bench";
import { llmSuite } from "./llm.bench";
import { readerSuite } from "./reader.bench";
import { searchSuite } from "./search.bench";
import { serverSuite } from "./server.bench";
import { zoteroSuite } from "./zotero.bench";

const SUITES: Record<string, () => Promise<Figure[]>> = {
  server: serverSuite,
  search: searchSuite,
  library: librarySuite,
  reader: readerSuite,
  "pdf-cache": pdfCacheSuite,
  catchup: catchupSuite,
  digest: digestSuite,
  feed: feedSuite,
  index: indexSuite,
  admin: adminSuite,
  llm: llmSuite,
  zotero: zoteroSuite,
  lighthouse: lighthouseSuite,
};

/**
 * Run only when named: focused runs of figures another suite also measures, the index at
 * arXiv's size (its first run builds a 3-million-record database), and Lighthouse's 30 page
 * loads (about 15 minutes).
 */
const ONLY_WHEN_NAMED = new Set(["pdf-cache", "index", "lighthouse"]);

/**
 * `npm run bench [-- suite ...]`: runs the named suites (all by default), prints a table and
 * writes bench/results/<timestamp>.json. Every figure is measured against a baseline in the same run.
 */
async function main() {
  const requested = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
  const unknown = requested.filter((name) => !(name in SUITES));
  if (unknown.length > 0) {
    console.error(`Unknown suite ${unknown.join(", ")}; known: ${Object.keys(SUITES).join(", ")}`);
    process.exit(2);
  }
  const figures: Figure[] = [];
  for (const name of requested.length > 0 ? requested : Object.keys(SUITES).filter((suite) => !ONLY_WHEN_NAMED.has(suite))) {
    process.stdout.write(`running suite: ${name} ...\n`);
    figures.push(...(await SUITES[name]!()));
  }
  console.log("");
  console.table(
    figures.map((f) => ({
      suite: f.suite,
      figure: f.name,
      value: `${f.value} ${f.unit}`,
      baseline: f.baseline === undefined ? "" : f.baselineValue === undefined ? f.baseline : `${f.baseline}: ${f.baselineValue} ${f.unit}`,
      ratio: f.ratio ?? "",
      goal: f.goal ?? "",
      met: f.met === undefined ? "" : f.met ? "yes" : "NO",
    })),
  );
  const dir = path.join(process.cwd(), "bench", "results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify({ node: process.version, at: new Date().toISOString(), figures }, null, 2));
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
  process.exit(0);
}

void main();
