/**
 * Quire's own arXiv index: searches and suggestions at arXiv's size, what the index costs to
 * build and keep, how close the harvest comes to arXiv's pacing, and how a deployment holds
 * up when everyone searches at once.
 *
 * Sizes: QUIRE_BENCH_INDEX_SIZES="postgres:3000000,pglite:300000" (the default); a scale index
 * is built on first use and kept under bench/.data (see index-scale.ts).
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { queryRows } from "@/server/db/client";
import { arxivIndexRepository } from "@/server/features/arxiv-index/arxiv-index.repository";
import { searchIndex } from "@/server/features/arxiv-index/index-search";
import { suggestPapers } from "@/server/features/arxiv-index/suggestions";
import { WORD_PAIRS_INDEX } from "@/server/features/arxiv-index/word-pairs";
import { SEARCH_TOTAL_CAP } from "@/shared/constants";
import { percentile, round, type Figure } from "./figures";
import { closeLoadClient, send } from "./load-client";
import { benchQueries, benchSuggestions } from "./index-queries";
import { BENCH_POSTGRES_SETTINGS, scaleIndex } from "./index-scale";
import { startProductionServer, startServerProcess, type ChildServer } from "./sandbox-process";
// @ts-expect-error: the npm scripts' helpers are plain JavaScript, without types.
import { startPostgres } from "../scripts/postgres.mjs";

const suite = "index";
/** arXiv's pacing: one request every 3 s, all of its interfaces together. */
const ARXIV_INTERVAL_MS = 3_000;
const PAGE_SIZE = 50;

type Kind = "postgres" | "pglite";

/** The scale indexes to measure, from QUIRE_BENCH_INDEX_SIZES. */
function sizes(): { kind: Kind; size: number }[] {
  const spec = process.env.QUIRE_BENCH_INDEX_SIZES ?? "postgres:3000000,pglite:300000";
  return spec
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [kind, size] = part.split(":");
      if ((kind !== "postgres" && kind !== "pglite") || !Number.isInteger(Number(size)) || Number(size) < 1) {
        throw new Error(`QUIRE_BENCH_INDEX_SIZES: "${part}" is not kind:size (postgres or pglite)`);
      }
      return { kind, size: Number(size) };
    });
}

/** The goals the issue sets for each database at its size. */
const GOALS: Record<Kind, { p50: number; p99?: number; suggestP95?: number }> = {
  postgres: { p50: 30, p99: 200, suggestP95: 20 },
  pglite: { p50: 50 },
};

async function timeEach<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (const item of items) {
    const started = performance.now();
    await run(item);
    times.push(performance.now() - started);
  }
  return times;
}

