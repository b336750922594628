// Shared helpers for the npm scripts: building when needed and spawning child processes.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from "node:fs";
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
    `--outfile=${serverBundle}`,
  ];
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
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Starts a long-running child; it is killed when this process exits. */
export function startChild(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: "inherit", env: process.env, ...options });
  const kill = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
  };
  process.on("exit", kill);
  return child;
}
