import { sql } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox } from "../../../../sandbox/server";
import { addArxivPaper, addArxivVersion, deleteArxivRecord, publishArxivPaper, resetArxiv, setArxivOai } from "../../../../sandbox/test-support/arxiv-oai";
import type { DatabaseHandle } from "@/server/db/client";
import { createArxivOaiSource } from "@/server/sources/arxiv/arxiv-oai-source";
import { createLocalRateLimiter } from "@/server/sources/http/rate-limit";
import { createUpstreamClient } from "@/server/sources/http/upstream-client";
import { createTestDatabase, testDatabaseKind } from "@/test/test-database";
import { arxivHarvestRepository, HARVEST_ROWS_PER_PART } from "./arxiv-harvest.repository";
import { arxivHarvestService, type HarvestSource } from "./arxiv-harvest.service";
import { arxivIndexRepository, upsertIndexRows } from "./arxiv-index.repository";
import { oaiHarvestSource } from "./harvest-source";
import { indexRow } from "./index-document";

const logger = pino({ level: "silent" });
let database: DatabaseHandle;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let source: HarvestSource;

/** Every record the sandbox's OAI-PMH lists in a set, or in all (ids of live papers, and of deleted ones). */
async function listedIds(set?: string): Promise<{ live: Set<string>; deleted: Set<string> }> {
  const live = new Set<string>();
  const deleted = new Set<string>();
  let url = `${sandbox.url}/arxiv/oai?verb=ListIdentifiers&metadataPrefix=arXivRaw${set ? `&set=${set}` : ""}`;
  for (;;) {
    const xml = await (await fetch(url)).text();
    for (const match of xml.matchAll(/<header( status="deleted")?>\s*<identifier>oai:arXiv\.org:([^<]+)<\/identifier>/g)) (match[1] ? deleted : live).add(match[2]!);
    const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(xml)?.[1];
    if (!token) return { live, deleted };
    url = `${sandbox.url}/arxiv/oai?verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`;
  }
}