/** Searches and suggestions straight on a scale index (the server's own code, no HTTP). */
async function scaleFigures(kind: Kind, size: number): Promise<Figure[]> {
  const figures: Figure[] = [];
  const index = await scaleIndex(kind, size, (line) => console.log(line));
  const label = `${kind} ${size.toLocaleString("en")}`;
  const millions = size / 1_000_000;
  try {
    const repository = arxivIndexRepository(index.database.db);
    const { build } = index;
    figures.push(
      { suite, name: `${label}: build time per million records (load + indexes${build.wordPairsSeconds !== undefined ? " + word pairs" : ""})`, value: round((build.loadSeconds + build.indexSeconds + (build.wordPairsSeconds ?? 0)) / millions / 60, 1), unit: "min" },
      { suite, name: `${label}: disk per million records (table, TOAST, indexes)`, value: round(build.bytes / millions / 1e9, 2), unit: "GB" },
      {
        suite,
        name: `${label}: harvest path storing into the indexed table`,
        value: Math.round(build.rowsPerSecondWithIndexes),
        unit: "rows/s",
        baseline: "arXiv's pace (3,500 records per 3 s response)",
        baselineValue: Math.round(3500 / 3),
        ratio: round(build.rowsPerSecondWithIndexes / (3500 / 3)),
        goal: "≥ 1",
        met: build.rowsPerSecondWithIndexes >= 3500 / 3,
      },
    );

    // The floor every query pays: one primary-key read of a paper over the same connection.
    const ids = (await queryRows<{ id: string }>(index.database.db, sql`select id from arxiv_papers tablesample system (1) limit 200`)).map((row) => row.id);
    const queries = benchQueries(size, 1000);
    // Warm the caches as a running server's are (the first queries of a cold start are not what
    // users meet), and read the dates that place the searches' windows, as a server's first search does.
    await repository.warm();
    for (const query of queries.slice(0, 50)) await searchIndex(repository, { searchQuery: query.searchQuery, sortBy: query.sortBy, start: query.page * PAGE_SIZE, maxResults: PAGE_SIZE, countCap: SEARCH_TOTAL_CAP });
    const floor = await timeEach(ids, (id) => repository.byIds([id]));
    const floorP50 = percentile(floor, 50);
    const times = await timeEach(queries, (query) =>
      searchIndex(repository, { searchQuery: query.searchQuery, sortBy: query.sortBy, start: query.page * PAGE_SIZE, maxResults: PAGE_SIZE, countCap: SEARCH_TOTAL_CAP }),
    );
    const goals = GOALS[kind];
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    figures.push({ suite, name: `${label}: search p50 (1,000 queries of every form)`, value: round(p50, 1), unit: "ms", baseline: "primary-key read p50", baselineValue: round(floorP50, 2), ratio: round(p50 / floorP50, 1), goal: `≤ ${goals.p50} ms`, met: p50 <= goals.p50 });
    figures.push({ suite, name: `${label}: search p99`, value: round(p99, 1), unit: "ms", baseline: "primary-key read p50", baselineValue: round(floorP50, 2), ratio: round(p99 / floorP50, 1), ...(goals.p99 ? { goal: `≤ ${goals.p99} ms`, met: p99 <= goals.p99 } : {}) });
    // Where the time goes: the slowest forms, so a regression names its query.
    const byForm = new Map<string, number[]>();
    queries.forEach((query, n) => byForm.set(`${query.form}, ${query.sortBy}`, [...(byForm.get(`${query.form}, ${query.sortBy}`) ?? []), times[n]!]));
    const slowest = [...byForm.entries()].map(([form, list]) => ({ form, p50: percentile(list, 50), count: list.length })).sort((a, b) => b.p50 - a.p50).slice(0, 4);
    for (const { form, p50: formP50, count } of slowest) {
      figures.push({ suite, name: `${label}: slowest forms: ${form} (${count} queries) p50`, value: round(formP50, 1), unit: "ms" });
    }

    const typed = benchSuggestions(size, 500);
    for (const text of typed.slice(0, 20)) await suggestPapers(repository, text);
    const suggestTimes = await timeEach(typed, (text) => suggestPapers(repository, text));
    const suggestP95 = percentile(suggestTimes, 95);
    figures.push({
      suite,
      name: `${label}: suggestions p95 (500 typed prefixes)`,
      value: round(suggestP95, 1),
      unit: "ms",
      baseline: "primary-key read p50",
      baselineValue: round(floorP50, 2),
      ratio: round(suggestP95 / floorP50, 1),
      ...(goals.suggestP95 ? { goal: `≤ ${goals.suggestP95} ms`, met: suggestP95 <= goals.suggestP95 } : {}),
    });
  } finally {
    await index.close();
  }
  return figures;
}

/** The sandbox serving a scale corpus of `size` records over OAI-PMH, in its own process. */
function startScaleSandbox(size: number): Promise<ChildServer> {
  return startServerProcess("sandbox/main.ts", [], { SANDBOX_PORT: "0", SANDBOX_ARXIV_CORPUS: `scale:${size}` });
}

type Recorded = { route: string; path: string; ms: number };
async function sandboxRequests(sandbox: ChildServer, route: string): Promise<Recorded[]> {
  const answer = (await (await fetch(`${sandbox.url}/__control/requests?route=${route}`)).json()) as { requests: Recorded[] };
  return answer.requests;
}

/** Waits until the harvest of `scope` has finished its first pass; returns when it did (epoch ms). */
async function harvestDone(client: pg.Client, scope: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ done: Date | null }>(`select initial_done_at as done from arxiv_harvests where scope = $1`, [scope]).catch(() => ({ rows: [] as { done: Date | null }[] }));
    if (rows[0]?.done) return rows[0].done.getTime();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the harvest of ${scope} did not finish within ${timeoutMs / 1000} s`);
}

/** Waits until the word-pairs index is built and valid; returns when it was seen so (epoch ms). */
async function wordPairsReady(client: pg.Client, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ valid: boolean | null }>(`select (select indisvalid from pg_index where indexrelid = to_regclass($1)) as valid`, [WORD_PAIRS_INDEX]);
    if (rows[0]?.valid) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the word-pairs index was not built within ${timeoutMs / 1000} s of the harvest`);
}

/**
 * The deployment figures: two instances on one PostgreSQL with the index of a scale corpus of
 * `size` records harvested through the sandbox's OAI-PMH at arXiv's pace; then 200 distinct
 * searches at once, and a compressed day of users spread over both instances.
 */
