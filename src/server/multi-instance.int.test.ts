import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setArxivOai } from "../../sandbox/test-support/arxiv-oai";
import { openPostgres, type DatabaseHandle } from "@/server/db/client";
import { meClient, testPaper } from "@/test/me-test-client";
import { createEmptyPostgresDatabase, testDatabaseKind } from "@/test/test-database";
import { freePort } from "@/test/test-server";
import { createSignedInUser } from "@/test/test-users";

/**
 * Three real server processes started at the same moment on one empty PostgreSQL, as a
 * deployment behind a load balancer starts them, then used at once: every one comes up (the
 * migrations are serialised), writes spread over them are all kept, and arXiv sees one request
 * at a time, 3 s apart, from all of them together (searches and the harvest alike).
 */
type Instance = { url: string; child: ChildProcess; stderr: () => string };

/**
 * The sandbox runs in its own process, as arXiv does: in this one, its clock of arrivals would
 * wait on the test's own work (a hundred answers at once) and see gaps the instances never left.
 */
let sandbox: { url: string; child: ChildProcess; close(): Promise<void> };
let drop: (() => Promise<void>) | undefined;
let database: DatabaseHandle;
const instances: Instance[] = [];

function boot(databaseUrl: string, port: number): Instance {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "quire-multi-")),
      DATABASE_URL: databaseUrl,
      ARXIV_API_URL: `${sandbox.url}/arxiv/api/query`,
      ARXIV_OAI_URL: `${sandbox.url}/arxiv/oai`,
      ARXIV_PDF_URL: `${sandbox.url}/arxiv/pdf`,
      OPENALEX_API_URL: `${sandbox.url}/openalex`,
      CROSSREF_API_URL: `${sandbox.url}/crossref`,
      ARXIV_HARVEST: "physics",
      AUTH_RATE_LIMIT_PER_MINUTE: "10000",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return { url: `http://127.0.0.1:${port}`, child, stderr: () => stderr };
}

async function startSandboxProcess(): Promise<typeof sandbox> {
  const [port, smtpPort] = await Promise.all([freePort(), freePort()]);
  const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts", "--port", String(port), "--smtp-port", String(smtpPort)], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (!(await fetch(`${url}/__control/health`).then((response) => response.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the sandbox did not come up: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const close = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url, child, close };
}

async function healthy(instance: Instance, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (instance.child.exitCode !== null) throw new Error(`an instance died at start: ${instance.stderr()}`);
    const ok = await fetch(`${instance.url}/api/health`).then((response) => response.ok, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`an instance did not come up: ${instance.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  if (testDatabaseKind !== "postgres") return;
  sandbox = await startSandboxProcess();
  await setArxivOai(sandbox.url, { recordsPerPage: 500 });
  const empty = await createEmptyPostgresDatabase();
  drop = empty.drop;
  const ports = await Promise.all([freePort(), freePort(), freePort()]);
  instances.push(...ports.map((port) => boot(empty.url, port)));
  await Promise.all(instances.map((instance) => healthy(instance, 120_000)));
  database = await openPostgres(empty.url);
}, 180_000);
afterAll(async () => {
  for (const instance of instances) instance.child.kill("SIGKILL");
  await database?.close();
  await drop?.();
  await sandbox?.close();
});

describe.runIf(testDatabaseKind === "postgres")("three instances on one empty PostgreSQL", () => {
  it("all come up, keep every write spread over them, and keep arXiv's pace together", async () => {
    const since = Date.now();
    // Writes: three users, each bookmarking 30 papers through all three instances at once.
    const users = await Promise.all([0, 1, 2].map(() => createSignedInUser({ url: instances[0]!.url, database })));
    const writes = users.flatMap((user, u) =>
      Array.from({ length: 30 }, (_, n) => {
        const instance = instances[(u + n) % 3]!;
        // Each request is sent as a page served by that instance would send it.
        return meClient(instance, { headers: () => user.headers({ Origin: instance.url }) }).put(`/bookmarks/${encodeURIComponent(`2401.${String(u * 100 + n).padStart(5, "0")}`)}`, {
          paper: testPaper(`2401.${String(u * 100 + n).padStart(5, "0")}`),
        });
      }),
    );
    // Searches arXiv's API must answer (the index covers physics only), spread the same way.
    const searches = Array.from({ length: 9 }, (_, n) => fetch(`${instances[n % 3]!.url}/api/search?source=arxiv&q=${encodeURIComponent(`ti:crowd${n}`)}`));
    const [written, searched] = await Promise.all([Promise.all(writes), Promise.all(searches)]);
    expect(written.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    // Each search is answered, or told at once that Quire is busy with arXiv (never a bare 5xx).
    for (const answer of searched) {
      if (answer.status === 200) continue;
      expect(answer.status).toBe(503);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(/^Quire is busy with other arXiv searches/);
    }
    expect(searched.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(5);

    // Nothing lost or doubled, whichever instance is asked.
    for (const [u, user] of users.entries()) {
      for (const instance of instances) {
        const ids = ((await meClient(instance, { headers: () => user.headers({ Origin: instance.url }) }).get("/bookmarks/ids")).body as { ids: string[] }).ids;
        expect(ids.length).toBe(30);
        expect(new Set(ids)).toEqual(new Set(Array.from({ length: 30 }, (_, n) => `2401.${String(u * 100 + n).padStart(5, "0")}`)));
      }
    }

    // arXiv (its API and its OAI-PMH together) saw one request at a time, 3 s apart.
    const log = (await (await fetch(`${sandbox.url}/__control/requests?since=${since}`)).json()) as { requests: { route: string; ms: number }[] };
    const arxiv = log.requests.filter((request) => request.route === "arxiv-api" || request.route === "arxiv-oai").map((request) => request.ms).sort((a, b) => a - b);
    expect(arxiv.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < arxiv.length; i++) expect(arxiv[i]! - arxiv[i - 1]!).toBeGreaterThanOrEqual(2990);
    for (const instance of instances) expect(instance.child.exitCode).toBeNull();
  }, 120_000);
});
