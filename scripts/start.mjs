// npm start: build when the sources changed since the last build, then serve.
import { spawn } from "node:child_process";
import { buildIfNeeded, compileCacheEnv, root, serverNodeArgs } from "./lib.mjs";

buildIfNeeded();
// React's production build for the pages the server draws (NODE_ENV is how React picks it).
const server = spawn(process.execPath, serverNodeArgs, {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...compileCacheEnv(), ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