async function deploymentFigures(size: number): Promise<Figure[]> {
  const figures: Figure[] = [];
  const sandbox = await startScaleSandbox(size);
  const postgres = await startPostgres({ settings: BENCH_POSTGRES_SETTINGS });
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  const servers: Awaited<ReturnType<typeof startProductionServer>>[] = [];
  try {
    const env = { DATABASE_URL: postgres.url, ARXIV_HARVEST: "all" };
    servers.push(await startProductionServer({ sandboxUrl: sandbox.url, env }));
    servers.push(await startProductionServer({ sandboxUrl: sandbox.url, env }));

    // 1. The first harvest of the whole corpus against its pacing floor.
    const done = await harvestDone(client, "all", 30 * 60_000);
    const pages = (await sandboxRequests(sandbox, "arxiv-oai")).filter((request) => /verb=ListRecords/.test(request.path));
    const first = pages[0]!.ms;
    const floorSeconds = (pages.length * ARXIV_INTERVAL_MS) / 1000;
    const harvestSeconds = (done - first) / 1000;
    figures.push({
      suite,
      name: `harvest of a ${size.toLocaleString("en")}-record corpus (${pages.length} responses), two instances`,
      value: round(harvestSeconds, 1),
      unit: "s",
      baseline: "pacing floor (responses × 3 s)",
      baselineValue: floorSeconds,
      ratio: round(harvestSeconds / floorSeconds),
      goal: "≤ 1.1",
      met: harvestSeconds / floorSeconds <= 1.1,
    });

    // The searches are measured as a deployment answers them once it is ready: with the
    // abstracts' word-pairs index, which an instance builds as soon as the first harvest is done.
    const pairsReady = await wordPairsReady(client, 5 * 60_000);
    figures.push({ suite, name: "the abstracts' word-pairs index ready after the harvest", value: round((pairsReady - done) / 1000, 1), unit: "s" });
    // Each instance reads whether it is usable every few seconds until it is.
    await new Promise((resolve) => setTimeout(resolve, 6_000));

    const queries = benchQueries(size, 2400, 23);
    const searchUrl = (server: string, query: { searchQuery: string; sortBy: string; page: number }) =>
      `${server}/api/search?source=arxiv&q=${encodeURIComponent(query.searchQuery)}&sort=${query.sortBy}-descending&page=${query.page}`;
    const timedGet = async (url: string) => {
      const answer = await send(url);
      return { ms: answer.ms, status: answer.status, source: answer.headers["x-search-source"] ?? null };
    };

    // 2. One search alone (the baseline), then 200 distinct searches at once. Both instances
    // first answer searches of their own, as a deployment that has been up a while has (its
    // code compiled, its pool's connections open): none of them is asked again below.
    const measured = new Set(queries.map((query) => searchUrl("", query)));
    const warmUp = benchQueries(size, 200, 5).filter((query) => !measured.has(searchUrl("", query)));
    // Eight at a time: one after another, each pool kept a single connection open, and the burst
    // then opened the rest (a new PostgreSQL backend, its caches empty, for each).
    for (let at = 0; at < warmUp.length; at += 8) {
      await Promise.all(warmUp.slice(at, at + 8).map((query, n) => timedGet(searchUrl(servers[n % 2]!.url, query))));
    }
    const alone = await timeEach(queries.slice(0, 20), (query) => timedGet(searchUrl(servers[0]!.url, query)));
    const aloneP50 = percentile(alone, 50);
    const burst = await Promise.all(queries.slice(20, 220).map((query, n) => timedGet(searchUrl(servers[n % 2]!.url, query))));
    const burstP95 = percentile(burst.map((answer) => answer.ms), 95);
    const answered = burst.filter((answer) => answer.status === 200).length;
    figures.push({ suite, name: "200 distinct searches at once: answered", value: answered, unit: "of 200", goal: "200", met: answered === 200 });
    figures.push({ suite, name: "200 distinct searches at once: p95", value: Math.round(burstP95), unit: "ms", baseline: "one search alone p50", baselineValue: round(aloneP50, 1), ratio: round(burstP95 / aloneP50, 1), goal: "< 1000 ms", met: burstP95 < 1000 });

    // 3. A day of users compressed into minutes: searches with repeats (people search what
    // others searched), id lookups, catch-up feeds, abstract pages, spread over both instances.
    const apiBefore = (await sandboxRequests(sandbox, "arxiv-api")).length;
    const popular = queries.slice(220, 520);
    const ids = (await client.query<{ id: string }>(`select id from arxiv_papers tablesample system (2) limit 500`)).rows.map((row) => row.id);
    const categories = (await client.query<{ c: string }>(`select distinct unnest(categories) as c from arxiv_papers tablesample system (1) limit 40`)).rows.map((row) => row.c);
    let seed = 99;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const DAY_REQUESTS = Number(process.env.QUIRE_BENCH_INDEX_DAY ?? 10_000);
    type Outcome = { kind: string; ms: number; status: number; source: string | null };
    const outcomes: Outcome[] = [];
    let fresh = 520;
    const work = Array.from({ length: DAY_REQUESTS }, () => {
      const roll = next();
      const server = pick(servers).url;
      if (roll < 0.55) {
        // About a third of searches repeat one somebody made before.
        const query = next() < 0.35 ? pick(popular) : queries[fresh++ % queries.length]!;
        return { kind: "search", url: searchUrl(server, query) };
      }
      if (roll < 0.75) return { kind: "lookup", url: `${server}/api/papers/lookup?id=${pick(ids)}` };
      if (roll < 0.85) return { kind: "abs", url: `${server}/abs/${pick(ids)}` };
      return { kind: "feed", url: `${server}/api/catchup/feed`, body: JSON.stringify({ categories: [pick(categories)], range: "monthly" }) };
    });
    const dayStarted = performance.now();
    let cursor = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (cursor < work.length) {
          const item = work[cursor++]!;
          const answer = item.body
            ? await send(item.url, { method: "POST", headers: { "content-type": "application/json", origin: new URL(item.url).origin }, body: item.body })
            : await send(item.url);
          const source = answer.headers["x-search-source"];
          outcomes.push({ kind: item.kind, ms: answer.ms, status: answer.status, source: typeof source === "string" ? source : null });
        }
      }),
    );
    const daySeconds = (performance.now() - dayStarted) / 1000;
    const apiRequests = (await sandboxRequests(sandbox, "arxiv-api")).slice(apiBefore).map((request) => request.ms).sort((a, b) => a - b);
    let smallestGap = Number.POSITIVE_INFINITY;
    for (let n = 1; n < apiRequests.length; n++) smallestGap = Math.min(smallestGap, apiRequests[n]! - apiRequests[n - 1]!);
    const serverErrors = outcomes.filter((outcome) => outcome.status >= 500).length;
    // Every request the day sends is valid: a refusal means the bench, or the route, is wrong.
    const refused = outcomes.filter((outcome) => outcome.status >= 400 && outcome.status < 500).length;
    const searches = outcomes.filter((outcome) => outcome.kind === "search");
    const fromIndexOrCache = searches.filter((outcome) => outcome.source !== "arxiv").length / searches.length;
    const searchP95 = percentile(searches.map((outcome) => outcome.ms), 95);
    figures.push(
      { suite, name: `a compressed day: ${DAY_REQUESTS.toLocaleString("en")} requests over two instances`, value: round(daySeconds, 1), unit: "s" },
      { suite, name: "a compressed day: user-visible 5xx", value: serverErrors, unit: "answers", goal: "0", met: serverErrors === 0 },
      { suite, name: "a compressed day: requests refused (4xx)", value: refused, unit: "answers", goal: "0", met: refused === 0 },
      { suite, name: "a compressed day: arXiv API requests (smallest gap)", value: apiRequests.length, unit: `requests${apiRequests.length > 1 ? ` (${Math.round(smallestGap)} ms)` : ""}`, goal: "gaps ≥ 3000 ms", met: apiRequests.length < 2 || smallestGap >= ARXIV_INTERVAL_MS },
      { suite, name: "a compressed day: searches from the index or the cache", value: round(fromIndexOrCache * 100, 1), unit: "%", goal: "≥ 95 %", met: fromIndexOrCache >= 0.95 },
      { suite, name: "a compressed day: search p95", value: Math.round(searchP95), unit: "ms", baseline: "one search alone p50", baselineValue: round(aloneP50, 1), ratio: round(searchP95 / aloneP50, 1), goal: "≤ 300 ms", met: searchP95 <= 300 },
    );
  } finally {
    closeLoadClient();
    for (const server of servers) await server.close();
    await client.end();
    postgres.stop();
    await sandbox.close();
  }
  return figures;
}

export async function indexSuite(): Promise<Figure[]> {
  const figures: Figure[] = [];
  // Each part's figures are printed as soon as they are measured: the whole suite takes long.
  const report = (part: Figure[]) => {
    for (const figure of part) console.log(`  ${figure.name}: ${figure.value} ${figure.unit}${figure.goal ? ` (goal ${figure.goal}: ${figure.met ? "met" : "not met"})` : ""}`);
    figures.push(...part);
  };
  for (const { kind, size } of sizes()) report(await scaleFigures(kind, size));
  // QUIRE_BENCH_INDEX_CORPUS=0 measures the scale indexes alone.
  const corpus = Number(process.env.QUIRE_BENCH_INDEX_CORPUS ?? 30_000);
  if (corpus > 0) report(await deploymentFigures(corpus));
  return figures;
}
