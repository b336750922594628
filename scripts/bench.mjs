// npm run bench: every benchmark in bench/, each measured against a baseline in the same run.
import { run } from "./lib.mjs";

process.exitCode = run("tsx", ["bench/main.ts"], { env: { ...process.env, LOG_LEVEL: "silent" } });
