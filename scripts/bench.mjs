// npm run bench [-- suite ...]: benchmarks, each measured against a baseline in the same run.
// NODE_ENV as under npm start: React's production build draws the server's page previews.
import { buildIfNeeded, run } from "./lib.mjs";

// The suites measure the built app (the server bundle as npm start runs it, the web app's
// assets in Chromium): build it first when the sources have changed since the last build.
buildIfNeeded();
process.exitCode = run("tsx", ["bench/main.ts", ...process.argv.slice(2)], { env: { NODE_ENV: "production", ...process.env, LOG_LEVEL: "silent" } });