async function indexedIds(): Promise<string[]> {
  const result = (await database.db.execute("select id from arxiv_papers" as never)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const client = createUpstreamClient({ source: "arxiv", limiter: createLocalRateLimiter({ perSecond: 1000, concurrency: 1 }), cache: null, userAgent: "Quire/test", logger, backoffBaseMs: 10 });
  source = oaiHarvestSource(createArxivOaiSource({ client, oaiUrl: `${sandbox.url}/arxiv/oai` }));
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await database?.close();
  database = await createTestDatabase();
  await resetArxiv(sandbox.url);
  await setArxivOai(sandbox.url, { recordsPerPage: 250 });
  await fetch(`${sandbox.url}/__control/faults`, { method: "DELETE" });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const harvester = (holder: string, from: HarvestSource = source, onRunFinished?: (scope: string) => void) =>
  arxivHarvestService({ repository: arxivHarvestRepository(database.db), source: from, logger, holder, onRunFinished });

describe(`the arXiv harvest on ${testDatabaseKind}`, () => {
  it("stores every live record of a whole harvest once, and records the run", async () => {
    // arXiv's own page size: a page's rows take more bind parameters than one statement holds
    // on PostgreSQL, which takes the whole corpus; the embedded database, whose inserts are the
    // slow part of a test run, takes one archive's worth on the same path.
    await setArxivOai(sandbox.url, { recordsPerPage: 3500 });
    const scope = testDatabaseKind === "postgres" ? "all" : "physics";
    const expected = await listedIds(scope === "all" ? undefined : scope);
    expect(await harvester("one").harvestScope(scope)).toBe("done");
    const ids = await indexedIds();
    expect(ids.length).toBe(new Set(ids).size);
    expect(new Set(ids)).toEqual(expected.live);
    const [state] = await arxivHarvestRepository(database.db).states([scope]);
    expect(state).toMatchObject({ resumptionToken: null, runStartedAt: null });
    expect(state!.initialDoneAt).not.toBeNull();
    expect(state!.nextFrom).toBe(new Date().toISOString().slice(0, 10));
  }, 120_000);

  it("leaves planner statistics behind a first pass, and gathers them again only when a tenth changed", async () => {
    const statistics = async () =>
      (await database.db.execute(sql`select count(*)::int as n from pg_stats where tablename = 'arxiv_papers' and attname = 'submitted_at'`)) as unknown as { rows: { n: number }[] };
    expect((await statistics()).rows[0]!.n).toBe(0);
    // What a finished run starts (the word-pairs index's build among it) comes after them: an
    // ANALYZE queued behind that build deadlocks with it.
    const atRunFinished: number[] = [];
    const finished = async () => void atRunFinished.push((await statistics()).rows[0]!.n);
    let told: Promise<void> | undefined;
    expect(await harvester("one", source, () => void (told = finished())).harvestScope("physics")).toBe("done");
    await told;
    expect(atRunFinished).toEqual([1]);
    // Searches of the new index are planned from real figures, not defaults.
    expect((await statistics()).rows[0]!.n).toBe(1);
    const size = (await indexedIds()).length;
    const repository = arxivHarvestRepository(database.db);
    expect(await repository.refreshStatistics(Math.floor(size / 20))).toBe(false);
    expect(await repository.refreshStatistics(Math.ceil(size / 5))).toBe(true);
  }, 120_000);

  it.runIf(testDatabaseKind === "postgres")("gives up the statistics rather than wait behind another holder of the table's lock", async () => {
    expect(await harvester("one").harvestScope("physics:hep-th")).toBe("done");
    // A word-pairs build (CREATE INDEX CONCURRENTLY) holds this lock for its whole run.
    const builder = new pg.Client({ connectionString: database.connectionString! });
    await builder.connect();
    try {
      await builder.query("begin");
      await builder.query("lock table arxiv_papers in share update exclusive mode");
      const refused = await arxivHarvestRepository(database.db).refreshStatistics(1_000_000).catch((error: unknown) => error);
      expect(String((refused as { cause?: unknown }).cause ?? refused)).toMatch(/lock timeout/);
    } finally {
      await builder.query("rollback");
      await builder.end();
    }
  }, 120_000);

  it("leaves nothing waiting in the GIN indexes' pending lists, which every search would read whole", async () => {
    // What gin_clean_pending_list clears is what was pending: the pages of entries left out of the index proper.
    const pendingPages = async () =>
      (
        (await database.db.execute(
          sql`select coalesce(sum(gin_clean_pending_list(i.indexrelid)), 0)::int as pages from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam where a.amname = 'gin' and i.indrelid = 'arxiv_papers'::regclass`,
        )) as unknown as { rows: { pages: number }[] }
      ).rows[0]!.pages;
    expect(await harvester("one").harvestScope("physics:hep-th")).toBe("done");
    expect(await pendingPages()).toBe(0);
    // Rows stored outside a run do wait there (the check sees them).
    const page = await source.listRecords({ set: "physics:hep-th", from: null });
    await upsertIndexRows(database.db, page.records.flatMap((record) => (record.deleted ? [] : [{ ...indexRow(record), id: `${record.id}-copy` }])).slice(0, 20));
    expect(await pendingPages()).toBeGreaterThan(0);
    // A day's run of one new paper merges its entries too.
    await addArxivPaper(sandbox.url, { title: "Pending branes", authors: ["Ada Lovelace"], abstract: "Entries merged after the run.", categories: ["hep-th"] });
    expect(await harvester("two").harvestScope("physics:hep-th")).toBe("done");
    expect(await pendingPages()).toBe(0);
  }, 120_000);

  it("lets other queries in while it stores a page, rather than holding the database for the whole page", async () => {
    await setArxivOai(sandbox.url, { recordsPerPage: 1000 });
    const page = await source.listRecords({ set: "physics", from: null });
    const rows = page.records.flatMap((record) => (record.deleted ? [] : [indexRow(record)]));
    expect(rows.length).toBeGreaterThan(2 * HARVEST_ROWS_PER_PART);
    const repository = arxivHarvestRepository(database.db);
    await repository.ensure("physics");
    expect(await repository.claim("physics", "one", 60_000)).not.toBeNull();
    const progress = { resumptionToken: null, cursor: 0, completeListSize: null, oldestDatestamp: null, newestDatestamp: null, stored: rows.length, deleted: 0 };
    const finished: string[] = [];
    const storing = repository.storePage("physics", "one", rows, [], progress, 60_000).then((held) => {
      finished.push("page");
      return held;
    });
    // A person's query, asked once the page's storing has begun.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const asked = database.db.execute(sql`select count(*) from arxiv_papers`).then(() => finished.push("query"));
    expect(await storing).toBe(true);
    await asked;
    expect(finished).toEqual(["query", "page"]);
    expect(new Set(await indexedIds())).toEqual(new Set(rows.map((row) => row.id)));
  }, 60_000);

  it("carries on from its last stored page after a stop or a failure, missing and doubling nothing", async () => {
    const expected = await listedIds("physics");
    // Stopped between pages (a restart): the token of the last stored page stays.
    const stop = new AbortController();
    let pages = 0;
    const counting: HarvestSource = {
      listRecords: (options) => source.listRecords(options),
      resume: async (token) => {
        pages += 1;
        if (pages === 2) stop.abort();
        return source.resume(token);
      },
    };
    expect(await harvester("first", counting).harvestScope("physics", stop.signal)).toBe("stopped");
    const [paused] = await arxivHarvestRepository(database.db).states(["physics"]);
    expect(paused!.resumptionToken).not.toBeNull();
    const partial = (await indexedIds()).length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(expected.live.size);

    // Then the network fails mid-run: the failure is recorded, the token kept.
    let calls = 0;
    const failing: HarvestSource = {
      listRecords: (options) => source.listRecords(options),
      resume: async (token) => {
        calls += 1;
        if (calls === 2) throw new Error("arxiv could not be reached");
        return source.resume(token);
      },
    };
    await expect(harvester("second", failing).harvestScope("physics")).rejects.toThrow("could not be reached");
    const [failed] = await arxivHarvestRepository(database.db).states(["physics"]);
    expect(failed!.lastError).toContain("could not be reached");
    expect(failed!.resumptionToken).not.toBeNull();

    expect(await harvester("third").harvestScope("physics")).toBe("done");
    const ids = await indexedIds();
    expect(ids.length).toBe(new Set(ids).size);
    expect(new Set(ids)).toEqual(expected.live);
  }, 120_000);

  it("starts the run again when arXiv no longer knows the token", async () => {
    const expected = await listedIds("physics");
    const stop = new AbortController();
    const stopping: HarvestSource = { listRecords: (options) => source.listRecords(options), resume: async (token) => (stop.abort(), source.resume(token)) };
    await harvester("first", stopping).harvestScope("physics", stop.signal);
    await database.db.execute("update arxiv_harvests set resumption_token = 'not-a-token'" as never);
    expect(await harvester("second").harvestScope("physics")).toBe("done");
    expect(new Set(await indexedIds())).toEqual(expected.live);
  }, 120_000);

  it("leaves a scope another instance holds alone", async () => {
    const repository = arxivHarvestRepository(database.db);
    await repository.ensure("cs");
    expect(await repository.claim("cs", "elsewhere", 30_000)).not.toBeNull();
    expect(await harvester("here").harvestScope("cs")).toBe("held-elsewhere");
  });

  it("then takes each day's changes: a new version, a publication, a deletion and a new paper", async () => {
    await harvester("one").harvestScope("physics:hep-th");
    const index = arxivIndexRepository(database.db);
    const before = await indexedIds();
    const [target, published, removed] = before.slice(0, 3) as [string, string, string];
    const [old] = await index.byIds([target]);
    await addArxivVersion(sandbox.url, target, { comment: "v2: a corrected proof", title: "A corrected title about branes" });
    await publishArxivPaper(sandbox.url, published, { doi: "10.1103/PhysRevD.1.23456", journalRef: "Phys. Rev. D 1, 23456 (2026)" });
    await deleteArxivRecord(sandbox.url, removed);
    const added = await addArxivPaper(sandbox.url, { title: "Strings on a brand-new brane", authors: ["Ada Lovelace"], abstract: "A new paper.", categories: ["hep-th"] });

    expect(await harvester("two").harvestScope("physics:hep-th")).toBe("done");
    const [state] = await arxivHarvestRepository(database.db).states(["physics:hep-th"]);
    const byId = new Map((await index.byIds([target, published, removed, added.id])).map((row) => [row.id, row]));
    expect(byId.get(target)).toMatchObject({ version: old!.version + 1, title: "A corrected title about branes", comments: "v2: a corrected proof" });
    expect(byId.get(target)!.versions).toHaveLength(old!.versions.length + 1);
    expect(byId.get(published)).toMatchObject({ doi: "10.1103/PhysRevD.1.23456", journalRef: "Phys. Rev. D 1, 23456 (2026)" });
    expect(byId.has(removed)).toBe(false);
    expect(byId.get(added.id)).toMatchObject({ title: "Strings on a brand-new brane", categories: ["hep-th"] });
    // Only the day's changes were asked for.
    expect(state).toMatchObject({ runRecords: 3, runDeleted: 1 });
    expect(await indexedIds()).toHaveLength(before.length);
  }, 120_000);

  it("waits as arXiv's 503 Retry-After asks, and goes on", async () => {
    await fetch(`${sandbox.url}/__control/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ route: "arxiv-oai", status: 503, retryAfter: 1, times: 1, match: "ListRecords" }),
    });
    const started = performance.now();
    expect(await harvester("one").harvestScope("physics:hep-th")).toBe("done");
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
    const requests = (await (await fetch(`${sandbox.url}/__control/requests?route=arxiv-oai`)).json()) as { requests: { status: number; at: string }[] };
    const refused = requests.requests.findIndex((request) => request.status === 503);
    expect(refused).toBeGreaterThanOrEqual(0);
    expect(Date.parse(requests.requests[refused + 1]!.at) - Date.parse(requests.requests[refused]!.at)).toBeGreaterThanOrEqual(1000);
  }, 120_000);
});
