import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import type { Flags } from "lighthouse";
import { chromiumLaunchOptions, percentile, round, type Figure } from "./figures";
import { json, startProductionServer, startSandboxProcess, startServerProcess } from "./sandbox-process";

/** A paper of the sandbox's arXiv corpus, the one the figures were taken on. */
const PAPER = "1102.0466";
/** Runs of each page and preset; the median counts (LIGHTHOUSE_BENCH_RUNS, default 3). */
const RUNS = Number(process.env.LIGHTHOUSE_BENCH_RUNS) || 3;
const PRESETS = ["mobile", "desktop"] as const;
type Preset = (typeof PRESETS)[number];

/** One page measured, with its goals: a mobile score (with LCP and TBT where the issue sets them). */
type Target = { name: string; path: string; mobileScore: number; mobileLcpMs?: number; mobileTbtMs?: number };
const TARGETS: Target[] = [
  { name: "/", path: "/", mobileScore: 90, mobileLcpMs: 2500, mobileTbtMs: 200 },
  { name: "/search?q=transformer", path: "/search?q=transformer", mobileScore: 90, mobileLcpMs: 2500, mobileTbtMs: 200 },
  { name: `/abs/${PAPER}`, path: `/abs/${PAPER}`, mobileScore: 90, mobileLcpMs: 2500, mobileTbtMs: 200 },
  { name: `/pdf/${PAPER}`, path: `/pdf/${PAPER}`, mobileScore: 75 },
];
const DESKTOP_SCORE = 95;
const BASELINE = "static abstract page";

/** What one Lighthouse run gives: scores out of 100, times in ms. */
type Run = { score: number; lcpMs: number; tbtMs: number; accessibility: number; benchmarkIndex: number };

/**
 * Chromium as the other browser figures run it (figures.ts's flags), headless, with its
 * DevTools port open for Lighthouse; a fresh profile for each run.
 */
async function launchChromium(): Promise<{ port: number; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "quire-lighthouse-"));
  const child = spawn(
    chromiumLaunchOptions.executablePath,
    [...chromiumLaunchOptions.args, "--headless", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port: ${output}`)), 60_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited with ${code}: ${output}`)));
  });
  return {
    port,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Lighthouse's own failures to record a load (its "run Lighthouse again" errors), which a new run fixes. */
class LighthouseRuntimeError extends Error {}

/** One Lighthouse run of `url` with a preset's settings; run again (at most twice) when Lighthouse itself failed. */
async function lighthouseRun(url: string, preset: Preset): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseAttempt(url, preset);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === 3) throw error;
      console.log(`    ${error.message}; running it again`);
    }
  }
}

/** One Lighthouse run of `url` with a preset's settings, in a Chromium of its own. */
async function lighthouseAttempt(url: string, preset: Preset): Promise<Run> {
  // Loaded here, not with the bench: the other suites need none of Lighthouse.
  const { default: lighthouse, desktopConfig } = await import("lighthouse");
  const browser = await launchChromium();
  try {
    const flags: Flags = { port: browser.port, hostname: "127.0.0.1", logLevel: "error", output: "json", onlyCategories: ["performance", "accessibility"] };
    const result = await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse on ${url} (${preset}): ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    const accessibility = lhr.categories.accessibility?.score;
    const lcpMs = lhr.audits["largest-contentful-paint"]?.numericValue;
    const tbtMs = lhr.audits["total-blocking-time"]?.numericValue;
    if (score == null || accessibility == null || lcpMs === undefined || tbtMs === undefined) {
      throw new Error(`Lighthouse on ${url} (${preset}) left a figure out: ${lhr.runWarnings.join("; ")}`);
    }
    const failed = Object.values(lhr.categories.accessibility!.auditRefs)
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id);
    if (failed.length > 0) console.log(`    accessibility audits failed: ${failed.join(", ")}`);
    return { score: score * 100, accessibility: accessibility * 100, lcpMs, tbtMs, benchmarkIndex: lhr.environment.benchmarkIndex };
  } finally {
    await browser.close();
  }
}

/**
 * Loads every page once in Chromium before the measured runs, as a user finds a running demo:
 * the server has the search, the paper and its PDF from the sandbox in its caches (so /abs is
 * drawn by the server) and its JIT has compiled the pages' paths. Not counted.
 */
