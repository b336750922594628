// Shared helpers for the npm scripts: building when needed and spawning child processes.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Where builds go, relative to the root: dist/ unless QUIRE_BUILD_DIR says otherwise (two checkouts' builds kept apart). */
export const buildDir = process.env.QUIRE_BUILD_DIR || "dist";
export const serverBundle = path.join(buildDir, "server", "main.js");
/**
 * How Node runs the built server, for npm start, npm run demo and the benchmarks alike.
 * --min-semi-space-size: V8 shrinks its young generation while a process is mostly idle, as a
 * server between searches is (arXiv allows one every 3 s), and a search allocates more than
 * that (its feed, the text and objects cut from it, its JSON), so nearly every search paid a
 * scavenge while the user waited. Kept at 16 MB (the size V8 grows it to under load anyway),
 * the searches of bench/search pay none.
 */
export const serverNodeArgs = ["--enable-source-maps", "--min-semi-space-size=16", serverBundle];

/**
 * Node's on-disk cache of compiled code for the built server and its packages, kept with the
 * build: loading the code is the largest part of a warm start, and most of it is V8 compiling
 * the same unchanged files again. Node checks each entry against its file's content, so a
 * stale one is only unused. NODE_COMPILE_CACHE or NODE_DISABLE_COMPILE_CACHE set by the caller win.
 */
