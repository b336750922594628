import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runCase, type BenchCase, type BenchResult } from "./harness";
import { serverBenchmarks } from "./server.bench";

/** `npm run bench`: runs every benchmark, prints a table and writes bench/results/<timestamp>.json. */
async function main() {
  const cases: BenchCase[] = [...serverBenchmarks()];
  const results: BenchResult[] = [];
  for (const bench of cases) {
    process.stdout.write(`running: ${bench.name} ...\n`);
    results.push(await runCase(bench));
  }
  console.log("");
  console.table(
    results.map((r) => ({
      benchmark: r.name,
      baseline: r.baselineName,
      "baseline µs/op": r.baselineMedianUs,
      "subject µs/op": r.subjectMedianUs,
      "ratio (subject/baseline)": r.ratio,
    })),
  );
  const dir = path.join(process.cwd(), "bench", "results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify({ node: process.version, at: new Date().toISOString(), results }, null, 2));
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
  process.exit(0);
}

void main();