async function warmUp(origin: string) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const target of TARGETS) {
      const page = await browser.newPage();
      await page.goto(`${origin}${target.path}`, { waitUntil: "networkidle", timeout: 120_000 });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => percentile(values, 50);

/**
 * Lighthouse 12 (its mobile preset, a mid-range phone on slow 4G, and its desktop preset) over
 * the pages people open from links, against the demo (the built server on the sandbox upstream,
 * anonymous), each figure the median of RUNS runs; the runs of every page and of the baseline, a
 * static abstract page served by a bare server (static-page-server.ts), are interleaved so the
 * machine's noise hits them alike.
 */
export async function lighthouseSuite(): Promise<Figure[]> {
  if (!existsSync(chromiumLaunchOptions.executablePath)) {
    console.warn("skipping the lighthouse suite: install chromium first");
    return [];
  }
  const suite = "lighthouse";
  const sandbox = await startSandboxProcess();
  const server = await startProductionServer({ sandboxUrl: sandbox.url });
  let baseline: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    const { paper } = await json<{ paper: { id: string; title: string; authors: string[]; abstract: string; publishedDate: string | null } }>(
      await fetch(`${server.url}/api/papers/lookup?id=${PAPER}`),
    );
    baseline = await startServerProcess("bench/static-page-server.ts", [], {
      STATIC_PAGE_PAPER: JSON.stringify({ id: paper.id, title: paper.title, authors: paper.authors, abstract: paper.abstract, published: paper.publishedDate ?? undefined }),
    });
    await warmUp(server.url);
    // The figures are those of the page the server draws: a paper it does not hold gets the bare app.
    const drawn = await (await fetch(`${server.url}/abs/${PAPER}`)).text();
    if (!drawn.includes("data-preview-paper")) throw new Error(`the server did not draw /abs/${PAPER} after the warm-up`);

    const runs = new Map<string, Run[]>();
    const loads: number[] = [];
    const key = (preset: Preset, name: string) => `${preset} ${name}`;
    const pages = [{ name: BASELINE, url: `${baseline.url}/abs/${PAPER}` }, ...TARGETS.map((target) => ({ name: target.name, url: `${server.url}${target.path}` }))];
    for (let round = 1; round <= RUNS; round++) {
      for (const preset of PRESETS) {
        for (const page of pages) {
          loads.push(os.loadavg()[0]!);
          const run = await lighthouseRun(page.url, preset);
          console.log(
            `  ${preset} ${page.name} (run ${round}/${RUNS}): performance ${Math.round(run.score)}, LCP ${(run.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(run.tbtMs)} ms, accessibility ${Math.round(run.accessibility)}`,
          );
          runs.set(key(preset, page.name), [...(runs.get(key(preset, page.name)) ?? []), run]);
        }
      }
    }

    const medianOf = (preset: Preset, name: string, pick: (run: Run) => number) => median(runs.get(key(preset, name))!.map(pick));
    const figures: Figure[] = [];
    const summary: Record<string, Record<string, string | number>> = {};
    for (const preset of PRESETS) {
      for (const name of [BASELINE, ...TARGETS.map((target) => target.name)]) {
        summary[key(preset, name === BASELINE ? "baseline" : name)] = {
          performance: Math.round(medianOf(preset, name, (run) => run.score)),
          "LCP (s)": round(medianOf(preset, name, (run) => run.lcpMs) / 1000, 2),
          "TBT (ms)": Math.round(medianOf(preset, name, (run) => run.tbtMs)),
          accessibility: Math.round(medianOf(preset, name, (run) => run.accessibility)),
        };
      }
      const base = {
        score: medianOf(preset, BASELINE, (run) => run.score),
        lcpMs: medianOf(preset, BASELINE, (run) => run.lcpMs),
        tbtMs: medianOf(preset, BASELINE, (run) => run.tbtMs),
        accessibility: medianOf(preset, BASELINE, (run) => run.accessibility),
      };
      for (const target of TARGETS) {
        const score = medianOf(preset, target.name, (run) => run.score);
        const lcpMs = medianOf(preset, target.name, (run) => run.lcpMs);
        const tbtMs = medianOf(preset, target.name, (run) => run.tbtMs);
        const accessibility = medianOf(preset, target.name, (run) => run.accessibility);
        const scoreGoal = preset === "mobile" ? target.mobileScore : DESKTOP_SCORE;
        const lcpGoal = preset === "mobile" ? target.mobileLcpMs : undefined;
        const tbtGoal = preset === "mobile" ? target.mobileTbtMs : undefined;
        const name = `${preset} ${target.name}`;
        const against = (value: number, baselineValue: number) => ({
          baseline: BASELINE,
          baselineValue,
          ...(baselineValue > 0 ? { ratio: round(value / baselineValue) } : {}),
        });
        figures.push({
          suite,
          name: `${name}: performance score (median of ${RUNS})`,
          value: Math.round(score),
          unit: "points",
          ...against(Math.round(score), Math.round(base.score)),
          goal: `≥ ${scoreGoal}`,
          met: Math.round(score) >= scoreGoal,
        });
        figures.push({
          suite,
          name: `${name}: largest contentful paint`,
          value: round(lcpMs / 1000, 2),
          unit: "s",
          ...against(round(lcpMs / 1000, 2), round(base.lcpMs / 1000, 2)),
          ...(lcpGoal === undefined ? {} : { goal: `≤ ${lcpGoal / 1000} s`, met: lcpMs <= lcpGoal }),
        });
        figures.push({
          suite,
          name: `${name}: total blocking time`,
          value: Math.round(tbtMs),
          unit: "ms",
          ...against(Math.round(tbtMs), Math.round(base.tbtMs)),
          ...(tbtGoal === undefined ? {} : { goal: `≤ ${tbtGoal} ms`, met: tbtMs <= tbtGoal }),
        });
        figures.push({
          suite,
          name: `${name}: accessibility score`,
          value: Math.round(accessibility),
          unit: "points",
          ...against(Math.round(accessibility), Math.round(base.accessibility)),
          goal: "= 100",
          met: Math.round(accessibility) === 100,
        });
      }
    }
    const allRuns = [...runs.values()].flat();
    figures.push({
      suite,
      name: "Lighthouse's benchmark index of this machine (its CPU speed, median of the runs)",
      value: Math.round(median(allRuns.map((run) => run.benchmarkIndex))),
      unit: "",
    });
    figures.push({ suite, name: "machine load during the runs (1-minute load average, median)", value: round(median(loads), 1), unit: `on ${os.cpus().length} cores` });
    console.log("");
    console.table(summary);
    return figures;
  } finally {
    await baseline?.close();
    await server.close();
    await sandbox.close();
  }
}
