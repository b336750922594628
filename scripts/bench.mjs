// npm run bench [-- suite ...]: benchmarks, each measured against a baseline in the same run.
// NODE_ENV as under npm start: React's production build draws the server's page previews.
import { run } from "./lib.mjs";

process.exitCode = run("tsx", ["bench/main.ts", ...process.argv.slice(2)], { env: { NODE_ENV: "production", ...process.env, LOG_LEVEL: "silent" } });
