import type { ChildProcess } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mswServer } from "@/test/unit-setup";
import { freePort, sandboxPhase, startChild, waitForChild } from "./lib.mjs";

/**
 * A fake child in plain Node: `script` runs first, then it answers HTTP on PORT. The waits are
 * made short by giving waitForChild short limits, not by sleeping for the real ones.
 */
const children: ChildProcess[] = [];
function fakeChild(port: number, script: string): ChildProcess {
  const child = startChild(process.execPath, ["-e", script], {
    env: { ...process.env, PORT: String(port) },
    phaseOf: sandboxPhase,
  });
  children.push(child);
  return child;
}
const listen = `require("node:http").createServer((q, s) => s.end("ok")).listen(Number(process.env.PORT), "127.0.0.1");`;

// The fake children answer on loopback, as the real ones do: the unit tests' network guard
// (msw) stands aside for this file; a passthrough through it left a poll hanging now and then.
beforeAll(() => mswServer.close());
afterAll(() => mswServer.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

describe("waitForChild", () => {
  it("waits past the stall limit for a child that keeps printing its phases, and says what it waits for", async () => {
    const port = await freePort();
    // Three phases of 400 ms each: 1.2 s in all, four times the 300 ms it may stay quiet.
    const child = fakeChild(
      port,
      `const phases = ["loading the corpus", "building the index", "listening"];
       let i = 0;
       const next = () => {
         if (i === phases.length) { ${listen} return; }
         console.log("[sandbox] starting: " + phases[i++]);
         setTimeout(next, 400);
       };
       next();
       setInterval(() => {}, 1000);`,
    );
    const said: string[] = [];
    const started = Date.now();
    await waitForChild(child, `http://127.0.0.1:${port}/`, { name: "the fake", stallMs: 600, capMs: 30_000, pollMs: 50, reportEveryMs: 60_000, log: (line: string) => said.push(line) });
    expect(Date.now() - started).toBeGreaterThan(1000);
    expect(said.some((line) => line.startsWith("waiting for the fake (loading the corpus)…"))).toBe(true);
    expect(said.some((line) => line.startsWith("waiting for the fake (building the index)…"))).toBe(true);
  }, 30_000);

  it("counts CPU work as progress while a child prints nothing (a synchronous corpus load)", async () => {
    const port = await freePort();
    const child = fakeChild(port, `const end = Date.now() + 1500; while (Date.now() < end) {} ${listen}`);
    await expect(
      waitForChild(child, `http://127.0.0.1:${port}/`, { name: "the busy fake", stallMs: 700, capMs: 30_000, pollMs: 50, log: () => {} }),
    ).resolves.toBeUndefined();
  }, 30_000);

  it("reports a child that dies with its exit code and its last lines", async () => {
    const port = await freePort();
    const child = fakeChild(port, `console.log("[sandbox] starting: loading the corpus"); console.error("corpus.json: unexpected end of input"); process.exit(3);`);
    await expect(waitForChild(child, `http://127.0.0.1:${port}/`, { name: "the dying fake", pollMs: 50, log: () => {} })).rejects.toThrow(
      /the dying fake exited with code 3 before .* answered; its last output:[\s\S]*starting: loading the corpus[\s\S]*corpus\.json: unexpected end of input/,
    );
  }, 30_000);

  it("gives up on a child that is alive but idle and silent for longer than the stall limit", async () => {
    const port = await freePort();
    const child = fakeChild(port, `console.log("[sandbox] starting: waiting for nothing"); setInterval(() => {}, 1000);`);
    const started = Date.now();
    await expect(waitForChild(child, `http://127.0.0.1:${port}/`, { name: "the stuck fake", stallMs: 800, capMs: 30_000, pollMs: 50, log: () => {} })).rejects.toThrow(
      /the stuck fake is alive but showed no progress \(waiting for nothing\) for 1 s/,
    );
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(child.exitCode).toBeNull();
  }, 30_000);
});
