// npm run bench [-- suite ...]: benchmarks, each measured against a baseline in the same run.
import { run } from "./lib.mjs";

process.exitCode = run("tsx", ["bench/main.ts", ...process.argv.slice(2)], { env: { ...process.env, LOG_LEVEL: "silent" } });
