import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
// @ts-expect-error: the npm scripts' helpers are plain JavaScript, without types.
import { buildIfNeeded, freePort, root, sandboxUpstreamEnv, serverNodeArgs, waitForUrl } from "../scripts/lib.mjs";

export type ChildServer = { url: string; close(): Promise<void> };
/** A server process the bench may also kill outright (a crash) and measure. */
export type ProductionServer = ChildServer & { pid: number; kill(signal?: NodeJS.Signals): Promise<void> };

/**
 * A script run in its own Node process that prints "listening on http://…" once it serves.
 * A server the bench measures, or an upstream it talks to, runs apart from the bench's own
 * client work, as it does in use.
 */
export async function startServerProcess(script: string, args: string[] = [], env: Record<string, string> = {}): Promise<ChildServer> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start: ${output}`)), 120_000);
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}: ${output}`)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * The sandbox in its own process, as a remote upstream is: in the bench's process its corpus
 * search would take the app's CPU and count as the app's time.
 */
export function startSandboxProcess(): Promise<ChildServer> {
  return startServerProcess("sandbox/main.ts", [], { SANDBOX_PORT: "0" });
}

/**
 * Quire's server as `npm start` runs it (the built bundle, the same Node flags, the production
 * environment), in its own process over a fresh embedded database and wired to the sandbox as
 * `npm run demo` wires it: the figures are those of the server users get, and the bench's
 * client work (sending, reading and timing requests) takes none of its time.
 */
export async function startProductionServer(options: { sandboxUrl: string; env?: Record<string, string> }): Promise<ProductionServer> {
  buildIfNeeded({ quiet: true });
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "quire-bench-"));
  const child = spawn(process.execPath, serverNodeArgs, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      CONTACT_EMAIL: "bench@quire.invalid",
      LOG_LEVEL: "warn",
      ...sandboxUpstreamEnv(options.sandboxUrl),
      // The suites measure arXiv's API path unless they ask for Quire's own index.
      ARXIV_HARVEST: "off",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await Promise.race([
    waitForUrl(`${url}/api/health`, 120_000),
    exited.then(() => {
      throw new Error(`the server exited with ${child.exitCode} before it answered`);
    }),
  ]);
  return {
    url,
    pid: child.pid!,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
    kill: async (signal = "SIGKILL") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A signed-in session on a server in its own process: its cookies and the origin to send. */
export type BenchSession = { cookie: string; origin: string };

/** The answer's JSON, or an error naming the URL and what it answered. */
export async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A Quire account on a server in its own process, confirmed in its database (`db`), signed in. */
export async function signUp(server: ChildServer, db: pg.Client, label: string): Promise<BenchSession> {
  const email = `${label}-${Date.now().toString(36)}@quire.invalid`;
  const password = "bench-password-123";
  const headers = { "content-type": "application/json", origin: server.url };
  await json(await fetch(`${server.url}/api/auth/sign-up/email`, { method: "POST", headers, body: JSON.stringify({ email, password, name: label }) }));
  await db.query(`update "user" set email_verified = true where email = $1`, [email]);
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
  await json(signIn);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
  return { cookie, origin: server.url };
}
