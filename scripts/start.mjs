// npm start: build when the sources changed since the last build, then serve.
import { spawn } from "node:child_process";
import { buildIfNeeded, root, serverBundle } from "./lib.mjs";

buildIfNeeded();
const server = spawn(process.execPath, ["--enable-source-maps", serverBundle], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
