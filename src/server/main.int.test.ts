import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "@/test/test-database";

/** Runs the real server entry point (through tsx) as a separate process. */
function boot(env: Record<string, string>) {
  // Node itself with tsx's loader, not `npx tsx`: killing a wrapper would leave the server running.
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitForHealthy(url: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} never became healthy`);
}

const running: ReturnType<typeof boot>[] = [];
afterAll(() => {
  for (const server of running) server.child.kill("SIGKILL");
});

describe("starting the server", () => {
  it("exits non-zero naming a bad environment variable, without a stack trace", async () => {
    const server = boot({ PORT: "not-a-port", DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "quire-cfg-")) });
    expect(await server.exited).not.toBe(0);
    const { stderr } = server.output();
    expect(stderr).toContain('PORT="not-a-port"');
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 30_000);

  it.runIf(testDatabaseKind === "pglite")(
    "refuses a second server on a data directory another server holds, and the first keeps working",
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "quire-lock-"));
      const first = boot({ PORT: "0", DATA_DIR: dataDir });
      running.push(first);
      // The first server logs its address once it is listening (a new embedded database first
      // initialises its cluster, which takes tens of seconds on a busy machine).
      const deadline = Date.now() + 75_000;
      while (!/running at/.test(first.output().stdout) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(first.output().stdout).toMatch(/running at/);

      const second = boot({ PORT: "0", DATA_DIR: dataDir });
      expect(await second.exited).not.toBe(0);
      expect(second.output().stderr).toContain("already using the data directory");
      expect(first.child.exitCode).toBeNull();
    },
    120_000,
  );

  it.runIf(testDatabaseKind === "postgres")(
    "boots on DATABASE_URL, migrates and reports healthy",
    async () => {
      const port = 20000 + Math.floor(Math.random() * 20000);
      const server = boot({ PORT: String(port), DATABASE_URL: process.env.TEST_DATABASE_URL!, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "quire-pg-")) });
      running.push(server);
      const response = await waitForHealthy(`http://127.0.0.1:${port}/api/health`);
      expect((await response.json()).database.kind).toBe("postgres");
    },
    60_000,
  );

  it(
    "logs its start-up phases with their durations on one line and reports them in /api/health",
    async () => {
      const port = 20000 + Math.floor(Math.random() * 20000);
      const env: Record<string, string> = { PORT: String(port), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "quire-boot-")), ARXIV_HARVEST: "off" };
      if (testDatabaseKind === "postgres") env.DATABASE_URL = process.env.TEST_DATABASE_URL!;
      const server = boot(env);
      running.push(server);
      const response = await waitForHealthy(`http://127.0.0.1:${port}/api/health`, 100_000);
      const { boot: report } = (await response.json()) as { boot: { totalMs: number; phases: Record<string, number> } };
      const expected = ["load", "config", ...(testDatabaseKind === "pglite" ? ["lock"] : []), "database", "migrations", "composition", "listen"];
      expect(Object.keys(report.phases)).toEqual(expected);
      for (const ms of Object.values(report.phases)) expect(ms).toBeGreaterThanOrEqual(0);
      const sum = Object.values(report.phases).reduce((total, ms) => total + ms, 0);
      // Each phase is rounded on its own: the sum may differ from the total by a few ms.
      expect(Math.abs(sum - report.totalMs)).toBeLessThanOrEqual(expected.length);
      expect(report.phases.load).toBeGreaterThan(0);

      const { stdout } = server.output();
      // Each phase's start is announced (npm run demo shows it while it waits), then one summary line.
      for (const phase of expected.slice(1)) expect(stdout).toContain(`"bootPhase":"${phase}"`);
      const line = /started in (\d+) ms: (load \d+, config \d+(, [a-z]+ \d+)+)/.exec(stdout);
      expect(line?.[1]).toBe(String(report.totalMs));
      expect(line?.[2]).toBe(Object.entries(report.phases).map(([name, ms]) => `${name} ${ms}`).join(", "));
    },
    120_000,
  );
});
