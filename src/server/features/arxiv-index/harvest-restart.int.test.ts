import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../../../sandbox/server";
import { setArxivOai } from "../../../../sandbox/test-support/arxiv-oai";
import { openPglite, openPostgres } from "@/server/db/client";
import { freePort } from "@/test/test-server";
import { createEmptyPostgresDatabase, testDatabaseKind } from "@/test/test-database";

/**
 * The harvest in the real server process: killed with SIGKILL half-way through and started
 * again on the same database, it carries on from the last page it stored.
 */
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "quire-harvest-"));
const running: ChildProcess[] = [];

function boot(port: number): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      ARXIV_API_URL: `${sandbox.url}/arxiv/api/query`,
      ARXIV_OAI_URL: `${sandbox.url}/arxiv/oai`,
      ARXIV_HARVEST: "physics",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  running.push(child);
  return child;
}

async function oaiRequests(): Promise<{ path: string; status: number }[]> {
  // A kept-alive connection the sandbox has just closed may reset: asked once more.
  const response = await fetch(`${sandbox.url}/__control/requests?route=arxiv-oai`).catch(() => fetch(`${sandbox.url}/__control/requests?route=arxiv-oai`));
  return ((await response.json()) as { requests: { path: string; status: number }[] }).requests;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  await setArxivOai(sandbox.url, { recordsPerPage: 200 });
  if (testDatabaseKind === "postgres") {
    const empty = await createEmptyPostgresDatabase();
    databaseUrl = empty.url;
    dropDatabase = empty.drop;
  }
}, 60_000);
afterAll(async () => {
  for (const child of running) child.kill("SIGKILL");
  await dropDatabase?.();
  await sandbox?.close();
});

describe(`the arXiv harvest in the server (${testDatabaseKind})`, () => {
  it("carries on from its last stored page after a kill -9, missing and doubling nothing", async () => {
    const first = boot(await freePort());
    // Three pages stored (each request waits for arXiv's 3-second slot), then the process dies.
    for (;;) {
      const done = (await oaiRequests()).filter((request) => request.status === 200).length;
      if (done >= 4) break;
      if (first.exitCode !== null) throw new Error("the server stopped by itself");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    const before = (await oaiRequests()).length;

    const port = await freePort();
    const second = boot(port);
    // Done when a search kept to physics is answered from the index (its first harvest is complete).
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (second.exitCode !== null) throw new Error("the restarted server stopped");
      const answer = await fetch(`http://127.0.0.1:${port}/api/search?source=arxiv&q=${encodeURIComponent("cat:hep-th")}`).catch(() => null);
      if (answer?.headers.get("x-search-source") === "index") break;
      if (Date.now() > deadline) throw new Error("the harvest did not finish after the restart");
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const after = (await oaiRequests()).slice(before);
    // The run resumed from its token: no request of it started the list again.
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((request) => decodeURIComponent(request.path).includes("resumptionToken="))).toBe(true);
    second.kill("SIGTERM");
    await new Promise((resolve) => second.once("exit", resolve));

    let ids: string[] = [];
    const handle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(path.join(dataDir, "pglite"));
    try {
      const result = (await handle.db.execute("select id from arxiv_papers" as never)) as unknown as { rows: { id: string }[] };
      ids = result.rows.map((row) => row.id);
      const [state] = ((await handle.db.execute("select resumption_token, initial_done_at from arxiv_harvests where scope = 'physics'" as never)) as unknown as { rows: { resumption_token: string | null; initial_done_at: unknown }[] }).rows;
      expect(state).toMatchObject({ resumption_token: null });
      expect(state!.initial_done_at).not.toBeNull();
    } finally {
      await handle.close();
    }
    const expected = await listedIds();
    expect(ids.length).toBe(new Set(ids).size);
    expect(new Set(ids)).toEqual(expected);
  }, 300_000);
});

/** The ids of the live records in the sandbox's physics set. */
async function listedIds(): Promise<Set<string>> {
  const ids = new Set<string>();
  let url = `${sandbox.url}/arxiv/oai?verb=ListIdentifiers&metadataPrefix=arXivRaw&set=physics`;
  for (;;) {
    const xml = await (await fetch(url)).text();
    for (const match of xml.matchAll(/<header>\s*<identifier>oai:arXiv\.org:([^<]+)<\/identifier>/g)) ids.add(match[1]!);
    const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(xml)?.[1];
    if (!token) return ids;
    url = `${sandbox.url}/arxiv/oai?verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`;
  }
}
