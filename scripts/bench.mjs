// npm run bench [-- suite ...]: benchmarks, each measured against a baseline in the same run.
// NODE_ENV as under npm start: React's production build draws the server's page previews.
import { buildIfNeeded, run } from "./lib.mjs";
import { ensureSystemPackages } from "./system-packages.mjs";

// The suites measure the built app (the server bundle as npm start runs it, the web app's
// assets in Chromium): build it first when the sources have changed since the last build.
buildIfNeeded();
// Chromium for the browser figures, PostgreSQL for the suites that start one (llm, zotero).
// Without them (no root, no sudo) the other suites still run; those two say what is missing.
try {
  ensureSystemPackages("the browser figures and the PostgreSQL benchmarks");
} catch (error) {
  console.warn(error instanceof Error ? error.message : error);
}
process.exitCode = run("tsx", ["bench/main.ts", ...process.argv.slice(2)], { env: { NODE_ENV: "production", ...process.env, LOG_LEVEL: "silent" } });
