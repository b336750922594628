import { readFileSync } from "node:fs";
import pg from "pg";
import { changeZoteroLibrary, createZoteroUser, setZoteroPacing, type CreatedZoteroUser } from "../sandbox/test-support/zotero";
import type { ZoteroSyncState } from "@/shared/zotero/zotero-contract";
import { round, type Figure } from "./figures";
import { json, signUp, startProductionServer, startSandboxProcess, type BenchSession as Session, type ChildServer, type ProductionServer } from "./sandbox-process";
// @ts-expect-error: the npm scripts' helpers are plain JavaScript, without types.
import { startPostgres } from "../scripts/postgres.mjs";

const suite = "zotero";
/** The sandbox's time per Zotero request (its pacing): the floor a sequential sync cannot beat. */
const PACING_MS = 20;
const BIG = 10_000;
const SMALL = 1_000;

function call<T>(server: ChildServer, session: Session, path: string, body?: unknown): Promise<T> {
  return fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { cookie: session.cookie, origin: session.origin, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((response) => json<T>(response));
}

async function waitForSync(server: ChildServer, session: Session, done: (state: ZoteroSyncState) => boolean, timeoutMs = 600_000): Promise<ZoteroSyncState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await call<ZoteroSyncState>(server, session, "/api/zotero/sync").catch(() => null);
    if (state && done(state)) return state;
    if (Date.now() > deadline) throw new Error(`the sync did not finish: ${JSON.stringify(state)}`);
    // As the settings card polls (every second would blur the end by up to a second).
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type LoggedRequest = { method: string; path: string; at: string };
async function zoteroRequests(sandbox: ChildServer, user: CreatedZoteroUser): Promise<LoggedRequest[]> {
  const log = await json<{ requests: LoggedRequest[] }>(await fetch(`${sandbox.url}/__control/requests?route=zotero-api`));
  return log.requests.filter((entry) => entry.path.includes(`/users/${user.userID}/`));
}
const clearRequests = (sandbox: ChildServer) => fetch(`${sandbox.url}/__control/requests`, { method: "DELETE" });

/** The process's peak resident memory so far (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** A fresh server, a Quire account connected to a new Zotero library of `items` items, a full sync timed. */
async function fullSync(sandbox: ChildServer, databaseUrl: string, db: pg.Client, items: number) {
  const server = await startProductionServer({ sandboxUrl: sandbox.url, env: { DATABASE_URL: databaseUrl } });
  try {
    const zotero = await createZoteroUser(sandbox.url, { items, children: true });
    const session = await signUp(server, db, `sync-${items}`);
    await call(server, session, "/api/zotero/sync-credentials", { apiKey: zotero.key });
    await clearRequests(sandbox);
    const started = performance.now();
    await call(server, session, "/api/zotero/sync", { action: "full", batchSize: 100 });
    const done = await waitForSync(server, session, (state) => state.status !== "syncing");
    const ms = performance.now() - started;
    if (done.status !== "idle") throw new Error(`the sync ended ${done.status}: ${done.message} ${done.error}`);
    const requests = (await zoteroRequests(sandbox, zotero)).length;
    const { rows } = await db.query<{ n: string; distinct: string }>(
      `select count(*) as n, count(distinct zotero_item_key) as distinct from zotero_cache where user_id = (select user_id from zotero_sync_state where session_id = $1)`,
      [done.sessionId],
    );
    return { server, session, zotero, ms, requests, rows: Number(rows[0]!.n), distinct: Number(rows[0]!.distinct), total: done.total, peakRssMb: peakRssMb(server.pid) };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * The figures (`npm run bench -- zotero`), against the sandbox's Zotero in its own process
 * and Quire's built server as `npm start` runs it, on PostgreSQL 15 (so a server can be killed and
 * another started on the same database):
 * - a full sync of 10,000 items against the sandbox's pacing floor (its requests x its per-request
 *   time), and the server's peak memory at 10,000 items against 1,000;
 * - an incremental sync after 50 changes: requests and time;
 * - the server killed (SIGKILL) mid-sync, another started: every item stored once, and what was
 *   fetched again.
 */
export async function zoteroSuite(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const postgres = await startPostgres();
  const sandbox = await startSandboxProcess();
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  const servers: ProductionServer[] = [];
  try {
    await setZoteroPacing(sandbox.url, PACING_MS);

    const small = await fullSync(sandbox, postgres.url, db, SMALL);
    servers.push(small.server);
    await small.server.close();
    const big = await fullSync(sandbox, postgres.url, db, BIG);
    servers.push(big.server);
    const floorMs = big.requests * PACING_MS;
    figures.push({
      suite,
      name: `full sync of ${BIG.toLocaleString("en")} items (batches of 100, ${big.requests} Zotero requests, ${PACING_MS} ms each in the sandbox)`,
      value: round(big.ms / 1000, 1),
      unit: "s",
      baseline: "the sandbox's pacing floor (requests x per-request time)",
      baselineValue: round(floorMs / 1000, 1),
      ratio: round(big.ms / floorMs),
    });
    figures.push({ suite, name: `rows cached per item after the full sync (${big.rows} rows, ${big.distinct} items, ${big.total} in Zotero)`, value: round(big.rows / big.distinct, 3), unit: "rows/item", goal: "1", met: big.rows === big.distinct && big.distinct === big.total });
    figures.push({
      suite,
      name: `server peak RSS after syncing ${BIG.toLocaleString("en")} items`,
      value: round(big.peakRssMb, 0),
      unit: "MB",
      baseline: `after syncing ${SMALL.toLocaleString("en")} items (a fresh server)`,
      baselineValue: round(small.peakRssMb, 0),
      ratio: round(big.peakRssMb / small.peakRssMb),
      goal: "bounded (≤ 1.5x)",
      met: big.peakRssMb / small.peakRssMb <= 1.5,
    });

    // Incremental sync after 50 changes.
    await changeZoteroLibrary(sandbox.url, big.zotero.userID, { modify: 30, add: 10, delete: 5, trash: 5 });
    await clearRequests(sandbox);
    const incrementalStarted = performance.now();
    await call(big.server, big.session, "/api/zotero/sync", { action: "incremental" });
    const incremental = await waitForSync(big.server, big.session, (state) => state.status !== "syncing");
    const incrementalMs = performance.now() - incrementalStarted;
    const incrementalRequests = (await zoteroRequests(sandbox, big.zotero)).length;
    figures.push({
      suite,
      name: `incremental sync after 50 changes in ${BIG.toLocaleString("en")} items (${incremental.message})`,
      value: incrementalRequests,
      unit: "requests",
      baseline: "the full sync's requests",
      baselineValue: big.requests,
      ratio: round(incrementalRequests / big.requests, 3),
      goal: "a handful (≤ 5)",
      met: incrementalRequests <= 5,
    });
    figures.push({ suite, name: "incremental sync after 50 changes, time (pacing included)", value: round(incrementalMs, 0), unit: "ms", baseline: "its requests x per-request time", baselineValue: incrementalRequests * PACING_MS, ratio: round(incrementalMs / (incrementalRequests * PACING_MS)) });
    await big.server.close();

    // Killed mid-sync, restarted, resumed.
    const first = await startProductionServer({ sandboxUrl: sandbox.url, env: { DATABASE_URL: postgres.url } });
    servers.push(first);
    const zotero = await createZoteroUser(sandbox.url, { items: 3000 });
    const session = await signUp(first, db, "crash");
    await call(first, session, "/api/zotero/sync-credentials", { apiKey: zotero.key });
    await setZoteroPacing(sandbox.url, 60);
    await clearRequests(sandbox);
    await call(first, session, "/api/zotero/sync", { action: "full", batchSize: 50 });
    await waitForSync(first, session, (state) => state.current >= 1200);
    await first.kill("SIGKILL");
    const killedAt = new Date();
    const [{ position, user_id: userId }] = (await db.query<{ position: number; user_id: string }>(`select s.position, s.user_id from zotero_sync_state s join "user" u on u.id = s.user_id where u.name = 'crash'`)).rows as [{ position: number; user_id: string }];
    await setZoteroPacing(sandbox.url, PACING_MS);
    const restartedAt = performance.now();
    const second = await startProductionServer({ sandboxUrl: sandbox.url, env: { DATABASE_URL: postgres.url } });
    servers.push(second);
    // The same session cookie: sessions live in the shared database.
    const done = await waitForSync(second, session, (state) => state.status !== "syncing", 600_000);
    const resumeMs = performance.now() - restartedAt;
    const { rows } = await db.query<{ n: string; distinct: string }>(`select count(*) as n, count(distinct zotero_item_key) as distinct from zotero_cache where user_id = $1`, [userId]);
    const pages = (await zoteroRequests(sandbox, zotero))
      .map((entry) => ({ at: Date.parse(entry.at), start: /[?&]start=(\d+)/.exec(entry.path), limit: /[?&]limit=(\d+)/.exec(entry.path), top: /\/items\/top\?/.test(entry.path) }))
      .filter((entry) => entry.top && entry.start && Number(entry.limit?.[1] ?? 0) > 1);
    const before = pages.filter((page) => page.at < killedAt.getTime());
    const after = pages.filter((page) => page.at >= killedAt.getTime());
    const firstStartAfter = Math.min(...after.map((page) => Number(page.start![1])));
    // Items fetched twice: pages fetched before the kill that the restarted run asked for again.
    const refetched = before.filter((page) => Number(page.start![1]) >= firstStartAfter).reduce((sum, page) => sum + Number(page.limit![1]), 0);
    const n = Number(rows[0]!.n);
    const distinct = Number(rows[0]!.distinct);
    figures.push({
      suite,
      name: `server killed at ${position} of ${done.total} items, restarted, resumed (${done.message}; resumed and finished in ${round(resumeMs / 1000, 1)} s)`,
      value: round(n / distinct, 3),
      unit: "rows/item",
      baseline: `${n} rows, ${distinct} items, ${done.total} in Zotero`,
      goal: "every item once",
      met: n === distinct && distinct === done.total,
    });
    figures.push({
      suite,
      name: `items fetched again after the restart (the restarted run began at ${firstStartAfter}; saved position ${position})`,
      value: refetched,
      unit: "items",
      baseline: "the interrupted batch (batch size)",
      baselineValue: 50,
      goal: "≤ one batch",
      met: refetched <= 50,
    });
  } finally {
    for (const server of servers) await server.close().catch(() => undefined);
    await db.end().catch(() => undefined);
    await sandbox.close();
    postgres.stop();
  }
  return figures;
}