export function compileCacheEnv(env = process.env) {
  if (env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return {};
  return { NODE_COMPILE_CACHE: path.join(root, buildDir, ".node-compile-cache") };
}

/** The server's environment for upstreams served by the sandbox at `sandboxUrl` (npm run demo, the benchmarks). */
export function sandboxUpstreamEnv(sandboxUrl) {
  return {
    ARXIV_API_URL: `${sandboxUrl}/arxiv/api/query`,
    ARXIV_PDF_URL: `${sandboxUrl}/arxiv/pdf`,
    ARXIV_OAI_URL: `${sandboxUrl}/arxiv/oai`,
    OPENALEX_API_URL: `${sandboxUrl}/openalex`,
    CROSSREF_API_URL: `${sandboxUrl}/crossref`,
    ZOTERO_API_URL: `${sandboxUrl}/zotero`,
    ZOTERO_OAUTH_URL: `${sandboxUrl}/zotero-web/oauth`,
    ZOTERO_KEYS_URL: `${sandboxUrl}/zotero-web/settings/keys/new`,
  };
}
const stampPath = path.join(root, buildDir, ".build-stamp");
const buildInputs = ["src", "drizzle", "package.json", "vite.config.ts", "scripts/precompress-plugin.ts", "tsconfig.json"];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.endsWith(".test.ts") || entry.name.endsWith(".test.tsx")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** True when the build folder is missing or older than any source it is built from. */
export function buildIsStale() {
  if (!existsSync(stampPath) || !existsSync(path.join(root, serverBundle))) return true;
  const built = Number(readFileSync(stampPath, "utf8")) || 0;
  return buildInputs.some((input) => newestMtime(input) > built);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: process.env, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Builds the SPA (Vite) and the server bundle (esbuild). */
export function build({ quiet = false } = {}) {
  const started = Date.now();
  const stdio = quiet ? ["ignore", "ignore", "inherit"] : "inherit";
  if (run("vite", ["build", "--outDir", path.join(root, buildDir, "web"), "--logLevel", quiet ? "error" : "info"], { stdio }) !== 0) throw new Error("The web build failed.");
  const serverArgs = [
    "src/server/main.ts",
    "--bundle",
    "--platform=node",
    "--format=esm",
    "--target=node22",
    "--packages=external",
    "--sourcemap",
    "--log-level=warning",
    // Code that only some requests need (the pages the server draws with React, the model
    // providers) goes into chunks loaded on first use, so a start loads only what serving needs.
    "--splitting",
    `--outdir=${path.dirname(serverBundle)}`,
    "--chunk-names=chunks/[name]-[hash]",
  ];
  rmSync(path.join(root, path.dirname(serverBundle)), { recursive: true, force: true });
  if (run("esbuild", serverArgs, { stdio }) !== 0) throw new Error("The server build failed.");
  mkdirSync(path.dirname(stampPath), { recursive: true });
  writeFileSync(stampPath, String(Date.now()));
  if (!quiet) console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

export function buildIfNeeded(options) {
  if (buildIsStale()) build(options);
}

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls a URL until it answers 2xx, or fails after `timeoutMs`. */
export async function waitForUrl(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await answers(url)) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`);
    await sleep(150);
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * CPU time (clock ticks) the process and its descendants have used, from Linux's /proc; null
 * where there is no /proc. The tree, because `tsx` runs the script in a child of its own.
 */
export function cpuTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    let ticks = Number(fields[11]) + Number(fields[12]);
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      let children = "";
      try {
        children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8");
      } catch {
        // a thread that ended meanwhile
      }
      for (const child of children.split(" ").filter(Boolean)) ticks += cpuTicks(Number(child)) ?? 0;
    }
    return ticks;
  } catch {
    return null;
  }
}

/** Defaults of waitForChild: no fixed give-up while the child works, only a very long cap. */
export const childWaitDefaults = { stallMs: 120_000, capMs: 20 * 60_000, pollMs: 150, reportEveryMs: 10_000 };

/**
 * Waits until `url` answers 2xx for as long as `child` (from startChild) lives and makes
 * progress: prints a line, or uses CPU (loading a corpus or compiling prints nothing for a
 * while). A busy machine makes a start slow, not failed, so there is no fixed deadline; it
 * fails when the child exits (with its exit code and last output lines), when it shows no
 * progress for `stallMs`, or after `capMs` in all. Says what it is waiting for as the child's
 * phase changes, and every `reportEveryMs` while it does not.
 */
export async function waitForChild(child, url, options = {}) {
  const { name = "the child process", stallMs, capMs, pollMs, reportEveryMs, log = (line) => console.log(line), cpu = cpuTicks } = {
    ...childWaitDefaults,
    ...options,
  };
  const watch = child.watch ?? watchOutput(child);
  const started = Date.now();
  let lastCpu = cpu(child.pid);
  let lastProgress = started;
  let lastOutputCount = watch.lineCount;
  let shownPhase;
  let lastReport = 0;
  const tail = () => (watch.lines.length ? `; its last output:\n  ${watch.lines.join("\n  ")}` : "; it printed nothing");
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const how = child.signalCode ? `was killed by ${child.signalCode}` : `exited with code ${child.exitCode}`;
      throw new Error(`${name} ${how} before ${url} answered${tail()}`);
    }
    if (await answers(url)) return;
    const now = Date.now();
    const ticks = cpu(child.pid);
    // No /proc: a living child counts as progressing, and only the cap applies.
    if (watch.lineCount !== lastOutputCount || ticks === null || (lastCpu !== null && ticks > lastCpu)) lastProgress = now;
    lastOutputCount = watch.lineCount;
    lastCpu = ticks;
    const phase = watch.phase ? ` (${watch.phase})` : "";
    if (watch.phase !== shownPhase || now - lastReport >= reportEveryMs) {
      const waited = Math.round((now - started) / 1000);
      log(`waiting for ${name}${phase}… ${waited > 0 ? `${waited} s so far` : ""}`.trimEnd());
      shownPhase = watch.phase;
      lastReport = now;
    }
    if (now - lastProgress > stallMs) {
      throw new Error(`${name} is alive but showed no progress${phase} for ${Math.round(stallMs / 1000)} s, and ${url} does not answer${tail()}`);
    }
    if (now - started > capMs) throw new Error(`${name} did not answer ${url} within ${Math.round(capMs / 1000)} s${tail()}`);
    await Promise.race([sleep(pollMs), exited]);
  }
}

/**
 * Forwards a piped child's output to this process's own and remembers its last lines, how many
 * it printed, and its start-up phase as `phaseOf(line)` reads it from them.
 */
export function watchOutput(child, { phaseOf = () => null, keep = 20 } = {}) {
  const watch = { lines: [], lineCount: 0, phase: null };
  const follow = (stream, target) => {
    if (!stream) return;
    let partial = "";
    stream.on("data", (chunk) => {
      target.write(chunk);
      const text = partial + chunk.toString("utf8");
      const lines = text.split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.trim()) continue;
        watch.lineCount += 1;
        watch.lines.push(line.length > 500 ? `${line.slice(0, 500)}…` : line);
        if (watch.lines.length > keep) watch.lines.shift();
        watch.phase = phaseOf(line) ?? watch.phase;
      }
    });
  };
  follow(child.stdout, process.stdout);
  follow(child.stderr, process.stderr);
  child.watch = watch;
  return watch;
}

/** Quire's start-up phase from one of its log lines (main.ts logs `{"bootPhase":"migrations",...}`). */
export function quirePhase(line) {
  return /"bootPhase":"([^"]+)"/.exec(line)?.[1] ?? null;
}

/** The sandbox's start-up phase from one of its lines (`[sandbox] starting: loading the corpus`). */
export function sandboxPhase(line) {
  return /^\[sandbox\] starting: (.+)$/.exec(line.trim())?.[1] ?? null;
}

/**
 * Starts a long-running child; it is killed when this process exits. With `phaseOf`, its
 * output is piped through this process (see watchOutput) so waitForChild can follow it.
 */
export function startChild(command, args, { phaseOf, ...options } = {}) {
  const stdio = phaseOf ? ["inherit", "pipe", "pipe"] : "inherit";
  const child = spawn(command, args, { cwd: root, stdio, env: process.env, ...options });
  if (phaseOf) watchOutput(child, { phaseOf });
  const kill = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
  };
  process.on("exit", kill);
  return child;
}
