// npm test: type check, unit tests, integration tests on PGlite and on a real PostgreSQL 15,
// then end-to-end tests in Debian's Chromium. Installs chromium and postgresql with apt-get
// when they are missing. Ends with one summary line "Tests: N passed, N failed".
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { build, freePort, root, run } from "./lib.mjs";
import { startPostgres } from "./postgres.mjs";
import { chromiumPath, ensureSystemPackages } from "./system-packages.mjs";
import { androidSyncDrift } from "./android-sync-check.mjs";

const reportDir = path.join(root, "test-results", "reports");
const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];
const failures = [];
/** The names of the tests that failed, repeated in the summary (the last lines a CI log keeps). */
const failedTests = [];

function section(title) {
  console.log(`\n=== ${title} ===`);
}

async function step(name, body) {
  section(name);
  const started = Date.now();
  let ok = false;
  try {
    ok = (await body()) !== false;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
  const seconds = (Date.now() - started) / 1000;
  timings.push([name, seconds, ok]);
  if (!ok) failures.push(name);
  return ok;
}

function countVitest(file, label) {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, "utf8"));
  for (const suite of report.testResults ?? []) {
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) failedTests.push(`${label}: ${path.relative(root, suite.name)} > ${test.fullName ?? test.title}`);
    // A file that failed to load has no failed test of its own.
    if (failed.length === 0 && suite.status === "failed") failedTests.push(`${label}: ${path.relative(root, suite.name)} (${(suite.message ?? "failed").split("\n")[0]})`);
  }
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  return true;
}

function vitest(project, label, env = {}, filters = []) {
  const out = path.join(reportDir, `vitest-${label}.json`);
  rmSync(out, { force: true });
  const status = run("vitest", ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile=${out}`, ...filters], {
    env: { ...process.env, ...env },
  });
  if (!countVitest(out, label)) totals.failed += 1;
  return status === 0;
}

/** An integration run in the background, its output kept in a log (printed by the caller). */
function vitestInBackground(label, env, filters = []) {
  const out = path.join(reportDir, `vitest-${label}.json`);
  const log = path.join(reportDir, `vitest-${label}.log`);
  rmSync(out, { force: true });
  const fd = openSync(log, "w");
  return new Promise((resolve) => {
    const child = spawn("vitest", ["run", "--project", "integration", "--reporter=default", "--reporter=json", `--outputFile=${out}`, ...filters], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", fd, fd],
    });
    let finished = false;
    const done = (status) => {
      if (finished) return;
      finished = true;
      closeSync(fd);
      if (!countVitest(out, label)) totals.failed += 1;
      resolve({ label, ok: status === 0, log });
    };
    child.on("error", (error) => {
      console.error(error.message);
      done(1);
    });
    child.on("close", (status) => done(status ?? 1));
  });
}

function countPlaywright(file) {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, "utf8"));
  const { stats } = report;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected") failedTests.push(`e2e [${test.projectName}]: ${spec.file}:${spec.line} > ${[...titles, spec.title].join(" > ")}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
  return true;
}

const started = Date.now();
mkdirSync(reportDir, { recursive: true });
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = "1";

await step("System packages", () => ensureSystemPackages("the end-to-end and PostgreSQL tests"));
await step("Type check", () => run("tsc", ["--noEmit", "-p", "tsconfig.json"]) === 0);
// Built once here rather than by several test workers at the same moment.
await step("Sandbox data cache", () => run("tsx", ["sandbox/build-cache.ts"]) === 0);
await step("Unit tests", () => vitest("unit", "unit"));
// The two databases' runs go side by side: each runs its files one at a time (one core each),
// every server and sandbox on a port and in a directory of its own.
await step("Integration tests on PGlite and on PostgreSQL (side by side)", async () => {
  const postgres = await startPostgres();
  console.log(`PostgreSQL ${postgres.major} on 127.0.0.1:${postgres.port}`);
  try {
    const runs = await Promise.all([
      vitestInBackground("integration-pglite", { QUIRE_TEST_DB: "pglite" }),
      // The sandbox's own tests do not touch the database; they run once, on PGlite.
      vitestInBackground("integration-postgres", { QUIRE_TEST_DB: "postgres", TEST_DATABASE_URL: postgres.url }, ["src/"]),
    ]);
    for (const { label, ok, log } of runs) {
      section(`${label} (${ok ? "passed" : "FAILED"})`);
      process.stdout.write(readFileSync(log, "utf8"));
    }
    return runs.every((result) => result.ok);
  } finally {
    postgres.stop();
  }
});
await step("Build", () => {
  build({ quiet: true });
});
await step("Android project in sync (cap sync)", () => {
  const drift = androidSyncDrift();
  if (drift.length > 0) console.error(`cap sync changed the committed Android project; run \`npx cap sync android\` and commit:\n  ${drift.join("\n  ")}`);
  // Counted as one test, like the others.
  if (drift.length > 0) totals.failed += 1;
  else totals.passed += 1;
  return drift.length === 0;
});
await step("End-to-end tests (Chromium)", async () => {
  const out = path.join(reportDir, "playwright.json");
  rmSync(out, { force: true });
  rmSync(path.join(root, "test-results", "screens"), { recursive: true, force: true });
  // Free ports, so a Quire or a demo already running on this machine does not get in the way.
  const ports = {
    E2E_PORT: process.env.E2E_PORT ?? String(await freePort()),
    E2E_SANDBOX_PORT: process.env.E2E_SANDBOX_PORT ?? String(await freePort()),
  };
  const status = run("playwright", ["test", "--reporter=list,json"], {
    env: { ...process.env, ...ports, PLAYWRIGHT_JSON_OUTPUT_NAME: out, CHROMIUM_PATH: chromiumPath },
  });
  if (!countPlaywright(out)) totals.failed += 1;
  return status === 0;
});

section("Summary");
for (const [name, seconds, ok] of timings) console.log(`${ok ? "ok  " : "FAIL"} ${name.padEnd(36)} ${seconds.toFixed(1)} s`);
console.log(`Total time ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failures.length) {
  console.log(`Failed steps: ${failures.join(", ")}`);
  // A step that failed before running its tests (a crash, a port in use) still counts as a failure.
  totals.failed = Math.max(totals.failed, failures.length);
}
if (failedTests.length) console.log(`Failed tests:\n  ${failedTests.join("\n  ")}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
